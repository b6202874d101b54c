/* Benchmark of the exact energy schedulers (issue: foundation).
 *
 *   tree-dp on random in-trees of 10^3 ... 10^7 tasks, two devices;
 *   mincut on random DAGs of 10^3 ... 10^6 tasks with shared items;
 *   per size: ns per task of the algorithm alone, of binding the graph to its
 *   costs (es_problem_build), and of parsing its YAML file (up to 10^6), and
 *   the peak resident memory of the whole run of that size (each size runs in
 *   its own child process so the peaks do not mix);
 *   tree-dp against GLPK's ilp on one 200-task tree: ratio of times and
 *   whether the optima agree.
 *
 * Usage: bench_exact [MAX_TREE_EXP [MAX_DAG_EXP]]   (defaults 7 and 6)
 * Prints figures only; never fails for being slow.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "scheduler/model/solution.h"
#include "scheduler/plan/algorithms.h"
#include "scheduler/io/files.h"
#include "scheduler/gen/gen.h"
#include "scheduler/lp/milp.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct Figures {
  double algo_ns, build_ns, parse_ns, energy;
  long peak_kb;
} Figures;

/* Median of three runs of algorithm spec on p, in seconds. */
static double time_algorithm(const EsProblem *p, const char *spec, double *energy) {
  double t[3];
  for (int r = 0; r < 3; r++) {
    EsSolution s;
    EsError err = {0};
    es_solution_init(&s, p->ntasks, false);
    double t0 = now();
    if (es_algorithm_run(spec, p, NULL, &s, &err))
      fprintf(stderr, "%s failed: %s\n", spec, err.message);
    t[r] = now() - t0;
    *energy = es_problem_evaluate(p, ES_OBJ_ENERGY, s.label);
    es_solution_free(&s);
  }
  double lo = fmin(t[0], fmin(t[1], t[2])), hi = fmax(t[0], fmax(t[1], t[2]));
  return t[0] + t[1] + t[2] - lo - hi;
}

static double time_parse(const EsGraph *g) {
  char path[] = "/tmp/esched-bench-XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f)
    return NAN;
  es_graph_write(f, &g, 1);
  fclose(f);
  EsGraphList list = {0};
  EsError err = {0};
  double t0 = now();
  int rc = es_graph_read(path, &list, &err);
  double t = now() - t0;
  es_graph_list_free(&list);
  unlink(path);
  return rc ? NAN : t;
}

/* Runs one size in this (child) process. */
static Figures measure(bool dag, int n, bool parse) {
  EsGenOptions o = {.ntasks = n, .ndevices = 2, .nlevels = 1, .costs = ES_GEN_PHYSICAL,
                    .seed = 42, .max_parents = 3, .shared = 0.5, .pinned = 0.01};
  EsGraph *g = dag ? es_gen_dag(&o) : es_gen_tree(&o);
  EsPlatform *pf = es_platform_preset("silberstein2011");
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  Figures f = {NAN, NAN, NAN, NAN, 0};
  double t0 = now();
  if (es_problem_build(g, &po, &p, &err)) {
    fprintf(stderr, "build failed: %s\n", err.message);
    return f;
  }
  f.build_ns = (now() - t0) * 1e9 / n;
  f.algo_ns = time_algorithm(&p, dag ? "mincut" : "tree-dp", &f.energy) * 1e9 / n;
  if (parse)
    f.parse_ns = time_parse(g) * 1e9 / n;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  f.peak_kb = ru.ru_maxrss;
  es_problem_free(&p);
  es_platform_free(pf);
  es_graph_free(g);
  return f;
}

static Figures measure_in_child(bool dag, int n, bool parse) {
  int fds[2];
  Figures f = {NAN, NAN, NAN, NAN, 0};
  if (pipe(fds))
    return f;
  pid_t pid = fork();
  if (pid == 0) {
    Figures r = measure(dag, n, parse);
    ssize_t w = write(fds[1], &r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
  }
  close(fds[1]);
  if (read(fds[0], &f, sizeof f) != (ssize_t)sizeof f)
    fprintf(stderr, "child for n=%d failed\n", n);
  close(fds[0]);
  waitpid(pid, NULL, 0);
  return f;
}

static void size_table(bool dag, int max_exp) {
  printf("\n%s on random %s (2 devices, silberstein2011, physical costs)\n",
         dag ? "mincut" : "tree-dp", dag ? "DAGs (<= 3 parents, half the items shared)" : "in-trees");
  printf("%10s %12s %12s %12s %12s %14s\n", "tasks", "algo ns/task", "build ns/t", "parse ns/t",
         "peak MiB", "energy J");
  for (int e = 3; e <= max_exp; e++) {
    int n = (int)lround(pow(10, e));
    Figures f = measure_in_child(dag, n, e <= 6);
    printf("%10d %12.1f %12.1f %12.1f %12.1f %14.6g\n", n, f.algo_ns, f.build_ns, f.parse_ns,
           (double)f.peak_kb / 1024, f.energy);
    fflush(stdout);
  }
}

static void versus_ilp(void) {
  EsGenOptions o = {.ntasks = 200, .ndevices = 2, .nlevels = 1, .costs = ES_GEN_PHYSICAL,
                    .seed = 9};
  EsGraph *g = es_gen_tree(&o);
  EsPlatform *pf = es_platform_preset("silberstein2011");
  EsProblemOptions po = {pf, NULL, ES_OBJ_ENERGY};
  EsProblem p;
  EsError err = {0};
  es_problem_build(g, &po, &p, &err);
  double e_dp, e_ilp;
  double t_dp = time_algorithm(&p, "tree-dp", &e_dp);
  printf("\ntree-dp vs GLPK ilp on one 200-task tree\n");
  if (!es_milp_available()) {
    printf("  GLPK not built in: skipped\n");
  } else {
    double t_ilp = time_algorithm(&p, "ilp", &e_ilp);
    printf("  tree-dp %.3f ms, ilp %.3f ms: ilp/tree-dp = %.0fx; optima %.12g J and %.12g J: %s\n",
           t_dp * 1e3, t_ilp * 1e3, t_ilp / t_dp, e_dp, e_ilp,
           fabs(e_dp - e_ilp) <= 1e-9 * e_dp ? "equal" : "DIFFERENT");
  }
  es_problem_free(&p);
  es_platform_free(pf);
  es_graph_free(g);
}

int main(int argc, char **argv) {
  int tree_exp = argc > 1 ? atoi(argv[1]) : 7;
  int dag_exp = argc > 2 ? atoi(argv[2]) : 6;
  printf("esched exact schedulers; goal: tree-dp <= 50 ns/task at 10^6 tasks (2 devices)\n");
  size_table(false, tree_exp);
  size_table(true, dag_exp);
  versus_ilp();
  return 0;
}
