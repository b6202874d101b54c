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
/* Reads the file's own #line directives and `# N "file"` line markers
 * into src's marks (source_presumed), as clang presumes them: one inside
 * #if 0, a comment or a literal changes nothing. Returns false when out of
 * memory. */
bool tu_line_marks(const Tu *t, Source *src);
/* For a process that parses one file (esched-frontend): a crash inside
 * libclang ends the process with the error (exit 1) instead of returning
 * false, since the crash may have left the allocator locked
 * (diag_error_exit_without_memory). Processes that go on after a crash
 * (the compile fuzz target) keep the default. */
void tu_end_process_on_crash(void);

/* Prints clang's errors (not warnings; nothing from the appendix) and
 * returns how many there were. */
int tu_report_errors(const Tu *t);

/* A `#pragma message` of the main file: where its macro is used (the
 * outermost expansion), and its text after the prefix. */
typedef struct TuMessage {
  size_t offset;
  char *text;
} TuMessage;

/* The messages of the main file whose text starts with prefix, in order
 * (esched.h's form of the annotations in esched's parse), into *out; how
 * many, or -1 when out of memory. Free with tu_messages_free. */
int tu_messages(const Tu *t, const char *prefix, TuMessage **out);
void tu_messages_free(TuMessage *m, int n);

/* A place in some file. */
typedef struct TuPlace {
  char *path;
  unsigned line, col;
} TuPlace;

/* The annotations in files the main file includes (not system headers),
 * which the pass does not rewrite: `#pragma esched` (at its name) and
 * esched.h's macros, in order, into *out; how many, or -1 when out of
 * memory. Free with tu_places_free. */
int tu_included_annotations(const Tu *t, TuPlace **out);
void tu_places_free(TuPlace *p, int n);

/* File offsets of a cursor's extent, at the expansion site of macros.
 * false when the extent is not in the main file. */
bool tu_extent(const Tu *t, CXCursor c, size_t *begin, size_t *end);
size_t tu_offset(CXSourceLocation loc);
CXSourceLocation tu_location(const Tu *t, size_t offset);

/* Copies a CXString into the arena-free malloc world: returns a malloc'ed
 * copy (NULL when out of memory) and disposes s. */
char *tu_string(CXString s);

/* The pointer a call goes through (fp in fp(x) and (*fp)(x), s->run in
 * s->run(x)), or a null cursor for a call of a function by name. */
CXCursor tu_callee_pointer(CXCursor call);
/* What call calls: clang_getCursorReferenced's answer, and where it has
 * none, the function named in parentheses ((f)(x)) or the one a _Generic
 * selection picks. */
CXCursor tu_called_function(CXCursor call);
/* Strips implicit casts and parentheses. */
CXCursor tu_strip(CXCursor c);
/* The first child of c, or a null cursor. */
CXCursor tu_first_child(CXCursor c);
/* The last child of c, or a null cursor. */
CXCursor tu_last_child(CXCursor c);
/* Whether member expression e is the step into a C11 anonymous structure
 * or union member (p.x with x in one is p.<anonymous>.x to libclang). */
bool tu_anonymous_member(CXCursor e);
/* The object member expression e is a member of, past such steps (p for
 * p.x and p->x whether or not x is in an anonymous member), casts and
 * parentheses stripped. */
CXCursor tu_member_base(CXCursor e);
/* The path an expression names, as a data clause writes it: "x" for a
 * variable, "p->v" or "s.a.b" for members reached from one (casts and
 * parentheses stripped). false (buf empty or partial) for anything else or
 * when it does not fit in cap bytes. */
bool tu_member_path(CXCursor e, char *buf, size_t cap);

/* Whether t is an array type (constant, variable or incomplete size). */
bool tu_is_array(CXType t);
/* Whether a parameter of type t passes an address: a pointer, or an array
 * (adjusted to a pointer; libclang reports a parameter's type as written). */
bool tu_pointer_like(CXType t);
/* What a pointer or an array (adjusted) points to: the pointee or the
 * element type. */
CXType tu_pointee(CXType t);

/* Whether the cursor's spelling equals name (no allocation kept). */
bool tu_spelling_is(CXCursor c, const char *name);

#endif
