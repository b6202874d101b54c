/**
 * floyd-warshall.h: This file is part of the PolyBench/C 4.2.1 test suite
 * (trimmed).
 */
#ifndef _FLOYD_WARSHALL_H
#define _FLOYD_WARSHALL_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif

#ifdef MINI_DATASET
#define N 30
#endif
#ifdef SMALL_DATASET
#define N 90
#endif

#define _PB_N N

#ifndef DATA_TYPE
#define DATA_TYPE            int
#define DATA_PRINTF_MODIFIER "%d "
#endif

#endif /* !_FLOYD_WARSHALL_H */
