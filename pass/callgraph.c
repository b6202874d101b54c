/* Which functions of the file run many times, so that their tasks can only
 * be scheduled at run time (walk.h).
 *
 * A function runs many times when a loop encloses a call to it, when it is
 * on a cycle of the call graph (recursion), or when a function that runs
 * many times calls it. On the call graph of the file's functions: repeatedly
 * removing functions that nothing calls leaves exactly the functions that
 * are on a cycle or reachable from one; add the callees of calls in loops,
 * then everything reachable from those. Calls through function pointers and
 * calls from other files are not seen. O(F + C).
 */
#include <stdlib.h>

#include "pass/walk.h"

typedef struct CallGraph {
  int n;
  int *first, *succ; /* CSR of caller -> callee */
  bool *multi;
} CallGraph;

static bool build(Walker *w, const EsStrMap *index, CallGraph *g) {
  g->n = w->nfuncs;
  g->first = calloc((size_t)g->n + 2, sizeof *g->first);
  g->succ = malloc(((size_t)w->ncalls + 1) * sizeof *g->succ);
  g->multi = calloc((size_t)g->n + 1, sizeof *g->multi);
  if (!g->first || !g->succ || !g->multi)
    return false;
  for (int i = 0; i < w->ncalls; i++)
    if (es_strmap_get(index, w->calls[i].callee) >= 0)
      g->first[w->calls[i].caller + 2]++;
  for (int v = 0; v < g->n; v++)
    g->first[v + 2] += g->first[v + 1];
  for (int i = 0; i < w->ncalls; i++) {
    int callee = es_strmap_get(index, w->calls[i].callee);
    if (callee < 0)
      continue;
    g->succ[g->first[w->calls[i].caller + 1]++] = callee;
    if (w->calls[i].in_loop)
      g->multi[callee] = true;
  }
  return true;
}

/* Kahn's pruning: what survives is on a cycle or reachable from one. */
static bool mark_cycles(CallGraph *g) {
  int *indeg = calloc((size_t)g->n + 1, sizeof *indeg);
  int *queue = malloc(((size_t)g->n + 1) * sizeof *queue);
  if (!indeg || !queue) {
    free(indeg), free(queue);
    return false;
  }
  for (int e = 0; e < g->first[g->n]; e++)
    indeg[g->succ[e]]++;
  int head = 0, tail = 0;
  for (int v = 0; v < g->n; v++)
    if (indeg[v] == 0)
      queue[tail++] = v;
  while (head < tail) {
    int v = queue[head++];
    for (int e = g->first[v]; e < g->first[v + 1]; e++)
      if (--indeg[g->succ[e]] == 0)
        queue[tail++] = g->succ[e];
  }
  for (int v = 0; v < g->n; v++)
    if (indeg[v] > 0)
      g->multi[v] = true;
  free(indeg), free(queue);
  return true;
}

static bool propagate(CallGraph *g) {
  int *stack = malloc(((size_t)g->n + 1) * sizeof *stack);
  if (!stack)
    return false;
  int top = 0;
  for (int v = 0; v < g->n; v++)
    if (g->multi[v])
      stack[top++] = v;
  while (top > 0) {
    int v = stack[--top];
    for (int e = g->first[v]; e < g->first[v + 1]; e++)
      if (!g->multi[g->succ[e]]) {
        g->multi[g->succ[e]] = true;
        stack[top++] = g->succ[e];
      }
  }
  free(stack);
  return true;
}

bool callgraph_mark_multi_run(Walker *w) {
  EsStrMap index = {0};
  CallGraph g = {0};
  bool ok = true;
  for (int i = 0; i < w->nfuncs && ok; i++)
    ok = !es_strmap_put(&index, w->funcs[i].name, i);
  ok = ok && build(w, &index, &g) && mark_cycles(&g) && propagate(&g);
  for (int i = 0; ok && i < w->x->ngraphs; i++) {
    int f = es_strmap_get(&index, w->x->graphs[i].function);
    w->x->graphs[i].multi_run = f >= 0 && g.multi[f];
  }
  for (int i = 0; ok && i < w->nfuncs; i++)
    w->funcs[i].multi_run = g.multi[i];
  free(g.first), free(g.succ), free(g.multi);
  es_strmap_free(&index);
  return ok;
}
