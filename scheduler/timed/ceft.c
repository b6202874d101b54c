/* CEFT, constrained earliest finish time (Khan, "Scheduling for
 * heterogeneous systems using constrained critical paths", Parallel
 * Computing 38, 2012), the second baseline of EASEF (Liu et al. 2015,
 * Sec. 2, 4.2, 5.2). Khan's paper is not among our sources: this is a
 * reconstruction, and the comment says which part comes from where.
 *
 * What the sources state. EASEF: CEFT "assigns the constrained critical
 * paths to a suite of appropriate processors, but does not consider the
 * relationship between the parent-node and child-node" (Sec. 4.2), and it
 * "always picks a fast processor for the current task without considering
 * communication costs effectively" (Sec. 5.2). Khan's abstract: CEFT
 * partitions the graph into constrained critical paths (CCPs), generated
 * statically before scheduling, and schedules them as units.
 *
 * What we implement (the rules are our reading, not Khan's text):
 * 1. CCP generation. With HEFT's mean-cost upward rank rank_u, a CCP
 *    starts at the first task, in HEFT's order (decreasing rank_u among
 *    the ready), that is on no CCP yet; it grows by the successor s of its
 *    last task v of largest mean c(v, s) + rank_u(s) (the successor that
 *    continues v's critical path; ties by index) among those that are
 *    ready, i.e. whose parents are all on earlier CCPs or on this one.
 *    "Constrained" is this readiness rule: it makes every CCP schedulable
 *    as a whole once the CCPs before it are, and it cuts a critical path
 *    where a join still waits for another branch. Every task lies on
 *    exactly one CCP.
 * 2. CCP scheduling. In generation order, all tasks of a CCP go to one
 *    processor, the one on which the CCP's last task finishes earliest,
 *    each task at its earliest start there with insertion (EFT of the
 *    whole path: the "constrained earliest finish time"); a CCP that no
 *    processor runs entirely is placed task by task by EFT.
 * Khan's exact CCP construction and tie rules, and whether his scheduling
 * phase inserts into idle gaps, are not in our sources.
 *
 * Within a CCP transfers vanish, so a long CCP lands on the processor that
 * runs its tasks fastest, whatever its children's other parents do: the
 * behaviour EASEF criticises. O(V log V + (V + E) P + gap searches).
 */
#include <math.h>
#include <stdlib.h>

#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timed/list_sched.h"
#include "scheduler/timed/timed.h"
#include "scheduler/timeline/timeline.h"

typedef struct Ccps {
  int *task;  /* tasks CCP by CCP, each in path order */
  int *first; /* [nccp + 1] */
  int nccp;
} Ccps;

/* Puts v on the CCP being built; its successors lose a missing parent. */
static void assign(const EsDag *d, int v, bool *done, int *missing, Ccps *c, int *len) {
  c->task[(*len)++] = v;
  done[v] = true;
  for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++)
    missing[d->succ[k].task]--;
}

/* The ready successor of v that continues its critical path, or -1. */
static int next_on_ccp(const EsDag *d, const double *up, const bool *done, const int *missing,
                       int v) {
  int next = -1;
  double best = -INFINITY;
  for (int k = d->succ_first[v]; k < d->succ_first[v + 1]; k++) {
    int s = d->succ[k].task;
    double r = es_dag_mean_comm(d, d->succ[k].item) + up[s];
    if (!done[s] && missing[s] == 0 && es_rank_cmp(r, s, best, next) < 0)
      best = r, next = s;
  }
  return next;
}

/* Step 1: the CCPs, in generation order. */
static int generate_ccps(const EsDag *d, Ccps *c) {
  size_t n = (size_t)d->n + 1;
  double *up = malloc(n * sizeof *up);
  int *order = malloc(n * sizeof *order), *missing = malloc(n * sizeof *missing);
  bool *done = calloc(n, sizeof *done);
  c->task = malloc(n * sizeof(int)), c->first = calloc(n + 1, sizeof(int)), c->nccp = 0;
  int rc = up && order && missing && done && c->task && c->first ? ES_OK : ES_ENOMEM;
  if (!rc) {
    es_dag_upward_rank(d, up);
    rc = es_dag_priority_order(d, up, order); /* HEFT's order */
  }
  if (!rc) {
    for (int v = 0; v < d->n; v++)
      missing[v] = d->pred_first[v + 1] - d->pred_first[v];
    for (int i = 0, len = 0; i < d->n; i++) {
      if (done[order[i]]) /* else all before it are done: it is ready */
        continue;
      for (int v = order[i]; v >= 0; v = next_on_ccp(d, up, done, missing, v))
        assign(d, v, done, missing, c, &len);
      c->first[++c->nccp] = len;
    }
  }
  free(up), free(order), free(missing), free(done);
  return rc;
}

/* Places t[0..len) on dev in path order, each at its earliest start with
 * insertion; *finish receives the last one's finish. ES_EINFEAS when dev
 * cannot run one of them. A trial only records the tasks in the solution:
 * each task is a successor of the one before on the same processor, so it
 * is ready only after that one's finish, and a gap search from there finds
 * the same gap whether or not the earlier slots were taken. The cache is
 * asked for t[0..ahead) ahead of use (es_ls_next). */
static int place_on(EsListSched *ls, const int *t, int len, int ahead, int dev, bool trial,
                    double *finish) {
  for (int i = 0; i < len; i++) {
    int v = es_ls_next(ls, t, i, ahead);
    double w = es_dag_time(ls->dag, v, dev);
    if (isinf(w))
      return ES_EINFEAS;
    double start = es_ls_start(ls, v, dev, w, true);
    if (trial)
      es_ls_record(ls, v, dev, start);
    else if (es_ls_place(ls, v, dev, start))
      return ES_ENOMEM;
    *finish = ls->sol->finish[v];
  }
  return ES_OK;
}

/* A CCP that no processor runs entirely: task by task, by EFT. */
static int place_by_eft(EsListSched *ls, const int *t, int len) {
  for (int i = 0; i < len; i++) {
    int v = es_ls_next(ls, t, i, len);
    double start;
    int dev = es_ls_best_device(ls, v, true, &start);
    if (dev < 0)
      return ES_EINFEAS;
    if (es_ls_place(ls, v, dev, start))
      return ES_ENOMEM;
  }
  return ES_OK;
}

/* Step 2 for one CCP: the processor of earliest finish of its last task.
 * t[0..rest) are the tasks left in the order: the first trial asks the
 * cache for the next CCPs' first tasks too (they would miss it: at 10^5
 * tasks ceft 1.29 -> 1.22 us per task), the others stay within the CCP,
 * whose tasks the first brought in. */
static int schedule_ccp(EsListSched *ls, const int *t, int len, int rest) {
  int best = -1;
  double best_finish = INFINITY, f = 0;
  for (int dev = 0; dev < ls->p->ndevices; dev++)
    if (place_on(ls, t, len, dev == 0 ? rest : len, dev, true, &f) == ES_OK && f < best_finish)
      best_finish = f, best = dev;
  return best >= 0 ? place_on(ls, t, len, len, best, false, &f) : place_by_eft(ls, t, len);
}

static int ceft_steps(EsListSched *ls, void *arg) {
  (void)arg;
  Ccps c = {0};
  int rc = generate_ccps(ls->dag, &c);
  for (int k = 0; !rc && k < c.nccp; k++)
    rc = schedule_ccp(ls, c.task + c.first[k], c.first[k + 1] - c.first[k],
                      c.first[c.nccp] - c.first[k]);
  free(c.task), free(c.first);
  return rc;
}

int es_ceft(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  return es_ls_schedule(p, out, "ceft", ceft_steps, NULL, err);
}
