/* The front end as one step (frontend.h):
 *
 *   read the file -> find annotation candidates and parse their clauses
 *   -> parse with libclang (with the compile command's flags) -> walk the
 *   AST: attach annotations, resolve accesses, find loops and recursion
 *   -> report every error, sorted -> build the graphs
 */
#define _XOPEN_SOURCE 700 /* realpath: POSIX.1-2008, XSI-gated by glibc */
#include "pass/frontend/frontend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pass/diag/diag.h"
#include "pass/frontend/depgraph.h"

void frontend_input_init(FrontendInput *in, const char *command) {
  memset(in, 0, sizeof *in);
  in->command = command;
  frontend_add_device(in, "cpu");
  frontend_add_device(in, "gpu");
}

bool frontend_add_device(FrontendInput *in, const char *name) {
  if (in->ndevices >= (int)(sizeof in->devices / sizeof in->devices[0]) - 1) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: too many devices", in->command);
    return false;
  }
  in->devices[in->ndevices++] = name;
  in->devices[in->ndevices] = NULL;
  return true;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void frontend_phase(Frontend *f, const char *name) {
  double t = now();
  if (f->in.time && f->clock > 0)
    fprintf(stderr, "esched %s: %-6s %8.1f ms\n", f->in.command, name, 1e3 * (t - f->clock));
  f->clock = t;
}

void frontend_free(Frontend *f) {
  es_graph_list_free(&f->graphs);
  walk_free(&f->w);
  x_unit_free(&f->x);
  tu_dispose(&f->tu);
  free(f->appendix);
  annots_free(&f->annots);
  source_free(&f->src);
  compile_args_free(&f->in.cc);
}

static bool load(Frontend *f) {
  const char *cmd = f->in.command;
  if (!source_load(&f->src, f->in.file) || !realpath(f->in.file, f->abs_path)) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: cannot read '%s': %s", cmd, f->in.file, strerror(errno));
    return false;
  }
  if (!annots_scan(&f->annots, &f->src, f->in.devices) ||
      !(f->appendix = annots_appendix(&f->annots))) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: out of memory", cmd);
    return false;
  }
  if (f->in.build_dir && f->in.cc.n > 0) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: give compiler arguments with -p or after --, not both", cmd);
    return false;
  }
  return !f->in.build_dir || compdb_args(f->in.build_dir, f->abs_path, f->in.file, &f->in.cc);
}

/* The annotations macros of the program produced (esched.h's messages). */
static bool add_expanded(Frontend *f) {
  TuMessage *m;
  int n = tu_messages(&f->tu, "esched ", &m);
  bool ok = n >= 0;
  for (int i = 0; ok && i < n; i++)
    ok = annots_add_expanded(&f->annots, &f->src, m[i].offset, m[i].text, f->in.devices);
  tu_messages_free(m, n > 0 ? n : 0);
  if (!ok)
    diag(DIAG_ERROR, NULL, 0, 0, "%s: out of memory", f->in.command);
  return ok;
}

/* Annotations in the files the main file includes run as plain C: the
 * pass rewrites one file. Said where they are, as a compiler would. */
static bool warn_included(Frontend *f) {
  TuPlace *p;
  int n = tu_included_annotations(&f->tu, &p);
  if (n < 0) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: out of memory", f->in.command);
    return false;
  }
  char cwd[PATH_MAX];
  size_t cwd_len = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
  for (int i = 0; i < n; i++) {
    /* Named from the current folder, as the compiler names an include. */
    const char *path = p[i].path;
    if (cwd_len > 1 && !strncmp(path, cwd, cwd_len) && path[cwd_len] == '/')
      path += cwd_len + 1;
    diag(DIAG_WARNING, path, (int)p[i].line, (int)p[i].col,
         "this annotation is in a file that '%s' includes, and esched schedules only the "
         "annotations of the file it compiles: the region runs as plain C (move its function "
         "into a .c file)",
         f->in.file);
  }
  tu_places_free(p, n);
  return true;
}

/* Parses and walks; prints clang's errors and every annotation error. */
static bool analyze(Frontend *f) {
  if (!tu_parse(&f->tu, &f->src, f->abs_path, (const char *const *)f->in.cc.v, f->in.cc.n,
                f->appendix, f->annots.conditional))
    return false;
  frontend_phase(f, "parse");
  if (!tu_line_marks(&f->tu, &f->src)) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: out of memory", f->in.command);
    return false;
  }
  int clang_errors = tu_report_errors(&f->tu);
  if (!add_expanded(f))
    return false;
  if (!warn_included(f))
    return false;
  f->w = (Walker){.tu = &f->tu, .src = &f->src, .annots = &f->annots, .x = &f->x};
  bool ok = walk_unit(&f->w);
  frontend_phase(f, "walk");
  if (!ok)
    diag(DIAG_ERROR, NULL, 0, 0, "%s: out of memory", f->in.command);
  diags_print(&f->w.diags, &f->src);
  return ok && clang_errors == 0 && f->w.diags.errors == 0;
}

bool frontend_run(Frontend *f, const FrontendInput *in) {
  memset(f, 0, sizeof *f);
  f->in = *in;
  f->clock = now();
  if (!load(f))
    return false;
  frontend_phase(f, "read");
  if (!analyze(f))
    return false;
  if (depgraph_build(&f->x, &f->src, &f->graphs)) {
    diag(DIAG_ERROR, NULL, 0, 0, "%s: out of memory", f->in.command);
    return false;
  }
  frontend_phase(f, "graphs");
  return true;
}
