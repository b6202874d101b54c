/* Generated text and edits (rw_text.h). */
#include "pass/rewrite/rw_text.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pass/diag/diag.h"

static bool reserve(RwBuf *b, size_t more) {
  if (b->nomem)
    return false;
  if (b->len + more + 1 <= b->cap)
    return true;
  size_t cap = b->cap ? b->cap * 2 : 256;
  while (cap < b->len + more + 1)
    cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s) {
    b->nomem = true;
    return false;
  }
  b->s = s, b->cap = cap;
  return true;
}

void rw_printf(RwBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(b, (size_t)n))
    return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void rw_puts(RwBuf *b, const char *s) {
  size_t n = strlen(s);
  if (!reserve(b, n))
    return;
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

static void put_bytes(RwBuf *b, const char *s, size_t n) {
  if (!reserve(b, n))
    return;
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

void rw_line(RwBuf *b, int line, const char *path) {
  if (b->len > 0 && b->s[b->len - 1] != '\n')
    rw_puts(b, "\n");
  rw_printf(b, "#line %d \"", line);
  for (const char *p = path; *p; p++)
    rw_printf(b, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
  rw_puts(b, "\"\n");
}

void rw_line_at(RwBuf *b, const Source *src, const char *path, size_t offset) {
  int line;
  const char *file;
  source_presumed(src, offset, &line, &file);
  rw_line(b, line, file ? file : path);
}

/* `#line L "path"` on a line of its own, then spaces up to the column. */
static void line_directive(RwBuf *b, const Source *src, const char *path, size_t offset) {
  int line, col;
  source_position(src, offset, &line, &col);
  rw_line_at(b, src, path, offset);
  for (int i = 1; i < col; i++)
    rw_puts(b, src->text[offset - (size_t)(col - i)] == '\t' ? "\t" : " ");
}

void rw_buf_original(RwBuf *b, const Source *src, const char *path, size_t begin, size_t end) {
  line_directive(b, src, path, begin);
  put_bytes(b, src->text + begin, end - begin);
}

char *rw_buf_take(RwBuf *b) {
  char *s = b->nomem ? NULL : b->s;
  if (!s)
    free(b->s);
  else if (!s[0] && b->len == 0) {
    free(s);
    s = calloc(1, 1);
  }
  memset(b, 0, sizeof *b);
  return s ? s : NULL;
}

void rw_buf_free(RwBuf *b) {
  free(b->s);
  memset(b, 0, sizeof *b);
}

void rw_edit(RwEdits *e, size_t begin, size_t end, char *text) {
  if (!text) {
    e->nomem = true;
    return;
  }
  if (e->len == e->cap) {
    int cap = e->cap ? e->cap * 2 : 32;
    RwEdit *v = realloc(e->v, sizeof *v * (size_t)cap);
    if (!v) {
      free(text);
      e->nomem = true;
      return;
    }
    e->v = v, e->cap = cap;
  }
  e->v[e->len] = (RwEdit){begin, end, text, e->len};
  e->len++;
}

void rw_edits_free(RwEdits *e) {
  for (int i = 0; i < e->len; i++)
    free(e->v[i].text);
  free(e->v);
  memset(e, 0, sizeof *e);
}

/* By offset; at one offset insertions first (host code's waits before the
 * task that replaces the text there), then in the order made. */
static int by_offset(const void *a, const void *b) {
  const RwEdit *x = a, *y = b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  bool xi = x->end == x->begin, yi = y->end == y->begin;
  if (xi != yi)
    return xi ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

bool rw_write(FILE *f, const Source *src, const char *path, RwEdits *e) {
  qsort(e->v, (size_t)e->len, sizeof *e->v, by_offset);
  RwBuf out = {0};
  size_t at = 0;
  for (int i = 0; i < e->len; i++) {
    const RwEdit *ed = &e->v[i];
    /* libclang's recovery from a file that does not parse (a function
     * without its closing brace) can give extents past the end. */
    if (ed->end > src->len) {
      int line, col;
      source_position(src, src->len, &line, &col);
      diag(DIAG_ERROR, path, line, col, "the file ends inside a function with tasks");
      rw_buf_free(&out);
      return false;
    }
    if (ed->begin < at) {
      diag(DIAG_ERROR, path, 0, 0, "internal error: overlapping rewrites at offset %zu", ed->begin);
      rw_buf_free(&out);
      return false;
    }
    put_bytes(&out, src->text + at, ed->begin - at);
    rw_puts(&out, ed->text);
    at = ed->end;
    /* Back to the original's line and column, unless the next edit is here. */
    if (at < src->len && !(i + 1 < e->len && e->v[i + 1].begin == at))
      line_directive(&out, src, path, at);
  }
  put_bytes(&out, src->text + at, src->len - at);
  bool ok = !out.nomem && fwrite(out.s ? out.s : "", 1, out.len, f) == out.len;
  rw_buf_free(&out);
  return ok;
}

size_t rw_text_start(const Source *src) {
  return src->len >= 3 && !memcmp(src->text, "\xEF\xBB\xBF", 3) ? 3 : 0;
}
