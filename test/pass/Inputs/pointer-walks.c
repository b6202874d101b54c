/* Loops that walk pointers, as C programs write them: a linked list in a
 * for loop and in a while loop, blocks of an array by a bumped pointer
 * against an end, and a range of structures [first, last) in a function
 * of its own. Each loop's test compares or tests the pointer itself. */
#include <stdio.h>
#include <stdlib.h>

typedef struct node {
  double *v;
  int n;
  struct node *next;
} node_t;

typedef struct {
  double *v;
  int n;
} blk_t;

static void twice(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] *= 2;
}
static void twice_gpu(double *v, int n) { twice(v, n); }

static void run(blk_t *first, blk_t *last) {
  for (blk_t *b = first; b != last; b++) {
#pragma esched task inout(b->v[0:b->n]) gpu(twice_gpu)
    twice(b->v, b->n);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 12, bs = 3;
  double a[2] = {1, 2}, b[3] = {3, 4, 5};
  node_t n2 = {b, 3, NULL}, n1 = {a, 2, &n2};
  for (node_t *p = &n1; p; p = p->next) {
#pragma esched task inout(p->v[0:p->n]) gpu(twice_gpu)
    twice(p->v, p->n);
  }
  node_t *q = &n1;
  while (q != NULL) {
#pragma esched task inout(q->v[0:q->n]) gpu(twice_gpu)
    twice(q->v, q->n);
    q = q->next;
  }
  printf("%g %g\n", a[1], b[2]);
  double *x = malloc((size_t)n * sizeof *x);
  for (int i = 0; i < n; i++)
    x[i] = i;
  for (double *p = x; p < x + n; p += bs) {
#pragma esched task inout(p[0:bs]) gpu(twice_gpu)
    twice(p, bs);
  }
  double *end = x + n;
  for (double *p = x; p < end; p += bs) {
#pragma esched task inout(p[0:bs]) gpu(twice_gpu)
    twice(p, bs);
  }
  printf("%g %g\n", x[1], x[n - 1]);
  int nb = 3;
  blk_t *blks = malloc(sizeof(blk_t) * (size_t)nb);
  for (int k = 0; k < nb; k++) {
    blks[k].n = k + 1;
    blks[k].v = calloc((size_t)k + 1, sizeof(double));
    blks[k].v[0] = k + 1;
  }
  run(blks, blks + nb);
  printf("%g %g %g\n", blks[0].v[0], blks[1].v[0], blks[2].v[0]);
  for (int k = 0; k < nb; k++)
    free(blks[k].v);
  free(blks), free(x);
  return 0;
}
