/* esched gen: task graphs from the papers and random ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/args.h"
#include "pass/cmd_crown.h"
#include "pass/commands.h"
#include "pass/diag.h"
#include "scheduler/files.h"
#include "scheduler/gen.h"

static const char help[] =
    "usage: esched gen KIND [options] [-o FILE]\n"
    "\n"
    "kinds:\n"
    "  fig3     Silberstein 2011 Figure 3: A x B + C (abstract energy units)\n"
    "  chain    the A -> B -> C worst case of Section 1 (--k K sets its scale)\n"
    "  tree     a random task tree (in-tree unless --mixed)\n"
    "  dag      a random DAG (tasks read from up to --max-parents earlier tasks)\n"
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
    "  --platform-out F  also write a platform with these devices and levels\n"
    "  -o FILE           output graph (default: standard output)\n";

typedef struct Options {
  const char *kind, *output, *platform_out;
  EsGenOptions gen;
  double k;
} Options;

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
  o->gen = (EsGenOptions){.ntasks = 10, .ndevices = 2, .nlevels = 1, .seed = 1,
                          .max_parents = 2};
  o->k = 100;
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
    else if (!parse_number_option(&a, arg, o))
      args_unknown(&a, arg);
    if (a.failed)
      return false;
  }
  if (!o->kind) {
    diag(DIAG_ERROR, NULL, 0, 0, "gen: which kind? (fig3, chain, tree, dag; see --help)");
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
  diag(DIAG_ERROR, NULL, 0, 0, "gen: unknown kind '%s' (fig3, chain, tree, dag)", o->kind);
  return NULL;
}

static bool write_platform(const Options *o) {
  EsPlatform *p = es_gen_platform(o->gen.ndevices, o->gen.nlevels);
  EsError err;
  diag_error_init(&err);
  EsOutput f;
  bool ok = p && es_output_open(&f, o->platform_out, &err) == ES_OK;
  if (ok && !es_platform_write(f.f, p)) {
    es_output_abort(&f);
    ok = false;
  } else if (ok)
    ok = es_output_commit(&f, &err) == ES_OK;
  es_platform_free(p);
  return ok;
}

int cmd_gen(int argc, char **argv) {
  for (int i = 0; i < argc; i++)
    if (!strncmp(argv[i], "crown-", 6))
      return crown_gen_main(argc, argv);
  Options o = {0};
  if (!parse(argc, argv, &o))
    return 1;
  EsGraph *g = generate(&o);
  if (!g)
    return 1;
  EsError err;
  diag_error_init(&err);
  EsOutput f;
  int status = 1;
  if (es_output_open(&f, o.output ? o.output : "-", &err) == ES_OK) {
    const EsGraph *one = g;
    if (es_graph_write(f.f, &one, 1))
      status = es_output_commit(&f, &err) == ES_OK ? 0 : 1;
    else
      es_output_abort(&f);
  }
  if (status == 0 && o.platform_out && !write_platform(&o))
    status = 1;
  es_graph_free(g);
  return status;
}
