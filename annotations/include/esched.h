/* esched.h: the macro form of esched's annotations (docs/annotations.md).
 *
 *   #include <esched.h>
 *   ESCHED_TASK(name(mul) in(A[0:n*n], B[0:n*n]) out(T[0:n*n]) gpu(matmul_gpu))
 *   matmul(A, B, T, n);
 *
 * is the same annotation as
 *
 *   #pragma esched task name(mul) in(A[0:n*n], B[0:n*n]) out(T[0:n*n]) gpu(matmul_gpu)
 *   matmul(A, B, T, n);
 *
 * Each macro expands to one C99 _Pragma and to nothing else, so a program
 * built without esched compiles and behaves exactly as if the annotations
 * were not there (C11 6.10.6: an unknown pragma is ignored; GCC and clang
 * warn about it only under -Wunknown-pragmas). Written in the source, the
 * clauses are read from the macro's arguments as written, before macro
 * expansion, like the pragma form's.
 *
 * The program's own macros may produce annotations through these:
 *
 *   #define MYTASK(n, fn, ...) ESCHED_TASK(name(n) __VA_ARGS__ gpu(fn##_gpu))
 *   MYTASK(ax, matvec, in(A[0:n*n], x[0:n]) out(y[0:n]))
 *   matvec(n, A, x, y);
 *
 * Then the clauses are those of the expansion (macros in them expanded),
 * and a diagnostic about them points at the macro's use. A macro that
 * writes `_Pragma("esched ...")` itself is not seen (esched warns at its
 * definition): use these macros.
 */
#ifndef ESCHED_H
#define ESCHED_H

#define ESCHED_PRAGMA_(...) _Pragma(#__VA_ARGS__)
#if defined(__ESCHED_EXTRACT__)
/* esched's own parse defines __ESCHED_EXTRACT__: there each annotation is
 * also a `#pragma message` holding its text after macro expansion, which
 * is how esched reads the annotations that other macros produce. */
#define ESCHED_STRING_(...)   #__VA_ARGS__
#define ESCHED_MESSAGE_(text) ESCHED_PRAGMA_(message(text))
#define ESCHED_ANNOTATE_(...) ESCHED_MESSAGE_(ESCHED_STRING_(__VA_ARGS__))
#else
#define ESCHED_ANNOTATE_(...) ESCHED_PRAGMA_(__VA_ARGS__)
#endif

/* A task: the statement after the macro is the task region. */
#define ESCHED_TASK(...) ESCHED_ANNOTATE_(esched task __VA_ARGS__)

/* A region: the compound statement after the macro gets a task graph of its
 * own (its tasks are not part of the enclosing function's graph). */
#define ESCHED_REGION(...) ESCHED_ANNOTATE_(esched region __VA_ARGS__)

/* A stream region: the compound statement after the macro is one round of
 * a streaming task collection; it holds only tasks with width(W). */
#define ESCHED_STREAM(...) ESCHED_ANNOTATE_(esched stream __VA_ARGS__)

#endif
