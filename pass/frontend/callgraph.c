/* Which functions of the file run many times, so that their tasks can only
 * be scheduled at run time (walk.h).
 *
 * Only annotated functions and the functions that may call them (directly
 * or through others) matter. The latter are found on a textual call graph
 * first -- a function body that names another function may call it --
 * and only they get the AST walk that records their real calls, so a file
 * of plain kernels costs no walk at all.
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
#include <string.h>

#include "pass/frontend/callgraph.h"
#include "pass/frontend/refs.h"
#include "scheduler/base/vec.h"

static bool ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/* Functions whose names appear before a '(' in function f's text: a
 * superset of its direct callees among the file's functions (comments and
 * strings included; calls through pointers are not followed anyway). */
static bool text_callees(const Walker *w, const EsStrMap *index, int f, int **out, int *n,
                         int *cap) {
  const char *t = w->src->text;
  size_t begin = w->funcs[f].begin, end = w->funcs[f].end;
  char name[256];
  *n = 0;
  /* From each '(' back over blanks to the identifier before it. */
  for (const char *paren = t + begin; (paren = memchr(paren, '(', end - (size_t)(paren - t)));
       paren++) {
    size_t i = (size_t)(paren - t);
    while (i > begin && (t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '\n'))
      i--;
    size_t b = i;
    while (b > begin && ident_char(t[b - 1]))
      b--;
    if (b == i || !ident_start(t[b]) || i - b >= sizeof name)
      continue;
    memcpy(name, t + b, i - b);
    name[i - b] = '\0';
    int g = es_strmap_get(index, name);
    if (g >= 0 && g != f) {
      if (es_vec_reserve(out, cap, *n + 1, sizeof **out))
        return false;
      (*out)[(*n)++] = g;
    }
  }
  return true;
}

/* Textual edges caller -> callee of every function, as a list of pairs. */
static bool text_edges(Walker *w, const EsStrMap *index, int **from, int **to, int *n) {
  int *callees = NULL, ncallees = 0, cap = 0, fcap = 0, tcap = 0;
  bool ok = true;
  *n = 0;
  for (int f = 0; ok && f < w->nfuncs; f++) {
    ok = text_callees(w, index, f, &callees, &ncallees, &cap);
    for (int k = 0; ok && k < ncallees; k++) {
      ok = !es_vec_reserve(from, &fcap, *n + 1, sizeof **from) &&
           !es_vec_reserve(to, &tcap, *n + 1, sizeof **to);
      if (ok)
        (*from)[*n] = f, (*to)[(*n)++] = callees[k];
    }
  }
  free(callees);
  return ok;
}

/* Every function from which an annotated one is reachable on the textual
 * edges: a search backwards over them (CSR of callee -> callers). */
static bool find_callers(Walker *w, const EsStrMap *index, bool *wanted) {
  int *from = NULL, *to = NULL, n = 0;
  int *first = calloc((size_t)w->nfuncs + 2, sizeof *first);
  int *caller = NULL, *stack = NULL;
  bool ok = first && text_edges(w, index, &from, &to, &n);
  if (ok) {
    caller = malloc(((size_t)n + 1) * sizeof *caller);
    stack = malloc(((size_t)w->nfuncs + 1) * sizeof *stack);
    ok = caller && stack;
  }
  for (int e = 0; ok && e < n; e++)
    first[to[e] + 2]++;
  for (int f = 0; ok && f < w->nfuncs; f++)
    first[f + 2] += first[f + 1];
  for (int e = 0; ok && e < n; e++)
    caller[first[to[e] + 1]++] = from[e];
  int top = 0;
  for (int f = 0; ok && f < w->nfuncs; f++)
    if (w->funcs[f].annotated)
      wanted[f] = true, stack[top++] = f;
  while (ok && top > 0) {
    int g = stack[--top];
    for (int e = first[g]; e < first[g + 1]; e++)
      if (!wanted[caller[e]])
        wanted[caller[e]] = true, stack[top++] = caller[e];
  }
  free(from), free(to), free(first), free(caller), free(stack);
  return ok;
}

bool callgraph_walk_callers(Walker *w) {
  EsStrMap index = {0};
  bool *wanted = calloc((size_t)w->nfuncs + 1, sizeof *wanted);
  bool ok = wanted != NULL;
  for (int i = 0; i < w->nfuncs && ok; i++)
    ok = !es_strmap_put(&index, w->funcs[i].name, i);
  ok = ok && find_callers(w, &index, wanted);
  for (int f = 0; ok && f < w->nfuncs; f++)
    if (wanted[f] && !w->funcs[f].annotated) {
      w->func = f;
      w->graph = -1;
      w->loop_depth = 0;
      refs_calls(w, w->funcs[f].cursor);
    }
  free(wanted);
  es_strmap_free(&index);
  return ok;
}

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
