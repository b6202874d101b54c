/* Solutions: allocation, copies, duplicates and makespan (solution.h). */
#include "scheduler/model/solution.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

int es_solution_init(EsSolution *s, int ntasks, bool timed) {
  memset(s, 0, sizeof *s);
  s->ntasks = ntasks;
  s->bound = NAN;
  s->label = calloc((size_t)ntasks + 1, sizeof *s->label);
  if (timed) {
    s->start = calloc((size_t)ntasks + 1, sizeof *s->start);
    s->finish = calloc((size_t)ntasks + 1, sizeof *s->finish);
  }
  if (!s->label || (timed && (!s->start || !s->finish))) {
    es_solution_free(s);
    return ES_ENOMEM;
  }
  return ES_OK;
}

int es_solution_make_timed(EsSolution *s) {
  if (!s->start)
    s->start = calloc((size_t)s->ntasks + 1, sizeof *s->start);
  if (!s->finish)
    s->finish = calloc((size_t)s->ntasks + 1, sizeof *s->finish);
  return s->start && s->finish ? ES_OK : ES_ENOMEM;
}

int es_solution_set_idle(EsSolution *s, int ndevices) {
  if (s->idle_state)
    return ES_OK;
  s->idle_state = malloc(((size_t)ndevices + 1) * sizeof *s->idle_state);
  if (!s->idle_state)
    return ES_ENOMEM;
  s->ndevices = ndevices;
  for (int d = 0; d < ndevices; d++)
    s->idle_state[d] = ES_IDLE_DEVICE;
  return ES_OK;
}

int es_solution_copy(EsSolution *dst, const EsSolution *src) {
  if (es_solution_init(dst, src->ntasks, src->start != NULL))
    return ES_ENOMEM;
  size_t n = (size_t)src->ntasks;
  memcpy(dst->label, src->label, n * sizeof *dst->label);
  if (src->start) {
    memcpy(dst->start, src->start, n * sizeof *dst->start);
    memcpy(dst->finish, src->finish, n * sizeof *dst->finish);
  }
  for (int i = 0; i < src->ndups; i++)
    if (es_solution_add_duplicate(dst, src->dups[i]))
      goto fail;
  if (src->idle_state) {
    if (es_solution_set_idle(dst, src->ndevices))
      goto fail;
    memcpy(dst->idle_state, src->idle_state, (size_t)src->ndevices * sizeof(int));
  }
  dst->bound = src->bound;
  memcpy(dst->note, src->note, sizeof dst->note);
  memcpy(dst->warning, src->warning, sizeof dst->warning);
  return ES_OK;
fail:
  es_solution_free(dst);
  return ES_ENOMEM;
}

void es_solution_free(EsSolution *s) {
  if (!s)
    return;
  free(s->idle_state);
  free(s->label);
  free(s->start);
  free(s->finish);
  free(s->dups);
  memset(s, 0, sizeof *s);
}

int es_solution_add_duplicate(EsSolution *s, EsDuplicate d) {
  if (es_vec_reserve(&s->dups, &s->dups_cap, s->ndups + 1, sizeof *s->dups))
    return ES_ENOMEM;
  s->dups[s->ndups++] = d;
  return ES_OK;
}

double es_solution_makespan(const EsSolution *s) {
  double m = 0;
  for (int v = 0; v < s->ntasks; v++)
    m = s->finish[v] > m ? s->finish[v] : m;
  for (int i = 0; i < s->ndups; i++)
    m = s->dups[i].finish > m ? s->dups[i].finish : m;
  return m;
}
