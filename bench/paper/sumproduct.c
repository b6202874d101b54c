/* Silberstein 2011, Tables 1-3 on real networks: the sum-product task trees
 * of variable elimination on Bayesian networks (BIF) and genetic-linkage
 * networks (UAI), scheduled for energy under the paper's platform.
 *
 * For every network: the tree (min-fill, best of 10 seeded runs), CPU time
 * per task measured by running the kernel at the task's sizes on this
 * machine (tasks above --max-product entries predicted by a model fitted in
 * the same run), GPU time from a named model (never measured), then
 *   Table 1   tasks, min/avg/max CPU and GPU time, speedup, transfer size
 *   Table 2   energy of the optimal schedule (tree-dp) and the waste of
 *             hybrid-greedy, CPU-only and GPU-only, plus Table 3's tasks
 *             mapped to the GPU, under silberstein2011 (and at other link
 *             bandwidths: --bandwidths)
 *   check     P(evidence) by elimination against brute-force enumeration
 *   fit       the CPU model fitted to this run's measurements
 *
 * Usage: bench_sumproduct [--gpu-model NAME]... [--bandwidths 1,8,32]
 *          [--max-product N] [--model] [--seed S] NETWORK...
 * NETWORK is a .bif[.gz] (evidence: the leaves, observed at values drawn by
 * forward sampling with --seed, so P(e) > 0) or a .uai (evidence: the .evid
 * file beside it, when there is one). Prints; never fails.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/files.h"
#include "scheduler/plan/plan.h"
#include "scheduler/sumproduct/sumproduct.h"

enum { MAX_NETS = 64, MAX_MODELS = 4, MAX_BW = 8 };

typedef struct Net {
  const char *path;
  EsNetwork *net;
  EsElimTree *tree;
  double *cpu;             /* [ntasks] s */
  unsigned char *measured; /* [ntasks] */
  char evidence[96];       /* how the evidence was chosen */
} Net;

typedef struct Options {
  const EsSpGpuModel *gpu[MAX_MODELS];
  int ngpu;
  double bw[MAX_BW]; /* GB/s */
  int nbw;
  double max_product;
  bool model; /* predict every CPU time with the built-in model */
  unsigned long long seed;
} Options;

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Leaves (no factor names them as a parent) observed at sampled values. */
static int observe_leaves(Net *n, unsigned long long seed) {
  int k = 0, rc = es_network_observe_leaves(n->net, seed, &k, NULL);
  snprintf(n->evidence, sizeof n->evidence, "%d leaves, sampled (seed %llu)", k, seed);
  return rc;
}

static int load(Net *n, const char *path, unsigned long long seed) {
  EsError err = {0};
  n->path = path;
  bool uai = ends_with(path, ".uai");
  int rc =
      uai ? es_network_read_uai(path, &n->net, &err) : es_network_read_bif(path, &n->net, &err);
  if (rc) {
    fprintf(stderr, "%s:%d:%d: %s\n", err.file[0] ? err.file : path, err.line, err.col,
            err.message);
    return rc;
  }
  if (!uai)
    return observe_leaves(n, seed);
  char evid[4096];
  snprintf(evid, sizeof evid, "%s.evid", path);
  FILE *f = fopen(evid, "r");
  snprintf(n->evidence, sizeof n->evidence, "none");
  if (!f)
    return ES_OK;
  fclose(f);
  rc = es_network_read_evidence(n->net, evid, &err);
  snprintf(n->evidence, sizeof n->evidence, "%d observed (.evid)", es_network_nobserved(n->net));
  return rc;
}

static int build(Net *n) {
  EsElimOrderOptions o = {ES_ELIM_MIN_FILL, 10, 1};
  int m, *order = malloc(sizeof(int) * ((size_t)n->net->nvars + 1));
  int rc = order ? es_elim_order(n->net, &o, order, &m, NULL) : ES_ENOMEM;
  if (!rc)
    rc = es_elim_tree_build(n->net, order, m, &n->tree, NULL);
  free(order);
  if (!rc) {
    n->cpu = calloc((size_t)n->tree->ntasks + 1, sizeof(double));
    n->measured = calloc((size_t)n->tree->ntasks + 1, 1);
    rc = n->cpu && n->measured ? ES_OK : ES_ENOMEM;
  }
  return rc;
}

/* Measures every task up to the size limit. */
static void measure(Net *n, const Options *o) {
  for (int i = 0; i < n->tree->ntasks; i++)
    n->measured[i] =
        !o->model && es_sp_measure(n->tree, i, 1e-3, o->max_product, &n->cpu[i], NULL) == ES_OK;
}

/* Fits the CPU model to every measured task of every network and predicts
 * the others with it (or with the built-in model under --model). */
static EsSpCpuModel fit(Net *nets, int nnets, const Options *o) {
  EsSpCpuModel m = es_sp_cpu_default();
  int total = 0, k = 0, predicted = 0;
  for (int j = 0; j < nnets; j++)
    total += nets[j].tree->ntasks;
  EsSpShape *shapes = malloc(sizeof(EsSpShape) * ((size_t)total + 1));
  double *t = malloc(sizeof(double) * ((size_t)total + 1)), rms = NAN;
  for (int j = 0; shapes && t && j < nnets; j++)
    for (int i = 0; i < nets[j].tree->ntasks; i++)
      if (nets[j].measured[i])
        shapes[k] = es_sp_shape(nets[j].tree, i), t[k++] = nets[j].cpu[i];
  printf("\n== CPU time model ==\n");
  if (!o->model && es_sp_cpu_fit(shapes, t, k, &m, &rms, NULL) == ES_OK)
    printf("fitted to %d measured tasks: t = %.4g + %.4g*product*inputs + %.4g*out*inputs s; "
           "relative RMS error %.3f\n",
           k, m.c[0], m.c[1], m.c[2], rms);
  else
    printf("built-in: t = %.4g + %.4g*product*inputs + %.4g*out*inputs s (%s)\n", m.c[0], m.c[1],
           m.c[2], m.source);
  for (int j = 0; j < nnets; j++)
    for (int i = 0; i < nets[j].tree->ntasks; i++)
      if (!nets[j].measured[i])
        nets[j].cpu[i] = es_sp_cpu_predict(&m, es_sp_shape(nets[j].tree, i)), predicted++;
  printf("%d of %d tasks measured (the kernel at the task's sizes, best of 3 batches of "
         ">= 1 ms), %d predicted by this model\n",
         k, total, predicted);
  free(shapes), free(t);
  return m;
}

static double *gpu_times(const Net *n, const EsSpGpuModel *g) {
  double *t = malloc(sizeof(double) * ((size_t)n->tree->ntasks + 1));
  for (int i = 0; t && i < n->tree->ntasks; i++)
    t[i] = es_sp_gpu_predict(g, es_sp_shape(n->tree, i));
  return t;
}

static void table1(Net *nets, int nnets, const EsSpGpuModel *g) {
  printf("\n== Table 1: task trees (GPU: model %s, not measured) ==\n", g->name);
  for (int j = 0; j < nnets; j++) {
    double *gpu = gpu_times(&nets[j], g);
    EsSpStats s;
    if (!gpu)
      continue;
    es_sp_stats(nets[j].tree, nets[j].cpu, gpu, &s);
    es_sp_stats_write(stdout, nets[j].net->name, &s, j == 0);
    free(gpu);
  }
}

typedef struct Row {
  double energy, greedy, cpu, gpu; /* J */
  int on_gpu, greedy_on_gpu;       /* elimination tasks */
} Row;

static double baseline(const EsSchedule *s, const char *name) {
  for (int b = 0; b < s->nbaselines; b++)
    if (strcmp(s->baselines[b].name, name) == 0)
      return s->baselines[b].energy;
  return NAN;
}

/* Elimination tasks (the graph's first ntasks) that greedy puts on the GPU. */
static int greedy_on_gpu(EsGraph *g, const EsPlanOptions *po, int ntasks) {
  EsProblem p;
  EsSolution sol;
  int count = -1;
  if (es_problem_build(g, &po->problem, &p, NULL))
    return -1;
  if (es_solution_init(&sol, p.ntasks, false) == ES_OK &&
      es_algorithm_run("greedy", &p, NULL, &sol, NULL) == ES_OK) {
    count = 0;
    for (int v = 0; v < ntasks; v++)
      count += strcmp(p.device_names[p.label_device[sol.label[v]]], "gpu") == 0;
  }
  es_solution_free(&sol);
  es_problem_free(&p);
  return count;
}

static bool schedule_row(const Net *n, const double *gpu, double bw, Row *r) {
  EsPlatform *pf = es_platform_preset("silberstein2011");
  EsGraph *g = es_sp_graph(n->tree, n->net->name, n->cpu, gpu);
  EsSchedule *s = NULL;
  bool ok = pf && g;
  for (int l = 0; ok && l < pf->nlinks; l++)
    pf->links[l].bandwidth = bw * 1e9;
  EsPlanOptions po = {.problem = {.platform = pf}, .algorithm = "tree-dp", .baselines = true};
  ok = ok && es_plan(g, &po, &s, NULL, 0, NULL, 0, NULL) == ES_OK;
  if (ok) {
    *r = (Row){s->total_energy,
               baseline(s, "greedy"),
               baseline(s, "cpu-only"),
               baseline(s, "gpu-only"),
               0,
               greedy_on_gpu(g, &po, n->tree->ntasks)};
    for (int v = 0; v < n->tree->ntasks; v++)
      r->on_gpu += strcmp(s->entries[v].device, "gpu") == 0;
  }
  es_schedule_free(s);
  es_graph_free(g);
  es_platform_free(pf);
  return ok;
}

static double waste(double baseline_energy, double optimal) {
  return 100 * (baseline_energy - optimal) / optimal;
}

static void table2(Net *nets, int nnets, const EsSpGpuModel *g, double bw) {
  printf("\n== Table 2 (+ Table 3's tasks on the GPU): GPU model %s, link %g GB/s ==\n", g->name,
         bw);
  printf("%-12s %5s %12s | %-6s %8s %8s %8s | %-7s %7s %7s\n", "network", "tasks", "optimal J",
         "waste%", "greedy", "cpu-only", "gpu-only", "on gpu:", "optimal", "greedy");
  for (int j = 0; j < nnets; j++) {
    double *gpu = gpu_times(&nets[j], g);
    Row r;
    if (gpu && schedule_row(&nets[j], gpu, bw, &r))
      printf("%-12s %5d %12.4g | %-6s %8.1f %8.1f %8.1f | %-7s %7d %7d\n", nets[j].net->name,
             nets[j].tree->ntasks, r.energy, "", waste(r.greedy, r.energy), waste(r.cpu, r.energy),
             waste(r.gpu, r.energy), "", r.on_gpu, r.greedy_on_gpu);
    else
      printf("%-12s cannot be scheduled\n", nets[j].net->name);
    free(gpu);
  }
  printf("assumptions: silberstein2011 (Section 6.1): energy = time x peak power, cpu 90 W, "
         "gpu 180 W,\n  idle 0 W, transfers at %g GB/s (10^9 B/s) drawing 140 W; input "
         "factors start in host memory\n  (cpu-pinned input nodes), the result returns to "
         "it; waste = (baseline - optimal) / optimal;\n  optimal = tree-dp (exact); tables "
         "in doubles (8 B per entry)\n",
         bw);
}

/* P(e) by elimination against enumeration, where both are in reach. */
static void check(Net *nets, int nnets) {
  printf("\n== P(evidence): variable elimination vs brute-force enumeration ==\n");
  printf("%-12s %5s %10s %24s %24s %9s\n", "network", "free", "assignments", "elimination",
         "enumeration", "rel diff");
  for (int j = 0; j < nnets; j++) {
    const EsNetwork *net = nets[j].net;
    double count = 1, maxp = 0, ve = NAN, brute = NAN;
    for (int v = 0; v < net->nvars; v++)
      count *= net->vars[v].observed < 0 ? net->vars[v].card : 1;
    for (int i = 0; i < nets[j].tree->ntasks; i++)
      maxp = fmax(maxp, nets[j].tree->tasks[i].product_entries);
    bool run_ve = maxp <= 1e9 && es_elim_run(nets[j].tree, &ve, NULL) == ES_OK;
    bool run_brute = run_ve && es_network_enumerate(net, 1e9, &brute, NULL) == ES_OK;
    printf("%-12s %5d %10.3g %24.17g", net->name, es_network_nfree(net), count, ve);
    if (!run_ve)
      printf(" %24s  (elimination not run: largest product %.3g entries)\n", "-", maxp);
    else if (!run_brute)
      printf(" %24s  (too many assignments to enumerate)\n", "-");
    else {
      double rel = ve == brute ? 0 : fabs(ve - brute) / fmax(fabs(ve), fabs(brute));
      printf(" %24.17g %9.2g %s\n", brute, rel, rel <= 1e-12 ? "ok" : "DIFFERS");
    }
  }
}

static void parse_list(const char *s, double *out, int *n, int max) {
  *n = 0;
  for (char *end; *s && *n < max; s = *end ? end + 1 : end) {
    out[(*n)++] = strtod(s, &end);
    if (end == s)
      break;
  }
}

static int parse(int argc, char **argv, Options *o) {
  *o = (Options){.max_product = 1 << 24, .seed = 1};
  o->bw[0] = 1, o->bw[1] = 8, o->bw[2] = 32, o->nbw = 3;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "--model"))
      o->model = true;
    else if (i + 1 < argc && !strcmp(argv[i], "--gpu-model") && o->ngpu < MAX_MODELS &&
             (o->gpu[o->ngpu] = es_sp_gpu_model(argv[i + 1])))
      o->ngpu++, i++;
    else if (i + 1 < argc && !strcmp(argv[i], "--bandwidths"))
      parse_list(argv[++i], o->bw, &o->nbw, MAX_BW);
    else if (i + 1 < argc && !strcmp(argv[i], "--max-product"))
      o->max_product = strtod(argv[++i], NULL);
    else if (i + 1 < argc && !strcmp(argv[i], "--seed"))
      o->seed = strtoull(argv[++i], NULL, 10);
    else
      fprintf(stderr, "bench_sumproduct: ignoring '%s'\n", argv[i]);
  }
  if (o->ngpu == 0)
    o->gpu[o->ngpu++] = es_sp_gpu_model("gtx285");
  return i;
}

int main(int argc, char **argv) {
  Options o;
  Net nets[MAX_NETS] = {{0}};
  int n = 0;
  for (int i = parse(argc, argv, &o); i < argc && n < MAX_NETS; i++) {
    Net *net = &nets[n];
    if (load(net, argv[i], o.seed) == ES_OK && build(net) == ES_OK) {
      measure(net, &o);
      printf("%s: %d variables, evidence %s, %d tasks, width %d\n", net->net->name, net->net->nvars,
             net->evidence, net->tree->ntasks, net->tree->width);
      n++;
    } else {
      printf("%s: skipped (cannot read or eliminate)\n", argv[i]);
      es_elim_tree_free(net->tree), es_network_free(net->net);
      free(net->cpu), free(net->measured);
      memset(net, 0, sizeof *net);
    }
  }
  fit(nets, n, &o);
  for (int m = 0; m < o.ngpu; m++) {
    table1(nets, n, o.gpu[m]);
    for (int b = 0; b < o.nbw; b++)
      table2(nets, n, o.gpu[m], o.bw[b]);
  }
  check(nets, n);
  for (int j = 0; j < n; j++) {
    es_elim_tree_free(nets[j].tree), es_network_free(nets[j].net);
    free(nets[j].cpu), free(nets[j].measured);
  }
  return 0;
}
