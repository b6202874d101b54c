/* The source text and its line table (source.h). */
#include "pass/frontend/source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

static bool read_all(FILE *f, Source *s) {
  size_t cap = 1 << 16;
  s->text = malloc(cap);
  while (s->text) {
    s->len += fread(s->text + s->len, 1, cap - s->len - 1, f);
    if (s->len < cap - 1)
      break;
    char *grown = realloc(s->text, cap * 2);
    if (!grown) {
      free(s->text);
      s->text = NULL;
    }
    s->text = grown;
    cap *= 2;
  }
  if (!s->text || ferror(f))
    return false;
  s->text[s->len] = '\0';
  return true;
}

static bool index_lines(Source *s) {
  int n = 1;
  for (const char *p = s->text; (p = memchr(p, '\n', s->len - (size_t)(p - s->text))); p++)
    n++;
  s->line_start = malloc(sizeof *s->line_start * (size_t)n);
  if (!s->line_start)
    return false;
  s->line_start[0] = 0;
  s->nlines = 1;
  for (const char *p = s->text; (p = memchr(p, '\n', s->len - (size_t)(p - s->text))); p++)
    s->line_start[s->nlines++] = (size_t)(p - s->text) + 1;
  return true;
}

bool source_load(Source *s, const char *path) {
  memset(s, 0, sizeof *s);
  s->path = path;
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  bool ok = read_all(f, s) && index_lines(s);
  fclose(f);
  return ok;
}

void source_free(Source *s) {
  if (!s)
    return;
  for (int i = 0; i < s->nmarks; i++)
    free(s->marks[i].file);
  free(s->marks);
  free(s->text);
  free(s->line_start);
  memset(s, 0, sizeof *s);
}

void source_position(const Source *s, size_t offset, int *line, int *col) {
  if (offset > s->len)
    offset = s->len;
  int lo = 0, hi = s->nlines - 1;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (s->line_start[mid] <= offset)
      lo = mid;
    else
      hi = mid - 1;
  }
  *line = lo + 1;
  *col = (int)(offset - s->line_start[lo]) + 1;
}

bool source_add_mark(Source *s, size_t offset, int delta, const char *file) {
  if (es_vec_reserve(&s->marks, &s->marks_cap, s->nmarks + 1, sizeof *s->marks))
    return false;
  char *copy = file ? strdup(file) : NULL;
  if (file && !copy)
    return false;
  s->marks[s->nmarks++] = (SourceMark){offset, delta, copy};
  return true;
}

void source_presumed(const Source *s, size_t offset, int *line, const char **file) {
  int col;
  source_position(s, offset, line, &col);
  *file = NULL;
  int lo = 0, hi = s->nmarks; /* the first mark past offset */
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (s->marks[mid].offset <= offset)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo > 0)
    *line += s->marks[lo - 1].delta, *file = s->marks[lo - 1].file;
}

EsSourceRange source_range(const Source *s, size_t begin, size_t end) {
  EsSourceRange r = {s->path, 0, 0, 0, 0, (long)begin, (long)end};
  source_position(s, begin, &r.line, &r.col);
  source_position(s, end, &r.end_line, &r.end_col);
  return r;
}

size_t source_skip_blanks(const Source *s, size_t offset) {
  while (offset < s->len && (s->text[offset] == ' ' || s->text[offset] == '\t'))
    offset++;
  return offset;
}

size_t source_after_semicolon(const Source *s, size_t end) {
  size_t i = end;
  while (i < s->len) {
    char c = s->text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
      i++;
    else if (c == '/' && i + 1 < s->len && s->text[i + 1] == '*') {
      const char *close = strstr(s->text + i + 2, "*/");
      if (!close)
        return end;
      i = (size_t)(close - s->text) + 2;
    } else
      return c == ';' ? i + 1 : end;
  }
  return end;
}
