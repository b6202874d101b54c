/**
 * This version is stamped on May 10, 2016
 *
 * Web address: http://polybench.sourceforge.net
 */
#ifndef _SEIDEL_2D_H
#define _SEIDEL_2D_H

/* Default to LARGE_DATASET. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET) &&               \
    !defined(LARGE_DATASET) && !defined(EXTRALARGE_DATASET)
#define LARGE_DATASET
#endif

#if !defined(TSTEPS) && !defined(N)
/* Define sample dataset sizes. */
#ifdef MINI_DATASET
#define TSTEPS 20
#define N      40
#endif

#ifdef SMALL_DATASET
#define TSTEPS 40
#define N      120
#endif

#ifdef LARGE_DATASET
#define TSTEPS 500
#define N      2000
#endif

#endif /* !(TSTEPS N) */

#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N      POLYBENCH_LOOP_BOUND(N, n)

/* Default data type */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
#define DATA_TYPE_IS_DOUBLE
#endif

#ifdef DATA_TYPE_IS_FLOAT
#define DATA_TYPE            float
#define DATA_PRINTF_MODIFIER "%0.2f "
#define SCALAR_VAL(x)        x##f
#endif

#ifdef DATA_TYPE_IS_DOUBLE
#define DATA_TYPE            double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x)        x
#endif

#endif /* !_SEIDEL_2D_H */
