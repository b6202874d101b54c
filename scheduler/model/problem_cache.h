/* What solvers keep between calls on one problem (problem_cache.c).
 *
 * A solver may derive data from a problem's structure once and reuse it on
 * later calls (tree-dp keeps its rooted forest and buffers; the DAG view
 * is built once for the scheduler, its DVFS pass, the validator and the
 * simulator): one problem is often solved again and again with other costs
 * (energy-deadline's Lagrangian search, deadline DPs). The problem owns its
 * cache (EsProblem.cache) and releases what is in it in es_problem_free.
 * Shallow copies of a problem (`q = *p`, with other costs) share its cache,
 * so an entry must record the arrays it was derived from, and its solver
 * must check them when it takes the entry back; the structure arrays
 * (items, readers, weights, times) are never changed in place.
 */
#ifndef ESCHED_SCHEDULER_MODEL_PROBLEM_CACHE_H
#define ESCHED_SCHEDULER_MODEL_PROBLEM_CACHE_H

typedef struct EsProblemCache EsProblemCache;

/* An empty cache, or NULL when out of memory (then nothing is kept). */
EsProblemCache *es_problem_cache_new(void);
/* Releases every entry and the cache; NULL is fine. */
void es_problem_cache_free(EsProblemCache *c);
/* Hands the entry of tag (any address the solver owns) to one caller at a
 * time, NULL when there is none (also when c is NULL): concurrent calls on
 * one problem each build their own. O(1). */
void *es_problem_cache_take(EsProblemCache *c, const void *tag);
/* Stores data as tag's entry, releasing the one it replaces, or data itself
 * when the cache is full or absent. O(1). */
void es_problem_cache_put(EsProblemCache *c, const void *tag, void *data, void (*release)(void *));

#endif
