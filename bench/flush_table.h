/* The deferred flush's cost by region size (bench_dispatch on the shared
 * runtime, bench_flush on the static one that esched-cc links): regions of
 * empty deferred tasks, each reading and writing one of 64 cells (task i
 * depends on task i - 64), with a CPU variant only and with a CPU and a
 * (simulated) GPU variant. The goal is <= 300 ns per task.
 *
 * A flush's cost depends on whether its memory is fresh: the first regions
 * a process runs (and any after malloc gave their memory back to the
 * system) touch pages the kernel must map and zero, which cost about as
 * much again as the flush itself. The table runs each size three times
 * and keeps the best (memory reused), and shows the page faults per task
 * of that run. */
#ifndef ESCHED_BENCH_FLUSH_TABLE_H
#define ESCHED_BENCH_FLUSH_TABLE_H

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "esched_rt.h"

typedef struct FlushApi {
  void (*submit)(const EsrtTask *, const EsrtAccess *, int, const void *, size_t);
  void (*region_end)(void);
} FlushApi;

typedef struct FlushCost {
  double submit, flush; /* CPU seconds per task */
  double faults;        /* minor page faults per task during the flush */
} FlushCost;

/* CPU time of the process, in seconds. */
static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long flush_minflt(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

static volatile long flush_sink;

static void flush_empty(void *const *p, const void *args) {
  (void)p, (void)args;
  flush_sink++;
}

static const EsrtVariant flush_v_cpu[] = {{"cpu", flush_empty, 1e-6, 0, NULL}};
static const EsrtVariant flush_v_two[] = {{"cpu", flush_empty, 1e-6, 0, NULL},
                                          {"gpu", flush_empty, 4e-7, 0, NULL}};
static const EsrtTask flush_t_cpu = {"bench", "empty_d", "empty_d",     flush_v_cpu, 1,
                                     0,       0,         ESRT_DEFERRED, NULL,        NULL,
                                     0,       NULL,      NULL,          NULL};
static const EsrtTask flush_t_two = {"bench", "empty_2", "empty_2",     flush_v_two, 2,
                                     0,       0,         ESRT_DEFERRED, NULL,        NULL,
                                     0,       NULL,      NULL,          NULL};

/* One region of n tasks: submitted, then flushed. */
static FlushCost flush_region(const FlushApi *api, const EsrtTask *task, long n) {
  static double cells[64];
  double t0 = cpu_now();
  for (long i = 0; i < n; i++) {
    EsrtAccess acc[1] = {{&cells[i % 64], sizeof(double), ESRT_INOUT, cells}}; /* cells[i % 64:1] */
    api->submit(task, acc, 1, &i, sizeof i);
  }
  double t1 = cpu_now();
  long f0 = flush_minflt();
  api->region_end();
  FlushCost c = {(t1 - t0) / (double)n, (cpu_now() - t1) / (double)n,
                 (double)(flush_minflt() - f0) / (double)n};
  return c;
}

/* The best of 3 regions of n tasks. */
static FlushCost flush_best(const FlushApi *api, const EsrtTask *task, long n) {
  FlushCost best = {-1, -1, 0};
  for (int rep = 0; rep < 3; rep++) {
    FlushCost c = flush_region(api, task, n);
    if (best.flush < 0 || c.flush < best.flush)
      best = c;
  }
  return best;
}

/* Regions of 10^3 ... max tasks; peer > 0: the CPU+GPU flush's ratio to it. */
static void flush_table(const FlushApi *api, long max, double peer) {
  printf("deferred flush by region size, ns/task (deps + schedule + run; best of 3, memory "
         "reused; goal <= 300)\n");
  printf("  %10s %14s %14s %14s%s\n", "tasks", "CPU variant", "CPU+GPU", "faults/task",
         peer > 0 ? "  CPU+GPU / eager" : "");
  for (long n = 1000; n <= max; n *= 10) {
    FlushCost one = flush_best(api, &flush_t_cpu, n), two = flush_best(api, &flush_t_two, n);
    printf("  %10ld %14.1f %14.1f %14.4f", n, one.flush * 1e9, two.flush * 1e9,
           one.faults > two.faults ? one.faults : two.faults);
    if (peer > 0)
      printf(" %16.4f", two.flush / peer);
    printf("\n");
  }
}

#endif
