/* esched gen sumproduct: the task tree of variable elimination on a
 * Bayesian or Markov network (Silberstein 2011, Sections 5-6), with CPU
 * times measured or predicted and GPU times from a named model. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/commands.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/io/files.h"
#include "scheduler/sumproduct/sumproduct.h"

static const char help[] =
    "usage: esched gen sumproduct (--bif FILE | --uai FILE) [options] [-o FILE]\n"
    "\n"
    "Writes the task tree of variable elimination on the network: one task per\n"
    "eliminated variable (multiply the factors that mention it, sum it out) with\n"
    "its CPU and GPU time, the reduced input factors as input nodes pinned to the\n"
    "cpu, and edges carrying the tables' bytes. Prints the statistics of\n"
    "Silberstein 2011's Table 1 (to standard error unless --stats is given).\n"
    "\n"
    "options:\n"
    "  --bif FILE          a Bayesian network in BIF (.bif or .bif.gz)\n"
    "  --uai FILE          a network in the UAI format (MARKOV or BAYES)\n"
    "  --evidence FILE     observed variables (UAI .evid format; names allowed)\n"
    "  --order H           elimination order: min-fill (default) or min-degree\n"
    "  --tries N           greedy runs, the first with ties by index, the others with\n"
    "                      random ties; the least total work wins (default 10)\n"
    "  --seed S            seed of the random ties (default 1)\n"
    "  --gpu-model NAME    GPU time model: gtx285 (default, the paper's GPU) or h100\n"
    "  --measure           measure each task's CPU time by running the kernel at its\n"
    "                      sizes on this machine (default: the built-in fitted model)\n"
    "  --solve             also run the elimination and print P(evidence)\n"
    "  --check             --solve, and compare with brute-force enumeration\n"
    "                      (1e-12 relative; exit status 1 when they differ)\n"
    "  --stats FILE        write the statistics to FILE ('-' = standard output)\n"
    "  -o FILE             output graph (default: standard output)\n";

typedef struct Options {
  const char *bif, *uai, *evidence, *output, *stats;
  EsElimOrderOptions order;
  const EsSpGpuModel *gpu;
  bool measure, solve, check;
} Options;

static bool parse_option(Args *a, const char *arg, Options *o) {
  if (!strcmp(arg, "--bif"))
    o->bif = args_value(a, arg);
  else if (!strcmp(arg, "--uai"))
    o->uai = args_value(a, arg);
  else if (!strcmp(arg, "--evidence"))
    o->evidence = args_value(a, arg);
  else if (!strcmp(arg, "-o"))
    o->output = args_value(a, arg);
  else if (!strcmp(arg, "--stats"))
    o->stats = args_value(a, arg);
  else if (!strcmp(arg, "--measure"))
    o->measure = true;
  else if (!strcmp(arg, "--solve"))
    o->solve = true;
  else if (!strcmp(arg, "--check"))
    o->solve = o->check = true;
  else if (!strcmp(arg, "--order")) {
    const char *v = args_value(a, arg);
    if (v && !es_elim_heuristic_parse(v, &o->order.heuristic)) {
      diag(DIAG_ERROR, NULL, 0, 0, "gen sumproduct: --order must be min-fill or min-degree");
      a->failed = true;
    }
  } else if (!strcmp(arg, "--tries") || !strcmp(arg, "--seed")) {
    long n;
    if (args_long(a, arg, &n) && arg[2] == 't')
      o->order.tries = (int)n;
    else if (!a->failed)
      o->order.seed = (uint64_t)n;
  } else if (!strcmp(arg, "--gpu-model")) {
    const char *v = args_value(a, arg);
    if (v && !(o->gpu = es_sp_gpu_model(v))) {
      diag(DIAG_ERROR, NULL, 0, 0, "gen sumproduct: unknown GPU model '%s' (gtx285, h100)", v);
      a->failed = true;
    }
  } else
    return false;
  return true;
}

static bool parse(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "gen sumproduct", argc, argv);
  o->gpu = es_sp_gpu_model("gtx285");
  o->order = (EsElimOrderOptions){ES_ELIM_MIN_FILL, 10, 1};
  const char *arg;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k != ARG_OPTION) {
      diag(DIAG_ERROR, NULL, 0, 0, "gen sumproduct: unexpected argument '%s'", arg);
      return false;
    }
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      exit(0);
    }
    if (!parse_option(&a, arg, o))
      args_unknown(&a, arg);
    if (a.failed)
      return false;
  }
  if (!o->bif == !o->uai) {
    diag(DIAG_ERROR, NULL, 0, 0, "gen sumproduct: give exactly one of --bif FILE and --uai FILE");
    return false;
  }
  return true;
}

/* The network and its evidence; NULL after diagnostics. */
static EsNetwork *load(const Options *o) {
  EsError err;
  diag_error_init(&err);
  EsNetwork *net = NULL;
  int rc =
      o->bif ? es_network_read_bif(o->bif, &net, &err) : es_network_read_uai(o->uai, &net, &err);
  if (!rc && o->evidence)
    rc = es_network_read_evidence(net, o->evidence, &err);
  if (rc) {
    es_network_free(net);
    return NULL;
  }
  return net;
}

static EsElimTree *tree(const EsNetwork *net, const EsElimOrderOptions *opt) {
  EsError err;
  diag_error_init(&err);
  EsElimTree *t = NULL;
  int norder, *order = malloc(sizeof(int) * ((size_t)net->nvars + 1));
  if (!order) {
    diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
    return NULL;
  }
  if (es_elim_order(net, opt, order, &norder, &err) == ES_OK)
    es_elim_tree_build(net, order, norder, &t, &err);
  free(order);
  return t;
}

/* Per-task times; returns the number of tasks whose CPU time had to be
 * predicted although --measure asked for measurements (too large). */
static int times(const EsElimTree *t, const Options *o, double *cpu, double *gpu) {
  EsSpCpuModel model = es_sp_cpu_default();
  int predicted = 0;
  for (int i = 0; i < t->ntasks; i++) {
    EsSpShape s = es_sp_shape(t, i);
    gpu[i] = es_sp_gpu_predict(o->gpu, s);
    if (!o->measure || es_sp_measure(t, i, 1e-3, 1 << 28, &cpu[i], NULL) != ES_OK) {
      cpu[i] = es_sp_cpu_predict(&model, s);
      predicted += o->measure;
    }
  }
  return predicted;
}

static void write_stats(FILE *f, const EsNetwork *net, const EsElimTree *t, const Options *o,
                        const double *cpu, const double *gpu, int predicted) {
  EsSpStats s;
  es_sp_stats(t, cpu, gpu, &s);
  es_sp_stats_write(f, net->name, &s, true);
  EsSpCpuModel m = es_sp_cpu_default();
  fprintf(f,
          "order: %s, best of %d (seed %llu); %d of %d variables observed, %d free; "
          "largest product %.4g entries\n",
          es_elim_heuristic_name(o->order.heuristic), o->order.tries,
          (unsigned long long)o->order.seed, es_network_nobserved(net), net->nvars,
          es_network_nfree(net), s.max_product);
  if (o->measure)
    fprintf(f,
            "cpu: measured on this machine (the kernel at each task's sizes); %d tasks "
            "too large to run were predicted by the model\n",
            predicted);
  else
    fprintf(f, "cpu: model t = %.3g + %.3g*product*inputs + %.3g*out*inputs s (%s)\n", m.c[0],
            m.c[1], m.c[2], m.source);
  fprintf(f, "gpu: model %s, not a measurement: %s\n", o->gpu->name, o->gpu->summary);
}

/* --solve / --check: P(e) by elimination (and by enumeration). */
static bool solve(FILE *f, const EsNetwork *net, const EsElimTree *t, bool check) {
  EsError err;
  diag_error_init(&err);
  double ve, brute;
  if (es_elim_run(t, &ve, &err))
    return false;
  fprintf(f, "P(evidence) = %.17g by variable elimination\n", ve);
  if (!check)
    return true;
  if (es_network_enumerate(net, 1e9, &brute, &err))
    return false;
  double rel = ve == brute ? 0 : fabs(ve - brute) / fmax(fabs(ve), fabs(brute));
  fprintf(f, "P(evidence) = %.17g by enumeration; relative difference %.3g\n", brute, rel);
  if (rel > 1e-12) {
    diag(DIAG_ERROR, NULL, 0, 0, "gen sumproduct: elimination and enumeration differ");
    return false;
  }
  return true;
}

/* Statistics go to stderr, or to --stats FILE (written atomically). */
static bool report(const Options *o, const EsNetwork *net, const EsElimTree *t, const double *cpu,
                   const double *gpu, int predicted) {
  EsError err;
  diag_error_init(&err);
  EsOutput out = {0};
  FILE *f = stderr;
  if (o->stats && !pass_output_open("gen sumproduct", &out, o->stats, &err))
    return false;
  if (o->stats)
    f = out.f;
  write_stats(f, net, t, o, cpu, gpu, predicted);
  bool ok = !o->solve || solve(f, net, t, o->check);
  if (o->stats && !ok)
    es_output_abort(&out);
  else if (o->stats)
    ok = es_output_commit(&out, &err) == ES_OK;
  return ok;
}

int cmd_gen_sumproduct(int argc, char **argv) {
  Options o = {0};
  if (!parse(argc, argv, &o))
    return 1;
  EsNetwork *net = load(&o);
  EsElimTree *t = net ? tree(net, &o.order) : NULL;
  EsGraph *g = NULL;
  int status = 1;
  double *cpu = t ? malloc(sizeof(double) * ((size_t)t->ntasks + 1)) : NULL;
  double *gpu = t ? malloc(sizeof(double) * ((size_t)t->ntasks + 1)) : NULL;
  if (!cpu || !gpu)
    goto done;
  int predicted = times(t, &o, cpu, gpu);
  if (!(g = es_sp_graph(t, net->name, cpu, gpu))) {
    diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
    goto done;
  }
  const EsGraph *one = g;
  if (pass_write_graphs("gen sumproduct", o.output, &one, 1) &&
      report(&o, net, t, cpu, gpu, predicted))
    status = 0;
done:
  es_graph_free(g);
  free(cpu), free(gpu);
  es_elim_tree_free(t);
  es_network_free(net);
  return status;
}
