// Arguments that name no data item: a row pointer into a named block
// (wall[t] into data) is looked up at run time and gets its device
// address; an array beside the named data (other, of known size) is
// inferred task data and gets its device copy; a pointer pointing into none
// of the task's data keeps its host address, with a run-time warning. Data reached through stored pointers
// (float **rows) is not moved: a warning at the item, and the task keeps
// only its CPU variant. A function's address (map(sum, n, twice)) is no
// data: no warning.
// RUN: %esched compile --variant gpu-only %s -o %t.c 2>&1 | FileCheck %s --check-prefix=BUILD --implicit-check-not='{{warning|error}}:'
// BUILD: pointer-args.c:[[#@LINE+58]]:39: warning: 'rows' holds pointers: esched moves them, not the data they point to, so task 'table' runs on the CPU only; allocate that data in one block and name the block in a clause to let it move
// RUN: FileCheck %s --input-file=%t.c
// A read-only pointer outside the task's data (outside) may read the live
// data when the runtime runs the task again (profiling, ESCHED_CHECK): it
// is replayed (flags 0), not run once as one that may write there.
// RUN: FileCheck %s --check-prefix=ONCE --input-file=%t.c
// ONCE: {{^}}static const EsrtTask esrt_t2_ = {"main", "outside", "outside", esrt_v2_, 2, 1, 0, 0, &esrt_unit_
// CHECK: {{^ *}}acc_gpu(esrt_dev_find(&esrt_t0_, 0, esrt_p_, esrt_x_->acc_, 2, esrt_x_->a0), esrt_dev(esrt_p_[1], esrt_x_->acc_[1].ptr, esrt_x_->a1), esrt_x_->a2);
// CHECK: {{^ *}}acc_gpu(esrt_dev(esrt_p_[1], esrt_a_[1].ptr, other), esrt_dev(esrt_p_[0], esrt_a_[0].ptr, sum), n);
// CHECK: {{^ *}}acc_gpu(esrt_dev_find(&esrt_t2_, 0, esrt_p_, esrt_a_, 1, elsewhere), esrt_dev(esrt_p_[0], esrt_a_[0].ptr, sum), n);
// RUN: %cc -std=c11 %s -o %t.plain && %t.plain > %t.expected
// RUN: %esched_cc --variant=gpu-only %esrt_cflags %s -o %t.gpu 2>/dev/null
// RUN: %t.gpu 2>%t.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=LOG --input-file=%t.err
// LOG-NOT: task '{{rowsum|beside}}'
// LOG: esched: warning: task 'outside': argument 1 points into none of the task's data, so its device variant gets a host address; name that data in a clause
// LOG-NOT: task '{{rowsum|mapped}}'
// LOG: device cpu: 1 tasks
#include <stdio.h>
#include <stdlib.h>

static void acc(const int *row, int *sum, int n) {
  for (int i = 0; i < n; i++)
    sum[i] += row[i];
}
static void acc_gpu(const int *row, int *sum, int n) { acc(row, sum, n); }
static void scale(float **rows, int n) {
  for (int i = 0; i < n; i++)
    rows[i][0] *= 2;
}
static void scale_gpu(float **rows, int n) { scale(rows, n); }
typedef int (*unop)(int);
static int twice(int x) { return 2 * x; }
static void map(int *v, int n, unop f) {
  for (int i = 0; i < n; i++)
    v[i] = f(v[i]);
}
static void map_gpu(int *v, int n, unop f) { map(v, n, f); }

int main(void) {
  enum { ROWS = 3, N = 4 };
  int *data = malloc(sizeof(int) * ROWS * N), *wall[ROWS], sum[N] = {0}, other[N] = {1, 1, 1, 1};
  for (int r = 0; r < ROWS; r++)
    wall[r] = data + r * N;
  for (int i = 0; i < ROWS * N; i++)
    data[i] = i;
  int n = N;
  for (int t = 0; t < ROWS; t++) {
#pragma esched task name(rowsum) in(data[t*n:n]) inout(sum[0:n]) gpu(acc_gpu)
    acc(wall[t], sum, n);
  }
#pragma esched task name(beside) inout(sum[0:n]) gpu(acc_gpu)
  acc(other, sum, n);
  int *elsewhere = other;
#pragma esched task name(outside) inout(sum[0:n]) gpu(acc_gpu)
  acc(elsewhere, sum, n);
  float *rows[2] = {calloc(1, sizeof(float)), calloc(1, sizeof(float))};
  rows[0][0] = 1, rows[1][0] = 2;
#pragma esched task name(table) inout(rows[0:2]) gpu(scale_gpu)
  scale(rows, 2);
#pragma esched task name(mapped) inout(sum[0:n]) gpu(map_gpu)
  map(sum, n, twice);
  printf("%d %d %g\n", sum[0], sum[N - 1], rows[1][0]);
  free(data), free(rows[0]), free(rows[1]);
  return 0;
}
