/* Threads each calling a function whose tasks use the thread's own array,
 * on the (sim) GPU: a loop of deferred tasks, a static task after it (the
 * inline form) and the region's end (test/runtime/threads-region-end.test).
 * Usage: prog [ROUNDS]: ROUNDS times, THREADS threads call it at once. */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t under -std=c11 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N       256
#define THREADS 4

static void poly(double *v, int n, double a) {
  for (int i = 0; i < n; i++)
    v[i] = a * v[i] + 1;
}
static void poly_gpu(double *v, int n, double a) { poly(v, n, a); }
static void reduce(const double *v, int n, double *out) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  *out = s;
}
static void reduce_gpu(const double *v, int n, double *out) { reduce(v, n, out); }

static double compute(double *v) {
  double r = 0;
  for (int k = 0; k < 3; k++) {
#pragma esched task name(po) inout(v[0:N]) gpu(poly_gpu)
    poly(v, N, 0.5);
  }
#pragma esched task name(re) in(v[0:N]) out(r) gpu(reduce_gpu)
  reduce(v, N, &r);
  return r;
}

static double *data[THREADS], result[THREADS];
static pthread_barrier_t start; /* the threads' tasks overlap from the first */

/* One call per thread: called in a loop, compute's tasks would all be
 * deferred, and run in one thread's flush. */
static void *work(void *arg) {
  int t = (int)(intptr_t)arg;
  pthread_barrier_wait(&start);
  result[t] += compute(data[t]);
  return NULL;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 1;
  pthread_t th[THREADS];
  pthread_barrier_init(&start, NULL, THREADS);
  for (int t = 0; t < THREADS; t++) {
    if (!(data[t] = calloc(N, sizeof *data[t])))
      return 1;
    for (int i = 0; i < N; i++)
      data[t][i] = t;
  }
  for (int k = 0; k < rounds; k++) {
    for (int t = 0; t < THREADS; t++)
      if (pthread_create(&th[t], NULL, work, (void *)(intptr_t)t))
        return 1;
    for (int t = 0; t < THREADS; t++)
      pthread_join(th[t], NULL);
  }
  for (int t = 0; t < THREADS; t++) {
    printf("%g%c", result[t], t + 1 < THREADS ? ' ' : '\n');
    free(data[t]);
  }
  pthread_barrier_destroy(&start);
  return 0;
}
