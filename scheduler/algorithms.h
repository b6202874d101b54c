/* Every scheduling algorithm, behind one interface and one registry.
 *
 * An algorithm reads an EsProblem and writes an EsSolution: a label per task,
 * and, for algorithms that build a timed schedule, start and finish times
 * (and duplicates). The registry maps the `--algo` names to entry points.
 */
#ifndef ESCHED_SCHEDULER_ALGORITHMS_H
#define ESCHED_SCHEDULER_ALGORITHMS_H

#include <stdbool.h>
#include <stdint.h>

#include "scheduler/error.h"
#include "scheduler/problem.h"

typedef struct EsAlgoOptions {
  const char *param; /* text after ':' in the name (single:gpu -> "gpu"), or NULL */
  uint64_t seed;     /* randomized algorithms: reproducible for one seed */
  double time_limit; /* seconds for solvers that support one; 0 = none */
  double deadline;   /* makespan bound for deadline-aware algorithms; 0 = none */
  long brute_limit;  /* brute: refuse more assignments than this; 0 = default */
} EsAlgoOptions;

/* A copy of a task placed on a second processor (duplication-based
 * schedulers): same task, its own label and times. */
typedef struct EsDuplicate {
  int task, label;
  double start, finish;
} EsDuplicate;

typedef struct EsSolution {
  int ntasks;
  int *label;             /* [ntasks] */
  double *start, *finish; /* [ntasks] for timed schedules, else NULL */
  EsDuplicate *dups;
  int ndups, dups_cap;
  double bound;   /* best proven lower bound on the objective; NAN if unknown */
  char note[256]; /* what the algorithm wants the user to know (limits hit, gap) */
  /* Timed schedules: what each processor draws while idle, [ndevices], or
   * NULL for every device's own idle power (see ES_IDLE_*). */
  int *idle_state;
  int ndevices;
} EsSolution;

/* idle_state values: a level index k >= 0 means idle at level k's power
 * (the dissertation's low-voltage idle), or one of these. */
enum { ES_IDLE_DEVICE = -1, ES_IDLE_OFF = -2 };

/* Allocates label[ntasks] (and times when timed). Returns 0 or ES_ENOMEM. */
int es_solution_init(EsSolution *s, int ntasks, bool timed);
void es_solution_free(EsSolution *s);
int es_solution_add_duplicate(EsSolution *s, EsDuplicate d);
/* Adds start/finish arrays (zeroed) when absent. */
int es_solution_make_timed(EsSolution *s);
/* Adds idle_state[ndevices] set to ES_IDLE_DEVICE when absent. */
int es_solution_set_idle(EsSolution *s, int ndevices);
/* Deep copy of src into dst (dst uninitialized). */
int es_solution_copy(EsSolution *dst, const EsSolution *src);

typedef int (*EsAlgoFn)(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out,
                        EsError *err);

typedef struct EsAlgorithm {
  const char *name;
  const char *summary;
  EsAlgoFn run;
  bool exact;       /* proves optimality of the objective it minimizes */
  bool needs_param; /* name:PARAM */
} EsAlgorithm;

/* Looks up spec ("tree-dp", "single:gpu"); stores the parameter in *param
 * (NULL when none). Returns NULL for an unknown name. */
const EsAlgorithm *es_algorithm_find(const char *spec, const char **param);
/* Whether spec names a timed list scheduler (heft, ceft, cpop, dps, hnpd, easef):
 * it minimizes the makespan and needs times, not energies. */
bool es_algorithm_timed(const char *spec);
/* The registry, terminated by an entry whose name is NULL. */
const EsAlgorithm *es_algorithm_list(void);

/* The algorithm `esched schedule` uses when none is named: tree-dp when the
 * items form a forest and none is shared, mincut for two devices, ilp when
 * GLPK is built in, else brute for small instances. why receives a short
 * reason ("the graph is an in-tree"). Returns NULL when none applies. */
const char *es_algorithm_default(const EsProblem *p, char *why, int whylen);

/* Runs spec on p. Checks the result: every label allowed, and times
 * consistent when timed. */
int es_algorithm_run(const char *spec, const EsProblem *p, const EsAlgoOptions *opt,
                     EsSolution *out, EsError *err);

/* The algorithms themselves (one file each). */
int es_tree_dp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_mincut(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_ilp(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_brute(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_single(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_greedy(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
/* Timed list schedulers (timed.h): minimum makespan on heterogeneous
 * processors at the top DVFS level. */
int es_heft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_ceft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_cpop(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_dps(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_hnpd(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
int es_easef(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
/* Minimum energy under a makespan bound opt->deadline (energy_deadline.c). */
int es_energy_deadline(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err);
/* Its serial part: labels[ntasks] of least energy found with serial time
 * <= deadline, that energy (INFINITY when none was found) and the
 * Lagrangian lower bound on the optimum. */
int es_energy_deadline_serial(const EsProblem *p, double deadline, int *labels, double *energy,
                              double *bound, EsError *err);

#endif
