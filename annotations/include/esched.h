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
 * and can be produced by other macros. Each macro expands to one C99 _Pragma
 * and to nothing else, so a program built without esched compiles and
 * behaves exactly as if the annotations were not there (C11 6.10.6: an
 * unknown pragma is ignored; GCC and clang warn about it only under
 * -Wunknown-pragmas). The clauses are read from the macro's arguments as
 * written in the source, before macro expansion, like the pragma form's.
 */
#ifndef ESCHED_H
#define ESCHED_H

#define ESCHED_PRAGMA_(...) _Pragma(#__VA_ARGS__)

/* A task: the statement after the macro is the task region. */
#define ESCHED_TASK(...) ESCHED_PRAGMA_(esched task __VA_ARGS__)

/* A region: the compound statement after the macro gets a task graph of its
 * own (its tasks are not part of the enclosing function's graph). */
#define ESCHED_REGION(...) ESCHED_PRAGMA_(esched region __VA_ARGS__)

/* A stream region: the compound statement after the macro is one round of
 * a streaming task collection; it holds only tasks with width(W). */
#define ESCHED_STREAM(...) ESCHED_PRAGMA_(esched stream __VA_ARGS__)

#endif
