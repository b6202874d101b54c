/* Text tables sized to their content (text_table.h). */
#include "scheduler/base/text_table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

void es_text_table_init(EsTextTable *t) { memset(t, 0, sizeof *t); }

void es_text_table_free(EsTextTable *t) {
  if (!t)
    return;
  free(t->cols);
  free(t->cells);
  es_arena_free(&t->arena);
  es_text_table_init(t);
}

/* Characters a terminal shows for s: its UTF-8 code points (continuation
 * bytes take no column), so "→" pads like one character, not three. */
static int text_width(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += ((unsigned char)*s & 0xC0) != 0x80;
  return n;
}

/* Stores s as the next cell and widens its column to fit it. */
static void push(EsTextTable *t, char *s) {
  if (!s || t->ncols == 0 ||
      es_vec_reserve(&t->cells, &t->cells_cap, t->ncells + 1, sizeof *t->cells)) {
    t->failed = true;
    return;
  }
  EsTextColumn *c = &t->cols[t->ncells % t->ncols];
  int w = text_width(s);
  c->width = w > c->width ? w : c->width;
  t->cells[t->ncells++] = s;
}

void es_text_table_column(EsTextTable *t, const char *heading, int width) {
  if (t->ncells > t->ncols ||
      es_vec_reserve(&t->cols, &t->cols_cap, t->ncols + 1, sizeof *t->cols)) {
    t->failed = true; /* a column after the first row would shift every cell */
    return;
  }
  t->cols[t->ncols++] = (EsTextColumn){width < 0 ? -width : width, width < 0};
  push(t, es_arena_strdup(&t->arena, heading));
}

void es_text_table_cell(EsTextTable *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = n >= 0 ? es_arena_alloc(&t->arena, (size_t)n + 1) : NULL;
  if (s) {
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  push(t, s);
}

static void pad(FILE *f, int n) {
  for (; n > 0; n--)
    fputc(' ', f);
}

int es_text_table_print(const EsTextTable *t, FILE *f) {
  if (t->failed)
    return ES_ENOMEM;
  for (int i = 0; i < t->ncells; i++) {
    const EsTextColumn *c = &t->cols[i % t->ncols];
    bool last = i % t->ncols == t->ncols - 1 || i == t->ncells - 1;
    int room = c->width - text_width(t->cells[i]);
    if (i % t->ncols)
      fputc(' ', f);
    if (!c->left)
      pad(f, room);
    fputs(t->cells[i], f);
    if (c->left && !last)
      pad(f, room);
    if (last)
      fputc('\n', f);
  }
  return ES_OK;
}
