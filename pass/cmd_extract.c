/* esched extract: annotated C -> task graphs.
 *
 *   read the file -> find annotation candidates and parse their clauses
 *   -> parse with libclang (with the compile command's flags) -> walk the
 *   AST: attach annotations, resolve accesses, find loops and recursion
 *   -> report every error, sorted -> build the graphs -> write YAML (DOT)
 */
#define _XOPEN_SOURCE 700 /* realpath: POSIX.1-2008, XSI-gated by glibc */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pass/annot.h"
#include "pass/args.h"
#include "pass/commands.h"
#include "pass/compdb.h"
#include "pass/depgraph.h"
#include "pass/diag.h"
#include "pass/dot.h"
#include "pass/source.h"
#include "pass/tu.h"
#include "pass/walk.h"
#include "scheduler/files.h"

static const char help[] =
    "usage: esched extract FILE.c [options] [-- COMPILER ARGS]\n"
    "\n"
    "Extracts the task graph of every function (and `#pragma esched region`\n"
    "block) of FILE.c that has esched annotations (docs/annotations.md) and\n"
    "writes one graph document per function.\n"
    "\n"
    "options:\n"
    "  -o FILE        output graph file (default: standard output)\n"
    "  --dot FILE     also write the graphs as Graphviz DOT\n"
    "  -p BUILD_DIR   take the compiler arguments from BUILD_DIR/compile_commands.json\n"
    "  --device NAME  a device the annotations may name besides cpu and gpu\n"
    "                 (repeatable)\n"
    "  --time         print the wall time of each phase to standard error\n"
    "  -- ARGS        compiler arguments (-I, -D, -std, ...) when there is no -p\n";

typedef struct Options {
  const char *file, *output, *dot, *build_dir;
  bool time;
  CompileArgs cc;
  const char *devices[32];
  int ndevices;
} Options;

static bool add_device(Options *o, const char *name) {
  if (o->ndevices >= (int)(sizeof o->devices / sizeof o->devices[0]) - 1) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: too many devices");
    return false;
  }
  o->devices[o->ndevices++] = name;
  o->devices[o->ndevices] = NULL;
  return true;
}

static bool parse_options(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "extract", argc, argv);
  bool ok = add_device(o, "cpu") && add_device(o, "gpu");
  const char *arg;
  ArgKind k;
  while (ok && (k = args_next(&a, &arg)) != ARG_END) {
    if (k == ARG_REST)
      ok = compile_args_push(&o->cc, arg);
    else if (k == ARG_POSITIONAL && !o->file)
      o->file = arg;
    else if (k == ARG_POSITIONAL) {
      diag(DIAG_ERROR, NULL, 0, 0, "extract: unexpected argument '%s'", arg);
      ok = false;
    } else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      exit(0);
    } else if (!strcmp(arg, "-o"))
      o->output = args_value(&a, arg);
    else if (!strcmp(arg, "--dot"))
      o->dot = args_value(&a, arg);
    else if (!strcmp(arg, "-p"))
      o->build_dir = args_value(&a, arg);
    else if (!strcmp(arg, "--time"))
      o->time = true;
    else if (!strcmp(arg, "--device")) {
      const char *d = args_value(&a, arg);
      ok = d && add_device(o, d);
    } else
      args_unknown(&a, arg);
    ok = ok && !a.failed;
  }
  if (ok && !o->file) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: no input file (see esched extract --help)");
    ok = false;
  }
  return ok;
}

/* The state of one run, released by one call. */
typedef struct Run {
  Options o;
  Source src;
  AnnotList annots;
  char abs_path[PATH_MAX];
  char *appendix;
  Tu tu;
  XUnit x;
  Walker w;
  EsGraphList graphs;
  double clock; /* --time: when the last phase ended */
} Run;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* --time: the wall time since the previous phase. */
static void phase(Run *r, const char *name) {
  double t = now();
  if (r->o.time && r->clock > 0)
    fprintf(stderr, "esched extract: %-6s %8.1f ms\n", name, 1e3 * (t - r->clock));
  r->clock = t;
}

static void run_free(Run *r) {
  es_graph_list_free(&r->graphs);
  walk_free(&r->w);
  x_unit_free(&r->x);
  tu_dispose(&r->tu);
  free(r->appendix);
  annots_free(&r->annots);
  source_free(&r->src);
  compile_args_free(&r->o.cc);
}

static bool load(Run *r) {
  if (!source_load(&r->src, r->o.file) || !realpath(r->o.file, r->abs_path)) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: cannot read '%s': %s", r->o.file, strerror(errno));
    return false;
  }
  if (!annots_scan(&r->annots, &r->src, r->o.devices) ||
      !(r->appendix = annots_appendix(&r->annots))) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: out of memory");
    return false;
  }
  if (r->o.build_dir && r->o.cc.n > 0) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: give compiler arguments with -p or after --, not both");
    return false;
  }
  return !r->o.build_dir || compdb_args(r->o.build_dir, r->abs_path, r->o.file, &r->o.cc);
}

/* Parses and walks; prints clang's errors and every annotation error. */
static bool analyze(Run *r) {
  if (!tu_parse(&r->tu, &r->src, r->abs_path, (const char *const *)r->o.cc.v, r->o.cc.n,
                r->appendix, r->annots.conditional))
    return false;
  phase(r, "parse");
  int clang_errors = tu_report_errors(&r->tu);
  r->w = (Walker){.tu = &r->tu, .src = &r->src, .annots = &r->annots, .x = &r->x};
  bool ok = walk_unit(&r->w);
  phase(r, "walk");
  if (!ok)
    diag(DIAG_ERROR, NULL, 0, 0, "extract: out of memory");
  diags_print(&r->w.diags, &r->src);
  return ok && clang_errors == 0 && r->w.diags.errors == 0;
}

static bool write_outputs(Run *r) {
  EsError err;
  diag_error_init(&err);
  const EsGraph *const *v = (const EsGraph *const *)r->graphs.v;
  EsOutput out, dot;
  if (es_output_open(&out, r->o.output ? r->o.output : "-", &err))
    return false;
  if (!es_graph_write(out.f, v, r->graphs.len)) {
    es_output_abort(&out);
    diag(DIAG_ERROR, NULL, 0, 0, "extract: cannot write the graph file");
    return false;
  }
  if (r->o.dot && es_output_open(&dot, r->o.dot, &err)) {
    es_output_abort(&out);
    return false;
  }
  if (r->o.dot && !dot_write(dot.f, v, r->graphs.len)) {
    es_output_abort(&out), es_output_abort(&dot);
    diag(DIAG_ERROR, NULL, 0, 0, "extract: cannot write '%s'", r->o.dot);
    return false;
  }
  return es_output_commit(&out, &err) == ES_OK &&
         (!r->o.dot || es_output_commit(&dot, &err) == ES_OK);
}

int cmd_extract(int argc, char **argv) {
  Run r;
  memset(&r, 0, sizeof r);
  int status = 1;
  r.clock = now();
  if (!parse_options(argc, argv, &r.o) || !load(&r))
    goto done;
  phase(&r, "read");
  if (!analyze(&r))
    goto done;
  if (depgraph_build(&r.x, &r.src, &r.graphs)) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: out of memory");
    goto done;
  }
  phase(&r, "graphs");
  if (r.graphs.len == 0)
    diag(DIAG_WARNING, r.src.path, 0, 0, "no esched annotations");
  if (write_outputs(&r))
    status = 0;
  phase(&r, "write");
done:
  run_free(&r);
  phase(&r, "free");
  return status;
}
