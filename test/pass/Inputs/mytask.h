/* A project's own annotation macro, in a header of its own. */
#include <esched.h>
#define OFFLOAD(n, fn, clauses) ESCHED_TASK(name(n) clauses gpu(fn##_gpu))
