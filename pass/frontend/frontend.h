/* The front end as one step, shared by `esched extract`, `rewrite` and
 * `compile`: read the file, find and parse its annotations, parse it with
 * libclang, walk the AST, report every error, and build the task graphs.
 * The parsed unit stays alive afterwards, so the rewriter can ask libclang
 * about the regions it rewrites.
 */
#ifndef ESCHED_PASS_FRONTEND_H
#define ESCHED_PASS_FRONTEND_H

#include <limits.h>
#include <stdbool.h>

#include "pass/frontend/annot.h"
#include "pass/frontend/compdb.h"
#include "pass/frontend/extract.h"
#include "pass/frontend/source.h"
#include "pass/frontend/tu.h"
#include "pass/frontend/walk.h"
#include "scheduler/model/graph.h"

typedef struct FrontendInput {
  const char *command;   /* for messages: "extract", "compile", ... */
  const char *file;
  const char *build_dir; /* -p: compile_commands.json, or NULL */
  CompileArgs cc;         /* compiler arguments after `--` (owned) */
  const char *devices[32]; /* NULL-terminated: cpu, gpu and --device ones */
  int ndevices;
  bool time; /* print each phase's wall time */
} FrontendInput;

/* Adds a device annotations may name (cpu and gpu are added by
 * frontend_input_init). Returns false (reported) when there are too many. */
bool frontend_add_device(FrontendInput *in, const char *name);
void frontend_input_init(FrontendInput *in, const char *command);

typedef struct Frontend {
  FrontendInput in;
  Source src;
  AnnotList annots;
  char abs_path[PATH_MAX];
  char *appendix;
  Tu tu;
  XUnit x;
  Walker w;
  EsGraphList graphs; /* one per graph scope with tasks, named as the scope */
  double clock;
} Frontend;

/* Runs the front end on in (moved into f). Returns false after printing the
 * diagnostics that explain why. f must be released with frontend_free
 * either way. */
bool frontend_run(Frontend *f, const FrontendInput *in);
void frontend_free(Frontend *f);

/* --time: prints the wall time since the previous phase as `name`. */
void frontend_phase(Frontend *f, const char *name);

#endif
