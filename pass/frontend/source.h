/* The text of the file being extracted: loaded once, with a table of line
 * starts so that byte offsets (what libclang and the clause parser give)
 * become the 1-based lines and columns of diagnostics and graph files. */
#ifndef ESCHED_PASS_SOURCE_H
#define ESCHED_PASS_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/model/graph.h"

/* From offset on (to the next mark), the file's own #line directives
 * (or `# N "file"` line markers) number the lines: the presumed line is
 * the physical one plus delta, in file (owned; NULL: the file itself). */
typedef struct SourceMark {
  size_t offset;
  int delta;
  char *file;
} SourceMark;

typedef struct Source {
  const char *path; /* as the user gave it (borrowed) */
  char *text;       /* the file's bytes, NUL-terminated */
  size_t len;
  size_t *line_start; /* offset of each line's first byte */
  int nlines;
  SourceMark *marks; /* in offset order; none when the file has no #line */
  int nmarks, marks_cap;
} Source;

/* Reads path. Returns false (errno set) when it cannot be read. */
bool source_load(Source *s, const char *path);
void source_free(Source *s);

/* 1-based line and byte column of offset (clamped to the text). O(log lines). */
void source_position(const Source *s, size_t offset, int *line, int *col);

/* Appends a mark (offsets ascending; file copied, NULL: the file itself).
 * Returns false when out of memory. */
bool source_add_mark(Source *s, size_t offset, int delta, const char *file);
/* The line offset counts as after the file's #line directives, and the
 * file they name (NULL: the file itself), as the compiler presumes them:
 * what __LINE__ and __FILE__ say there. O(log lines + log marks). */
void source_presumed(const Source *s, size_t offset, int *line, const char **file);

/* The range [begin, end) in the graph file's form (file = the user's path). */
EsSourceRange source_range(const Source *s, size_t begin, size_t end);

/* Offset just past the ';' that ends a statement ending at end, when only
 * space and comments separate them; end otherwise. */
size_t source_after_semicolon(const Source *s, size_t end);

/* Offset of the first byte after offset that is not a space or tab. */
size_t source_skip_blanks(const Source *s, size_t offset);

#endif
