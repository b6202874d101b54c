/* The energy of esched's plan against StarPU's dmda on sum-product task
 * trees (Silberstein 2011's application; `esched gen sumproduct` writes
 * them), in the model of one platform, side by side.
 *
 * For each tree: esched's plan (tree-dp, the exact minimum-energy
 * assignment) and its baselines (cpu-only, gpu-only, hybrid-greedy); then
 * StarPU 1.3 with dmda places the same tasks, calibrated the way the
 * starpu target does it: the tree's times exported as esched's history
 * models (one per task, keyed by its input bytes; esched starpu export), and
 * StarPU's bus model rewritten with the platform's CPU <-> GPU link, so
 * that dmda sees the platform esched sees. Its workers: one CPU worker and
 * PoCL's CPU device as the OpenCL worker standing for the GPU; each task
 * spins for its modelled time on the device dmda chose (up to 20 ms, so
 * dmda's queues behave), and its data has the tree's sizes. The energy of
 * dmda's placement is then evaluated in esched's model (es_problem_evaluate),
 * as the plan's is: energy = busy time at the devices' powers + transfers at
 * the link's. dmda minimizes finishing time, not energy.
 *
 * usage: bench_starpu_energy [--platform P] [--max-bytes B] GRAPH.yaml...
 * (bench/starpu_energy.sh generates the trees of ../shared/data's networks).
 * Prints; never fails. A tree whose tables exceed --max-bytes in all
 * (default 256 MB) is skipped: StarPU allocates them. */
#include <math.h>
#include <starpu.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime-stub/starpu/sp_model.h"
#include "scheduler/io/files.h"
#include "scheduler/io/starpu_model.h"
#include "scheduler/model/dag.h"
#include "scheduler/plan/plan.h"

typedef struct Node {
  struct starpu_codelet cl;
  struct starpu_perfmodel model;
  char symbol[160];
  double seconds[2]; /* modelled time on the CPU, on the GPU */
  int ran;           /* the worker type it ran on, -1 before */
} Node;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void body(void *buffers[], void *arg) {
  (void)buffers;
  Node *n;
  starpu_codelet_unpack_args(arg, &n);
  n->ran = starpu_worker_get_type(starpu_worker_get_id());
  double s = n->seconds[n->ran != STARPU_CPU_WORKER], end = now() + (s < 0.02 ? s : 0.02);
  while (now() < end)
    ;
}

/* StarPU's bus files (STARPU_PERF_MODEL_DIR/bus/HOST.bandwidth in MB/s,
 * .latency in us: a matrix from memory node i to j, RAM = 0, the OpenCL
 * device = 1) with the platform's cpu <-> gpu link in place of the
 * measured figures. */
static void rewrite_bus(const char *dir, const EsPlatform *pf) {
  int cpu = es_platform_find_device(pf, "cpu"), gpu = es_platform_find_device(pf, "gpu");
  const EsLink *up = es_platform_link(pf, cpu, gpu), *down = es_platform_link(pf, gpu, cpu);
  for (int k = 0; k < 2 && up && down; k++) {
    char path[4200];
    snprintf(path, sizeof path, "%s/bus/esched-bench.%s", dir, k ? "latency" : "bandwidth");
    FILE *f = fopen(path, "w");
    if (!f)
      return;
    fputs("# to 0\t\tto 1\n", f);
    double a = k ? up->latency * 1e6 : up->bandwidth / 1e6;
    double b = k ? down->latency * 1e6 : down->bandwidth / 1e6;
    for (int i = 0; i < STARPU_MAXNODES; i++) {
      for (int j = 0; j < STARPU_MAXNODES; j++) {
        double v = i == j && i < 2 ? 0 : i == 0 && j == 1 ? a : i == 1 && j == 0 ? b : NAN;
        fprintf(f, "%e\t", v);
      }
      fputc('\n', f);
    }
    fclose(f);
  }
}

/* One StarPU run (dmda) submitting the tasks in the topological order topo;
 * labels[v] receives each task's label. */
static void run_dmda(EsGraph *g, const EsProblem *p, const int *topo, Node *nodes, int *labels) {
  struct starpu_conf conf;
  starpu_conf_init(&conf);
  conf.sched_policy_name = "dmda";
  if (starpu_init(&conf) != 0)
    return;
  starpu_data_handle_t *out = calloc((size_t)g->ntasks, sizeof *out);
  void **mem = calloc((size_t)g->ntasks, sizeof *mem);
  for (int e = 0; e < g->nedges; e++) { /* every task's output: its one edge out */
    int v = g->edges[e].from;
    size_t bytes = g->edges[e].bytes > 0 ? (size_t)g->edges[e].bytes : 8;
    if (g->tasks[v].kind == ES_TASK_INPUT && (mem[v] = calloc(1, bytes)))
      starpu_vector_data_register(&out[v], STARPU_MAIN_RAM, (uintptr_t)mem[v], (uint32_t)bytes, 1);
    else if (g->tasks[v].kind != ES_TASK_INPUT)
      starpu_vector_data_register(&out[v], -1, 0, (uint32_t)bytes, 1);
  }
  struct starpu_data_descr *d = calloc((size_t)g->nedges + 1, sizeof *d);
  for (int k = 0; k < g->ntasks; k++) {
    int v = topo[k];
    if (g->tasks[v].kind != ES_TASK_REGION)
      continue;
    int n = 0;
    for (int e = 0; e < g->nedges; e++)
      if (g->edges[e].to == v && out[g->edges[e].from])
        d[n++] = (struct starpu_data_descr){out[g->edges[e].from], STARPU_R};
    d[n++] = (struct starpu_data_descr){out[v], STARPU_W};
    Node *node = &nodes[v];
    starpu_task_insert(&node->cl, STARPU_DATA_MODE_ARRAY, d, n, STARPU_VALUE, &node, sizeof node,
                       0);
  }
  starpu_task_wait_for_all();
  for (int v = 0; v < g->ntasks; v++) {
    if (out[v])
      starpu_data_unregister_no_coherency(out[v]);
    free(mem[v]);
  }
  starpu_shutdown();
  int cpu = -1, gpu = -1;
  for (int dv = 0; dv < p->ndevices; dv++) {
    if (!strcmp(p->device_names[dv], "cpu"))
      cpu = es_problem_label(p, dv, 0);
    if (!strcmp(p->device_names[dv], "gpu"))
      gpu = es_problem_label(p, dv, 0);
  }
  for (int v = 0; v < g->ntasks; v++)
    labels[v] = g->tasks[v].kind == ES_TASK_REGION && nodes[v].ran != STARPU_CPU_WORKER ? gpu : cpu;
  free(out), free(mem), free(d);
}

/* esched's history models of g's tasks: its times at each task's input
 * bytes, exported into dir (as `esched starpu export` does). */
static void export_models(const EsGraph *g, const EsProblem *p, const char *dir) {
  EsProfile *prof = es_profile_new();
  for (int v = 0; prof && v < g->ntasks; v++) {
    if (g->tasks[v].kind != ES_TASK_REGION)
      continue;
    double in = 0;
    for (int e = 0; e < g->nedges; e++)
      in += g->edges[e].to == v && g->edges[e].bytes > 0 ? g->edges[e].bytes : 0;
    EsProfileEntry *entry = es_profile_entry(prof, es_task_key(&g->tasks[v]));
    for (int d = 0; entry && d < p->ndevices; d++) {
      double t = p->value[ES_OBJ_TIME][(long)v * p->nlabels + es_problem_label(p, d, 0)];
      EsProfileRun *r = isinf(t) ? NULL : es_profile_run(prof, entry, p->device_names[d], 0, in);
      if (r)
        es_stats_add(&r->time, t);
    }
  }
  EsError err = {0};
  int written, sizeless;
  if (prof && es_starpu_export(prof, dir, "gpu", &written, &sizeless, &err))
    fprintf(stderr, "bench_starpu_energy: %s\n", err.message);
  es_profile_free(prof);
}

typedef struct Row {
  double plan, dmda, cpu_only, gpu_only, greedy; /* J */
  double plan_time, dmda_time;                   /* s, serial */
  int gpu_plan, gpu_dmda, tasks;
} Row;

static double baseline(const EsSchedule *s, const char *name) {
  for (int i = 0; i < s->nbaselines; i++)
    if (!strcmp(s->baselines[i].name, name))
      return s->baselines[i].energy;
  return NAN;
}

static int on_gpu(const EsGraph *g, const EsProblem *p, const int *labels) {
  int n = 0;
  for (int v = 0; v < g->ntasks; v++)
    n += g->tasks[v].kind == ES_TASK_REGION &&
         strcmp(p->device_names[p->label_device[labels[v]]], "cpu");
  return n;
}

static bool run_graph(EsGraph *g, const EsPlatform *pf, const char *dir, Row *row) {
  EsPlanOptions opt = {.problem = {pf, NULL, ES_OBJ_ENERGY}, .baselines = true};
  EsSchedule *s = NULL;
  EsProblem p;
  EsDag dag;
  EsError err = {0};
  if (es_plan(g, &opt, &s, NULL, 0, NULL, 0, &err) || es_problem_build(g, &opt.problem, &p, &err)) {
    fprintf(stderr, "bench_starpu_energy: %s: %s\n", g->name, err.message);
    es_schedule_free(s);
    return false;
  }
  int *plan = calloc((size_t)g->ntasks, sizeof *plan),
      *dmda = calloc((size_t)g->ntasks, sizeof *dmda);
  Node *nodes = calloc((size_t)g->ntasks, sizeof *nodes);
  bool ok = plan && dmda && nodes && es_dag_build(&p, &dag, &err) == ES_OK;
  for (int v = 0; ok && v < g->ntasks; v++) {
    const EsScheduleEntry *e = es_schedule_find(s, g->tasks[v].name);
    int d = e ? es_platform_find_device(pf, e->device) : 0;
    plan[v] = es_problem_label(&p, d, e ? e->level : 0);
    Node *n = &nodes[v];
    n->ran = -1;
    for (int k = 0; k < 2; k++) {
      int dv = es_platform_find_device(pf, k ? "gpu" : "cpu");
      n->seconds[k] = p.value[ES_OBJ_TIME][(long)v * p.nlabels + es_problem_label(&p, dv, 0)];
    }
    sp_model_init(&n->model, n->symbol, sizeof n->symbol, es_task_key(&g->tasks[v]));
    n->cl.cpu_funcs[0] = body;
    n->cl.opencl_funcs[0] = body;
    n->cl.nbuffers = STARPU_VARIABLE_NBUFFERS;
    n->cl.model = &n->model;
  }
  if (ok) {
    export_models(g, &p, dir);
    run_dmda(g, &p, dag.topo, nodes, dmda);
    es_dag_free(&dag);
    *row = (Row){s->total_energy,
                 es_problem_evaluate(&p, ES_OBJ_ENERGY, dmda),
                 baseline(s, "cpu-only"),
                 baseline(s, "gpu-only"),
                 baseline(s, "greedy"),
                 es_problem_evaluate(&p, ES_OBJ_TIME, plan),
                 es_problem_evaluate(&p, ES_OBJ_TIME, dmda),
                 on_gpu(g, &p, plan),
                 on_gpu(g, &p, dmda),
                 0};
    for (int v = 0; v < g->ntasks; v++)
      row->tasks += g->tasks[v].kind == ES_TASK_REGION;
  }
  free(plan), free(dmda), free(nodes);
  es_problem_free(&p);
  es_schedule_free(s);
  return ok;
}

static double total_bytes(const EsGraph *g) {
  double b = 0;
  for (int e = 0; e < g->nedges; e++)
    b += g->edges[e].bytes > 0 ? g->edges[e].bytes : 0;
  return b;
}

int main(int argc, char **argv) {
  const char *platform = "silberstein2011";
  double max_bytes = 256e6;
  char dir[] = "/tmp/esched-bench-starpu-XXXXXX";
  if (!mkdtemp(dir))
    return 0;
  setenv("STARPU_PERF_MODEL_DIR", dir, 1);
  setenv("STARPU_HOSTNAME", "esched-bench", 1);
  setenv("STARPU_SILENT", "1", 1);
  setenv("STARPU_CALIBRATE", "0", 1);
  setenv("STARPU_NCPU", "1", 1);
  setenv("STARPU_OPENCL_ON_CPUS", "1", 1);
  unsetenv("STARPU_SCHED");
  EsPlatform *pf = NULL;
  EsError err = {0};
  int first = 1;
  for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
    if (!strcmp(argv[first], "--platform"))
      platform = argv[first + 1];
    else if (!strcmp(argv[first], "--max-bytes"))
      max_bytes = atof(argv[first + 1]);
  }
  if (es_platform_load(platform, &pf, &err)) {
    fprintf(stderr, "bench_starpu_energy: %s\n", err.message);
    return 0;
  }
  /* StarPU calibrates its buses in dir once; then they become the platform's. */
  if (starpu_init(NULL) != 0 || starpu_opencl_worker_get_count() == 0) {
    printf("StarPU has no OpenCL worker (PoCL, STARPU_OPENCL_ON_CPUS=1): nothing to compare\n");
    return 0;
  }
  starpu_shutdown();
  rewrite_bus(dir, pf);
  printf("energy of esched's plan (tree-dp) and of StarPU dmda's placement, model J on %s\n",
         pf->name);
  printf("%-22s %6s %12s %12s %8s %12s %12s %12s %9s %9s %9s\n", "tree", "tasks", "plan", "dmda",
         "dmda/plan", "cpu-only", "gpu-only", "greedy", "gpu:plan", "gpu:dmda", "T dmda/plan");
  for (int i = first; i < argc; i++) {
    EsGraphList list = {0};
    if (es_graph_read(argv[i], &list, &err)) {
      fprintf(stderr, "bench_starpu_energy: %s\n", err.message);
      continue;
    }
    for (int k = 0; k < list.len; k++) {
      Row r;
      if (total_bytes(list.v[k]) > max_bytes)
        printf("%-22s skipped: its tables hold %.3g bytes\n", list.v[k]->name,
               total_bytes(list.v[k]));
      else if (run_graph(list.v[k], pf, dir, &r))
        printf("%-22s %6d %12.6g %12.6g %8.3f %12.6g %12.6g %12.6g %9d %9d %9.3f\n",
               list.v[k]->name, r.tasks, r.plan, r.dmda, r.dmda / r.plan, r.cpu_only, r.gpu_only,
               r.greedy, r.gpu_plan, r.gpu_dmda, r.dmda_time / r.plan_time);
    }
    es_graph_list_free(&list);
  }
  es_platform_free(pf);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  return system(cmd) ? 0 : 0;
}
