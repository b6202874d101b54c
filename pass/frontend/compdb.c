/* compile_commands.json through libclang's CXCompilationDatabase (compdb.h). */
#define _XOPEN_SOURCE 700 /* realpath: POSIX.1-2008, XSI-gated by glibc */
#include "pass/frontend/compdb.h"

#include <clang-c/CXCompilationDatabase.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/diag/diag.h"
#include "scheduler/base/vec.h"

bool compile_args_push(CompileArgs *a, const char *arg) {
  char *copy = malloc(strlen(arg) + 1);
  if (!copy || es_vec_reserve(&a->v, &a->cap, a->n + 1, sizeof *a->v)) {
    free(copy);
    return false;
  }
  strcpy(copy, arg);
  a->v[a->n++] = copy;
  return true;
}

void compile_args_free(CompileArgs *a) {
  for (int i = 0; i < a->n; i++)
    free(a->v[i]);
  free(a->v);
  memset(a, 0, sizeof *a);
}

/* Options that only name outputs; those ending in '=' or taking a value
 * skip the next argument. */
static int output_option(const char *arg) {
  static const char *const with_value[] = {"-o", "-MF", "-MT", "-MQ", NULL};
  static const char *const alone[] = {"-c", "-MD", "-MMD", "-M", "-MM", "-MP", NULL};
  for (int i = 0; with_value[i]; i++)
    if (!strcmp(arg, with_value[i]))
      return 2;
  for (int i = 0; alone[i]; i++)
    if (!strcmp(arg, alone[i]))
      return 1;
  return !strncmp(arg, "-o", 2) ? 1 : 0;
}

/* Whether arg, relative to dir, names abs_path. */
static bool is_the_file(const char *dir, const char *arg, const char *abs_path) {
  char joined[PATH_MAX], real[PATH_MAX];
  if (arg[0] == '/')
    snprintf(joined, sizeof joined, "%s", arg);
  else
    snprintf(joined, sizeof joined, "%s/%s", dir, arg);
  return realpath(joined, real) && !strcmp(real, abs_path);
}

static bool copy_command(CXCompileCommand cmd, const char *abs_path, CompileArgs *out) {
  CXString dir = clang_CompileCommand_getDirectory(cmd);
  const char *d = clang_getCString(dir);
  bool ok = compile_args_push(out, "-working-directory") && compile_args_push(out, d);
  unsigned n = clang_CompileCommand_getNumArgs(cmd);
  for (unsigned i = 1; ok && i < n; i++) {
    CXString s = clang_CompileCommand_getArg(cmd, i);
    const char *arg = clang_getCString(s);
    int skip = output_option(arg);
    if (skip)
      i += (unsigned)skip - 1;
    else if (!is_the_file(d, arg, abs_path))
      ok = compile_args_push(out, arg);
    clang_disposeString(s);
  }
  clang_disposeString(dir);
  return ok;
}

bool compdb_args(const char *build_dir, const char *abs_path, const char *display,
                 CompileArgs *out) {
  CXCompilationDatabase_Error err;
  CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
  if (err != CXCompilationDatabase_NoError || !db) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: cannot load '%s/compile_commands.json'", build_dir);
    if (db)
      clang_CompilationDatabase_dispose(db);
    return false;
  }
  CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, abs_path);
  bool ok = cmds && clang_CompileCommands_getSize(cmds) > 0;
  if (!ok)
    diag(DIAG_ERROR, NULL, 0, 0, "extract: '%s/compile_commands.json' has no command for '%s'",
         build_dir, display);
  else if (!copy_command(clang_CompileCommands_getCommand(cmds, 0), abs_path, out)) {
    diag(DIAG_ERROR, NULL, 0, 0, "extract: out of memory");
    ok = false;
  }
  if (cmds)
    clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return ok;
}
