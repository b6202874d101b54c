/* What the scaling benchmarks share (bench_exact, bench_timed): CPU time,
 * the median of repeated runs, one child process per size so that each
 * size's peak memory is its own, and growth exponents.
 *
 * A row holds the seconds of the algorithm and of its floor (the least any
 * algorithm must do with the same input: reading it once), measured in the
 * same process one after the other, and the peak resident memory. The
 * growth exponent between two sizes is log(t2 / t1) / log(n2 / n1): 1 is
 * linear. */
#ifndef ESCHED_BENCH_SCALE_H
#define ESCHED_BENCH_SCALE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct ScaleRow {
  double algo_s, floor_s; /* CPU seconds of one run (median) */
  double first_s;         /* CPU seconds of the first run (caches cold) */
  double peak_mib;        /* peak resident memory of the whole child */
  double algo_mib;        /* how much the algorithm raised that peak */
  double value;           /* what the algorithm found (energy, makespan) */
  double also_s;          /* a second figure of the same runs (bench_timed: with checks) */
  int edges;
  int ok;
} ScaleRow;

/* CPU seconds of this process: the machine is shared, and waiting for a
 * core is not the algorithm's cost. */
static inline double scale_cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline double scale_peak_mib(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (double)ru.ru_maxrss / 1024;
}

static inline double scale_median3(double a, double b, double c) {
  return fmax(fmin(a, b), fmin(fmax(a, b), c));
}

/* Runs measure(n, arg, &row) in a child process and returns its row;
 * row.ok is 0 when the child failed. */
typedef void (*ScaleMeasure)(int n, void *arg, ScaleRow *row);

static inline ScaleRow scale_in_child(ScaleMeasure measure, int n, void *arg) {
  ScaleRow row = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0, 0};
  int fds[2];
  if (pipe(fds))
    return row;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    ScaleRow r = row;
    measure(n, arg, &r);
    ssize_t w = write(fds[1], &r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
  }
  close(fds[1]);
  if (pid < 0 || read(fds[0], &row, sizeof row) != (ssize_t)sizeof row)
    row.ok = 0;
  close(fds[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  return row;
}

static inline double scale_exponent(double t1, double n1, double t2, double n2) {
  return t1 > 0 && t2 > 0 ? log(t2 / t1) / log(n2 / n1) : NAN;
}

static inline void scale_header(const char *unit) {
  printf("%10s %10s %12s %10s %7s %11s %8s %9s %9s\n", "tasks", "edges", unit, "1st call", "growth",
         "floor/task", "x floor", "peak MiB", "algo MiB");
}

/* One line of the table; prev (or NULL) is the row of the size before. */
static inline void scale_print(int n, const ScaleRow *r, int prev_n, const ScaleRow *prev,
                               double unit_scale) {
  if (!r->ok) {
    printf("%10d   (failed or out of memory)\n", n);
    return;
  }
  double g = prev && prev->ok ? scale_exponent(prev->algo_s, prev_n, r->algo_s, n) : NAN;
  printf("%10d %10d %12.1f %10.1f %7.2f %11.3f %8.1f %9.1f %9.1f\n", n, r->edges,
         r->algo_s * unit_scale / n, r->first_s * unit_scale / n, g, r->floor_s * unit_scale / n,
         r->algo_s / r->floor_s, r->peak_mib, r->algo_mib);
  fflush(stdout);
}

#endif
