/* The translation unit as libclang parses it, and the small conversions the
 * front end needs everywhere: cursor extents to file offsets, and the
 * source text of a cursor. Only pass/ includes clang-c/.
 */
#ifndef ESCHED_PASS_TU_H
#define ESCHED_PASS_TU_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "pass/frontend/source.h"

typedef struct Tu {
  CXIndex index;
  CXTranslationUnit tu;
  CXFile file; /* the main file */
  const Source *src;
} Tu;

/* Parses src (whose absolute path is abs_path) with the compiler arguments
 * args, adding -resource-dir for libclang's own headers first. appendix is
 * parsed after the file's text (annot.h). skipped asks for the ranges that
 * conditional directives skip (tu_skipped). Returns false when libclang
 * could not build a translation unit at all (reported). */
bool tu_parse(Tu *t, const Source *src, const char *abs_path, const char *const *args, int nargs,
              const char *appendix, bool skipped);
void tu_dispose(Tu *t);

/* Prints clang's errors (not warnings; nothing from the appendix) and
 * returns how many there were. */
int tu_report_errors(const Tu *t);

/* File offsets of a cursor's extent, at the expansion site of macros.
 * false when the extent is not in the main file. */
bool tu_extent(const Tu *t, CXCursor c, size_t *begin, size_t *end);
size_t tu_offset(CXSourceLocation loc);
CXSourceLocation tu_location(const Tu *t, size_t offset);

/* Copies a CXString into the arena-free malloc world: returns a malloc'ed
 * copy (NULL when out of memory) and disposes s. */
char *tu_string(CXString s);

/* Whether the cursor's spelling equals name (no allocation kept). */
bool tu_spelling_is(CXCursor c, const char *name);

#endif
