/* Dispatch overhead of an empty task: esched's runtime and its starpu
 * target against StarPU 1.3, measured in the same run.
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
 * The starpu target (libesched_starpu, docs/starpu.md): the same empty
 * task as generated code submits it (esp_submit; its implementation calls
 * esp_begin/esp_end), without data and with one 8-byte access, under both
 * policies (plan: eager with the task pinned to CPU workers; starpu:
 * dmda), each in a child process, as its StarPU lives until exit.
 * libesched_starpu and the native runtime define the same host-side entry
 * points (esrt_host, esrt_region_end), so the native runtime is loaded from
 * its shared library (libesched_rt.so, RTLD_LOCAL) and called through
 * pointers.
 *
 * The deferred flush is also measured by region size (10^3 ... TASKS), for
 * tasks with a CPU variant only and for tasks with a CPU and a GPU variant
 * (the simulated GPU: the scheduler has a choice, and data moves), against
 * StarPU's per-task cost (goal: flush <= 300 ns/task; flush_table.h, which
 * bench_flush prints for the static runtime). The flush in the first
 * section is the best of the process's first three regions, between
 * StarPU's runs: their memory is fresh (the first touches of the two
 * pending buffers, then malloc's memory after StarPU gave it back), and its
 * page faults per task are printed beside it; the table's regions reuse
 * their memory.
 *
 * Times are CPU time of the process (the machine may be shared: waiting for
 * a core is no one's cost); StarPU's include its worker thread's.
 *
 * usage: bench_dispatch [TASKS]   (default 100000; best of 3 runs each)
 * Prints ns/task and the ratios to StarPU; the goal is <= 1/10 of StarPU's
 * cost for the static path, and for the starpu target a small fraction on
 * top of StarPU's own. Never fails: a peer that cannot start is reported as
 * such. */
#include <dlfcn.h>
#include <starpu.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "esched_rt.h"
#include "esched_starpu.h"
#include "flush_table.h"

/* The native runtime's entry points, from libesched_rt.so. */
static struct {
  int (*task_begin)(EsrtRun *, const EsrtTask *, const EsrtAccess *, int, void **);
  void (*task_end)(EsrtRun *);
  int (*task_first)(EsrtRun *, const EsrtTask *, const EsrtAccess *, int, void **);
  int (*task_next)(EsrtRun *);
  void (*submit)(const EsrtTask *, const EsrtAccess *, int, const void *, size_t);
  void (*region_end)(void);
} rt;

static bool load_native(void) {
  void *h = dlopen(ESCHED_RT_SHARED, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return false;
  *(void **)&rt.task_begin = dlsym(h, "esrt_task_begin");
  *(void **)&rt.task_end = dlsym(h, "esrt_task_end");
  *(void **)&rt.task_first = dlsym(h, "esrt_task_first");
  *(void **)&rt.task_next = dlsym(h, "esrt_task_next");
  *(void **)&rt.submit = dlsym(h, "esrt_submit");
  *(void **)&rt.region_end = dlsym(h, "esrt_region_end");
  return rt.task_begin && rt.task_end && rt.task_first && rt.task_next && rt.submit &&
         rt.region_end;
}

static volatile long sink;

static void empty_fn(void *const *p, const void *args) {
  (void)p, (void)args;
  sink++;
}

static const EsrtVariant v_empty[] = {{"cpu", empty_fn, 1e-6, 0, NULL}};
static const EsrtTask t_static = {"bench", "empty", "empty", v_empty, 1,    0,    0,
                                  0,       NULL,    NULL,    0,       NULL, NULL, NULL};

static double static_inline(long n, int nacc) {
  static long cell;
  EsrtAccess acc[1] = {{&cell, sizeof cell, ESRT_INOUT, NULL}};
  void *p[1];
  double t0 = cpu_now();
  for (long i = 0; i < n; i++) {
    EsrtRun r;
    rt.task_begin(&r, &t_static, acc, nacc, p);
    sink++;
    rt.task_end(&r);
  }
  return (cpu_now() - t0) / (double)n;
}

static double static_loop(long n) {
  EsrtAccess acc[1];
  void *p[1];
  double t0 = cpu_now();
  for (long i = 0; i < n; i++) {
    EsrtRun r;
    for (int v = rt.task_first(&r, &t_static, acc, 0, p); v >= 0; v = rt.task_next(&r))
      sink++;
  }
  return (cpu_now() - t0) / (double)n;
}

static double static_submit(long n) {
  double t0 = cpu_now();
  for (long i = 0; i < n; i++)
    rt.submit(&t_static, NULL, 0, NULL, 0);
  return (cpu_now() - t0) / (double)n;
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
  double t0 = cpu_now();
  for (long i = 0; i < n; i++) {
    struct starpu_task *t = starpu_task_create();
    t->cl = &empty_cl;
    if (starpu_task_submit(t) != 0)
      break;
  }
  starpu_task_wait_for_all();
  double dt = (cpu_now() - t0) / (double)n;
  starpu_shutdown();
  return dt;
}

/* ---- the starpu target: an empty task as generated code submits it ---- */

struct sp_args {
  EspSlot s_[1];
  long *a0;
};
/* One task without data, one with the cell: as generated, each has as many
 * slots as accesses. */
static EspTask sp_tasks[2];
static void sp_cpu(void *b[], void *v, EspTask *t) {
  struct sp_args x;
  void *p[1];
  EspRun r;
  esp_begin(&r, t, b, v, &x, sizeof x, p);
  sink++;
  esp_end(&r);
}
static void sp_cpu0(void *b[], void *v) { sp_cpu(b, v, &sp_tasks[0]); }
static void sp_cpu1(void *b[], void *v) { sp_cpu(b, v, &sp_tasks[1]); }
static EspTask *const sp_unit_tasks[] = {&sp_tasks[0], &sp_tasks[1]};
static const EspUnit sp_unit = {"bench", sp_unit_tasks, 2, "silberstein2011"};
static EspTask sp_tasks[2] = {
    {"bench", "empty", "empty", sp_cpu0, NULL, 0, "cpu", 0, 0, &sp_unit, NULL},
    {"bench", "cell", "cell", sp_cpu1, NULL, 0, "cpu", 0, 1, &sp_unit, NULL},
};

/* Seconds per task submitted by the starpu target, nacc accesses (0 or 1:
 * the same 8 bytes, read and written, so the tasks form a chain). */
static double target_run(long n, int nacc) {
  static long cell;
  EspAccess acc[1] = {{&cell, sizeof cell, ESRT_INOUT, 0}};
  struct sp_args x = {{{0, 0}}, &cell};
  double t0 = cpu_now();
  for (long i = 0; i < n; i++)
    esp_submit(&sp_tasks[nacc], acc, nacc, &x, sizeof x);
  esrt_region_end();
  return (cpu_now() - t0) / (double)n;
}

/* target_run in a child process under ESCHED_STARPU_POLICY=policy; -1 when
 * it cannot run. */
static double target(const char *policy, long n, int nacc) {
  int fd[2];
  double sec = -1;
  if (pipe(fd) != 0)
    return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    setenv("ESCHED_STARPU_POLICY", policy, 1);
    esp_register_unit(&sp_unit);
    target_run(1000, nacc); /* warm up */
    sec = target_run(n, nacc);
    if (write(fd[1], &sec, sizeof sec) != (ssize_t)sizeof sec)
      _exit(1);
    exit(0); /* StarPU stops at exit */
  }
  close(fd[1]);
  if (pid < 0 || read(fd[0], &sec, sizeof sec) != (ssize_t)sizeof sec)
    sec = -1;
  close(fd[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  return sec;
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
  setenv("STARPU_CALIBRATE", "0", 1);
  unsetenv("STARPU_OPENCL_ON_CPUS");
  double inl = -1, loop = -1, inl1 = -1, sub = -1, dsub = -1, eager = -1, dmda = -1;
  double tplan = -1, tplan1 = -1, tdmda = -1;
  bool native = load_native();
  FlushApi api = {rt.submit, rt.region_end};
  FlushCost dfl = {-1, -1, 0};
  if (native)
    static_inline(1000, 0); /* warm up: the runtime starts lazily */
  for (int rep = 0; rep < 3; rep++) {
    if (native) {
      inl = best(inl, static_inline(n, 0));
      loop = best(loop, static_loop(n));
      inl1 = best(inl1, static_inline(n, 1));
      sub = best(sub, static_submit(n));
      FlushCost c = flush_region(&api, &flush_t_cpu, n);
      dsub = best(dsub, c.submit);
      if (dfl.flush < 0 || c.flush < dfl.flush)
        dfl = c;
    }
    eager = best(eager, starpu_run("eager", n));
    dmda = best(dmda, starpu_run("dmda", n));
    tplan = best(tplan, target("plan", n, 0));
    tplan1 = best(tplan1, target("plan", n, 1));
    tdmda = best(tdmda, target("starpu", n, 0));
  }
  printf("dispatch cost of an empty task, ns/task (best of 3 runs of %ld tasks)\n", n);
  row("esched static, inline begin/end", inl);
  row("esched static, inline loop first/next", loop);
  row("esched static, inline, one 8-byte access", inl1);
  row("esched static, submit form (serial)", sub);
  row("esched deferred, submission", dsub);
  row("esched deferred, flush, fresh memory", dfl.flush);
  if (dfl.flush >= 0)
    printf("  %-44s %10.4f\n", "  (its page faults per task)", dfl.faults);
  row("starpu 1.3 eager (STARPU_NCPU=1)", eager);
  row("starpu 1.3 dmda (STARPU_NCPU=1)", dmda);
  row("starpu target, policy plan (eager, pinned)", tplan);
  row("starpu target, plan, one 8-byte access", tplan1);
  row("starpu target, policy starpu (dmda)", tdmda);
  printf("ratios (goal for the static path: <= 0.10)\n");
  ratio("esched static inline", inl, "starpu eager", eager);
  ratio("esched inline loop form", loop, "inline begin/end", inl);
  ratio("esched static inline", inl, "starpu dmda", dmda);
  ratio("esched static submit", sub, "starpu eager", eager);
  ratio("esched deferred submission", dsub, "starpu eager", eager);
  ratio("esched deferred sub+flush", dsub + dfl.flush, "starpu eager", eager);
  ratio("esched deferred sub+flush", dsub + dfl.flush, "starpu dmda", dmda);
  ratio("starpu target, plan", tplan, "starpu eager", eager);
  ratio("starpu target, starpu", tdmda, "starpu dmda", dmda);
  ratio("starpu target, plan", tplan, "esched static inline", inl);
  if (native)
    flush_table(&api, n, eager);
  return 0;
}
