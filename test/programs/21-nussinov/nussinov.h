/**
 * nussinov.h: This file is part of the PolyBench/C 4.2.1 test suite
 * (trimmed).
 */
#ifndef _NUSSINOV_H
#define _NUSSINOV_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif

#ifdef MINI_DATASET
#define N 60
#endif
#ifdef SMALL_DATASET
#define N 180
#endif

#define _PB_N N

#ifndef DATA_TYPE
#define DATA_TYPE            int
#define DATA_PRINTF_MODIFIER "%d "
#endif

#endif /* !_NUSSINOV_H */
