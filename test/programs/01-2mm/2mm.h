/**
 * 2mm.h: This file is part of the PolyBench/C 3.2 test suite (trimmed).
 */
#ifndef _2MM_H
# define _2MM_H

# if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET)
#  define MINI_DATASET
# endif

# ifdef MINI_DATASET
#  define NI 16
#  define NJ 18
#  define NK 22
#  define NL 24
# endif
# ifdef SMALL_DATASET
#  define NI 40
#  define NJ 50
#  define NK 70
#  define NL 80
# endif

# define _PB_NI NI
# define _PB_NJ NJ
# define _PB_NK NK
# define _PB_NL NL

# ifndef DATA_TYPE
#  define DATA_TYPE double
#  define DATA_PRINTF_MODIFIER "%0.2lf "
# endif

#endif /* !_2MM_H */
