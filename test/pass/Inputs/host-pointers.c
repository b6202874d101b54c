/* Host code reaching task data through pointers made in ways esched does
 * not follow by name, between tasks and in loops of tasks: a pointer past
 * the end, pointers declared in a loop's body and in a for's header (one
 * writing), a block pointer a helper function returns, an element a search
 * returns, and a row view cast from a flat buffer. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float x;
  int id;
} ent;

static void step(float *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
}
static void step_gpu(float *a, int n) { step(a, n); }

static void twice(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
static void twice_gpu(double *x, int n) { twice(x, n); }

static void move(ent *e, int n) {
  for (int i = 0; i < n; i++)
    e[i].x += 0.5f;
}
static void move_gpu(ent *e, int n) { move(e, n); }

static void rowscale(int n, double (*a)[n], int r, double s) {
  for (int j = 0; j < n; j++)
    a[r][j] *= s;
}
static void rowscale_gpu(int n, double (*a)[n], int r, double s) { rowscale(n, a, r, s); }

static inline double *at(double *a, int i) { return a + i; }

static ent *find(ent *e, int n, int id) {
  for (int i = 0; i < n; i++)
    if (e[i].id == id)
      return &e[i];
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3;
  float a[4] = {0};
#pragma esched task name(step) inout(a[0:4]) gpu(step_gpu)
  step(a, 4);
  const float *end = a + 4;
  printf("last %.1f\n", end[-1]);
  float s = 0;
  for (int i = 0; i < 4; i++) {
    float *p = &a[i];
    s += *p;
  }
  for (float *q = a; q < a + 4; q++)
    *q += 1.0f;
#pragma esched task name(again) inout(a[0:4]) gpu(step_gpu)
  step(a, 4);
  for (const float *q = a; q < a + 4; q++)
    s += *q;
  printf("s %.1f\n", s);

  double m[8] = {1, 1, 1, 1, 1, 1, 1, 1}, t = 0;
  for (int k = 0; k < 2; k++) {
    double *blk = at(m, 4 * k);
#pragma esched task name(tw) inout(blk[0:4]) gpu(twice_gpu)
    twice(blk, 4);
    t += m[4 * k];
  }
  printf("t %g\n", t);

  ent ents[4] = {{0, 0}, {0, 1}, {0, 2}, {0, 3}};
  ent *player = find(ents, 4, 2);
  for (int f = 0; f < 2; f++) {
#pragma esched task name(move) inout(ents[0:4]) gpu(move_gpu)
    move(ents, 4);
    printf("player %.1f\n", player->x);
  }

  double *flat = malloc(sizeof(double) * (size_t)n * (size_t)n);
  for (int i = 0; i < n * n; i++)
    flat[i] = 1;
  double(*A)[n] = (double(*)[n])flat;
  double tr = 0;
  for (int r = 0; r < n; r++) {
#pragma esched task name(rs) inout(A[r:1]) gpu(rowscale_gpu)
    rowscale(n, A, r, 3.0);
    tr += flat[r * n + r];
  }
  printf("tr %g\n", tr);
  for (int r = 0; r < n; r++) {
#pragma esched task name(rs2) inout(A[r:1]) gpu(rowscale_gpu)
    rowscale(n, A, r, 2.0);
    double *row = flat + r * n, first = row[0];
    printf("row %d %g\n", r, first);
  }
  free(flat);
  return 0;
}
