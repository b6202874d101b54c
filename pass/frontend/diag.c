/* clang-style diagnostics with the source line and a caret. */
#include "pass/frontend/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int errors;

int diag_error_count(void) { return errors; }

/* Prints line `line` of file and a caret under column col (1-based; tabs
 * kept so the caret lines up). Silent when the file cannot be read. */
static void show_source(const char *file, int line, int col) {
  size_t namelen = file ? strlen(file) : 0;
  if (!file || line <= 0 || strcmp(file, "-") == 0 || file[0] == '<' ||
      (namelen > 3 && strcmp(file + namelen - 3, ".gz") == 0)) /* lines of compressed text */
    return;
  FILE *f = fopen(file, "r");
  if (!f)
    return;
  char buf[4096];
  int n = 0;
  while (fgets(buf, sizeof buf, f)) {
    size_t len = strlen(buf);
    bool whole = len > 0 && buf[len - 1] == '\n';
    if (++n == line) {
      if (whole)
        buf[len - 1] = '\0';
      fprintf(stderr, "%s\n", buf);
      for (int i = 1; i < col && buf[i - 1]; i++)
        fputc(buf[i - 1] == '\t' ? '\t' : ' ', stderr);
      fputs("^\n", stderr);
      break;
    }
    /* A line longer than the buffer continues in the next read. */
    while (!whole && fgets(buf, sizeof buf, f)) {
      len = strlen(buf);
      whole = len > 0 && buf[len - 1] == '\n';
    }
  }
  fclose(f);
}

static void vdiag(DiagLevel level, const char *file, int line, int col, const char *fmt,
                  va_list ap) {
  static const char *const names[] = {"note", "warning", "error"};
  if (level == DIAG_ERROR)
    errors++;
  if (file && line > 0)
    fprintf(stderr, "%s:%d:%d: %s: ", file, line, col > 0 ? col : 1, names[level]);
  else if (file)
    fprintf(stderr, "%s: %s: ", file, names[level]);
  else
    fprintf(stderr, "esched: %s: ", names[level]);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  show_source(file, line, col);
}

void diag(DiagLevel level, const char *file, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(level, file, line, col, fmt, ap);
  va_end(ap);
}

void diag_error(const EsError *err) {
  diag(DIAG_ERROR, err->file, err->line, err->col, "%s", err->message);
}

static void report(void *ctx, const EsError *e) {
  (void)ctx;
  diag_error(e);
}

void diag_error_init(EsError *err) {
  memset(err, 0, sizeof *err);
  err->report = report;
}
