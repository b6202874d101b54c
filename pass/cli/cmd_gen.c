/* esched gen: task graphs from the papers and random ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/cmd_crown.h"
#include "pass/cli/commands.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/gen/gen.h"
#include "scheduler/io/files.h"

static const char help[] =
    "usage: esched gen KIND [options] [-o FILE]\n"
    "\n"
    "kinds:\n"
    "  fig3     Silberstein 2011 Figure 3: A x B + C (abstract energy units)\n"
    "  chain    the A -> B -> C worst case of Section 1 (--k K sets its scale)\n"
    "  tree     a random task tree (in-tree unless --mixed)\n"
    "  dag      a random DAG (tasks read from up to --max-parents earlier tasks)\n"
    "  sumproduct  variable elimination on a network as a task tree (first argument;\n"
    "           see esched gen sumproduct --help)\n"
    "timed graphs for the list schedulers (times on processors p0..pN-1, for the\n"
    "platforms NAME:N, e.g. 6805:4 or easef:4; docs/timed.md):\n"
    "  random-dag  Abdel-Kader's random DAGs: --tasks, --shape ALPHA, --out-degree,\n"
    "              --ccr, --beta, --pnr or --procs\n"
    "  easef-dag   EASEF's random DAGs: --tasks, --ccr, --shape LAMBDA, --procs\n"
    "  gauss       Gaussian elimination of a --size M matrix (default 8: 35 tasks)\n"
    "  fft         recursive FFT of --size POINTS points (default 4: 15 tasks)\n"
    "  md          molecular dynamics, 41 tasks (a stand-in: the real edges are only\n"
    "              in a figure we lack)\n"
    "  sieve       sieve of Eratosthenes for N = 32, 32 tasks (a stand-in likewise)\n"
    "  easef12     EASEF's 12-task example: Table 2's times on p0..p3; edges chosen\n"
    "              to reproduce the text's critical paths (the figure is missing)\n"
    "  crown-*  streaming task collections of the crown paper (esched gen crown-fft --help)\n"
    "\n"
    "options:\n"
    "  --tasks N         number of tasks (default 10)\n"
    "  --devices D       devices cpu, gpu, gpu2, ... (default 2)\n"
    "  --levels L        DVFS levels per device (default 1)\n"
    "  --physical        times and bytes drawn like Silberstein 2011's Table 1\n"
    "                    (default: abstract integer energies)\n"
    "  --seed S          random seed (default 1); the same seed gives the same graph\n"
    "  --mixed           tree edges in random directions\n"
    "  --max-parents K   DAG in-degree bound (default 2)\n"
    "  --shared P        probability that a producer's edges share one data item\n"
    "  --missing P       probability that a task lacks a variant on a non-CPU device\n"
    "  --pinned P        probability that a task is pinned to the CPU\n"
    "  --k K             chain scale (default 100)\n"
    "  --shape S         alpha / lambda: width ~ S sqrt(n), depth ~ sqrt(n) / S (1)\n"
    "  --out-degree D    mean out-degree of random-dag (default 2; easef-dag 3)\n"
    "  --ccr C           communication to computation ratio (default 1)\n"
    "  --beta B          computation range across processors (default 0.5;\n"
    "                    easef-dag 1)\n"
    "  --procs P         processors (default 4)\n"
    "  --pnr R           processors = R * tasks (the dissertation's PNR, 0 < R <= 1)\n"
    "  --mean W          mean computation time w_DAG (default 40)\n"
    "  --uniform         equal task times and equal edge times (the dissertation's\n"
    "                    Gaussian elimination)\n"
    "  --size M          matrix size (gauss) or points (fft)\n"
    "  --platform-out F  also write a platform with these devices and levels\n"
    "  -o FILE           output graph (default: standard output)\n";

typedef struct Options {
  const char *kind, *output, *platform_out;
  EsGenOptions gen;
  double k;
  EsGenLayered layered; /* timed kinds; layered.costs is the cost model */
  double pnr, out_degree, beta;
  long size;
} Options;

static bool parse_timed_option(Args *a, const char *arg, Options *o) {
  long n;
  EsGenTimed *c = &o->layered.costs;
  if (!strcmp(arg, "--shape"))
    args_double(a, arg, &o->layered.shape);
  else if (!strcmp(arg, "--out-degree"))
    args_double(a, arg, &o->out_degree);
  else if (!strcmp(arg, "--ccr"))
    args_double(a, arg, &c->ccr);
  else if (!strcmp(arg, "--beta"))
    args_double(a, arg, &o->beta);
  else if (!strcmp(arg, "--pnr"))
    args_double(a, arg, &o->pnr);
  else if (!strcmp(arg, "--mean"))
    args_double(a, arg, &c->mean_comp);
  else if (!strcmp(arg, "--uniform"))
    c->uniform = true;
  else if (!strcmp(arg, "--procs") && args_long(a, arg, &n))
    c->nprocs = (int)n;
  else if (!strcmp(arg, "--size") && args_long(a, arg, &n))
    o->size = n;
  else
    return false;
  return true;
}

static bool parse_number_option(Args *a, const char *arg, Options *o) {
  long n;
  if (!strcmp(arg, "--tasks") && args_long(a, arg, &n))
    o->gen.ntasks = (int)n;
  else if (!strcmp(arg, "--devices") && args_long(a, arg, &n))
    o->gen.ndevices = (int)n;
  else if (!strcmp(arg, "--levels") && args_long(a, arg, &n))
    o->gen.nlevels = (int)n;
  else if (!strcmp(arg, "--seed") && args_long(a, arg, &n))
    o->gen.seed = (uint64_t)n;
  else if (!strcmp(arg, "--max-parents") && args_long(a, arg, &n))
    o->gen.max_parents = (int)n;
  else if (!strcmp(arg, "--shared"))
    args_double(a, arg, &o->gen.shared);
  else if (!strcmp(arg, "--missing"))
    args_double(a, arg, &o->gen.missing);
  else if (!strcmp(arg, "--pinned"))
    args_double(a, arg, &o->gen.pinned);
  else if (!strcmp(arg, "--k"))
    args_double(a, arg, &o->k);
  else
    return false;
  return true;
}

static bool parse(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "gen", argc, argv);
  o->gen = (EsGenOptions){.ntasks = 10, .ndevices = 2, .nlevels = 1, .seed = 1, .max_parents = 2};
  o->k = 100;
  o->layered = (EsGenLayered){0, 1, 0, {4, 1, -1, 40, false, 1}};
  o->out_degree = -1, o->beta = -1;
  const char *arg;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_POSITIONAL && !o->kind)
      o->kind = arg;
    else if (k != ARG_OPTION) {
      diag(DIAG_ERROR, NULL, 0, 0, "gen: unexpected argument '%s'", arg);
      return false;
    } else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      exit(0);
    } else if (!strcmp(arg, "-o"))
      o->output = args_value(&a, arg);
    else if (!strcmp(arg, "--platform-out"))
      o->platform_out = args_value(&a, arg);
    else if (!strcmp(arg, "--physical"))
      o->gen.costs = ES_GEN_PHYSICAL;
    else if (!strcmp(arg, "--mixed"))
      o->gen.mixed_directions = true;
    else if (!parse_number_option(&a, arg, o) && !parse_timed_option(&a, arg, o))
      args_unknown(&a, arg);
    if (a.failed)
      return false;
  }
  if (!o->kind) {
    diag(DIAG_ERROR, NULL, 0, 0, "gen: which kind? (fig3, chain, tree, dag; see --help)");
    return false;
  }
  bool easef = !strcmp(o->kind, "easef-dag");
  EsGenLayered *l = &o->layered;
  l->ntasks = o->gen.ntasks;
  l->costs.seed = o->gen.seed;
  l->out_degree = o->out_degree >= 0 ? o->out_degree : easef ? 3 : 2;
  l->costs.beta = o->beta >= 0 ? o->beta : easef ? 1 : 0.5;
  if (o->pnr > 0)
    l->costs.nprocs =
        (int)(o->pnr * o->gen.ntasks + 0.5) > 0 ? (int)(o->pnr * o->gen.ntasks + 0.5) : 1;
  if (l->costs.nprocs < 1 || l->costs.nprocs > 4096 || !(l->shape > 0) || !(l->costs.ccr >= 0) ||
      !(l->costs.beta >= 0 && l->costs.beta <= 2) || !(l->costs.mean_comp > 0)) {
    diag(DIAG_ERROR, NULL, 0, 0,
         "gen: need 1 <= --procs <= 4096, --shape > 0, --ccr >= 0, 0 <= --beta <= 2, --mean > 0");
    return false;
  }
  if (o->gen.ntasks < 1 || o->gen.ndevices < 1 || o->gen.ndevices > 64 || o->gen.nlevels < 1 ||
      o->gen.nlevels > 16) {
    diag(DIAG_ERROR, NULL, 0, 0,
         "gen: need --tasks >= 1, 1 <= --devices <= 64 and 1 <= --levels <= 16");
    return false;
  }
  return true;
}

static EsGraph *generate(const Options *o) {
  if (!strcmp(o->kind, "fig3"))
    return es_gen_fig3();
  if (!strcmp(o->kind, "chain"))
    return es_gen_chain(o->k);
  if (!strcmp(o->kind, "tree"))
    return es_gen_tree(&o->gen);
  if (!strcmp(o->kind, "dag"))
    return es_gen_dag(&o->gen);
  if (!strcmp(o->kind, "random-dag") || !strcmp(o->kind, "easef-dag"))
    return es_gen_layered(&o->layered);
  if (!strcmp(o->kind, "gauss"))
    return es_gen_gauss(o->size ? (int)o->size : 8, &o->layered.costs);
  if (!strcmp(o->kind, "fft"))
    return es_gen_fft(o->size ? (int)o->size : 4, &o->layered.costs);
  if (!strcmp(o->kind, "md"))
    return es_gen_md(&o->layered.costs);
  if (!strcmp(o->kind, "sieve"))
    return es_gen_sieve(&o->layered.costs);
  if (!strcmp(o->kind, "easef12"))
    return es_gen_easef12();
  diag(DIAG_ERROR, NULL, 0, 0,
       "gen: unknown kind '%s' (fig3, chain, tree, dag, random-dag, easef-dag, gauss, fft, md, "
       "sieve, easef12)",
       o->kind);
  return NULL;
}

static bool write_platform(const Options *o) {
  EsPlatform *p = es_gen_platform(o->gen.ndevices, o->gen.nlevels);
  bool ok = p && pass_write_platform("gen", o->platform_out, p);
  es_platform_free(p);
  return ok;
}

int cmd_gen(int argc, char **argv) {
  if (argc > 0 && !strcmp(argv[0], "sumproduct"))
    return cmd_gen_sumproduct(argc - 1, argv + 1);
  for (int i = 0; i < argc; i++)
    if (!strncmp(argv[i], "crown-", 6))
      return crown_gen_main(argc, argv);
  Options o = {0};
  if (!parse(argc, argv, &o))
    return 1;
  EsGraph *g = generate(&o);
  if (!g)
    return 1;
  const EsGraph *one = g;
  int status = pass_write_graphs("gen", o.output, &one, 1) ? 0 : 1;
  if (status == 0 && o.platform_out && !write_platform(&o))
    status = 1;
  es_graph_free(g);
  return status;
}
