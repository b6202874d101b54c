/* Crown scheduling of moldable streaming task collections (Melot, Kessler et
 * al., "Crown scheduling", Sections 2-6; docs/crown.md).
 *
 * A collection of n streaming tasks runs in rounds on p cores. Every task j
 * has work tau_j, a maximum width W_j and a parallel efficiency e_j(q). The
 * cores form a crown: 2p - 1 groups by recursive halving, G_1 = all cores,
 * G_2 and G_3 the halves, ..., G_p .. G_{2p-1} the single cores. A crown
 * schedule gives every task a width w_j (a power of two), a group of that
 * width and a discrete frequency f_j, so that every core finishes its tasks
 * within the round deadline M, minimizing
 *
 *   energy = sum_j tt_j * w_j * PC(f_j),  tt_j = tau_j / (f_j * e_j(w_j) * w_j)
 *
 * (Eq. 1 and 4). Each core runs the tasks of its groups root first (wider
 * tasks first), within a group in increasing task index: the crown order.
 *
 * Core counts that are not a power of two: the crown uses the largest power
 * of two p <= cores and leaves the other cores idle (the schedule's note
 * says so). The paper's footnote 4 (a multi-degree tree from p's prime
 * factors) is not implemented.
 *
 * Ownership: a problem owns its tasks and names (one arena); a schedule owns
 * copies of everything it names, so it outlives the problem it came from and
 * can be read back from a file without one (the runtime's case).
 */
#ifndef ESCHED_SCHEDULER_CROWN_H
#define ESCHED_SCHEDULER_CROWN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "scheduler/base/arena.h"
#include "scheduler/base/error.h"
#include "scheduler/model/graph.h"
#include "scheduler/model/platform.h"

/* Widths are 2^z for z <= ES_CROWN_ZMAX: at most 65536 cores in a crown. */
enum { ES_CROWN_ZMAX = 16 };

/* Seconds per ILP solve when EsCrownOptions.time_limit is 0. */
#define ES_CROWN_DEFAULT_TIME_LIMIT 60.0

typedef enum EsCrownEffKind {
  ES_CROWN_EFF_PERFECT, /* e(q) = 1 */
  ES_CROWN_EFF_COMM,    /* Eq. 14: e(1) = 1, e(q) = tau / (tau + q * comm) for q > 1 */
  ES_CROWN_EFF_TABLE,   /* listed per power-of-two width; unlisted widths > 1 unused */
} EsCrownEffKind;

typedef struct EsCrownTask {
  const char *name;
  double work;      /* tau_j */
  double max_width; /* W_j >= 1; INFINITY for a fully moldable task */
  EsCrownEffKind eff_kind;
  double comm;                        /* psi_j of Eq. 14 */
  double table[ES_CROWN_ZMAX + 1];    /* e(2^z); 0 = width not listed */
  EsMark mark;
} EsCrownTask;

/* A frequency level of a core: frequency and the power PC(f) a busy core
 * draws at it. Levels are ordered fastest first (level 0 = F_max). */
typedef struct EsCrownLevel {
  double freq, power;
} EsCrownLevel;

typedef struct EsCrownProblem {
  const char *name;
  const char *file; /* where it was read from; NULL when built in memory */
  int cores;        /* as given */
  double deadline;  /* M: the time budget of one round */
  double alpha;     /* > 0 when the powers are freq^alpha, 0 for measured ones */
  EsCrownLevel *levels;
  int nlevels;
  EsCrownTask *tasks;
  int ntasks, tasks_cap;
  EsMark mark, deadline_mark, levels_mark;
  /* Derived by es_crown_problem_finish: */
  int p;        /* cores of the crown: largest power of two <= cores */
  int zmax;     /* log2 p */
  double *eff;  /* [ntasks * (zmax + 1)] e_j(2^z), 0 when the width is not allowed */
  double *unscaled; /* [ntasks * (zmax + 1)] tt_j(2^z, 1); INFINITY when not allowed */
  EsArena arena;
} EsCrownProblem;

/* An empty problem (name copied; may be NULL). NULL when out of memory. */
EsCrownProblem *es_crown_problem_new(const char *name);
void es_crown_problem_free(EsCrownProblem *p);

/* Adds a task with perfect efficiency (change eff_kind, comm or table
 * afterwards). Returns its index or ES_ENOMEM. */
int es_crown_add_task(EsCrownProblem *p, const char *name, double work, double max_width);
/* Frequency levels (any order; stored fastest first) with PC(f) = f^alpha. */
int es_crown_set_frequencies(EsCrownProblem *p, const double *freq, int n, double alpha);
/* Measured levels (any order; stored fastest first). */
int es_crown_set_levels(EsCrownProblem *p, const EsCrownLevel *levels, int n);

/* Validates (positive finite work, deadline and frequencies; W >= 1; unique
 * task names and frequencies; efficiencies > 0 with e(1) = 1; widths
 * powers of two; at least one task and level) and derives p, zmax, eff and
 * unscaled. Errors point at the offending task or key. Must be called
 * before any algorithm; may be called again after changes. */
int es_crown_problem_finish(EsCrownProblem *p, EsError *err);

/* e_j(2^z): 0 when 2^z exceeds W_j or p or the table does not list it. */
double es_crown_efficiency(const EsCrownProblem *p, int task, int z);

/* ---- crown schedules ---- */

typedef enum EsCrownStatus {
  ES_CROWN_HEURISTIC,  /* a heuristic's schedule */
  ES_CROWN_OPTIMAL,    /* the ILP(s) proved optimal (for their phase) */
  ES_CROWN_TIME_LIMIT, /* an ILP stopped at its time limit: see gap */
} EsCrownStatus;

/* Where a task runs. group is the paper's 1-based index: the groups of
 * depth d are 2^d .. 2^(d+1) - 1, of width p / 2^d. */
typedef struct EsCrownPlaced {
  const char *name;
  int group, width, level;
  double freq;     /* levels[level].freq */
  double unscaled; /* tt_j(w_j, 1): its time at frequency 1 */
  double time;     /* tt_j(w_j, f_j) = unscaled / freq */
  double energy;   /* time * width * PC(freq) */
} EsCrownPlaced;

/* One task in one core's crown order, with its planned times in a round. */
typedef struct EsCrownSlot {
  int task;
  double start, finish;
} EsCrownSlot;

typedef struct EsCrownSchedule {
  const char *collection, *algorithm, *file, *note;
  int cores, p;
  double deadline;
  EsCrownLevel *levels; /* fastest first */
  int nlevels;
  EsCrownPlaced *tasks; /* in the collection's order */
  int ntasks;
  /* Core m (0-based) runs slots[core_first[m] .. core_first[m + 1]). */
  EsCrownSlot *slots;
  int *core_first; /* [p + 1] */
  double energy, makespan;
  bool feasible; /* makespan <= deadline */
  EsCrownStatus status;
  double bound; /* ILPs: best proven bound of their objective; NAN otherwise */
  double gap;   /* relative gap at a time limit; 0 when optimal; NAN for heuristics */
  double seconds; /* optimization time */
  EsArena arena;
} EsCrownSchedule;

/* A schedule of problem p from per-task width exponents z (w = 2^z), groups
 * and levels. Copies the names; computes times, the crown order, energy,
 * makespan and feasibility. status HEURISTIC, bound and gap NAN. NULL when
 * out of memory. Does not check the assignment: see es_crown_schedule_check. */
EsCrownSchedule *es_crown_schedule_build(const EsCrownProblem *p, const int *z,
                                         const int *group, const int *level,
                                         const char *algorithm);
void es_crown_schedule_free(EsCrownSchedule *s);

/* Recomputes a schedule's times, crown order, energy, makespan and
 * feasibility from its tasks' group, width, level and unscaled time (after
 * reading it, or after changing levels). ES_ENOMEM or ES_EINVAL (a group
 * outside the crown or of the wrong width, a level out of range). */
int es_crown_schedule_layout(EsCrownSchedule *s, EsError *err);

/* Checks s against p: every task in a group of a width it may take (a power
 * of two <= min(W_j, p) with e > 0), levels in range, and the energy,
 * makespan and feasibility recomputed from p. */
int es_crown_schedule_check(const EsCrownProblem *p, const EsCrownSchedule *s, EsError *err);

/* ---- algorithms (Sections 3 and 4) ---- */

typedef struct EsCrownOptions {
  uint64_t seed;       /* crown-sa; the same seed gives the same schedule */
  double time_limit;   /* seconds per ILP solve; 0: ES_CROWN_DEFAULT_TIME_LIMIT */
  int sa_iterations;   /* crown-sa: moves per temperature; 0: the paper's 2 */
} EsCrownOptions;

typedef int (*EsCrownFn)(const EsCrownProblem *p, const EsCrownOptions *opt,
                         EsCrownSchedule **out, EsError *err);

typedef struct EsCrownAlgorithm {
  const char *name;
  const char *summary;
  EsCrownFn run;
  bool needs_milp;
} EsCrownAlgorithm;

/* The registry: crown-fast, crown-bin, crown-sa, crown-ilp and
 * crown-integrated, terminated by a NULL name. */
const EsCrownAlgorithm *es_crown_algorithm_list(void);
const EsCrownAlgorithm *es_crown_algorithm_find(const char *name);

/* Runs algorithm name on a finished problem; times it into seconds and
 * checks the result (es_crown_schedule_check). A schedule that misses the
 * deadline is still returned (feasible = false): the heuristics' "failure".
 * ES_ENOSUP for the ILPs without GLPK, ES_ELIMIT for ILPs too large to
 * build, ES_EINFEAS when an ILP proves no crown schedule meets M. */
int es_crown_run(const char *name, const EsCrownProblem *p, const EsCrownOptions *opt,
                 EsCrownSchedule **out, EsError *err);

/* The phase-separated pipeline with each phase's method chosen (Section 6's
 * variants 1-4): fast allocation (Sec. 3.1), then LTLG (3.3) or the
 * load-balancing ILP (3.2), then Height (3.5) or the scaling ILP (3.4).
 * crown-fast is (LTLG, HEIGHT), crown-ilp is (ILP, ILP). */
typedef enum EsCrownMapping { ES_CROWN_MAP_LTLG, ES_CROWN_MAP_ILP } EsCrownMapping;
typedef enum EsCrownScaling { ES_CROWN_SCALE_HEIGHT, ES_CROWN_SCALE_ILP } EsCrownScaling;
int es_crown_phased(const EsCrownProblem *p, EsCrownMapping map, EsCrownScaling scale,
                    const EsCrownOptions *opt, EsCrownSchedule **out, EsError *err);

/* The algorithms (one file each). */
int es_crown_fast(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                  EsError *err);
int es_crown_bin(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                 EsError *err);
int es_crown_sa(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                EsError *err);
int es_crown_ilp(const EsCrownProblem *p, const EsCrownOptions *opt, EsCrownSchedule **out,
                 EsError *err);
int es_crown_integrated(const EsCrownProblem *p, const EsCrownOptions *opt,
                        EsCrownSchedule **out, EsError *err);

/* ---- dynamic rescaling of a round (Section 5) ---- */

/* Task `task` of the round was skipped (beta = -its time) or ran late by
 * beta > 0 seconds. now is the time since the round began at which it ended
 * (measured by the caller), or NAN to take it from the plan: the task's
 * start under the current levels plus its time plus beta. */
typedef struct EsCrownEvent {
  int task;
  double beta;
  double now;
} EsCrownEvent;

typedef struct EsCrownRescale {
  int group;        /* G_i: the skipped task's group, root of the rescaled sub-crown */
  int remaining;    /* tasks rescaled: those after the task in G_i, and G_i's descendants */
  int changed;      /* of them, how many changed level */
  double target;    /* M' = M - now */
  double makespan;  /* of the remaining tasks, from now, at their new levels */
  bool feasible;    /* makespan <= target */
  double energy_before, energy_after; /* of the remaining tasks */
} EsCrownRescale;

/* Rescales the rest of the round "down-crown" with the Height heuristic
 * (Sec. 3.5) on the sub-crown rooted at the task's group, against
 * M' = M - now. level[ntasks] holds the round's current levels (start from
 * the schedule's; pass the result of an earlier call for a second event in
 * the same round) and receives the new ones; only the remaining tasks
 * change. When even F_max misses M', they run at F_max and feasible is
 * false. Deterministic, so every core of the group computes the same
 * levels without talking to the others. O(|F| n' log n' + n' log p).
 * ES_EINVAL for a bad task index or level, ES_ENOMEM. */
int es_crown_rescale(const EsCrownSchedule *s, const EsCrownEvent *ev, int *level,
                     EsCrownRescale *out, EsError *err);

/* ---- generators (Section 6) ---- */

typedef enum EsCrownWidths {
  ES_CROWN_W_SEQUENTIAL, /* W = 1 */
  ES_CROWN_W_LOW,        /* 1 <= W <= p/2 */
  ES_CROWN_W_AVERAGE,    /* p/4 <= W <= 3p/4 */
  ES_CROWN_W_HIGH,       /* p/2 <= W <= p */
  ES_CROWN_W_RANDOM,     /* 1 <= W <= p */
} EsCrownWidths;

/* "sequential", ... -> *out; false for an unknown name. */
bool es_crown_widths_parse(const char *name, EsCrownWidths *out);
const char *es_crown_widths_name(EsCrownWidths w);

/* The paper's synthetic collection (Sec. 6): n tasks, work uniform in
 * [1, 19], maximum widths uniform in the class's range, efficiency of
 * Eq. 14 with comm uniform in [0.005, 0.05] * work, levels 1..5 with
 * PC(f) = f^3, deadline of Eq. 10. Finished. NULL when out of memory or
 * cores < 1. */
EsCrownProblem *es_crown_gen_synthetic(int cores, int ntasks, EsCrownWidths widths,
                                       uint64_t seed);
/* FFT: 2p - 1 tasks of a binary tree, level l holding 2^l tasks of work and
 * width p / 2^l; deadline Eq. 11. Needs p >= 2 (Eq. 11 gives M = 0 for one
 * core). Mergesort: the same tree, sequential tasks; deadline Eq. 12.
 * Parallel reduction: log2 p + 1 tasks of work and width 2^l, l = 0..log2 p;
 * deadline Eq. 13. All: Eq. 14 efficiency with comm = 0.01 * work,
 * levels 1..5, PC(f) = f^3. cores is rounded down to a power of two. */
EsCrownProblem *es_crown_gen_fft(int cores);
EsCrownProblem *es_crown_gen_mergesort(int cores);
EsCrownProblem *es_crown_gen_reduction(int cores);

/* ---- files (docs/crown.md) and reports ---- */

typedef struct EsCrownProblemList {
  EsCrownProblem **v;
  int len, cap;
} EsCrownProblemList;

typedef struct EsCrownScheduleList {
  EsCrownSchedule **v;
  int len, cap;
} EsCrownScheduleList;

void es_crown_problem_list_free(EsCrownProblemList *l);
void es_crown_schedule_list_free(EsCrownScheduleList *l);
int es_crown_problem_list_push(EsCrownProblemList *l, EsCrownProblem *p);
int es_crown_schedule_list_push(EsCrownScheduleList *l, EsCrownSchedule *s);

/* Whether the first YAML document of path is a mapping that gives the
 * top-level key `key` ("collection" for a streaming task collection,
 * "crown_schedule" for a crown schedule) among its first keys: those before
 * the first value that is a list or a mapping. Reads only those, so asking
 * costs nothing on a large graph. False when the file cannot be read or
 * parsed, or for "-" (standard input cannot be read twice): the caller's
 * usual reader then reports the problem. */
bool es_crown_probe(const char *path, const char *key);

/* Collections: one per YAML document, each finished. Appends to *out;
 * reports every error of a document it can find (EsError.report). */
int es_crown_read(const char *path, EsCrownProblemList *out, EsError *err);
bool es_crown_write(FILE *f, const EsCrownProblem *const *problems, int n);

/* Crown schedules: one per document. Appends to *out. */
int es_crown_schedule_read(const char *path, EsCrownScheduleList *out, EsError *err);
bool es_crown_schedule_write(FILE *f, const EsCrownSchedule *const *schedules, int n);

/* The table of `esched report`: per core the tasks in crown order with
 * group, width and frequency; per task its time and energy; energy and
 * makespan against the deadline. Columns widen to their longest cell.
 * 0, or ES_ENOMEM (the tables left out). */
int es_crown_report(FILE *f, const EsCrownSchedule *s);

/* The device whose levels every core of a crown takes: the platform's
 * first CPU device, else its first device; NULL for an empty platform. */
const EsDevice *es_crown_platform_device(const EsPlatform *pl);
/* Sets p's levels to d's (frequency and measured power per level). */
int es_crown_set_platform_levels(EsCrownProblem *p, const EsDevice *d);

#endif
