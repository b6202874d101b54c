/**
 * gramschmidt.h: This file is part of the PolyBench/C 4.2.1 test suite
 * (trimmed).
 */
#ifndef _GRAMSCHMIDT_H
#define _GRAMSCHMIDT_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif

#ifdef MINI_DATASET
#define M 20
#define N 30
#endif
#ifdef SMALL_DATASET
#define M 60
#define N 80
#endif

#define _PB_M M
#define _PB_N N

#ifndef DATA_TYPE
#define DATA_TYPE            double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x)        x
#define SQRT_FUN(x)          sqrt(x)
#endif

#endif /* !_GRAMSCHMIDT_H */
