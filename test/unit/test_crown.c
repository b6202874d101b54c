/* Crown scheduling (scheduler/crown/crown.h): the model, exact hand-computed
 * cases of fast allocation, LTLG, Height and rescaling, the generators'
 * deadlines, file round trips, and properties of every heuristic on random
 * collections (valid crown schedules, claimed feasibility, reproducibility,
 * binary search and annealing never worse than what they start from). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scheduler/crown/crown.h"
#include "scheduler/crown/crown_internal.h"
#include "scheduler/base/rng.h"
#include "test.h"

static const double freqs_124[] = {1, 2, 4};

/* A collection of sequential/moldable tasks with perfect efficiency. */
static EsCrownProblem *make(int cores, double deadline, int n, const double *work,
                            const double *width, const double *freqs, int nf) {
  EsCrownProblem *p = es_crown_problem_new("hand");
  p->cores = cores;
  p->deadline = deadline;
  es_crown_set_frequencies(p, freqs, nf, 3);
  for (int j = 0; j < n; j++) {
    char name[16];
    snprintf(name, sizeof name, "%c", 'A' + j);
    es_crown_add_task(p, name, work[j], width[j]);
  }
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  return p;
}

static void test_model(void) {
  const double work[] = {10}, width[] = {INFINITY};
  EsCrownProblem *p = make(6, 1, 1, work, width, freqs_124, 3);
  ASSERT_EQ(p->p, 4); /* largest power of two <= 6 */
  ASSERT_EQ(p->zmax, 2);
  ASSERT_NEAR(p->levels[0].freq, 4, 0); /* fastest first */
  ASSERT_NEAR(p->levels[0].power, 64, 0);
  /* Eq. 14: e(q) = tau / (tau + q psi) for q > 1, e(1) = 1. */
  p->tasks[0].eff_kind = ES_CROWN_EFF_COMM;
  p->tasks[0].comm = 2.5;
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 0), 1, 1e-15);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 1), 10.0 / 15, 1e-15);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 2), 10.0 / 20, 1e-15);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 3), 0, 0); /* wider than the crown */
  ASSERT_NEAR(p->unscaled[2], 10.0 / (0.5 * 4), 1e-15);
  /* A table lists widths; W caps them. */
  p->tasks[0].eff_kind = ES_CROWN_EFF_TABLE;
  p->tasks[0].table[2] = 0.8; /* width 4 only, besides width 1 */
  p->tasks[0].max_width = 3;
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 1), 0, 0);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 2), 0, 0); /* 4 > W = 3 */
  p->tasks[0].max_width = INFINITY;
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  ASSERT_NEAR(es_crown_efficiency(p, 0, 2), 0.8, 0);
  p->tasks[0].table[0] = 0.9; /* e(1) must be 1 */
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_EINVAL);
  es_crown_problem_free(p);
}

static void test_fast_allocation(void) {
  const double work[] = {12, 12, 12}, width[] = {INFINITY, INFINITY, 1};
  EsCrownProblem *p = make(4, 1, 3, work, width, freqs_124, 3);
  /* A: speedups 1, 1.6, 2.4 -> width 4; B: 1, 1.9, 1.6 -> width 2. */
  p->tasks[0].eff_kind = p->tasks[1].eff_kind = ES_CROWN_EFF_TABLE;
  p->tasks[0].table[1] = 0.8, p->tasks[0].table[2] = 0.6;
  p->tasks[1].table[1] = 0.95, p->tasks[1].table[2] = 0.4;
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  int z[3];
  crown_fast_allocation(p, 0, z);
  ASSERT_EQ(z[0], 2);
  ASSERT_EQ(z[1], 1);
  ASSERT_EQ(z[2], 0);
  crown_fast_allocation(p, 0.7, z); /* Sec. 3.6: e < emin excluded */
  ASSERT_EQ(z[0], 1);
  ASSERT_EQ(z[1], 1);
  crown_fast_allocation(p, 1, z);
  ASSERT_EQ(z[0], 0);
  ASSERT_EQ(z[1], 0);
  es_crown_problem_free(p);
}

/* LTLG on p = 4: A (5), B (8 on 2 cores: 4), C (4), D (3), E (2) with
 * perfect efficiency. Eq. 9 order A, B (ties C at 4, wider first), C, D,
 * E; each to the least high group of its width, lower index on ties:
 * A -> G4; B -> G3 (G2 is 5 high); C -> G5 (0); D -> G5 (G5, G6, G7 all 4
 * high); E -> G6. Makespan 7, the optimum. */
static void test_ltlg_hand(void) {
  const double work[] = {5, 8, 4, 3, 2}, width[] = {1, 2, 1, 1, 1};
  EsCrownProblem *p = make(4, 100, 5, work, width, freqs_124, 3);
  int z[] = {0, 1, 0, 0, 0}, group[5];
  ASSERT_EQ(crown_ltlg(p, z, group), ES_OK);
  ASSERT_EQ(group[0], 4);
  ASSERT_EQ(group[1], 3);
  ASSERT_EQ(group[2], 5);
  ASSERT_EQ(group[3], 5);
  ASSERT_EQ(group[4], 6);
  int level[5] = {2, 2, 2, 2, 2}; /* frequency 1 */
  EsCrownSchedule *s = es_crown_schedule_build(p, z, group, level, "t");
  ASSERT_NEAR(s->makespan, 7, 1e-12);
  /* Crown order: core 2 runs B (G3) then E (G6). */
  ASSERT_EQ(s->core_first[3] - s->core_first[2], 2);
  ASSERT_EQ(s->slots[s->core_first[2]].task, 1);
  ASSERT_EQ(s->slots[s->core_first[2] + 1].task, 4);
  ASSERT_NEAR(s->slots[s->core_first[2] + 1].start, 4, 0);
  es_crown_schedule_free(s);
  es_crown_problem_free(p);
}

/* Height on two cores, F = {4, 2, 1}, M = 3, A = 4 on G2, B = 2 on G3:
 * at F = 2 both fit (A 2, B 1); at F = 1 A would need 4 > 3, B 2 <= 3.
 * Energy A 2 * 8 + B 2 * 1 = 18. */
static void test_height_hand(void) {
  const double work[] = {4, 2}, width[] = {1, 1};
  EsCrownProblem *p = make(2, 3, 2, work, width, freqs_124, 3);
  EsCrownSchedule *s = NULL;
  ASSERT_EQ(es_crown_run("crown-fast", p, NULL, &s, NULL), ES_OK);
  ASSERT_EQ(s->tasks[0].group, 2);
  ASSERT_EQ(s->tasks[1].group, 3);
  ASSERT_NEAR(s->tasks[0].freq, 2, 0);
  ASSERT_NEAR(s->tasks[1].freq, 1, 0);
  ASSERT_NEAR(s->energy, 18, 1e-12);
  ASSERT_NEAR(s->makespan, 2, 1e-12);
  ASSERT_TRUE(s->feasible);
  es_crown_schedule_free(s);
  /* M = 0.9: even F_max (A takes 1) misses it; the schedule says so. */
  p->deadline = 0.9;
  ASSERT_EQ(es_crown_run("crown-fast", p, NULL, &s, NULL), ES_OK);
  ASSERT_TRUE(!s->feasible);
  ASSERT_NEAR(s->tasks[0].freq, 4, 0);
  es_crown_schedule_free(s);
  es_crown_problem_free(p);
}

/* Section 5 on two cores, F = {4, 2, 1}: X (root, 0.25 at F 4), then A on
 * G2 at F 2 (2) and B on G3 at F 1 (2). */
static EsCrownSchedule *rescale_schedule(double deadline, EsCrownProblem **pp) {
  const double work[] = {2, 4, 2}, width[] = {2, 1, 1};
  *pp = make(2, deadline, 3, work, width, freqs_124, 3);
  int z[] = {1, 0, 0}, group[] = {1, 2, 3}, level[] = {0, 1, 2};
  return es_crown_schedule_build(*pp, z, group, level, "hand");
}

static void test_rescale(void) {
  EsCrownProblem *p;
  EsCrownSchedule *s = rescale_schedule(4.2, &p);
  int level[3] = {0, 1, 2};
  EsCrownRescale r;
  /* X skipped: M' = 4.2; Height lowers A to F 1 (penalty 2 <= 4.2 - 2). */
  EsCrownEvent skip = {0, -0.25, NAN};
  ASSERT_EQ(es_crown_rescale(s, &skip, level, &r, NULL), ES_OK);
  ASSERT_EQ(r.group, 1);
  ASSERT_EQ(r.remaining, 2);
  ASSERT_EQ(r.changed, 1);
  ASSERT_EQ(level[0], 0);
  ASSERT_EQ(level[1], 2);
  ASSERT_EQ(level[2], 2);
  ASSERT_NEAR(r.target, 4.2, 1e-12);
  ASSERT_NEAR(r.makespan, 4, 1e-12);
  ASSERT_NEAR(r.energy_before, 18, 1e-12);
  ASSERT_NEAR(r.energy_after, 6, 1e-12);
  ASSERT_TRUE(r.feasible);
  es_crown_schedule_free(s);
  es_crown_problem_free(p);
  /* M = 3, X one unit late: M' = 3 - 1.25 = 1.75; A back to F 4 (1), B to
   * F 2 (1). The same with the time measured. */
  s = rescale_schedule(3, &p);
  for (int measured = 0; measured < 2; measured++) {
    int lv[3] = {0, 1, 2};
    EsCrownEvent late = {0, 1, measured ? 1.25 : NAN};
    ASSERT_EQ(es_crown_rescale(s, &late, lv, &r, NULL), ES_OK);
    ASSERT_EQ(lv[1], 0);
    ASSERT_EQ(lv[2], 1);
    ASSERT_EQ(r.changed, 2);
    ASSERT_NEAR(r.target, 1.75, 1e-12);
    ASSERT_NEAR(r.energy_after, 72, 1e-12);
    ASSERT_TRUE(r.feasible);
  }
  /* Three units late: nothing can catch up; all at F_max, infeasible. */
  int lv[3] = {0, 1, 2};
  EsCrownEvent later = {0, 3, NAN};
  ASSERT_EQ(es_crown_rescale(s, &later, lv, &r, NULL), ES_OK);
  ASSERT_TRUE(!r.feasible);
  ASSERT_EQ(lv[1], 0);
  ASSERT_EQ(lv[2], 0);
  /* A leaf task has nothing after it. */
  EsCrownEvent leaf = {1, -2, NAN};
  ASSERT_EQ(es_crown_rescale(s, &leaf, lv, &r, NULL), ES_OK);
  ASSERT_EQ(r.remaining, 0);
  EsCrownEvent bad = {7, 0, NAN};
  ASSERT_EQ(es_crown_rescale(s, &bad, lv, &r, NULL), ES_EINVAL);
  es_crown_schedule_free(s);
  es_crown_problem_free(p);
}

static void test_generators(void) {
  EsCrownProblem *p = es_crown_gen_fft(8);
  ASSERT_EQ(p->ntasks, 15);
  ASSERT_NEAR(p->tasks[0].work, 8, 0);
  ASSERT_NEAR(p->tasks[0].max_width, 8, 0);
  ASSERT_NEAR(p->tasks[14].work, 1, 0);
  ASSERT_NEAR(p->deadline, 24.0 / 16 * 1.2, 1e-12); /* Eq. 11 */
  es_crown_problem_free(p);
  ASSERT_TRUE(es_crown_gen_fft(1) == NULL);
  p = es_crown_gen_mergesort(8);
  ASSERT_EQ(p->ntasks, 15);
  ASSERT_NEAR(p->tasks[0].max_width, 1, 0);
  ASSERT_NEAR(p->deadline, 8.0 / 5, 1e-12); /* Eq. 12 */
  es_crown_problem_free(p);
  p = es_crown_gen_reduction(8);
  ASSERT_EQ(p->ntasks, 4);
  ASSERT_NEAR(p->tasks[3].work, 8, 0);
  ASSERT_NEAR(p->deadline, 4 * 0.5 * 1.2, 1e-12); /* Eq. 13 */
  es_crown_problem_free(p);
}

/* Width ranges of the classes and Eq. 10, recomputed here. */
static void test_synthetic(void) {
  static const int lo[] = {1, 1, 4, 8, 1}, hi[] = {1, 8, 12, 16, 16};
  for (int w = 0; w < 5; w++) {
    EsCrownProblem *p = es_crown_gen_synthetic(16, 40, (EsCrownWidths)w, 3);
    double m = 0;
    for (int j = 0; j < p->ntasks; j++) {
      const EsCrownTask *t = &p->tasks[j];
      ASSERT_TRUE(t->max_width >= lo[w] && t->max_width <= hi[w]);
      ASSERT_TRUE(t->work >= 1 && t->work <= 19 && t->work == floor(t->work));
      double q = t->max_width < 16 ? t->max_width : 16;
      double ttq = q == 1 ? t->work : (t->work + q * t->comm) / q;
      m += (3 * t->work / (8 * q) + ttq / 8) * (1 + 1.0 / 5);
    }
    ASSERT_NEAR(p->deadline, m, 1e-12);
    es_crown_problem_free(p);
  }
  EsCrownProblem *a = es_crown_gen_synthetic(8, 10, ES_CROWN_W_RANDOM, 5);
  EsCrownProblem *b = es_crown_gen_synthetic(8, 10, ES_CROWN_W_RANDOM, 5);
  ASSERT_NEAR(a->deadline, b->deadline, 0); /* same seed, same collection */
  es_crown_problem_free(a);
  es_crown_problem_free(b);
}

/* Checks what every crown schedule must satisfy, independently of
 * es_crown_schedule_check. */
static void check_valid(const EsCrownProblem *p, const EsCrownSchedule *s) {
  for (int j = 0; j < p->ntasks; j++) {
    const EsCrownPlaced *t = &s->tasks[j];
    int z = crown_depth(t->width);
    ASSERT_TRUE((1 << z) == t->width && t->width <= p->p);
    ASSERT_TRUE(t->width <= p->tasks[j].max_width);
    ASSERT_TRUE(es_crown_efficiency(p, j, z) > 0);
    ASSERT_EQ(p->p >> crown_depth(t->group), t->width); /* a group of its width */
    ASSERT_TRUE(t->level >= 0 && t->level < p->nlevels);
    ASSERT_NEAR(t->freq, p->levels[t->level].freq, 0);
  }
  double busiest = 0;
  for (int m = 0; m < p->p; m++) {
    double busy = 0;
    for (int k = s->core_first[m]; k < s->core_first[m + 1]; k++)
      busy += s->tasks[s->slots[k].task].time;
    busiest = busy > busiest ? busy : busiest;
  }
  ASSERT_NEAR(busiest, s->makespan, 1e-9);
  if (s->feasible)
    ASSERT_TRUE(s->makespan <= p->deadline * (1 + 1e-9));
}

static bool same_assignment(const EsCrownSchedule *a, const EsCrownSchedule *b) {
  for (int j = 0; j < a->ntasks; j++)
    if (a->tasks[j].group != b->tasks[j].group || a->tasks[j].level != b->tasks[j].level)
      return false;
  return true;
}

/* A random collection, its deadline scaled so that some heuristics fail. */
static EsCrownProblem *random_collection(EsRng *r, int round) {
  int cores = (int)es_rng_range(r, 1, 40), n = (int)es_rng_range(r, 1, 30);
  EsCrownProblem *p = es_crown_gen_synthetic(cores, n, (EsCrownWidths)(round % 5), 100 + round);
  p->deadline *= 0.05 + es_rng_uniform(r);
  if (round % 3 == 0) /* efficiency tables with holes */
    for (int j = 0; j < p->ntasks; j++) {
      p->tasks[j].eff_kind = ES_CROWN_EFF_TABLE;
      for (int z = 1; z <= ES_CROWN_ZMAX; z++)
        p->tasks[j].table[z] = es_rng_uniform(r) < 0.4 ? 0 : 0.3 + 0.7 * es_rng_uniform(r);
    }
  es_crown_problem_finish(p, NULL);
  return p;
}

static void test_heuristics_random(void) {
  EsRng r;
  es_rng_seed(&r, 42);
  int feasible = 0, infeasible = 0;
  for (int round = 0; round < 150; round++) {
    EsCrownProblem *p = random_collection(&r, round);
    EsCrownSchedule *fast = NULL, *bin = NULL, *sa = NULL, *sa2 = NULL;
    EsCrownOptions opt = {7, 0, 0};
    ASSERT_EQ(es_crown_run("crown-fast", p, &opt, &fast, NULL), ES_OK);
    ASSERT_EQ(es_crown_run("crown-bin", p, &opt, &bin, NULL), ES_OK);
    ASSERT_EQ(es_crown_run("crown-sa", p, &opt, &sa, NULL), ES_OK);
    ASSERT_EQ(es_crown_run("crown-sa", p, &opt, &sa2, NULL), ES_OK);
    check_valid(p, fast);
    check_valid(p, bin);
    check_valid(p, sa);
    ASSERT_TRUE(same_assignment(sa, sa2)); /* reproducible */
    /* The binary search starts from fast's allocation, annealing from the
     * binary search's: neither ends worse. */
    ASSERT_TRUE(bin->feasible || !fast->feasible);
    if (fast->feasible)
      ASSERT_TRUE(bin->energy <= fast->energy * (1 + 1e-12));
    ASSERT_TRUE(sa->feasible || !bin->feasible);
    if (bin->feasible)
      ASSERT_TRUE(sa->energy <= bin->energy * (1 + 1e-12));
    feasible += sa->feasible, infeasible += !fast->feasible;
    es_crown_schedule_free(fast);
    es_crown_schedule_free(bin);
    es_crown_schedule_free(sa);
    es_crown_schedule_free(sa2);
    es_crown_problem_free(p);
  }
  /* The deadlines were drawn so that both outcomes occur. */
  ASSERT_TRUE(feasible > 20 && infeasible > 20);
}

static void test_canonical_and_classes(void) {
  /* p = 4: weights 1 on G3, 5 on G4 (under G2), 3 on G7 (under G3). */
  int group[] = {3, 4, 7};
  const double w[] = {1, 5, 3};
  ASSERT_EQ(crown_canonical_groups(4, 3, w, group), ES_OK);
  /* G2's halves: G4 5 >= G5 0, fine. G3's: G6 0 < G7 3, swap. Root: G2 5 <
   * G3 4? no swap. */
  ASSERT_EQ(group[0], 3);
  ASSERT_EQ(group[1], 4);
  ASSERT_EQ(group[2], 6);
  const double keys[] = {1, 2, 3, 4, 1, 2, 1, 3};
  int cls[4];
  ASSERT_EQ(crown_classes(4, 2, keys, cls), 3);
  ASSERT_EQ(cls[0], 0);
  ASSERT_EQ(cls[1], 1);
  ASSERT_EQ(cls[2], 0);
  ASSERT_EQ(cls[3], 2);
}

static void test_files(void) {
  char path[] = "test_crown_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_TRUE(fd >= 0);
  FILE *f = fdopen(fd, "w");
  EsCrownProblem *p = es_crown_gen_synthetic(6, 12, ES_CROWN_W_AVERAGE, 9);
  p->tasks[3].eff_kind = ES_CROWN_EFF_TABLE;
  p->tasks[3].table[1] = 0.75;
  ASSERT_EQ(es_crown_problem_finish(p, NULL), ES_OK);
  const EsCrownProblem *one = p;
  ASSERT_TRUE(es_crown_write(f, &one, 1));
  fclose(f);
  EsCrownProblemList list = {0};
  ASSERT_EQ(es_crown_read(path, &list, NULL), ES_OK);
  ASSERT_EQ(list.len, 1);
  ASSERT_TRUE(es_crown_probe(path, "collection"));
  ASSERT_TRUE(!es_crown_probe(path, "crown_schedule"));
  EsCrownProblem *q = list.v[0];
  ASSERT_EQ(q->ntasks, 12);
  ASSERT_EQ(q->cores, 6);
  ASSERT_NEAR(q->deadline, p->deadline, 0);
  for (int j = 0; j < 12; j++)
    for (int z = 0; z <= q->zmax; z++)
      /* Files keep every double (the shortest text that reads back, yaml_out.c). */
      ASSERT_NEAR(q->unscaled[j * (q->zmax + 1) + z], p->unscaled[j * (p->zmax + 1) + z], 0);
  /* A schedule survives its file too. */
  EsCrownSchedule *s = NULL;
  ASSERT_EQ(es_crown_run("crown-sa", q, NULL, &s, NULL), ES_OK);
  f = fopen(path, "w");
  const EsCrownSchedule *so = s;
  ASSERT_TRUE(es_crown_schedule_write(f, &so, 1));
  fclose(f);
  EsCrownScheduleList sl = {0};
  ASSERT_EQ(es_crown_schedule_read(path, &sl, NULL), ES_OK);
  ASSERT_EQ(sl.len, 1);
  ASSERT_NEAR(sl.v[0]->energy, s->energy, 1e-12);
  ASSERT_NEAR(sl.v[0]->makespan, s->makespan, 1e-12);
  ASSERT_TRUE(same_assignment(sl.v[0], s));
  ASSERT_EQ(es_crown_schedule_check(q, sl.v[0], NULL), ES_OK);
  es_crown_schedule_list_free(&sl);
  es_crown_schedule_free(s);
  es_crown_problem_list_free(&list);
  es_crown_problem_free(p);
  unlink(path);
}

int main(void) {
  test_model();
  test_fast_allocation();
  test_ltlg_hand();
  test_height_hand();
  test_rescale();
  test_generators();
  test_synthetic();
  test_heuristics_random();
  test_canonical_and_classes();
  test_files();
  return test_summary();
}
