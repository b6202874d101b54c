/* esched gen crown-*: the crown paper's test collections (Sec. 6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/cmd_crown.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "scheduler/crown/crown.h"
#include "scheduler/io/files.h"

static const char help[] =
    "usage: esched gen crown-KIND [options] [-o FILE]\n"
    "\n"
    "Streaming task collections of the crown scheduling paper (Sec. 6), levels\n"
    "1..5 with power f^3:\n"
    "  crown-synthetic  --tasks N tasks, work 1..19, max widths by --widths,\n"
    "                   Eq. 14 efficiency, deadline Eq. 10\n"
    "  crown-fft        2p-1 parallel tasks of a binary tree, deadline Eq. 11\n"
    "  crown-mergesort  the same tree of sequential tasks, deadline Eq. 12\n"
    "  crown-reduction  log2(p)+1 parallel tasks, deadline Eq. 13\n"
    "\n"
    "options:\n"
    "  --cores P     cores (default 8; FFT, mergesort and reduction round down to a\n"
    "                power of two)\n"
    "  --tasks N     synthetic: number of tasks (default 20)\n"
    "  --widths C    synthetic: sequential, low, average, high or random (default)\n"
    "  --seed S      synthetic: random seed (default 1)\n"
    "  -o FILE       output collection (default: standard output)\n";

typedef struct Options {
  const char *kind, *output;
  long cores, tasks, seed;
  EsCrownWidths widths;
} Options;

static bool option(Args *a, const char *arg, Options *o) {
  if (!strcmp(arg, "--cores"))
    return args_long(a, arg, &o->cores);
  if (!strcmp(arg, "--tasks"))
    return args_long(a, arg, &o->tasks);
  if (!strcmp(arg, "--seed"))
    return args_long(a, arg, &o->seed);
  if (!strcmp(arg, "-o"))
    return (o->output = args_value(a, arg)) != NULL;
  if (!strcmp(arg, "--widths")) {
    const char *v = args_value(a, arg);
    if (v && !es_crown_widths_parse(v, &o->widths)) {
      diag(DIAG_ERROR, NULL, 0, 0,
           "gen: --widths must be sequential, low, average, high or random, not '%s'", v);
      a->failed = true;
    }
    return v != NULL;
  }
  args_unknown(a, arg);
  return false;
}

static bool parse(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "gen", argc, argv);
  *o = (Options){NULL, NULL, 8, 20, 1, ES_CROWN_W_RANDOM};
  const char *arg;
  ArgKind k;
  while ((k = args_next(&a, &arg)) != ARG_END && !a.failed) {
    if (k == ARG_POSITIONAL && !o->kind)
      o->kind = arg;
    else if (k == ARG_OPTION && (!strcmp(arg, "--help") || !strcmp(arg, "-h"))) {
      fputs(help, stdout);
      exit(0);
    } else if (k == ARG_OPTION)
      option(&a, arg, o);
    else {
      diag(DIAG_ERROR, NULL, 0, 0, "gen: unexpected argument '%s'", arg);
      return false;
    }
  }
  if (a.failed)
    return false;
  if (o->cores < 1 || o->cores > 65536 || o->tasks < 1 || o->tasks > 1000000) {
    diag(DIAG_ERROR, NULL, 0, 0, "gen: need 1 <= --cores <= 65536 and 1 <= --tasks <= 1000000");
    return false;
  }
  return true;
}

static EsCrownProblem *generate(const Options *o) {
  if (!strcmp(o->kind, "crown-synthetic"))
    return es_crown_gen_synthetic((int)o->cores, (int)o->tasks, o->widths, (uint64_t)o->seed);
  if (!strcmp(o->kind, "crown-fft")) {
    if (o->cores < 2)
      diag(DIAG_ERROR, NULL, 0, 0,
           "gen: crown-fft needs --cores >= 2 (Eq. 11 gives M = 0 "
           "for one core)");
    return o->cores < 2 ? NULL : es_crown_gen_fft((int)o->cores);
  }
  if (!strcmp(o->kind, "crown-mergesort"))
    return es_crown_gen_mergesort((int)o->cores);
  if (!strcmp(o->kind, "crown-reduction"))
    return es_crown_gen_reduction((int)o->cores);
  diag(DIAG_ERROR, NULL, 0, 0,
       "gen: unknown kind '%s' (crown-synthetic, crown-fft, crown-mergesort, crown-reduction)",
       o->kind);
  return NULL;
}

int crown_gen_main(int argc, char **argv) {
  Options o;
  if (!parse(argc, argv, &o))
    return 1;
  EsCrownProblem *p = generate(&o);
  if (!p)
    return 1;
  const EsCrownProblem *one = p;
  int status = pass_write_crown_problems("gen", o.output, &one, 1) ? 0 : 1;
  es_crown_problem_free(p);
  return status;
}
