/* Copies of tasks in a timed schedule (timed.h): a task's own copy and its
 * duplicates, where each runs, and when the data of a predecessor reaches a
 * processor over all its copies. The dissertation's EST (Ch. 4, Fig. 5.1.d):
 *
 *   ready(n, k) = max_{c in pred(n)} min_{copies c' of c} (EFT(c') + C(c', n)),
 *
 * C = 0 when c' runs on k. The list schedulers place by it and the DVFS
 * passes move copies back to it; the validator checks it independently.
 */
#include <stdlib.h>

#include "scheduler/model/dag.h"
#include "scheduler/model/solution.h"
#include "scheduler/timeline/timeline.h"

int es_dup_index_build(const EsSolution *s, EsDupIndex *ix) {
  ix->head = malloc(((size_t)s->ntasks + 1) * sizeof(int));
  ix->next = malloc(((size_t)s->ndups + 1) * sizeof(int));
  if (!ix->head || !ix->next) {
    es_dup_index_free(ix);
    return ES_ENOMEM;
  }
  for (int v = 0; v < s->ntasks; v++)
    ix->head[v] = -1;
  for (int i = s->ndups - 1; i >= 0; i--)
    ix->next[i] = ix->head[s->dups[i].task], ix->head[s->dups[i].task] = i;
  return ES_OK;
}

void es_dup_index_free(EsDupIndex *ix) {
  free(ix->head), free(ix->next);
  ix->head = ix->next = NULL;
}

EsCopyAt es_copy_at(const EsProblem *p, const EsSolution *s, int v, int copy) {
  if (copy < 0)
    return (EsCopyAt){s->label[v], p->label_device[s->label[v]], s->start[v], s->finish[v]};
  const EsDuplicate *x = &s->dups[copy];
  return (EsCopyAt){x->label, p->label_device[x->label], x->start, x->finish};
}

double es_timed_arrival(const EsProblem *p, const EsDag *d, const EsSolution *s,
                        const EsDupIndex *ix, int k, int dev) {
  int u = d->pred[k].task;
  double best = s->finish[u] + es_dag_pred_comm(p, d, k, p->label_device[s->label[u]], dev);
  for (int i = ix->head[u]; i >= 0; i = ix->next[i]) {
    const EsDuplicate *x = &s->dups[i];
    double a = x->finish + es_dag_pred_comm(p, d, k, p->label_device[x->label], dev);
    best = a < best ? a : best;
  }
  return best;
}

double es_timed_ready(const EsProblem *p, const EsDag *d, const EsSolution *s, const EsDupIndex *ix,
                      int v, int dev) {
  double ready = 0;
  for (int k = d->pred_first[v]; k < d->pred_first[v + 1]; k++) {
    double a = es_timed_arrival(p, d, s, ix, k, dev);
    ready = a > ready ? a : ready;
  }
  return ready;
}
