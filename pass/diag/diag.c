/* clang-style diagnostics with the source line and a caret. */
#include "pass/diag/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scheduler/base/escape.h"

static int errors, warnings;
static bool quiet;

/* Prints n bytes of untrusted text with its control bytes escaped. */
static void put_escaped(FILE *out, const char *text, size_t n) {
  char buf[4 * 4096 + 1];
  es_escape(buf, sizeof buf, text, n < 4096 ? n : 4096);
  fputs(buf, out);
}

int diag_error_count(void) { return errors; }
void diag_set_quiet(bool q) { quiet = q; }
bool diag_quiet(void) { return quiet; }

/* Colours as GCC's: bold positions, red errors, magenta warnings, cyan
 * notes, a green caret; only on a terminal, and never under NO_COLOR
 * (no-color.org) or TERM=dumb. */
enum { C_BOLD, C_ERROR, C_WARNING, C_NOTE, C_CARET, C_RESET };

static const char *colour(int which) {
  static int on = -1;
  static const char *const codes[] = {"\033[1m",    "\033[1;31m", "\033[1;35m",
                                      "\033[1;36m", "\033[1;32m", "\033[0m"};
  if (on < 0) {
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    on = isatty(STDERR_FILENO) && !(no && *no) && !(term && !strcmp(term, "dumb"));
  }
  return on ? codes[which] : "";
}

/* Prints line `line` of file and a caret under column col (1-based; tabs
 * kept so the caret lines up). Silent when the file cannot be read. */
static void show_source(FILE *out, const char *file, int line, int col) {
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
        buf[--len] = '\0';
      put_escaped(out, buf, len);
      fputc('\n', out);
      /* The caret goes under the escaped text of the first col - 1 bytes,
       * a column per character. */
      char before[4 * sizeof buf + 1];
      size_t upto = col > 1 ? (size_t)col - 1 : 0;
      es_escape(before, sizeof before, buf, upto < len ? upto : len);
      for (size_t i = 0; before[i]; i++)
        if (((unsigned char)before[i] & 0xc0) != 0x80)
          fputc(before[i] == '\t' ? '\t' : ' ', out);
      fprintf(out, "%s^%s\n", colour(C_CARET), colour(C_RESET));
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

static void write_diag(FILE *out, DiagLevel level, const char *file, int line, int col,
                       const char *message) {
  static const char *const names[] = {"note", "warning", "error"};
  static const int colours[] = {C_NOTE, C_WARNING, C_ERROR};
  fputs(colour(C_BOLD), out);
  put_escaped(out, file ? file : "esched", strlen(file ? file : "esched"));
  if (file && line > 0)
    fprintf(out, ":%d:%d", line, col > 0 ? col : 1);
  fprintf(out, ": %s%s:%s ", colour(colours[level]), names[level], colour(C_RESET));
  put_escaped(out, message, strlen(message));
  fputc('\n', out);
  show_source(out, file, line, col);
}

static void vdiag(DiagLevel level, const char *file, int line, int col, const char *fmt,
                  va_list ap) {
  errors += level == DIAG_ERROR;
  warnings += level == DIAG_WARNING;
  if (quiet && level != DIAG_ERROR)
    return;
  char message[4096];
  vsnprintf(message, sizeof message, fmt, ap);
  /* Composed in memory and written at once: stderr is unbuffered, and the
   * caret line alone was a write per column. Without memory, piece by
   * piece. */
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (mem)
    write_diag(mem, level, file, line, col, message);
  if (mem && fclose(mem) == 0)
    fwrite(text, 1, len, stderr);
  else
    write_diag(stderr, level, file, line, col, message);
  free(text);
}

void diag(DiagLevel level, const char *file, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(level, file, line, col, fmt, ap);
  va_end(ap);
}

_Noreturn void diag_error_exit_without_memory(const char *file, const char *message) {
  errors++;
  write_diag(stderr, DIAG_ERROR, file, 0, 0, message); /* unbuffered; line 0: no source read */
  diag_summary();
  _exit(1);
}

void diag_error(const EsError *err) {
  diag(DIAG_ERROR, err->file[0] ? err->file : NULL, err->line, err->col, "%s", err->message);
}

static void report(void *ctx, const EsError *e) {
  (void)ctx;
  diag_error(e);
}

void diag_error_init(EsError *err) {
  memset(err, 0, sizeof *err);
  err->report = report;
}

void diag_summary(void) {
  if (!errors && !warnings)
    return;
  if (errors && warnings)
    fprintf(stderr, "%d error%s and %d warning%s\n", errors, errors == 1 ? "" : "s", warnings,
            warnings == 1 ? "" : "s");
  else if (errors)
    fprintf(stderr, "%d error%s\n", errors, errors == 1 ? "" : "s");
  else if (!quiet)
    fprintf(stderr, "%d warning%s\n", warnings, warnings == 1 ? "" : "s");
}
