/* Dispatch overhead of an empty task: esched's runtime against StarPU 1.3,
 * measured in the same run (issue: rewriter and runtime core, benchmark).
 *
 * esched: the inline static path (esrt_task_begin/end, as generated for a
 * task scheduled at build time), the same in the loop form the rewriter
 * emits (esrt_task_first/next: it must cost what begin/end costs), the
 * same with one 8-byte access, the
 * submit form of a static task (serial executor: it runs at once), and the
 * deferred path: submission alone, then the flush (dependencies, scheduling
 * with the scheduler library, execution) per task.
 * StarPU: an empty CPU codelet without buffers, one CPU worker
 * (STARPU_NCPU=1), no accelerator, with the eager and dmda schedulers;
 * submission of every task then starpu_task_wait_for_all.
 *
 * usage: bench_dispatch [TASKS]   (default 100000; best of 3 runs each)
 * Prints ns/task and the ratios to StarPU; the goal is <= 1/10 of StarPU's
 * cost for the static path. Never fails: a peer that cannot start is
 * reported as such. */
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "esched_rt.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile long sink;

static void empty_fn(void *const *p, const void *args) {
  (void)p, (void)args;
  sink++;
}

static const EsrtVariant v_empty[] = {{"cpu", empty_fn, 1e-6, 0}};
static const EsrtTask t_static = {"bench", "empty", "empty", v_empty, 1, 0, 0, 0, NULL, NULL, 0};
static const EsrtTask t_deferred = {"bench", "empty_d",     "empty_d", v_empty, 1, 0,
                                    0,       ESRT_DEFERRED, NULL,      NULL,    0};

static double static_inline(long n, int nacc) {
  static long cell;
  EsrtAccess acc[1] = {{&cell, sizeof cell, ESRT_INOUT}};
  void *p[1];
  double t0 = now();
  for (long i = 0; i < n; i++) {
    EsrtRun r;
    esrt_task_begin(&r, &t_static, acc, nacc, p);
    sink++;
    esrt_task_end(&r);
  }
  return (now() - t0) / (double)n;
}

static double static_loop(long n) {
  EsrtAccess acc[1];
  void *p[1];
  double t0 = now();
  for (long i = 0; i < n; i++) {
    EsrtRun r;
    for (int v = esrt_task_first(&r, &t_static, acc, 0, p); v >= 0; v = esrt_task_next(&r))
      sink++;
  }
  return (now() - t0) / (double)n;
}

static double static_submit(long n) {
  double t0 = now();
  for (long i = 0; i < n; i++)
    esrt_submit(&t_static, NULL, 0, NULL, 0);
  return (now() - t0) / (double)n;
}

/* Returns the submission cost; *flush receives the flush cost per task. */
static double deferred(long n, double *flush) {
  static double cells[64];
  double t0 = now();
  for (long i = 0; i < n; i++) {
    EsrtAccess acc[1] = {{&cells[i % 64], sizeof(double), ESRT_INOUT}};
    esrt_submit(&t_deferred, acc, 1, &i, sizeof i);
  }
  double t1 = now();
  esrt_region_end();
  *flush = (now() - t1) / (double)n;
  return (t1 - t0) / (double)n;
}

static void empty_cpu(void *buffers[], void *arg) {
  (void)buffers, (void)arg;
  sink++;
}

static struct starpu_codelet empty_cl = {.cpu_funcs = {empty_cpu}, .nbuffers = 0, .name = "empty"};

/* Seconds per task, or -1 when StarPU does not start. */
static double starpu_run(const char *sched, long n) {
  struct starpu_conf conf;
  starpu_conf_init(&conf);
  conf.ncpus = 1;
  conf.ncuda = 0;
  conf.nopencl = 0;
  conf.sched_policy_name = sched;
  if (starpu_init(&conf) != 0)
    return -1;
  double t0 = now();
  for (long i = 0; i < n; i++) {
    struct starpu_task *t = starpu_task_create();
    t->cl = &empty_cl;
    if (starpu_task_submit(t) != 0)
      break;
  }
  starpu_task_wait_for_all();
  double dt = (now() - t0) / (double)n;
  starpu_shutdown();
  return dt;
}

static double best(double a, double b) { return a < 0 || (b >= 0 && b < a) ? b : a; }

static void row(const char *what, double sec) {
  if (sec < 0)
    printf("  %-44s %10s\n", what, "n/a");
  else
    printf("  %-44s %10.1f\n", what, sec * 1e9);
}

static void ratio(const char *a, double x, const char *b, double y) {
  if (x > 0 && y > 0)
    printf("  %-30s / %-18s = %.4f\n", a, b, x / y);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  if (n < 1)
    n = 100000;
  setenv("ESCHED_SUMMARY", "none", 1);
  setenv("ESCHED_DEFER_MAX", "100000000", 1); /* measure submission without flushes */
  setenv("STARPU_NCPU", "1", 1);
  setenv("STARPU_SILENT", "1", 1);
  double inl = -1, loop = -1, inl1 = -1, sub = -1, dsub = -1, dfl = -1, eager = -1, dmda = -1;
  static_inline(1000, 0); /* warm up: the runtime starts lazily */
  for (int rep = 0; rep < 3; rep++) {
    double fl;
    inl = best(inl, static_inline(n, 0));
    loop = best(loop, static_loop(n));
    inl1 = best(inl1, static_inline(n, 1));
    sub = best(sub, static_submit(n));
    dsub = best(dsub, deferred(n, &fl));
    dfl = best(dfl, fl);
    eager = best(eager, starpu_run("eager", n));
    dmda = best(dmda, starpu_run("dmda", n));
  }
  printf("dispatch cost of an empty task, ns/task (best of 3 runs of %ld tasks)\n", n);
  row("esched static, inline begin/end", inl);
  row("esched static, inline loop first/next", loop);
  row("esched static, inline, one 8-byte access", inl1);
  row("esched static, submit form (serial)", sub);
  row("esched deferred, submission", dsub);
  row("esched deferred, flush (deps+schedule+run)", dfl);
  row("starpu 1.3 eager (STARPU_NCPU=1)", eager);
  row("starpu 1.3 dmda (STARPU_NCPU=1)", dmda);
  printf("ratios (goal for the static path: <= 0.10)\n");
  ratio("esched static inline", inl, "starpu eager", eager);
  ratio("esched inline loop form", loop, "inline begin/end", inl);
  ratio("esched static inline", inl, "starpu dmda", dmda);
  ratio("esched static submit", sub, "starpu eager", eager);
  ratio("esched deferred submission", dsub, "starpu eager", eager);
  ratio("esched deferred sub+flush", dsub + dfl, "starpu eager", eager);
  ratio("esched deferred sub+flush", dsub + dfl, "starpu dmda", dmda);
  return 0;
}
