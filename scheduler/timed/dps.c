/* DPS, the Decisive Path Scheduling of EADAGS's first phase (Abdel-Kader,
 * Sec. 5.1, Fig. 5.1; Park et al. 1997). With mean costs,
 *
 *   top(v)    = max_{u in pred(v)} (top(u) + w(u) + c(u, v))   (rank_d)
 *   bottom(v) = w(v) + max_{s in succ(v)} (c(v, s) + bottom(s)) (rank_u)
 *   DP(v)     = top(v) + bottom(v),   CP = the path of DP(exit)
 *
 * ScheduleQ: CP tasks in increasing top distance, each after its unqueued
 * parents (addQ, parents in decreasing DP). Each task then goes to the
 * processor of earliest finish, after the last task there (DPS does not
 * insert into gaps; HNPD does). When the makespan exceeds the serial time of
 * the best single processor, everything runs there. O(V log V + (V+E) P).
 */
#include <stdlib.h>

#include "scheduler/model/solution.h"
#include "scheduler/timed/timed.h"
#include "scheduler/model/dag.h"
#include "scheduler/timed/list_sched.h"

/* A task with its sort keys, so that qsort needs no context. */
typedef struct Ranked {
  double dp, top;
  int task;
} Ranked;

typedef struct Queue {
  const EsDag *d;
  const double *dp, *top;
  Ranked *sorted; /* parents per task, decreasing DP */
  bool *queued;
  int *order, len;
  int *stack, *pos; /* explicit addQ recursion: task and next parent index */
} Queue;

/* Decreasing DP; equal DP: increasing top distance; then index. */
static int cmp_ranked(const void *x, const void *y) {
  const Ranked *a = x, *b = y;
  if (es_rank_cmp(a->dp, 0, b->dp, 0) != 0)
    return es_rank_cmp(a->dp, a->task, b->dp, b->task);
  return es_rank_cmp(-a->top, a->task, -b->top, b->task);
}

/* addQ(n) without recursion (graphs may be 10^4 deep). */
static void add_q(Queue *q, int n) {
  if (q->queued[n])
    return;
  int sp = 0;
  q->stack[sp] = n, q->pos[sp] = q->d->pred_first[n], q->queued[n] = true;
  while (sp >= 0) {
    int v = q->stack[sp];
    if (q->pos[sp] == q->d->pred_first[v + 1]) {
      q->order[q->len++] = v;
      sp--;
      continue;
    }
    int b = q->sorted[q->pos[sp]++].task;
    if (!q->queued[b]) {
      q->queued[b] = true;
      sp++;
      q->stack[sp] = b, q->pos[sp] = q->d->pred_first[b];
    }
  }
}

/* Parents sorted by decreasing DP, per task (CSR like d->pred). */
static void sort_parents(const EsDag *d, const double *dp, const double *top, Ranked *sorted) {
  for (int k = 0; k < d->pred_first[d->n]; k++) {
    int u = d->pred[k].task;
    sorted[k] = (Ranked){dp[u], top[u], u};
  }
  for (int v = 0; v < d->n; v++)
    qsort(sorted + d->pred_first[v], (size_t)(d->pred_first[v + 1] - d->pred_first[v]),
          sizeof(Ranked), cmp_ranked);
}

/* The exits (the parents of the virtual exit), by decreasing DP. */
static int sorted_exits(const EsDag *d, const double *dp, const double *top, Ranked *exits) {
  int nexits = 0;
  for (int v = 0; v < d->n; v++)
    if (d->succ_first[v] == d->succ_first[v + 1])
      exits[nexits++] = (Ranked){dp[v], top[v], v};
  qsort(exits, (size_t)nexits, sizeof(Ranked), cmp_ranked);
  return nexits;
}

int es_dps_queue(const EsDag *d, int *order, double *dp, double *top) {
  size_t n = (size_t)d->n + 1, m = (size_t)d->pred_first[d->n] + 1;
  Queue q = {d,
             dp,
             top,
             malloc(m * sizeof(Ranked)),
             calloc(n, sizeof(bool)),
             order,
             0,
             malloc(n * sizeof(int)),
             malloc(n * sizeof(int))};
  Ranked *exits = malloc(n * sizeof(Ranked));
  int *cp = malloc(n * sizeof(int));
  int rc = q.sorted && q.queued && q.stack && q.pos && exits && cp ? ES_OK : ES_ENOMEM;
  if (!rc) {
    es_dag_path_priority(d, dp, top); /* DP = top + bottom */
    sort_parents(d, dp, top, q.sorted);
    for (int i = 0, len = es_dag_critical_path(d, dp, cp); i < len; i++)
      add_q(&q, cp[i]);
    for (int i = 0, nexits = sorted_exits(d, dp, top, exits); i < nexits; i++)
      add_q(&q, exits[i].task);
  }
  free(exits), free(cp), free(q.sorted), free(q.queued), free(q.stack), free(q.pos);
  return rc;
}

void es_dps_fallback(EsListSched *ls, const int *order) {
  double serial;
  int best = es_dag_best_single_device(ls->p, ls->dag, &serial);
  /* The prose (Sec. 5.1) says "larger than"; Fig. 5.1.b's >= would swap an
   * equally long parallel schedule for a serial one. */
  if (best >= 0 && es_solution_makespan(ls->sol) > serial)
    es_ls_all_on(ls, order, best);
}

int *es_dps_queue_new(const EsDag *d) {
  size_t n = (size_t)d->n + 1;
  double *dp = malloc(n * sizeof *dp), *top = malloc(n * sizeof *top);
  int *order = malloc(n * sizeof *order);
  if (!dp || !top || !order || es_dps_queue(d, order, dp, top))
    free(order), order = NULL;
  free(dp), free(top);
  return order;
}

/* ScheduleQ, EFT after the last task on each processor, fallback. */
static int dps_steps(EsListSched *ls, void *arg) {
  (void)arg;
  int *order = es_dps_queue_new(ls->dag);
  int rc = order ? es_ls_run_eft(ls, order, false) : ES_ENOMEM;
  if (!rc)
    es_dps_fallback(ls, order);
  free(order);
  return rc;
}

int es_dps(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) {
  (void)opt;
  return es_ls_schedule(p, out, "dps", dps_steps, NULL, err);
}
