/* Group arithmetic, group loads and symmetry: the pieces every crown
 * algorithm shares (crown_internal.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scheduler/crown/crown_internal.h"

int crown_depth(int group) {
  int d = 0;
  while (group >>= 1)
    d++;
  return d;
}

int crown_first_group(int zmax, int z) { return 1 << (zmax - z); }

double crown_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- loads ---- */

int crown_loads_init(CrownLoads *l, int p, int root) {
  l->p = p, l->root = root;
  l->gt = calloc((size_t)2 * (size_t)p, sizeof *l->gt);
  l->below = calloc((size_t)2 * (size_t)p, sizeof *l->below);
  if (!l->gt || !l->below) {
    crown_loads_free(l);
    return ES_ENOMEM;
  }
  return ES_OK;
}

void crown_loads_free(CrownLoads *l) {
  free(l->gt), free(l->below);
  l->gt = l->below = NULL;
}

static double below_of(const CrownLoads *l, int g) {
  double left = 2 * g < 2 * l->p ? l->below[2 * g] : 0;
  double right = 2 * g + 1 < 2 * l->p ? l->below[2 * g + 1] : 0;
  return l->gt[g] + (left > right ? left : right);
}

void crown_loads_add(CrownLoads *l, int group, double dt) {
  l->gt[group] += dt;
  for (int g = group;; g /= 2) {
    l->below[g] = below_of(l, g);
    if (g == l->root || g <= 1)
      break;
  }
}

double crown_loads_height(const CrownLoads *l, int group) {
  double h = l->below[group];
  for (int g = group; g != l->root && g > 1;) {
    g /= 2;
    h += l->gt[g];
  }
  return h;
}

double crown_loads_makespan(const CrownLoads *l) { return l->below[l->root]; }

/* ---- symmetry ---- */

/* Moves every item of the sub-crown rooted at a to the same place under b
 * and vice versa (siblings: same depth). */
static void swap_subcrowns(int n, int *group, int a, int b) {
  int da = crown_depth(a);
  for (int k = 0; k < n; k++) {
    int g = group[k], r = crown_depth(g) - da;
    if (r < 0)
      continue;
    int top = g >> r;
    if (top == a)
      group[k] = (b << r) | (g - (a << r));
    else if (top == b)
      group[k] = (a << r) | (g - (b << r));
  }
}

int crown_canonical_groups(int p, int n, const double *weight, int *group) {
  double *sub = malloc(sizeof *sub * (size_t)2 * (size_t)p);
  if (!sub)
    return ES_ENOMEM;
  memset(sub, 0, sizeof *sub * (size_t)2 * (size_t)p);
  for (int k = 0; k < n; k++)
    for (int h = group[k]; h >= 1; h /= 2)
      sub[h] += weight[k];
  /* Deepest parents first: a swap moves whole sub-crowns, so the orders
   * fixed below stay fixed, and it leaves the weights of every sub-crown
   * not yet visited unchanged but for the swapped pair. */
  for (int g = p - 1; g >= 1; g--)
    if (sub[2 * g] < sub[2 * g + 1]) {
      swap_subcrowns(n, group, 2 * g, 2 * g + 1);
      double t = sub[2 * g];
      sub[2 * g] = sub[2 * g + 1], sub[2 * g + 1] = t;
    }
  free(sub);
  return ES_OK;
}

/* ---- interchangeable tasks ---- */

typedef struct KeyRow {
  const double *row;
  int len, k;
} KeyRow;

static int by_row(const void *a, const void *b) {
  const KeyRow *x = a, *y = b;
  for (int i = 0; i < x->len; i++)
    if (x->row[i] != y->row[i])
      return x->row[i] < y->row[i] ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

static bool same_row(const KeyRow *a, const KeyRow *b) {
  for (int i = 0; i < a->len; i++)
    if (a->row[i] != b->row[i])
      return false;
  return true;
}

int crown_classes(int n, int len, const double *keys, int *class_of) {
  KeyRow *rows = malloc(sizeof *rows * (size_t)(n + 1));
  int *first = malloc(sizeof *first * (size_t)(n + 1));
  if (!rows || !first) {
    free(rows), free(first);
    return ES_ENOMEM;
  }
  for (int k = 0; k < n; k++)
    rows[k] = (KeyRow){keys + (size_t)k * (size_t)len, len, k};
  qsort(rows, (size_t)n, sizeof *rows, by_row);
  /* Equal rows are adjacent and sorted by item; name each class by its
   * first item, then number the classes in the order of those items. */
  for (int i = 0; i < n; i++)
    first[rows[i].k] = i > 0 && same_row(&rows[i], &rows[i - 1]) ? first[rows[i - 1].k]
                                                                 : rows[i].k;
  int nclass = 0;
  for (int k = 0; k < n; k++)
    class_of[k] = first[k] == k ? nclass++ : class_of[first[k]];
  free(rows), free(first);
  return nclass;
}
