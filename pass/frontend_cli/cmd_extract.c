/* esched extract: annotated C -> task graphs.
 *
 *   read the file -> find annotation candidates and parse their clauses
 *   -> parse with libclang (with the compile command's flags) -> walk the
 *   AST: attach annotations, resolve accesses, find loops and recursion
 *   -> report every error, sorted -> build the graphs -> write YAML (DOT)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/cli/args.h"
#include "pass/cli/write.h"
#include "pass/diag/diag.h"
#include "pass/frontend/collection.h"
#include "pass/frontend/dot.h"
#include "pass/frontend/frontend.h"
#include "pass/frontend_cli/frontend_args.h"
#include "pass/frontend_cli/frontend_commands.h"
#include "scheduler/io/files.h"

static const char help[] =
    "usage: esched extract FILE.c [options] [-- COMPILER ARGS]\n"
    "\n"
    "Extracts the task graph of every function (and `#pragma esched region`\n"
    "block) of FILE.c that has esched annotations (docs/annotations.md) and\n"
    "writes one graph document per function, and the streaming task\n"
    "collection of every `#pragma esched stream` region (docs/crown.md).\n"
    "\n"
    "options:\n"
    "  -o FILE        output graph file (default: standard output)\n"
    "  --dot FILE     also write the graphs as Graphviz DOT\n"
    "  --streams FILE\n"
    "                 write the stream collections there (default: to -o's\n"
    "                 file when FILE.c has no task graphs)\n"
    "  --platform P   the cores' levels of the collections: P's CPU device\n"
    "                 (default: silberstein2011)\n"
    "  --profile F    work of stream tasks without work(): their times in F\n"
    "  -p BUILD_DIR   take the compiler arguments from BUILD_DIR/compile_commands.json\n"
    "  --device NAME  a device the annotations may name besides cpu and gpu\n"
    "                 (repeatable)\n"
    "  --time         print the wall time of each phase to standard error\n"
    "  -- ARGS        compiler arguments (-I, -D, -std, ...) when there is no -p\n";

typedef struct Options {
  FrontendInput in;
  const char *output, *dot, *streams, *platform, *profile;
} Options;

static bool parse_options(int argc, char **argv, Options *o) {
  Args a;
  args_init(&a, "extract", argc, argv);
  frontend_input_init(&o->in, "extract");
  bool ok = true;
  const char *arg;
  ArgKind k;
  while (ok && (k = args_next(&a, &arg)) != ARG_END) {
    if (frontend_arg(&o->in, &a, k, arg, &ok))
      continue;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(help, stdout);
      exit(0);
    } else if (!strcmp(arg, "-o"))
      o->output = args_value(&a, arg);
    else if (!strcmp(arg, "--dot"))
      o->dot = args_value(&a, arg);
    else if (!strcmp(arg, "--streams"))
      o->streams = args_value(&a, arg);
    else if (!strcmp(arg, "--platform"))
      o->platform = args_value(&a, arg);
    else if (!strcmp(arg, "--profile"))
      o->profile = args_value(&a, arg);
    else
      args_unknown(&a, arg);
    ok = ok && !a.failed;
  }
  if (ok && !o->in.file) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: no input file (see esched extract --help)");
    ok = false;
  }
  if (!ok)
    compile_args_free(&o->in.cc);
  return ok;
}

/* The collections of the file's streams, written to path. */
static bool write_collections(const Options *o, Frontend *f, const char *path) {
  EsError err;
  diag_error_init(&err);
  EsPlatform *pf = NULL;
  EsProfile *prof = NULL;
  EsCrownProblemList list = {0};
  int defaulted = 0;
  bool ok = es_platform_load(o->platform ? o->platform : "silberstein2011", &pf, &err) == ES_OK &&
            (!o->profile || es_profile_read(o->profile, &prof, &err) == ES_OK) &&
            collection_build_all(&f->x, &f->src, pf, prof, &list, &defaulted);
  ok = ok &&
       pass_write_crown_problems("extract", path, (const EsCrownProblem *const *)list.v, list.len);
  es_crown_problem_list_free(&list);
  es_profile_free(prof);
  es_platform_free(pf);
  return ok;
}

static bool write_graphs(const Options *o, Frontend *r) {
  EsError err;
  diag_error_init(&err);
  const EsGraph *const *v = (const EsGraph *const *)r->graphs.v;
  EsOutput out, dot;
  if (!pass_output_open("extract", &out, o->output ? o->output : "-", &err))
    return false;
  if (!es_graph_write(out.f, v, r->graphs.len)) {
    es_output_abort(&out);
    diag(DIAG_ERROR, NULL, 0, 0, "extract: cannot write the graph file");
    return false;
  }
  if (o->dot && !pass_output_open("extract", &dot, o->dot, &err)) {
    es_output_abort(&out);
    return false;
  }
  if (o->dot && !dot_write(dot.f, v, r->graphs.len)) {
    es_output_abort(&out), es_output_abort(&dot);
    diag(DIAG_ERROR, NULL, 0, 0, "extract: cannot write '%s'", o->dot);
    return false;
  }
  return es_output_commit(&out, &err) == ES_OK &&
         (!o->dot || es_output_commit(&dot, &err) == ES_OK);
}

/* Graphs go to -o; collections to --streams, else to -o when the file has
 * no graphs (one file holds one kind of document). */
static bool write_outputs(const Options *o, Frontend *f) {
  bool streams = f->x.nstreams > 0, graphs = f->graphs.len > 0;
  if (streams && graphs && !o->streams) {
    diag(DIAG_ERROR, f->src.path, 0, 0,
         "extract: the file has task graphs and stream regions: write the streams' "
         "collections with --streams FILE");
    return false;
  }
  if (streams && !o->streams && !graphs)
    return write_collections(o, f, o->output ? o->output : "-");
  return (graphs || !streams ? write_graphs(o, f) : true) &&
         (!streams || write_collections(o, f, o->streams));
}

int cmd_extract(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  if (!parse_options(argc, argv, &o))
    return 1;
  Frontend f;
  int status = 1;
  if (frontend_run(&f, &o.in)) {
    if (f.graphs.len == 0 && f.x.nstreams == 0)
      diag(DIAG_WARNING, f.src.path, 0, 0, "no esched annotations");
    if (write_outputs(&o, &f))
      status = 0;
    frontend_phase(&f, "write");
  }
  frontend_free(&f);
  frontend_phase(&f, "free");
  return status;
}
