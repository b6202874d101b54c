/* Text the rewriter generates: a growable buffer, and the edit list that
 * turns the original file into the rewritten one.
 *
 * Everything outside the edits is copied byte for byte. After each edit a
 * `#line` directive and padding put the next original byte back at its own
 * line and column, so compiler diagnostics and debuggers see the original
 * file; rw_buf_original does the same for original text an edit embeds (a
 * task region's CPU variant). */
#ifndef ESCHED_PASS_RW_TEXT_H
#define ESCHED_PASS_RW_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pass/frontend/source.h"

typedef struct RwBuf {
  char *s;
  size_t len, cap;
  bool nomem;
} RwBuf;

void rw_printf(RwBuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void rw_puts(RwBuf *b, const char *s);
/* Appends original bytes [begin, end) of src, preceded by a #line directive
 * and spaces that put them at their original line and column. */
void rw_buf_original(RwBuf *b, const Source *src, const char *path, size_t begin, size_t end);
/* `#line line "path"` on a line of its own: what follows counts as that
 * line of path in the compiler's diagnostics. */
void rw_line(RwBuf *b, int line, const char *path);
/* The same for original offset: its line, and its file, as the file's own
 * #line directives number them (source_presumed). */
void rw_line_at(RwBuf *b, const Source *src, const char *path, size_t offset);
/* Takes the buffer's string (the caller frees it); b is empty afterwards. */
char *rw_buf_take(RwBuf *b);
void rw_buf_free(RwBuf *b);

typedef struct RwEdit {
  size_t begin, end; /* the original bytes replaced; begin == end inserts */
  char *text;        /* owned */
  int seq;           /* insertion order: edits at one offset keep it */
} RwEdit;

typedef struct RwEdits {
  RwEdit *v;
  int len, cap;
  bool nomem;
} RwEdits;

/* Replaces [begin, end) with text (taken over). */
void rw_edit(RwEdits *e, size_t begin, size_t end, char *text);
void rw_edits_free(RwEdits *e);

/* Where text the rewriter puts before everything goes: past a UTF-8 byte
 * order mark, which compilers accept only as a file's first bytes. */
size_t rw_text_start(const Source *src);

/* Writes src with the edits applied to f. Returns false when two edits
 * overlap (an internal error: reported) or writing fails. */
bool rw_write(FILE *f, const Source *src, const char *path, RwEdits *e);

#endif
