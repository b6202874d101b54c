/* The arena and descriptors of the sum-product example (sp.h): sizes,
 * then offsets (a child's output lands in its parent's block), then the
 * reduced input factors and the descriptors. */
#include "sp.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int card_of(const EsElimTree *t, int v) { return t->net->vars[v].card; }

/* Entries of each block, output and descriptor; ES_ELIMIT beyond INT_MAX,
 * since descriptors hold offsets within a block as ints. */
static int measure(const EsElimTree *t, SpLayout *l, EsError *err) {
  for (int i = 0; i < t->ntasks; i++) {
    const EsElimTask *k = &t->tasks[i];
    double blk = 0, desc = 4 + 2.0 * k->nscope;
    for (int j = 0; j < k->ninputs; j++) {
      const EsFactor *f = &t->factors[t->input[k->first_input + j]];
      blk += (double)f->size;
      desc += 2 + 2.0 * f->nvars;
    }
    for (int j = 0; j < k->nchildren; j++) {
      const EsElimTask *c = &t->tasks[t->child[k->first_child + j]];
      blk += c->out_entries;
      desc += 2 + 2.0 * c->nscope;
    }
    if (blk > INT_MAX || desc > INT_MAX)
      return es_error_set(err, ES_ELIMIT, NULL, 0, 0,
                          "task %d multiplies %.3g entries (at most %d in this example)", i, blk,
                          INT_MAX);
    l->blk_len[i] = (long)blk;
    l->desc_len[i] = (long)desc;
    l->out_len[i] = (long)k->out_entries;
  }
  return ES_OK;
}

/* Blocks and descriptors one after the other, then the root block; each
 * child's output after its parent's input factors, in child order. */
static void place(const EsElimTree *t, SpLayout *l) {
  long a = 0, d = 0;
  for (int i = 0; i < t->ntasks; i++) {
    l->blk_off[i] = a, a += l->blk_len[i];
    l->desc_off[i] = d, d += l->desc_len[i];
  }
  for (int i = 0; i < t->ntasks; i++) {
    const EsElimTask *k = &t->tasks[i];
    long at = l->blk_off[i];
    for (int j = 0; j < k->ninputs; j++)
      at += t->factors[t->input[k->first_input + j]].size;
    for (int j = 0; j < k->nchildren; j++) {
      int c = t->child[k->first_child + j];
      l->out_off[c] = at, at += l->out_len[c];
    }
  }
  l->scratch_len = a;
  for (int i = 0; i < t->ntasks; i++)
    if (t->tasks[i].parent < 0)
      l->out_off[i] = a++;
  l->narena = a;
  l->ndesc = d;
}

/* table = offset nvars vars[nvars] cards[nvars] */
static int *put_table(int *d, long offset, int nvars, const int *vars, const EsElimTree *t) {
  *d++ = (int)offset;
  *d++ = nvars;
  for (int j = 0; j < nvars; j++)
    d[j] = vars[j], d[nvars + j] = card_of(t, vars[j]);
  return d + 2 * nvars;
}

/* desc = var card ntables m outvars[m] outcards[m] table*; the input
 * factors' tables are copied into the block. */
static void fill(const EsElimTree *t, SpLayout *l, int i) {
  const EsElimTask *k = &t->tasks[i];
  int *d = l->desc + l->desc_off[i];
  const int *scope = t->scope + k->first_scope;
  *d++ = k->var;
  *d++ = card_of(t, k->var);
  *d++ = k->ninputs + k->nchildren;
  *d++ = k->nscope;
  for (int j = 0; j < k->nscope; j++)
    d[j] = scope[j], d[k->nscope + j] = card_of(t, scope[j]);
  d += 2 * k->nscope;
  long off = 0;
  for (int j = 0; j < k->ninputs; j++) {
    const EsFactor *f = &t->factors[t->input[k->first_input + j]];
    memcpy(l->arena + l->blk_off[i] + off, f->table, sizeof(double) * (size_t)f->size);
    d = put_table(d, off, f->nvars, f->vars, t);
    off += f->size;
  }
  l->input_entries += off;
  for (int j = 0; j < k->nchildren; j++) {
    int c = t->child[k->first_child + j];
    d = put_table(d, off, t->tasks[c].nscope, t->scope + t->tasks[c].first_scope, t);
    off += l->out_len[c];
  }
  l->output_entries += l->out_len[i];
}

int sp_layout_build(const EsElimTree *t, SpLayout *l, EsError *err) {
  memset(l, 0, sizeof *l);
  size_t n = (size_t)t->ntasks + 1;
  l->ntasks = t->ntasks;
  l->desc_off = malloc(sizeof(long) * n), l->desc_len = malloc(sizeof(long) * n);
  l->blk_off = malloc(sizeof(long) * n), l->blk_len = malloc(sizeof(long) * n);
  l->out_off = malloc(sizeof(long) * n), l->out_len = malloc(sizeof(long) * n);
  if (!l->desc_off || !l->desc_len || !l->blk_off || !l->blk_len || !l->out_off || !l->out_len)
    goto nomem;
  int rc = measure(t, l, err);
  if (rc) {
    sp_layout_free(l);
    return rc;
  }
  place(t, l);
  l->arena = malloc(sizeof(double) * ((size_t)l->narena + 1));
  l->desc = malloc(sizeof(int) * ((size_t)l->ndesc + 1));
  if (!l->arena || !l->desc)
    goto nomem;
  for (int i = 0; i < t->ntasks; i++)
    fill(t, l, i);
  return ES_OK;
nomem:
  sp_layout_free(l);
  return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory (laying out the tables)");
}

void sp_layout_free(SpLayout *l) {
  if (!l)
    return;
  free(l->desc), free(l->arena);
  free(l->desc_off), free(l->desc_len);
  free(l->blk_off), free(l->blk_len);
  free(l->out_off), free(l->out_len);
  memset(l, 0, sizeof *l);
}

void sp_clear(double *blocks, long n) { memset(blocks, 0, sizeof(double) * (size_t)n); }

double sp_layout_result(const EsElimTree *t, const SpLayout *l) {
  double p = t->constant;
  for (int i = 0; i < t->ntasks; i++)
    if (t->tasks[i].parent < 0)
      p *= l->arena[l->out_off[i]];
  return p;
}
