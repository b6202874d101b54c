/* The real task graphs of the dissertation (Sec. 6.2) and EASEF (Sec.
 * 5.3), and EASEF's 12-task example (gen.h). Costs follow the shared timed
 * model (gen_layered.c); the structures are fixed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scheduler/gen/gen.h"
#include "scheduler/base/rng.h"

static EsGraph *named(const char *name) {
  EsGraph *g = es_graph_new();
  if (g)
    g->name = es_graph_intern(g, name);
  return g;
}

static EsGraph *fail(EsGraph *g) {
  es_graph_free(g);
  return NULL;
}

/* T(k, j) of Gaussian elimination; 1-based as in the dissertation's figure. */
static int gauss_index(int m, int k, int j) {
  int before = 0;
  for (int i = 1; i < k; i++)
    before += m - i + 1;
  return before + (j - k);
}

EsGraph *es_gen_gauss(int m, const EsGenTimed *c) {
  EsGraph *g = named("gauss");
  EsRng r;
  es_rng_seed(&r, c->seed);
  if (!g || m < 2)
    return fail(g);
  for (int k = 1; k < m; k++)
    for (int j = k; j <= m; j++) {
      char name[32];
      snprintf(name, sizeof name, "T%d_%d", k, j);
      if (es_gen_timed_task(g, &r, c, name) < 0)
        return fail(g);
    }
  for (int k = 1; k < m; k++)
    for (int j = k + 1; j <= m; j++) {
      /* the pivot feeds the row updates; each update feeds the next step */
      if (es_gen_timed_edge(g, &r, c, gauss_index(m, k, k), gauss_index(m, k, j)) < 0)
        return fail(g);
      if (k + 1 < m &&
          es_gen_timed_edge(g, &r, c, gauss_index(m, k, j), gauss_index(m, k + 1, j)) < 0)
        return fail(g);
    }
  return g;
}

EsGraph *es_gen_fft(int points, const EsGenTimed *c) {
  EsGraph *g = named("fft");
  EsRng r;
  es_rng_seed(&r, c->seed);
  int levels = 0;
  while ((1 << levels) < points)
    levels++;
  if (!g || points < 2 || (1 << levels) != points)
    return fail(g);
  char name[32];
  for (int i = 1; i < 2 * points; i++) { /* recursive calls, heap order: i -> 2i, 2i+1 */
    snprintf(name, sizeof name, "R%d", i);
    if (es_gen_timed_task(g, &r, c, name) < 0 ||
        (i > 1 && es_gen_timed_edge(g, &r, c, i / 2 - 1, i - 1) < 0))
      return fail(g);
  }
  int base = 2 * points - 1; /* butterfly stage s, point i: base + s * points + i */
  for (int s = 0; s < levels; s++)
    for (int i = 0; i < points; i++) {
      snprintf(name, sizeof name, "B%d_%d", s, i);
      int t = es_gen_timed_task(g, &r, c, name), partner = i ^ (1 << s);
      int a = s == 0 ? points - 1 + i : base + (s - 1) * points + i;
      int b = s == 0 ? points - 1 + partner : base + (s - 1) * points + partner;
      if (t < 0 || es_gen_timed_edge(g, &r, c, a, t) < 0 || es_gen_timed_edge(g, &r, c, b, t) < 0)
        return fail(g);
    }
  return g;
}

EsGraph *es_gen_sieve(const EsGenTimed *c) {
  EsGraph *g = named("sieve");
  EsRng r;
  es_rng_seed(&r, c->seed);
  if (!g || es_gen_timed_task(g, &r, c, "scatter") < 0)
    return fail(g);
  int prev = 0, prev_n = 1;
  for (int width = 16, round = 0; width >= 1; width /= 2, round++) {
    int first = g->ntasks;
    for (int i = 0; i < width; i++) {
      char name[32];
      snprintf(name, sizeof name, round == 0 ? "sieve%d" : "merge%d_%d", round == 0 ? i : round, i);
      int t = es_gen_timed_task(g, &r, c, name);
      if (t < 0)
        return fail(g);
      for (int k = 0; k < (prev_n == 1 ? 1 : 2); k++)
        if (es_gen_timed_edge(g, &r, c, prev + (prev_n == 1 ? 0 : 2 * i + k), t) < 0)
          return fail(g);
    }
    prev = first, prev_n = width;
  }
  return g;
}

EsGraph *es_gen_md(const EsGenTimed *c) {
  static const int width[] = {1, 7, 7, 7, 7, 6, 4, 1, 1}; /* 41 tasks, at most 7 a level */
  EsGraph *g = named("md");
  EsRng r, shape;
  es_rng_seed(&r, c->seed);
  es_rng_seed(&shape, 1988); /* the structure is fixed whatever the cost seed */
  if (!g)
    return NULL;
  int first = 0;
  for (int l = 0; l < 9; l++) {
    int base = g->ntasks;
    for (int i = 0; i < width[l]; i++) {
      char name[32];
      snprintf(name, sizeof name, "md%d", base + i);
      int t = es_gen_timed_task(g, &r, c, name);
      if (t < 0)
        return fail(g);
      if (l == 0)
        continue;
      int np = width[l - 1] < 2 ? 1 : (int)es_rng_range(&shape, 1, 2);
      int p0 = first + (int)es_rng_range(&shape, 0, width[l - 1] - 1);
      for (int k = 0; k < np; k++)
        if (es_gen_timed_edge(g, &r, c, first + (p0 - first + k) % width[l - 1], t) < 0)
          return fail(g);
    }
    first = base;
  }
  return g;
}

/* Table 2 of EASEF: execution times on p0..p3 (p0 and p3 are alike). */
static const double easef_w[12][4] = {
    {29, 50, 23, 29}, {27, 48, 41, 27}, {30, 43, 34, 30}, {18, 39, 31, 18},
    {24, 36, 28, 24}, {23, 47, 34, 23}, {21, 38, 35, 21}, {33, 47, 44, 33},
    {27, 54, 39, 27}, {25, 44, 28, 25}, {28, 32, 30, 28}, {19, 46, 40, 19},
};

/* Edges (from, to, time) chosen to meet every fact of the text: see gen.h.
 * Path sums: 30 + 38 + 44 + 42 = 154 = 318.25 - 164.25 (means of 0, 2, 8,
 * 10, 11); 40 + 41 = 81 = 166.75 - 85.75; 32 = 95.75 - 63.75. With these,
 * Algorithm 2's order is the paper's 0-2-3-6-1-8-7-5-4-9-10-11. */
static const int easef_e[][3] = {
    {0, 1, 10}, {0, 2, 30},  {0, 3, 12},  {0, 5, 14},  {0, 7, 16},   {1, 4, 32},
    {1, 8, 5},  {2, 8, 38},  {3, 4, 60},  {3, 6, 40},  {4, 9, 5},    {5, 10, 15},
    {6, 9, 41}, {7, 10, 18}, {8, 10, 44}, {9, 11, 50}, {10, 11, 42},
};

EsGraph *es_gen_easef12(void) {
  EsGraph *g = named("easef12");
  if (!g)
    return NULL;
  for (int v = 0; v < 12; v++) {
    char name[8], dev[8];
    snprintf(name, sizeof name, "v%d", v);
    int t = es_graph_add_task(g, name);
    for (int k = 0; t >= 0 && k < 4; k++) {
      snprintf(dev, sizeof dev, "p%d", k);
      int d = es_graph_device(g, dev);
      if (d < 0 || es_graph_add_value(g, t, true, d, -1, easef_w[v][k], (EsMark){0, 0}))
        return fail(g);
    }
    if (t < 0)
      return fail(g);
  }
  for (size_t i = 0; i < sizeof easef_e / sizeof easef_e[0]; i++) {
    int e = es_graph_add_edge(g, easef_e[i][0], easef_e[i][1], NULL);
    if (e < 0)
      return fail(g);
    g->edges[e].time = easef_e[i][2];
  }
  return g;
}
