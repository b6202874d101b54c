/* Diagnostics of the extraction, collected and printed sorted by position
 * (walk.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/walker.h"
#include "scheduler/base/vec.h"

static void add(Walker *w, DiagLevel level, size_t key, size_t offset, const char *fmt,
                va_list ap) {
  DiagList *d = &w->diags;
  char buf[512];
  vsnprintf(buf, sizeof buf, fmt, ap);
  char *msg = malloc(strlen(buf) + 1);
  if (!msg || es_vec_reserve(&d->v, &d->cap, d->len + 1, sizeof *d->v)) {
    free(msg);
    w->nomem = true;
    return;
  }
  strcpy(msg, buf);
  d->v[d->len] = (DiagEntry){key, d->len, level, offset, msg};
  d->len++;
  if (level == DIAG_ERROR)
    d->errors++;
}

void walk_error(Walker *w, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add(w, DIAG_ERROR, offset, offset, fmt, ap);
  va_end(ap);
}

void walk_warning(Walker *w, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add(w, DIAG_WARNING, offset, offset, fmt, ap);
  va_end(ap);
}

void walk_note(Walker *w, size_t key, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add(w, DIAG_NOTE, key, offset, fmt, ap);
  va_end(ap);
}

static int cmp_entry(const void *x, const void *y) {
  const DiagEntry *a = x, *b = y;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return (a->seq > b->seq) - (a->seq < b->seq);
}

void diags_print(const DiagList *d, const Source *src) {
  if (d->len > 1)
    qsort(d->v, (size_t)d->len, sizeof *d->v, cmp_entry);
  for (int i = 0; i < d->len; i++) {
    int line, col;
    source_position(src, d->v[i].offset, &line, &col);
    diag(d->v[i].level, src->path, line, col, "%s", d->v[i].message);
  }
}

void diags_free(DiagList *d) {
  for (int i = 0; i < d->len; i++)
    free(d->v[i].message);
  free(d->v);
  memset(d, 0, sizeof *d);
}
