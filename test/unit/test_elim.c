/* Variable elimination as a task tree (elim.h) against brute-force
 * enumeration: the typed-in asia and cancer networks, hand-checked
 * probabilities, and random Bayesian and Markov networks with random
 * evidence (property test). Also the tree's shape and the orders. */
#include <stdlib.h>
#include <string.h>

#include "networks.h"
#include "scheduler/sumproduct/elim.h"
#include "scheduler/base/rng.h"
#include "scheduler/sumproduct/sumproduct.h"
#include "test.h"

static EsNetwork *bif(const char *text) {
  EsNetwork *n = NULL;
  EsError err = {0};
  if (es_network_read_bif_buffer(text, strlen(text), "t.bif", &n, &err))
    TEST_FAIL("%d:%d: %s", err.line, err.col, err.message);
  return n;
}

/* Checks the structure of a tree: every factor consumed once by the task of
 * its first eliminated variable, outputs feeding one later task whose
 * variable they mention, sizes consistent; and its graph is an in-tree. */
static void check_tree(const EsElimTree *t) {
  const EsNetwork *n = t->net;
  int *pos = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  for (int v = 0; v < n->nvars; v++)
    pos[v] = -1;
  for (int i = 0; i < t->ntasks; i++)
    pos[t->tasks[i].var] = i;
  for (int f = 0; f < t->nfactors; f++) {
    const EsFactor *rf = &t->factors[f];
    int first = -1;
    for (int k = 0; k < rf->nvars; k++)
      if (first < 0 || pos[rf->vars[k]] < first)
        first = pos[rf->vars[k]];
    ASSERT_EQ(t->factor_task[f], first);
  }
  for (int i = 0; i < t->ntasks; i++) {
    const EsElimTask *k = &t->tasks[i];
    double out = 1;
    for (int j = 0; j < k->nscope; j++)
      out *= n->vars[t->scope[k->first_scope + j]].card;
    ASSERT_NEAR(k->out_entries, out, 0);
    ASSERT_NEAR(k->product_entries, out * n->vars[k->var].card, 0);
    ASSERT_TRUE(k->nscope <= t->width);
    if (k->parent >= 0) {
      ASSERT_TRUE(k->parent > i);
      bool mentions = false;
      for (int j = 0; j < k->nscope; j++)
        mentions |= t->scope[k->first_scope + j] == t->tasks[k->parent].var;
      ASSERT_TRUE(mentions);
    }
  }
  double *times = calloc((size_t)t->ntasks + 1, sizeof(double));
  EsGraph *g = es_sp_graph(t, "t", times, times);
  ASSERT_TRUE(g != NULL);
  if (g) {
    ASSERT_EQ(es_graph_shape(g), ES_SHAPE_IN_TREE);
    int *outdeg = calloc((size_t)g->ntasks + 1, sizeof(int));
    for (int e = 0; e < g->nedges; e++)
      outdeg[g->edges[e].from]++;
    for (int v = 0; v < g->ntasks; v++)
      ASSERT_EQ(outdeg[v], strcmp(g->tasks[v].name, "result") ? 1 : 0);
    free(outdeg);
  }
  es_graph_free(g);
  free(times);
  free(pos);
}

/* P(e) by elimination (checked against enumeration to 1e-12) with order
 * heuristic h, tries runs. */
static double solve(const EsNetwork *n, EsElimHeuristic h, int tries) {
  EsElimOrderOptions o = {h, tries, 7};
  int m, *order = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  EsElimTree *t = NULL;
  double ve = -1, brute = -2;
  EsError err = {0};
  ASSERT_EQ(es_elim_order(n, &o, order, &m, &err), ES_OK);
  ASSERT_EQ(m, es_network_nfree(n));
  ASSERT_EQ(es_elim_tree_build(n, order, m, &t, &err), ES_OK);
  if (t) {
    check_tree(t);
    ASSERT_EQ(es_elim_run(t, &ve, &err), ES_OK);
  }
  ASSERT_EQ(es_network_enumerate(n, 1e7, &brute, &err), ES_OK);
  ASSERT_NEAR(ve, brute, 1e-12 * (brute > 0 ? brute : 1));
  es_elim_tree_free(t);
  free(order);
  return ve;
}

static void observe(EsNetwork *n, const char *var, int value) {
  int v = es_network_find_var(n, var);
  ASSERT_TRUE(v >= 0);
  if (v >= 0)
    n->vars[v].observed = value;
}

static void clear(EsNetwork *n) {
  for (int v = 0; v < n->nvars; v++)
    n->vars[v].observed = -1;
}

/* Marginals of asia that follow by hand from its tables. */
static void test_asia(void) {
  EsNetwork *n = bif(asia_bif);
  if (!n)
    return;
  ASSERT_NEAR(solve(n, ES_ELIM_MIN_FILL, 1), 1, 1e-15);
  observe(n, "tub", 0);
  ASSERT_NEAR(solve(n, ES_ELIM_MIN_FILL, 1), 0.01 * 0.05 + 0.99 * 0.01, 1e-15);
  clear(n), observe(n, "lung", 0);
  ASSERT_NEAR(solve(n, ES_ELIM_MIN_DEGREE, 1), 0.055, 1e-15);
  clear(n), observe(n, "bronc", 0);
  ASSERT_NEAR(solve(n, ES_ELIM_MIN_FILL, 3), 0.45, 1e-15);
  clear(n), observe(n, "either", 0); /* 1 - (1 - 0.0104)(1 - 0.055) */
  ASSERT_NEAR(solve(n, ES_ELIM_MIN_FILL, 1), 0.064828, 1e-15);
  /* Every pair of observations, both values: elimination = enumeration. */
  for (int a = 0; a < n->nvars; a++)
    for (int b = a + 1; b < n->nvars; b++)
      for (int x = 0; x < 4; x++) {
        clear(n);
        n->vars[a].observed = x & 1, n->vars[b].observed = x >> 1;
        solve(n, (a + b) % 2 ? ES_ELIM_MIN_FILL : ES_ELIM_MIN_DEGREE, 1 + x);
      }
  for (int v = 0; v < n->nvars; v++) /* all observed: no task, the constant */
    n->vars[v].observed = 1;
  solve(n, ES_ELIM_MIN_FILL, 1);
  es_network_free(n);
}

static void test_cancer(void) {
  EsNetwork *n = bif(cancer_bif);
  if (!n)
    return;
  observe(n, "Cancer", 0); /* .9*.3*.03 + .1*.3*.05 + .9*.7*.001 + .1*.7*.02 */
  ASSERT_NEAR(solve(n, ES_ELIM_MIN_FILL, 1), 0.01163, 1e-15);
  clear(n), observe(n, "Xray", 0), observe(n, "Dyspnoea", 0);
  double both = solve(n, ES_ELIM_MIN_FILL, 1);
  ASSERT_NEAR(both, 0.01163 * 0.9 * 0.65 + (1 - 0.01163) * 0.2 * 0.3, 1e-15);
  es_network_free(n);
}

/* A two-variable chain and a Markov network, by hand. */
static void test_tiny(void) {
  EsNetwork *n = bif("variable a { type discrete [ 2 ] { a0, a1 }; }\n"
                     "variable b { type discrete [ 2 ] { b0, b1 }; }\n"
                     "probability ( a ) { table 0.3, 0.7; }\n"
                     "probability ( b | a ) { (a0) 0.9, 0.1; (a1) 0.2, 0.8; }\n");
  if (n) {
    observe(n, "b", 1);
    ASSERT_NEAR(solve(n, ES_ELIM_MIN_FILL, 1), 0.3 * 0.1 + 0.7 * 0.8, 1e-15);
  }
  es_network_free(n);
  const char *m = "MARKOV 3  2 2 3  2  2 0 1  1 2  4 1 2 3 4  3 1 1 1";
  EsNetwork *u = NULL;
  ASSERT_EQ(es_network_read_uai_buffer(m, strlen(m), "m.uai", &u, NULL), ES_OK);
  if (!u)
    return;
  ASSERT_NEAR(solve(u, ES_ELIM_MIN_FILL, 1), 30, 0); /* (1+2+3+4) * 3 */
  u->vars[1].observed = 1;
  ASSERT_NEAR(solve(u, ES_ELIM_MIN_FILL, 1), 18, 0); /* (2+4) * 3 */
  es_network_free(u);
}

/* A random Bayesian network: each variable (1 to 3 values) with up to three
 * earlier parents, rows of random weights (some zero, never all). */
static EsNetwork *random_bn(EsRng *r, int nvars) {
  EsNetwork *n = es_network_new("random");
  n->bayesian = true;
  for (int v = 0; v < nvars; v++) {
    char name[16];
    snprintf(name, sizeof name, "v%d", v);
    es_network_add_var(n, name, (int)es_rng_range(r, 1, 3), (EsMark){0, 0});
  }
  for (int v = 0; v < nvars; v++) {
    int scope[4], k = 0;
    for (int p = (int)es_rng_range(r, 0, v < 3 ? v : 3); p > 0; p--) {
      int u = (int)es_rng_range(r, 0, v - 1);
      bool dup = false;
      for (int j = 0; j < k; j++)
        dup |= scope[j] == u;
      if (!dup)
        scope[k++] = u;
    }
    scope[k] = v;
    char name[16];
    snprintf(name, sizeof name, "cpt_v%d", v);
    int f = es_network_add_factor(n, name, k + 1, scope, v, (EsMark){0, 0}, NULL);
    EsFactor *t = &n->factors[f].f;
    int card = n->vars[v].card;
    for (long e = 0; e < t->size; e++)
      t->table[e] = es_rng_uniform(r) < 0.1 ? 0 : es_rng_uniform(r);
    for (long e = 0; e < t->size; e += card) /* no row of zeros: a CPT row sums to 1 */
      t->table[e] = t->table[e] > 0 ? t->table[e] : 0.5;
  }
  return n;
}

/* A random Markov network: factors over 1 to 3 random variables. */
static EsNetwork *random_mn(EsRng *r, int nvars, int nfactors) {
  EsNetwork *n = es_network_new("random");
  for (int v = 0; v < nvars; v++) {
    char name[16];
    snprintf(name, sizeof name, "x%d", v);
    es_network_add_var(n, name, (int)es_rng_range(r, 1, 3), (EsMark){0, 0});
  }
  for (int i = 0; i < nfactors; i++) {
    int scope[3], k = 0;
    for (int p = (int)es_rng_range(r, 1, 3); p > 0; p--) {
      int u = (int)es_rng_range(r, 0, nvars - 1);
      bool dup = false;
      for (int j = 0; j < k; j++)
        dup |= scope[j] == u;
      if (!dup)
        scope[k++] = u;
    }
    char name[16];
    snprintf(name, sizeof name, "f%d", i);
    int f = es_network_add_factor(n, name, k, scope, -1, (EsMark){0, 0}, NULL);
    for (long e = 0; e < n->factors[f].f.size; e++)
      n->factors[f].f.table[e] = 2 * es_rng_uniform(r);
  }
  return n;
}

static void random_evidence(EsRng *r, EsNetwork *n, double p) {
  for (int v = 0; v < n->nvars; v++)
    n->vars[v].observed = es_rng_uniform(r) < p ? (int)es_rng_range(r, 0, n->vars[v].card - 1) : -1;
}

static void test_random(void) {
  EsRng r;
  es_rng_seed(&r, 2011);
  for (int trial = 0; trial < 150; trial++) {
    EsNetwork *n = trial % 2
                       ? random_bn(&r, (int)es_rng_range(&r, 1, 14))
                       : random_mn(&r, (int)es_rng_range(&r, 1, 12), (int)es_rng_range(&r, 1, 16));
    random_evidence(&r, n, trial % 3 ? 0.25 : 0);
    solve(n, trial % 4 < 2 ? ES_ELIM_MIN_FILL : ES_ELIM_MIN_DEGREE, 1 + trial % 3);
    if (n->bayesian) { /* forward samples have non-zero probability */
      int *x = malloc(sizeof(int) * (size_t)n->nvars);
      ASSERT_EQ(es_network_sample(n, (uint64_t)trial, x, NULL), ES_OK);
      for (int v = 0; v < n->nvars; v++)
        n->vars[v].observed = v % 2 ? x[v] : -1;
      ASSERT_TRUE(solve(n, ES_ELIM_MIN_FILL, 1) > 0);
      free(x);
    }
    es_network_free(n);
  }
}

/* Orders on known graphs: min-fill takes a vertex whose neighbours form a
 * clique (fill 0) before one of lower degree whose neighbours do not. */
static void test_orders(void) {
  const char *m = "MARKOV 9  2 2 2 2 2 2 2 2 2  9"
                  "  2 0 1  2 1 2  2 2 3  2 3 4  2 4 0" /* a 5-cycle: degree 2, fill 1 */
                  "  2 5 6  2 5 7  2 5 8  3 6 7 8"      /* 5 joined to a triangle: fill 0 */
                  "  4 1 1 1 1  4 1 1 1 1  4 1 1 1 1  4 1 1 1 1  4 1 1 1 1"
                  "  4 1 1 1 1  4 1 1 1 1  4 1 1 1 1  8 1 1 1 1 1 1 1 1";
  EsNetwork *n = NULL;
  ASSERT_EQ(es_network_read_uai_buffer(m, strlen(m), "m.uai", &n, NULL), ES_OK);
  if (!n)
    return;
  int order[9], k;
  EsElimOrderOptions fill = {ES_ELIM_MIN_FILL, 1, 0}, degree = {ES_ELIM_MIN_DEGREE, 1, 0};
  ASSERT_EQ(es_elim_order(n, &fill, order, &k, NULL), ES_OK);
  ASSERT_EQ(k, 9);
  ASSERT_EQ(order[0], 5);
  ASSERT_EQ(es_elim_order(n, &degree, order, &k, NULL), ES_OK);
  ASSERT_EQ(order[0], 0);
  n->vars[5].observed = 0; /* observed and single-valued variables are not eliminated */
  n->vars[6].card = 1;
  ASSERT_EQ(es_elim_order(n, &fill, order, &k, NULL), ES_OK);
  ASSERT_EQ(k, 7);
  for (int i = 0; i < k; i++)
    ASSERT_TRUE(order[i] != 5 && order[i] != 6);
  EsElimTree *t = NULL;
  int bad[9] = {0, 1, 2, 3, 4, 7, 8, 5};
  ASSERT_EQ(es_elim_tree_build(n, bad, 8, &t, NULL), ES_EINVAL);
  ASSERT_EQ(es_elim_tree_build(n, bad, 6, &t, NULL), ES_EINVAL);
  es_network_free(n);
}

int main(void) {
  test_asia();
  test_cancer();
  test_tiny();
  test_random();
  test_orders();
  return test_summary();
}
