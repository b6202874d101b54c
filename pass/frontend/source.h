/* The text of the file being extracted: loaded once, with a table of line
 * starts so that byte offsets (what libclang and the clause parser give)
 * become the 1-based lines and columns of diagnostics and graph files. */
#ifndef ESCHED_PASS_SOURCE_H
#define ESCHED_PASS_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/model/graph.h"

typedef struct Source {
  const char *path; /* as the user gave it (borrowed) */
  char *text;       /* the file's bytes, NUL-terminated */
  size_t len;
  size_t *line_start; /* offset of each line's first byte */
  int nlines;
} Source;

/* Reads path. Returns false (errno set) when it cannot be read. */
bool source_load(Source *s, const char *path);
void source_free(Source *s);

/* 1-based line and byte column of offset (clamped to the text). O(log lines). */
void source_position(const Source *s, size_t offset, int *line, int *col);

/* The range [begin, end) in the graph file's form (file = the user's path). */
EsSourceRange source_range(const Source *s, size_t begin, size_t end);

/* Offset just past the ';' that ends a statement ending at end, when only
 * space and comments separate them; end otherwise. */
size_t source_after_semicolon(const Source *s, size_t end);

/* Offset of the first byte after offset that is not a space or tab. */
size_t source_skip_blanks(const Source *s, size_t offset);

#endif
