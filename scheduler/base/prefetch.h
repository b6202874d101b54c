/* Asking the cache for memory before it is read or written: GCC's and
 * Clang's __builtin_prefetch, nothing with other compilers.
 *
 * Loops over tasks in an order that is random in memory (ranks, finish
 * times, parents) miss the cache on nearly every task beyond about 10^4
 * tasks; asked for a few tasks ahead, the misses overlap. Macros, used in
 * the loops themselves or in helpers that return what the loop needs: GCC
 * judges a function whose only effect is prefetching free of effects and
 * deletes its calls, prefetches and all. */
#ifndef ESCHED_SCHEDULER_BASE_PREFETCH_H
#define ESCHED_SCHEDULER_BASE_PREFETCH_H

#if defined(__GNUC__)
#define ES_PREFETCH(addr)       __builtin_prefetch(addr, 0)
#define ES_PREFETCH_WRITE(addr) __builtin_prefetch(addr, 1)
#else
#define ES_PREFETCH(addr)       ((void)(addr))
#define ES_PREFETCH_WRITE(addr) ((void)(addr))
#endif

#endif
