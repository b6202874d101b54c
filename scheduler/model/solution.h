/* What an algorithm produces from an EsProblem: a label (device and DVFS
 * level) per task and, for timed schedules, start and finish times and
 * copies of tasks on further processors; and the options and signature
 * every algorithm shares. */
#ifndef ESCHED_SCHEDULER_MODEL_SOLUTION_H
#define ESCHED_SCHEDULER_MODEL_SOLUTION_H

#include <stdbool.h>
#include <stdint.h>

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"

typedef struct EsAlgoOptions {
  const char *param; /* text after ':' in the name (single:gpu -> "gpu"), or NULL */
  uint64_t seed;     /* randomized algorithms: reproducible for one seed */
  double time_limit; /* seconds for solvers that support one; 0: the solver's default
                        (ilp: ES_ILP_DEFAULT_TIME_LIMIT) */
  double deadline;   /* makespan bound for deadline-aware algorithms; 0 = none */
  long brute_limit;  /* brute: refuse more assignments than this; 0 = default */
  /* Long solvers (ilp) call this about once a second when set, from the
   * solving thread: the algorithm, seconds so far, the best objective found
   * (NAN while none) and the best proven bound (NAN while none). */
  void (*progress)(void *ctx, const char *algorithm, double seconds, double best, double bound);
  void *progress_ctx;
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
  double bound;      /* best proven lower bound on the objective; NAN if unknown */
  char note[512];    /* what the algorithm wants the user to know (limits hit, gap) */
  char warning[256]; /* a result as asked that costs more than it need (tools print it) */
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

/* Makespan of the solution (latest finish of any copy). */
double es_solution_makespan(const EsSolution *s);

#endif
