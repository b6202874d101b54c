/* Greedy elimination orders (elim.h): min-fill and min-degree on the
 * interaction graph, the standard heuristics for variable elimination
 * (Koller and Friedman, Probabilistic Graphical Models, Section 9.4.3).
 *
 * Ties (equal score and clique size) are broken by a priority per variable:
 * its index on the first try, a seeded random one on the others; the try
 * with the least total work (sum over eliminations of the clique's table
 * size) wins. Random tie-breaking matters on pedigrees: on linkage_11, the
 * induced width is 51 with index ties and about 35 with the best of a few
 * random tries.
 *
 * The graph is a bit matrix (one bitset of neighbours per variable). After
 * eliminating v its neighbours N become a clique; a variable's fill count
 * can then change only if it is in N or adjacent to a member of N, so only
 * those scores are recomputed. The fill count of w is
 *
 *   fill(w) = 1/2 * sum_{u in N(w)} |N(w) \ N[u]|     (pairs of neighbours not adjacent)
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/sumproduct/elim.h"
#include "scheduler/base/rng.h"

enum { MAX_ORDER_VARS = 65536 };

bool es_elim_heuristic_parse(const char *s, EsElimHeuristic *out) {
  if (strcmp(s, "min-fill") == 0)
    *out = ES_ELIM_MIN_FILL;
  else if (strcmp(s, "min-degree") == 0)
    *out = ES_ELIM_MIN_DEGREE;
  else
    return false;
  return true;
}

const char *es_elim_heuristic_name(EsElimHeuristic h) {
  return h == ES_ELIM_MIN_DEGREE ? "min-degree" : "min-fill";
}

/* Portable population count (C11 has none). */
static int popcount64(uint64_t x) {
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
  return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

typedef struct Graph {
  int n, words;
  uint64_t *adj;  /* [n * words]: neighbours among the variables not yet eliminated */
  double *logc;   /* [n] log cardinality */
  long *score;    /* [n] fill count or degree */
  double *weight; /* [n] log of the clique's size */
  unsigned char *alive, *dirty;
  uint64_t *priority; /* [n] tie-breaker: lower first */
  EsElimHeuristic h;
} Graph;

static uint64_t *row(const Graph *g, int v) { return g->adj + (size_t)v * (size_t)g->words; }
static bool has(const uint64_t *set, int v) { return (set[v / 64] >> (v % 64)) & 1; }
static void put(uint64_t *set, int v) { set[v / 64] |= UINT64_C(1) << (v % 64); }
static void drop(uint64_t *set, int v) { set[v / 64] &= ~(UINT64_C(1) << (v % 64)); }

static int degree(const Graph *g, int v) {
  int d = 0;
  for (int k = 0; k < g->words; k++)
    d += popcount64(row(g, v)[k]);
  return d;
}

static void rescore(Graph *g, int w) {
  const uint64_t *nw = row(g, w);
  double weight = g->logc[w];
  long fill = 0;
  for (int u = 0; u < g->n; u++) {
    if (!has(nw, u))
      continue;
    weight += g->logc[u];
    if (g->h == ES_ELIM_MIN_FILL) {
      const uint64_t *nu = row(g, u);
      for (int k = 0; k < g->words; k++)
        fill += popcount64(nw[k] & ~nu[k]);
      fill--; /* u itself is in N(w) but not in N(u) */
    }
  }
  g->score[w] = g->h == ES_ELIM_MIN_FILL ? fill / 2 : degree(g, w);
  g->weight[w] = weight;
  g->dirty[w] = 0;
}

/* Whether v goes before w: (score, weight, priority) ascending; weights
 * within 1e-9 (rounding of sums of logs) count as equal. */
static bool before(const Graph *g, int v, int w) {
  if (g->score[v] != g->score[w])
    return g->score[v] < g->score[w];
  if (fabs(g->weight[v] - g->weight[w]) > 1e-9)
    return g->weight[v] < g->weight[w];
  return g->priority[v] < g->priority[w];
}

static int pick(const Graph *g) {
  int best = -1;
  for (int v = 0; v < g->n; v++)
    if (g->alive[v] && (best < 0 || before(g, v, best)))
      best = v;
  return best;
}

/* Eliminates v: its neighbours become a clique; marks the scores to redo. */
static void eliminate(Graph *g, int v) {
  uint64_t *nv = row(g, v);
  g->alive[v] = 0;
  for (int u = 0; u < g->n; u++) {
    if (!has(nv, u))
      continue;
    uint64_t *nu = row(g, u);
    for (int k = 0; k < g->words; k++)
      nu[k] |= nv[k];
    drop(nu, u);
    drop(nu, v);
    g->dirty[u] = 1;
    if (g->h == ES_ELIM_MIN_FILL)
      for (int w = 0; w < g->n; w++)
        if (has(nu, w))
          g->dirty[w] = 1;
  }
  memset(nv, 0, sizeof(uint64_t) * (size_t)g->words);
}

/* Allocates the graph of network n (its free variables) and sets the
 * priorities of try number k. */
static int graph_init(Graph *g, const EsNetwork *n, EsElimHeuristic h, uint64_t seed, int k) {
  memset(g, 0, sizeof *g);
  g->n = n->nvars;
  g->h = h;
  g->words = (n->nvars + 63) / 64;
  size_t cells = (size_t)g->n * (size_t)g->words + 1, nn = (size_t)g->n + 1;
  g->adj = calloc(cells, sizeof(uint64_t));
  g->logc = malloc(sizeof(double) * nn);
  g->weight = malloc(sizeof(double) * nn);
  g->score = malloc(sizeof(long) * nn);
  g->priority = malloc(sizeof(uint64_t) * nn);
  g->alive = calloc(nn, 1);
  g->dirty = calloc(nn, 1);
  if (!g->adj || !g->logc || !g->weight || !g->score || !g->priority || !g->alive || !g->dirty)
    return ES_ENOMEM;
  EsRng r;
  es_rng_seed(&r, seed + (uint64_t)k);
  for (int v = 0; v < g->n; v++) {
    g->logc[v] = log((double)n->vars[v].card);
    g->alive[v] = es_network_fixed(n, v) < 0;
    g->dirty[v] = 1;
    g->priority[v] = k == 0 ? (uint64_t)v : es_rng_next(&r);
  }
  for (int i = 0; i < n->nfactors; i++) {
    const EsFactor *f = &n->factors[i].f;
    for (int a = 0; a < f->nvars; a++)
      for (int b = 0; b < f->nvars; b++)
        if (a != b && g->alive[f->vars[a]] && g->alive[f->vars[b]])
          put(row(g, f->vars[a]), f->vars[b]);
  }
  return ES_OK;
}

static void graph_free(Graph *g) {
  free(g->adj), free(g->logc), free(g->weight), free(g->score), free(g->priority);
  free(g->alive), free(g->dirty);
}

/* One greedy run; *work receives the sum of the cliques' table sizes. */
static int one_order(const EsNetwork *n, const EsElimOrderOptions *opt, int k, int *order,
                     int *norder, double *work) {
  Graph g;
  int rc = graph_init(&g, n, opt->heuristic, opt->seed, k);
  *norder = 0;
  *work = 0;
  for (int v; !rc;) {
    for (int w = 0; w < g.n; w++)
      if (g.alive[w] && g.dirty[w])
        rescore(&g, w);
    if ((v = pick(&g)) < 0)
      break;
    order[(*norder)++] = v;
    *work += exp(g.weight[v]);
    eliminate(&g, v);
  }
  graph_free(&g);
  return rc;
}

int es_elim_order(const EsNetwork *n, const EsElimOrderOptions *opt, int *order, int *norder,
                  EsError *err) {
  if (n->nvars > MAX_ORDER_VARS)
    return es_error_set(err, ES_ELIMIT, n->file, 0, 0,
                        "%d variables: elimination orders handle at most %d", n->nvars,
                        MAX_ORDER_VARS);
  int *try_order = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  int rc = try_order ? ES_OK : ES_ENOMEM;
  double best = INFINITY;
  for (int k = 0; !rc && k < (opt->tries > 1 ? opt->tries : 1); k++) {
    int m;
    double work;
    rc = one_order(n, opt, k, try_order, &m, &work);
    if (!rc && work < best) {
      best = work;
      *norder = m;
      memcpy(order, try_order, sizeof(int) * (size_t)m);
    }
  }
  free(try_order);
  return rc ? es_error_set(err, rc, NULL, 0, 0, "out of memory") : ES_OK;
}
