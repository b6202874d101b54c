/* Variable elimination as a task tree (elim.h): building the tree from an
 * order, and running it. */
#include <stdlib.h>
#include <string.h>

#include "scheduler/sumproduct/elim.h"
#include "scheduler/base/vec.h"

void es_elim_tree_free(EsElimTree *t) {
  if (!t)
    return;
  for (int i = 0; i < t->nfactors; i++)
    es_factor_free(&t->factors[i]);
  free(t->factors), free(t->factor_task);
  free(t->tasks), free(t->input), free(t->child), free(t->scope);
  free(t);
}

/* The network's factors with the evidence instantiated; constants folded. */
static int reduce_all(EsElimTree *t, const EsNetwork *n, EsError *err) {
  int *ev = es_network_evidence(n);
  t->factors = calloc((size_t)n->nfactors + 1, sizeof(EsFactor));
  t->factor_task = malloc(sizeof(int) * ((size_t)n->nfactors + 1));
  if (!ev || !t->factors || !t->factor_task) {
    free(ev);
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  }
  t->constant = 1;
  int rc = ES_OK;
  for (int i = 0; i < n->nfactors && !rc; i++) {
    rc = es_factor_reduce(&n->factors[i].f, ev, &t->factors[i], err);
    t->nfactors = i + 1;
    t->factor_task[i] = -1;
    if (!rc && t->factors[i].nvars == 0)
      t->constant *= t->factors[i].table[0];
  }
  free(ev);
  return rc;
}

/* pos[v] = position of v in the order, -1 for fixed variables. */
static int positions(const EsNetwork *n, const int *order, int norder, int *pos, EsError *err) {
  for (int v = 0; v < n->nvars; v++)
    pos[v] = -1;
  for (int i = 0; i < norder; i++) {
    int v = order[i];
    if (v < 0 || v >= n->nvars || pos[v] >= 0 || es_network_fixed(n, v) >= 0)
      return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                          "the elimination order is not a permutation of the free "
                          "variables (at position %d)",
                          i);
    pos[v] = i;
  }
  if (norder != es_network_nfree(n))
    return es_error_set(err, ES_EINVAL, NULL, 0, 0,
                        "the elimination order leaves %d free variables out",
                        es_network_nfree(n) - norder);
  return ES_OK;
}

/* The first position among vars (all free). */
static int first_pos(const int *vars, int nvars, const int *pos) {
  int best = -1;
  for (int k = 0; k < nvars; k++)
    if (best < 0 || pos[vars[k]] < best)
      best = pos[vars[k]];
  return best;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Build state: per task, its reduced factors (CSR by bucket) and, as tasks
 * are made, a linked list of its children. */
typedef struct Build {
  EsElimTree *t;
  const EsNetwork *n;
  const int *order, *pos;
  int *bucket_first, *bucket; /* reduced factors by first eliminated variable */
  int *first_child, *next_sibling;
  int *stamp, *scratch; /* scope union */
  int scope_cap;
} Build;

static int add_var(Build *b, int task, int v, int *m) {
  if (b->stamp[v] == task)
    return 0;
  b->stamp[v] = task;
  b->scratch[(*m)++] = v;
  return 1;
}

/* The union of the scopes of task i's factors and children, without its
 * variable v, into b->scratch (ascending); returns its size, and the entries
 * of what the task multiplies in *in. */
static int union_scope(Build *b, int i, int v, double *in) {
  EsElimTree *t = b->t;
  int m = 0;
  *in = 0;
  b->stamp[v] = i;
  for (int k = b->bucket_first[i]; k < b->bucket_first[i + 1]; k++) {
    const EsFactor *f = &t->factors[b->bucket[k]];
    for (int j = 0; j < f->nvars; j++)
      add_var(b, i, f->vars[j], &m);
    *in += (double)f->size;
    t->factor_task[b->bucket[k]] = i;
  }
  for (int c = b->first_child[i]; c >= 0; c = b->next_sibling[c]) {
    const EsElimTask *ct = &t->tasks[c];
    for (int j = 0; j < ct->nscope; j++)
      add_var(b, i, t->scope[ct->first_scope + j], &m);
    *in += ct->out_entries;
  }
  qsort(b->scratch, (size_t)m, sizeof(int), cmp_int);
  return m;
}

/* Makes task i: its scope, sizes, and the task its output feeds. */
static int make_task(Build *b, int i) {
  EsElimTree *t = b->t;
  const int v = b->order[i];
  double in;
  int m = union_scope(b, i, v, &in);
  int first = i == 0 ? 0 : t->tasks[i - 1].first_scope + t->tasks[i - 1].nscope;
  if (es_vec_reserve(&t->scope, &b->scope_cap, first + m + 1, sizeof(int)))
    return ES_ENOMEM;
  double out = 1;
  for (int j = 0; j < m; j++) {
    t->scope[first + j] = b->scratch[j];
    out *= b->n->vars[b->scratch[j]].card;
  }
  EsElimTask *task = &t->tasks[i];
  *task = (EsElimTask){v,
                       b->bucket_first[i],
                       b->bucket_first[i + 1] - b->bucket_first[i],
                       0,
                       0,
                       first,
                       m,
                       -1,
                       in,
                       out * b->n->vars[v].card,
                       out};
  if (m > 0) {
    int p = first_pos(b->scratch, m, b->pos);
    task->parent = p;
    b->next_sibling[i] = b->first_child[p];
    b->first_child[p] = i;
  }
  if (m > t->width)
    t->width = m;
  return ES_OK;
}

/* Reduced factors with variables, grouped by their first eliminated one. */
static int buckets(Build *b, int ntasks) {
  EsElimTree *t = b->t;
  b->bucket_first = calloc((size_t)ntasks + 2, sizeof(int));
  b->bucket = malloc(sizeof(int) * ((size_t)t->nfactors + 1));
  if (!b->bucket_first || !b->bucket)
    return ES_ENOMEM;
  for (int f = 0; f < t->nfactors; f++)
    if (t->factors[f].nvars > 0)
      b->bucket_first[first_pos(t->factors[f].vars, t->factors[f].nvars, b->pos) + 2]++;
  for (int i = 0; i < ntasks; i++)
    b->bucket_first[i + 2] += b->bucket_first[i + 1];
  for (int f = 0; f < t->nfactors; f++)
    if (t->factors[f].nvars > 0)
      b->bucket[b->bucket_first[first_pos(t->factors[f].vars, t->factors[f].nvars, b->pos) + 1]++] =
          f;
  return ES_OK;
}

/* The CSR lists of the tasks' inputs and children (ascending). */
static int lists(Build *b) {
  EsElimTree *t = b->t;
  t->input = malloc(sizeof(int) * ((size_t)t->nfactors + 1));
  t->child = malloc(sizeof(int) * ((size_t)t->ntasks + 1));
  int *fill = calloc((size_t)t->ntasks + 1, sizeof(int));
  if (!t->input || !t->child || !fill) {
    free(fill);
    return ES_ENOMEM;
  }
  memcpy(t->input, b->bucket, sizeof(int) * (size_t)b->bucket_first[t->ntasks]);
  for (int i = 0; i < t->ntasks; i++)
    if (t->tasks[i].parent >= 0)
      t->tasks[t->tasks[i].parent].nchildren++;
  for (int i = 0, at = 0; i < t->ntasks; i++)
    t->tasks[i].first_child = at, at += t->tasks[i].nchildren;
  for (int i = 0; i < t->ntasks; i++) {
    int p = t->tasks[i].parent;
    if (p >= 0)
      t->child[t->tasks[p].first_child + fill[p]++] = i;
  }
  free(fill);
  return ES_OK;
}

static void build_free(Build *b) {
  free(b->bucket_first), free(b->bucket), free(b->first_child), free(b->next_sibling);
  free(b->stamp), free(b->scratch);
}

static int build_tasks(Build *b, int norder) {
  const EsNetwork *n = b->n;
  EsElimTree *t = b->t;
  b->first_child = malloc(sizeof(int) * ((size_t)norder + 1));
  b->next_sibling = malloc(sizeof(int) * ((size_t)norder + 1));
  b->stamp = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  b->scratch = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  t->tasks = calloc((size_t)norder + 1, sizeof(EsElimTask));
  if (!b->first_child || !b->next_sibling || !b->stamp || !b->scratch || !t->tasks ||
      buckets(b, norder))
    return ES_ENOMEM;
  for (int i = 0; i < norder; i++)
    b->first_child[i] = -1;
  for (int v = 0; v < n->nvars; v++)
    b->stamp[v] = -1;
  t->ntasks = norder;
  t->width = -1;
  for (int i = 0; i < norder; i++)
    if (make_task(b, i))
      return ES_ENOMEM;
  t->width = norder ? t->width : -1;
  return lists(b);
}

int es_elim_tree_build(const EsNetwork *n, const int *order, int norder, EsElimTree **out,
                       EsError *err) {
  EsElimTree *t = calloc(1, sizeof *t);
  int *pos = malloc(sizeof(int) * ((size_t)n->nvars + 1));
  Build b = {.t = t, .n = n, .order = order, .pos = pos};
  int rc = ES_ENOMEM;
  if (!t || !pos)
    goto out;
  t->net = n;
  if ((rc = positions(n, order, norder, pos, err)) || (rc = reduce_all(t, n, err)))
    goto out;
  if ((rc = build_tasks(&b, norder)))
    goto out;
  *out = t;
  t = NULL;
out:
  if (rc == ES_ENOMEM)
    es_error_set(err, rc, NULL, 0, 0, "out of memory");
  build_free(&b);
  free(pos);
  es_elim_tree_free(t);
  return rc;
}

int es_elim_task_run(const EsElimTree *t, int i, const EsFactor *msg, EsFactor *out, EsError *err) {
  const EsElimTask *task = &t->tasks[i];
  int card[64];
  const int *scope = t->scope + task->first_scope;
  if (task->nscope > 64)
    return es_error_set(err, ES_ELIMIT, NULL, 0, 0, "a factor of %d variables", task->nscope);
  for (int j = 0; j < task->nscope; j++)
    card[j] = t->net->vars[scope[j]].card;
  int n = task->ninputs + task->nchildren;
  const EsFactor **in = malloc(sizeof(EsFactor *) * ((size_t)n + 1));
  if (!in)
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  for (int k = 0; k < task->ninputs; k++)
    in[k] = &t->factors[t->input[task->first_input + k]];
  for (int k = 0; k < task->nchildren; k++)
    in[task->ninputs + k] = &msg[t->child[task->first_child + k]];
  int rc = es_factor_init(out, task->nscope, scope, card, err);
  if (!rc)
    rc = es_factor_sum_product(in, n, task->var, t->net->vars[task->var].card, out, err);
  if (rc)
    es_factor_free(out);
  free(in);
  return rc;
}

int es_elim_run(const EsElimTree *t, double *result, EsError *err) {
  EsFactor *msg = calloc((size_t)t->ntasks + 1, sizeof(EsFactor));
  if (!msg)
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  double p = t->constant;
  int rc = ES_OK;
  for (int i = 0; i < t->ntasks && !rc; i++) {
    const EsElimTask *task = &t->tasks[i];
    if ((rc = es_elim_task_run(t, i, msg, &msg[i], err)))
      break;
    for (int k = 0; k < task->nchildren; k++)
      es_factor_free(&msg[t->child[task->first_child + k]]);
    if (task->parent < 0) {
      p *= msg[i].table[0];
      es_factor_free(&msg[i]);
    }
  }
  for (int i = 0; i < t->ntasks; i++)
    es_factor_free(&msg[i]);
  free(msg);
  if (!rc)
    *result = p;
  return rc;
}
