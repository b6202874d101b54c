/* Measuring the CPU time of sum-product tasks (sumproduct.h): the real
 * kernel on the task's shapes, timed with the monotonic clock. */
#include <stdlib.h>
#include <time.h>

#include "scheduler/sumproduct/sumproduct.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Tables of ones over the children's output scopes: their values do not
 * change the kernel's time, and the real ones may be out of reach. */
static int children_inputs(const EsElimTree *t, int i, EsFactor *msg, EsError *err) {
  const EsElimTask *k = &t->tasks[i];
  for (int j = 0; j < k->nchildren; j++) {
    const EsElimTask *c = &t->tasks[t->child[k->first_child + j]];
    int card[64];
    for (int m = 0; m < c->nscope; m++)
      card[m] = t->net->vars[t->scope[c->first_scope + m]].card;
    int rc = es_factor_init(&msg[t->child[k->first_child + j]], c->nscope,
                            t->scope + c->first_scope, card, err);
    if (rc)
      return rc;
    EsFactor *f = &msg[t->child[k->first_child + j]];
    for (long e = 0; e < f->size; e++)
      f->table[e] = 1;
  }
  return ES_OK;
}

/* Seconds per call over a batch of reps calls. */
static int batch(const EsElimTree *t, int i, const EsFactor *msg, long reps, double *per,
                 EsError *err) {
  double start = now();
  for (long r = 0; r < reps; r++) {
    EsFactor out;
    int rc = es_elim_task_run(t, i, msg, &out, err);
    es_factor_free(&out);
    if (rc)
      return rc;
  }
  *per = (now() - start) / (double)reps;
  return ES_OK;
}

int es_sp_measure(const EsElimTree *t, int i, double min_seconds, double max_product,
                  double *seconds, EsError *err) {
  const EsElimTask *k = &t->tasks[i];
  if (k->product_entries > max_product)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0,
                        "task %d: a product of %.3g entries is not measured (limit %.3g)", i,
                        k->product_entries, max_product);
  EsFactor *msg = calloc((size_t)t->ntasks + 1, sizeof(EsFactor));
  if (!msg)
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  int rc = children_inputs(t, i, msg, err);
  double per = 0, best = -1;
  long reps = 1;
  if (!rc)
    rc = batch(t, i, msg, 1, &per, err); /* warm up, and size the batches */
  if (!rc && per > 0 && per < min_seconds)
    reps = (long)(min_seconds / per) + 1;
  for (int b = 0; b < 3 && !rc; b++) {
    rc = batch(t, i, msg, reps, &per, err);
    if (best < 0 || per < best)
      best = per;
  }
  for (int j = 0; j < k->nchildren; j++)
    es_factor_free(&msg[t->child[k->first_child + j]]);
  free(msg);
  if (!rc)
    *seconds = best;
  return rc;
}
