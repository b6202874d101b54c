/* The crown paper's test collections (Sec. 6): synthetic collections by
 * core count, task count and width class with the deadline of Eq. 10, and
 * the FFT, mergesort and parallel-reduction collections with the deadlines
 * of Eq. 11-13. Levels F = {1, ..., 5} with PC(f) = f^3 as in the paper
 * (its Fig. 6 colours frequencies 1 to 5; Sec. 2 sets alpha = 3).
 *
 * The paper does not print the efficiency functions of its synthetic and
 * classic collections (only that their minimal efficiency gap is 0.023438);
 * these use its Eq. 14 form, e(q) = tau / (tau + q psi), with
 * psi = c * tau: c uniform in [0.005, 0.05] for synthetic tasks, c = 0.01
 * for the classic ones. Synthetic work is uniform in [1, 19], from "run
 * sequentially at the lowest frequency for between 1ms and 19ms".
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scheduler/crown/crown_internal.h"
#include "scheduler/base/rng.h"

static const double paper_freqs[] = {1, 2, 3, 4, 5};
enum { NFREQ = 5 };
#define FMIN 1.0
#define FMAX 5.0

static const char *const width_names[] = {"sequential", "low", "average", "high", "random"};

bool es_crown_widths_parse(const char *name, EsCrownWidths *out) {
  for (int i = 0; i < 5; i++)
    if (strcmp(name, width_names[i]) == 0)
      return *out = (EsCrownWidths)i, true;
  return false;
}

const char *es_crown_widths_name(EsCrownWidths w) { return width_names[w]; }

static EsCrownProblem *collection(const char *name, int cores) {
  EsCrownProblem *p = es_crown_problem_new(name);
  if (!p || es_crown_set_frequencies(p, paper_freqs, NFREQ, 3)) {
    es_crown_problem_free(p);
    return NULL;
  }
  p->cores = cores;
  return p;
}

static int add(EsCrownProblem *p, const char *name, double work, double width, double c) {
  int j = es_crown_add_task(p, name, work, width);
  if (j >= 0) {
    p->tasks[j].eff_kind = ES_CROWN_EFF_COMM;
    p->tasks[j].comm = c * work;
  }
  return j;
}

/* tt_j(q, 1) under Eq. 14 for any q, also not a power of two. */
static double eq14_time(const EsCrownTask *t, double q) {
  return q == 1 ? t->work : (t->work + q * t->comm) / q;
}

static int pow2_floor(int n) {
  int p = 1;
  while (p * 2 <= n)
    p *= 2;
  return p;
}

static EsCrownProblem *finished(EsCrownProblem *p) {
  if (p && es_crown_problem_finish(p, NULL) == ES_OK)
    return p;
  es_crown_problem_free(p);
  return NULL;
}

static long width_draw(EsRng *r, EsCrownWidths w, int p) {
  long lo = 1, hi = p;
  switch (w) {
  case ES_CROWN_W_SEQUENTIAL: hi = 1; break;
  case ES_CROWN_W_LOW: hi = p / 2; break;
  case ES_CROWN_W_AVERAGE: lo = p / 4, hi = 3 * p / 4; break;
  case ES_CROWN_W_HIGH: lo = p / 2; break;
  case ES_CROWN_W_RANDOM: break;
  }
  lo = lo < 1 ? 1 : lo;
  return es_rng_range(r, lo, hi < lo ? lo : hi);
}

/* Eq. 10: the mean of the ideally balanced runtimes at F_min and F_max,
 *   sum_j 3 tt_j(1,1) / (8 q_j F) + tt_j(q_j,1) / (8 F), F in {F_min, F_max},
 * with q_j = min(W_j, p), as extracted (no division by p: the text calls
 * the synthetic deadline loose). */
static double eq10(const EsCrownProblem *p, int pc) {
  double m = 0;
  for (int j = 0; j < p->ntasks; j++) {
    const EsCrownTask *t = &p->tasks[j];
    double q = t->max_width < pc ? t->max_width : pc;
    double per = 3 * eq14_time(t, 1) / (8 * q) + eq14_time(t, q) / 8;
    m += per / FMIN + per / FMAX;
  }
  return m;
}

EsCrownProblem *es_crown_gen_synthetic(int cores, int ntasks, EsCrownWidths widths,
                                       uint64_t seed) {
  if (cores < 1 || ntasks < 1)
    return NULL;
  char name[96];
  snprintf(name, sizeof name, "synthetic-p%d-n%d-%s-s%llu", cores, ntasks, width_names[widths],
           (unsigned long long)seed);
  EsCrownProblem *p = collection(name, cores);
  EsRng r;
  es_rng_seed(&r, seed);
  int pc = pow2_floor(cores);
  for (int j = 0; p && j < ntasks; j++) {
    snprintf(name, sizeof name, "t%d", j);
    double work = (double)es_rng_range(&r, 1, 19);
    double w = (double)width_draw(&r, widths, pc);
    if (add(p, name, work, w, 0.005 + 0.045 * es_rng_uniform(&r)) < 0) {
      es_crown_problem_free(p);
      return NULL;
    }
  }
  if (p)
    p->deadline = eq10(p, pc);
  return finished(p);
}

/* The binary tree of FFT and mergesort: level l has 2^l tasks of work
 * p / 2^l and, for FFT, width p / 2^l. */
static EsCrownProblem *tree(const char *kind, int cores, bool parallel) {
  int pc = pow2_floor(cores < 1 ? 1 : cores);
  char name[64];
  snprintf(name, sizeof name, "%s-p%d", kind, pc);
  EsCrownProblem *p = collection(name, pc);
  for (int l = 0; p && (1 << l) <= pc; l++)
    for (int i = 0; i < (1 << l); i++) {
      double w = (double)(pc >> l);
      snprintf(name, sizeof name, "%s_l%d_%d", kind, l, i);
      if (add(p, name, w, parallel ? w : 1, 0.01) < 0) {
        es_crown_problem_free(p);
        return NULL;
      }
    }
  return p;
}

EsCrownProblem *es_crown_gen_fft(int cores) {
  if (cores < 2)
    return NULL;
  EsCrownProblem *p = tree("fft", cores, true);
  /* Eq. 11: sum_{j >= 2} tt_j(1, F_min) / (2p) + tt_j(1, F_max) / (2p). */
  for (int j = 1; p && j < p->ntasks; j++)
    p->deadline += p->tasks[j].work / (2.0 * p->cores) * (1 / FMIN + 1 / FMAX);
  return finished(p);
}

EsCrownProblem *es_crown_gen_mergesort(int cores) {
  EsCrownProblem *p = tree("mergesort", cores, false);
  /* Eq. 12: the root merge's work at the highest frequency. */
  if (p)
    p->deadline = p->tasks[0].work / FMAX;
  return finished(p);
}

EsCrownProblem *es_crown_gen_reduction(int cores) {
  int pc = pow2_floor(cores < 1 ? 1 : cores);
  char name[64];
  snprintf(name, sizeof name, "reduction-p%d", pc);
  EsCrownProblem *p = collection(name, pc);
  /* The extraction's l in [1, log2 p + 1] would give widths up to 2p; the
   * log2 p + 1 tasks are read as l = 0 .. log2 p. */
  for (int l = 0; p && (1 << l) <= pc; l++) {
    snprintf(name, sizeof name, "reduce_%d", l);
    if (add(p, name, (double)(1 << l), (double)(1 << l), 0.01) < 0) {
      es_crown_problem_free(p);
      return NULL;
    }
  }
  /* Eq. 13, perfect scalability: sum_j tau_j / (2 min(p, W_j)) * (1/F_min + 1/F_max). */
  for (int j = 0; p && j < p->ntasks; j++)
    p->deadline += p->tasks[j].work / (2 * fmin(pc, p->tasks[j].max_width)) * (1 / FMIN + 1 / FMAX);
  return finished(p);
}
