/* The compiler arguments of the file being extracted: the ones after `--`
 * on the command line, or its entry in BUILD_DIR/compile_commands.json
 * (`-p BUILD_DIR`, as clang-tidy takes them). */
#ifndef ESCHED_PASS_COMPDB_H
#define ESCHED_PASS_COMPDB_H

#include <stdbool.h>

typedef struct CompileArgs {
  char **v;
  int n, cap;
} CompileArgs;

/* Appends a copy of arg. Returns false when out of memory. */
bool compile_args_push(CompileArgs *a, const char *arg);
void compile_args_free(CompileArgs *a);

/* The arguments of abs_path's compile command in build_dir, without the
 * compiler, the file itself, and the options that name outputs (-c, -o,
 * -M*), plus -working-directory for the command's directory. Reports an
 * error (naming the file as display) and returns false when there is no
 * database or no entry. */
bool compdb_args(const char *build_dir, const char *abs_path, const char *display,
                 CompileArgs *out);

#endif
