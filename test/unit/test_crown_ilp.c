/* The crown ILPs against brute force on small random collections: the
 * integrated ILP finds the exact optimum (or proves that none meets M), is
 * never worse than any heuristic or the phase-separated ILPs, the mapping
 * ILP finds the least longest core load, and the scaling ILP is never worse
 * than Height on the same mapping. Skipped (77) without GLPK. */
#include <math.h>
#include <stdlib.h>

#include "scheduler/crown/crown.h"
#include "scheduler/crown/crown_internal.h"
#include "scheduler/lp/milp.h"
#include "scheduler/base/rng.h"
#include "test.h"

typedef struct Brute {
  const EsCrownProblem *p;
  const int *fixed_z; /* mapping search: widths fixed, levels ignored */
  double core[64];
  double energy, best;
} Brute;

static void add_time(Brute *b, int g, double t) {
  int d = crown_depth(g), width = b->p->p >> d, first = (g - (1 << d)) * width;
  for (int m = first; m < first + width; m++)
    b->core[m] += t;
}

static bool fits(const Brute *b, int g) {
  int d = crown_depth(g), width = b->p->p >> d, first = (g - (1 << d)) * width;
  for (int m = first; m < first + width; m++)
    if (b->core[m] > b->p->deadline * (1 + 1e-9))
      return false;
  return true;
}

/* Least energy over every group and level of tasks j.. with all cores
 * within M. */
static void integrated(Brute *b, int j) {
  const EsCrownProblem *p = b->p;
  if (b->energy >= b->best)
    return;
  if (j == p->ntasks) {
    b->best = b->energy;
    return;
  }
  for (int g = 1; g < 2 * p->p; g++) {
    int z = p->zmax - crown_depth(g);
    double u = p->unscaled[j * (p->zmax + 1) + z];
    for (int k = 0; k < p->nlevels && !isinf(u); k++) {
      double t = u / p->levels[k].freq, e = t * (1 << z) * p->levels[k].power;
      add_time(b, g, t);
      b->energy += e;
      if (fits(b, g))
        integrated(b, j + 1);
      b->energy -= e;
      add_time(b, g, -t);
    }
  }
}

static double longest(const Brute *b) {
  double m = 0;
  for (int c = 0; c < b->p->p; c++)
    m = b->core[c] > m ? b->core[c] : m;
  return m;
}

/* Least longest core load over the groups of the fixed widths (tasks of
 * width p left out, as in the mapping ILP). */
static void mapping(Brute *b, int j) {
  const EsCrownProblem *p = b->p;
  if (j == p->ntasks) {
    b->best = fmin(b->best, longest(b));
    return;
  }
  int z = b->fixed_z[j];
  if (z == p->zmax) {
    mapping(b, j + 1);
    return;
  }
  double u = p->unscaled[j * (p->zmax + 1) + z];
  for (int g = crown_first_group(p->zmax, z); g < 2 * crown_first_group(p->zmax, z); g++) {
    add_time(b, g, u);
    if (longest(b) < b->best)
      mapping(b, j + 1);
    add_time(b, g, -u);
  }
}

static EsCrownProblem *random_small(EsRng *r, int round) {
  static const double freqs[] = {1, 2, 3};
  int cores = (int)es_rng_range(r, 1, 4), n = (int)es_rng_range(r, 1, cores == 4 ? 4 : 6);
  EsCrownProblem *p = es_crown_problem_new("small");
  p->cores = cores;
  es_crown_set_frequencies(p, freqs, 3, round % 2 ? 3 : 2);
  double total = 0;
  for (int j = 0; j < n; j++) {
    char name[16];
    snprintf(name, sizeof name, "t%d", j);
    int t = es_crown_add_task(p, name, (double)es_rng_range(r, 1, 9), (double)es_rng_range(r, 1, 4));
    p->tasks[t].eff_kind = ES_CROWN_EFF_TABLE;
    p->tasks[t].table[1] = 0.5 + 0.5 * es_rng_uniform(r);
    p->tasks[t].table[2] = 0.3 + 0.6 * es_rng_uniform(r);
    total += p->tasks[t].work;
  }
  /* From hopeless to loose: the mean load at F_max times 0.5 .. 3. */
  p->deadline = total / cores / 3 * (0.5 + 2.5 * es_rng_uniform(r));
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  return p;
}

static double run(const char *algo, const EsCrownProblem *p, bool *feasible,
                  EsCrownStatus *status) {
  EsCrownSchedule *s = NULL;
  EsCrownOptions opt = {1, 30, 0};
  ASSERT_EQ(es_crown_run(algo, p, &opt, &s, NULL), ES_OK);
  if (!s)
    return NAN;
  double e = s->feasible ? s->energy : INFINITY;
  *feasible = s->feasible;
  if (status)
    *status = s->status;
  es_crown_schedule_free(s);
  return e;
}

static void check_integrated(const EsCrownProblem *p, int *solved) {
  Brute b = {p, NULL, {0}, 0, INFINITY};
  integrated(&b, 0);
  bool feasible;
  EsCrownStatus status;
  double opt = run("crown-integrated", p, &feasible, &status);
  ASSERT_EQ(status == ES_CROWN_TIME_LIMIT, 0);
  ASSERT_EQ(feasible, !isinf(b.best));
  if (feasible)
    ASSERT_NEAR(opt, b.best, 1e-9);
  *solved += feasible;
  static const char *const others[] = {"crown-fast", "crown-bin", "crown-sa", "crown-ilp"};
  for (int i = 0; i < 4; i++) {
    bool ok;
    double e = run(others[i], p, &ok, NULL);
    if (ok)
      ASSERT_TRUE(feasible && opt <= e * (1 + 1e-9));
  }
}

/* The mapping ILP against brute force, and the scaling ILP against Height,
 * both on fast allocation. */
static void check_phases(const EsCrownProblem *p) {
  int z[8];
  crown_fast_allocation(p, 0, z);
  Brute b = {p, z, {0}, 0, INFINITY};
  mapping(&b, 0);
  int group[8];
  CrownMilpInfo info = {true, 0, NAN};
  ASSERT_EQ(crown_ilp_mapping(p, z, 30, group, &info, NULL), ES_OK);
  ASSERT_TRUE(info.optimal);
  Brute got = {p, z, {0}, 0, INFINITY};
  for (int j = 0; j < p->ntasks; j++)
    if (z[j] < p->zmax)
      add_time(&got, group[j], p->unscaled[j * (p->zmax + 1) + z[j]]);
  ASSERT_NEAR(longest(&got), b.best, 1e-9);
  EsCrownSchedule *height = NULL, *ilp = NULL;
  ASSERT_EQ(es_crown_phased(p, ES_CROWN_MAP_LTLG, ES_CROWN_SCALE_HEIGHT, NULL, &height, NULL),
            ES_OK);
  ASSERT_EQ(es_crown_phased(p, ES_CROWN_MAP_LTLG, ES_CROWN_SCALE_ILP, NULL, &ilp, NULL), ES_OK);
  ASSERT_TRUE(ilp->feasible || !height->feasible);
  if (height->feasible)
    ASSERT_TRUE(ilp->energy <= height->energy * (1 + 1e-9));
  es_crown_schedule_free(height);
  es_crown_schedule_free(ilp);
}

int main(void) {
  if (!es_milp_available()) {
    fprintf(stderr, "skipped: built without GLPK\n");
    return 77;
  }
  EsRng r;
  es_rng_seed(&r, 2024);
  int solved = 0;
  for (int round = 0; round < 40; round++) {
    EsCrownProblem *p = random_small(&r, round);
    check_integrated(p, &solved);
    check_phases(p);
    es_crown_problem_free(p);
  }
  ASSERT_TRUE(solved > 10 && solved < 40); /* both outcomes occurred */
  /* The FFT on 4 cores: the integrated optimum beats the phase-separated one
   * (Fig. 6's point), and so does annealing here. */
  EsCrownProblem *fft = es_crown_gen_fft(4);
  bool ok;
  double integ = run("crown-integrated", fft, &ok, NULL), ilp = run("crown-ilp", fft, &ok, NULL);
  ASSERT_NEAR(integ, 88.64, 1e-9);
  ASSERT_NEAR(ilp, 89.36, 1e-9);
  es_crown_problem_free(fft);
  return test_summary();
}
