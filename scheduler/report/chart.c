/* Chart rows, bars and arrows (chart.h). */
#include "scheduler/report/chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

void es_chart_init(EsChart *c) {
  memset(c, 0, sizeof *c);
  c->deadline = NAN;
}

void es_chart_free(EsChart *c) {
  if (!c)
    return;
  free(c->rows);
  free(c->bars);
  free(c->arrows);
  es_chart_init(c);
}

int es_chart_row(EsChart *c, const char *name, EsRowKind kind) {
  for (int i = 0; i < c->nrows; i++)
    if (c->rows[i].kind == kind && !strcmp(c->rows[i].name, name))
      return i;
  if (es_vec_reserve(&c->rows, &c->rows_cap, c->nrows + 1, sizeof *c->rows))
    return -1;
  EsRow *r = &c->rows[c->nrows];
  snprintf(r->name, sizeof r->name, "%s", name);
  r->kind = kind, r->idle_state = -1;
  return c->nrows++;
}

int es_chart_bar(EsChart *c, EsBar b) {
  if (es_vec_reserve(&c->bars, &c->bars_cap, c->nbars + 1, sizeof *c->bars))
    return ES_ENOMEM;
  c->bars[c->nbars++] = b;
  return ES_OK;
}

int es_chart_arrow(EsChart *c, EsArrow a) {
  if (es_vec_reserve(&c->arrows, &c->arrows_cap, c->narrows + 1, sizeof *c->arrows))
    return ES_ENOMEM;
  c->arrows[c->narrows++] = a;
  return ES_OK;
}

int es_chart_name_cmp(const char *a, const char *b) {
  size_t i = 0;
  while (a[i] && a[i] == b[i] && !(a[i] >= '0' && a[i] <= '9'))
    i++;
  if (a[i] >= '0' && a[i] <= '9' && b[i] >= '0' && b[i] <= '9') {
    long na = strtol(a + i, NULL, 10), nb = strtol(b + i, NULL, 10);
    if (na != nb)
      return na < nb ? -1 : 1;
  }
  return strcmp(a, b);
}

/* Row order: devices before links; names in natural order. */
static int row_cmp(const EsRow *x, const EsRow *y) {
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  return es_chart_name_cmp(x->name, y->name);
}

int es_chart_sort_rows(EsChart *c) {
  int *order = malloc(sizeof(int) * ((size_t)c->nrows + 1));
  int *where = malloc(sizeof(int) * ((size_t)c->nrows + 1));
  EsRow *rows = malloc(sizeof *rows * ((size_t)c->nrows + 1));
  if (!order || !where || !rows) {
    free(order), free(where), free(rows);
    return ES_ENOMEM;
  }
  for (int i = 0; i < c->nrows; i++) /* insertion sort: a chart has few rows */
    order[i] = i;
  for (int i = 1; i < c->nrows; i++)
    for (int j = i; j > 0 && row_cmp(&c->rows[order[j]], &c->rows[order[j - 1]]) < 0; j--) {
      int t = order[j];
      order[j] = order[j - 1], order[j - 1] = t;
    }
  for (int i = 0; i < c->nrows; i++)
    rows[i] = c->rows[order[i]], where[order[i]] = i;
  memcpy(c->rows, rows, sizeof *rows * (size_t)c->nrows);
  for (int i = 0; i < c->nbars; i++)
    c->bars[i].row = where[c->bars[i].row];
  for (int i = 0; i < c->narrows; i++)
    c->arrows[i].from_row = where[c->arrows[i].from_row],
    c->arrows[i].to_row = where[c->arrows[i].to_row];
  free(order), free(where), free(rows);
  return ES_OK;
}
