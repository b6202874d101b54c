/* Parsing with libclang, and clang's own diagnostics (tu.h). */
#define _DEFAULT_SOURCE /* sigaltstack, SA_ONSTACK */
#include "pass/frontend/tu.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "pass/diag/diag.h"
#include "pass/frontend/public_headers.h"
#include "scheduler/base/vec.h"

#ifndef ESCHED_LIBCLANG_RESOURCE_DIR
#define ESCHED_LIBCLANG_RESOURCE_DIR ""
#endif

/* Our arguments go first so that the user's win: libclang's own resource
 * directory; no warnings (only errors are reported, and computing warnings
 * costs parse time); no error limit (the appendix may add many errors).
 * After them, what the user's must not change: esched.h's messages
 * (tu_messages) and unknown pragmas (tu_included_annotations) are on, and
 * stay warnings; -w would hide them. esched.h's folder comes last,
 * searched after every other. */
static const char **base_args(const char *const *args, int nargs, int *out_n) {
  const char **v = malloc(sizeof *v * (size_t)(nargs + 12));
  if (!v)
    return NULL;
  int n = 0;
  v[n++] = "-Wno-everything";
  v[n++] = "-ferror-limit=0";
  if (ESCHED_LIBCLANG_RESOURCE_DIR[0]) {
    v[n++] = "-resource-dir";
    v[n++] = ESCHED_LIBCLANG_RESOURCE_DIR;
  }
  for (int i = 0; i < nargs; i++)
    if (strcmp(args[i], "-w") != 0)
      v[n++] = args[i];
  v[n++] = "-W#pragma-messages";
  v[n++] = "-Wno-error=#pragma-messages";
  v[n++] = "-Wunknown-pragmas"; /* tu_included_annotations */
  v[n++] = "-Wno-error=unknown-pragmas";
  v[n++] = "-D__ESCHED_EXTRACT__=1";
  v[n++] = "-idirafter";
  v[n++] = frontend_public_headers();
  *out_n = n;
  return v;
}

/* libclang parses under its crash recovery, which makes a crash inside
 * clang CXError_Crashed, but its signal handler runs on the stack of the
 * crashing thread: when clang overflows that stack (clang 14 recurses
 * without end on some broken macro calls, as in
 * test/fuzz/regressions/compile/libclang-stack-overflow.c), the handler
 * cannot run and the kernel kills the process. So libclang's handlers of
 * the signals of an overflow run on an alternate stack (SA_ONSTACK), and the
 * parse runs on this thread (LIBCLANG_NOTHREADS), which has one during the
 * parse: an overflow is then error 2 like every other crash of libclang.
 * On a thread of its own, libclang would abort when it could not make the
 * thread, and the overflow could not be caught. With an unlimited stack
 * (HPC users often set one) the recursion would take all memory before it
 * overflowed: the parse gets at most PARSE_STACK (8 times what libclang
 * gives its own thread). */
enum { SIGNAL_STACK = 1 << 16, PARSE_STACK = 64 << 20 };

/* Not from malloc: after a crash, this process may not free (below). */
static char signal_stack[SIGNAL_STACK];
static bool crash_ends_process;

void tu_end_process_on_crash(void) { crash_ends_process = true; }

/* clang_createIndex installs libclang's handlers, unless the user turned its
 * crash recovery off (LIBCLANG_DISABLE_CRASH_RECOVERY). */
static void handlers_on_signal_stack(void) {
  const int signals[] = {SIGSEGV, SIGBUS};
  for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) {
    struct sigaction sa;
    if (sigaction(signals[i], NULL, &sa) == 0 && sa.sa_handler != SIG_DFL &&
        sa.sa_handler != SIG_IGN && !(sa.sa_flags & SA_ONSTACK)) {
      sa.sa_flags |= SA_ONSTACK;
      sigaction(signals[i], &sa, NULL);
    }
  }
}

/* clang_parseTranslationUnit2 with an alternate signal stack and a stack of
 * at most PARSE_STACK; the thread's own signal stack (a sanitizer's, say)
 * and the stack limit are put back after. */
static enum CXErrorCode parse_safely(CXIndex index, const char *path, const char *const *argv,
                                     int argc, struct CXUnsavedFile *unsaved, unsigned flags,
                                     CXTranslationUnit *tu) {
  stack_t alt = {.ss_sp = signal_stack, .ss_size = SIGNAL_STACK}, previous;
  bool alt_on = sigaltstack(&alt, &previous) == 0;
  struct rlimit limit, capped;
  bool cap = getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur > PARSE_STACK;
  if (cap) {
    capped = limit;
    capped.rlim_cur = PARSE_STACK;
    cap = setrlimit(RLIMIT_STACK, &capped) == 0;
  }
  enum CXErrorCode rc = clang_parseTranslationUnit2(index, path, argv, argc, unsaved, 1, flags, tu);
  if (cap)
    setrlimit(RLIMIT_STACK, &limit);
  if (alt_on)
    sigaltstack(&previous, NULL);
  return rc;
}

bool tu_parse(Tu *t, const Source *src, const char *abs_path, const char *const *args, int nargs,
              const char *appendix, bool skipped) {
  memset(t, 0, sizeof *t);
  t->src = src;
  size_t extra = strlen(appendix);
  char *contents = malloc(src->len + extra + 1);
  int n = 0;
  const char **argv = base_args(args, nargs, &n);
  if (!contents || !argv) {
    free(contents), free(argv);
    diag(DIAG_ERROR, NULL, 0, 0, "extract: out of memory");
    return false;
  }
  memcpy(contents, src->text, src->len);
  memcpy(contents + src->len, appendix, extra + 1);
  struct CXUnsavedFile unsaved = {abs_path, contents, (unsigned long)(src->len + extra)};
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  t->index = clang_createIndex(0, 0);
  handlers_on_signal_stack();
  /* The detailed preprocessing record gives clang_getSkippedRanges (an
   * annotation inside #if 0 is none). */
  unsigned flags = CXTranslationUnit_KeepGoing;
  if (skipped)
    flags |= CXTranslationUnit_DetailedPreprocessingRecord;
  enum CXErrorCode rc = parse_safely(t->index, abs_path, argv, n, &unsaved, flags, &t->tu);
  if (rc == CXError_Crashed && crash_ends_process)
    diag_error_exit_without_memory(src->path, "libclang could not parse the file (error 2)");
  free(argv);
  free(contents);
  if (rc != CXError_Success || !t->tu) {
    diag(DIAG_ERROR, src->path, 0, 0, "libclang could not parse the file (error %d)", (int)rc);
    return false;
  }
  t->file = clang_getFile(t->tu, abs_path);
  return true;
}

void tu_dispose(Tu *t) {
  if (t->tu)
    clang_disposeTranslationUnit(t->tu);
  if (t->index)
    clang_disposeIndex(t->index);
  memset(t, 0, sizeof *t);
}

/* Whether the line at offset is a directive that may renumber the lines
 * after it: "#" blanks ("line" | a digit). */
static bool line_directive_at(const Source *src, size_t at) {
  at = source_skip_blanks(src, at);
  if (at >= src->len || src->text[at] != '#')
    return false;
  at = source_skip_blanks(src, at + 1);
  return (at < src->len && src->text[at] >= '0' && src->text[at] <= '9') ||
         (at + 4 < src->len && !strncmp(src->text + at, "line", 4) &&
          strchr(" \t", src->text[at + 4]));
}

bool tu_line_marks(const Tu *t, Source *src) {
  char *main_name = tu_string(clang_getFileName(t->file));
  bool ok = main_name != NULL;
  for (int i = 0; ok && i + 1 < src->nlines; i++) {
    if (!line_directive_at(src, src->line_start[i]))
      continue;
    size_t next = src->line_start[i + 1];
    CXString file;
    unsigned line;
    clang_getPresumedLocation(tu_location(t, next), &file, &line, NULL);
    const char *name = clang_getCString(file);
    bool own = !name || !strcmp(name, main_name);
    ok = source_add_mark(src, next, (int)line - (i + 2), own ? NULL : name);
    clang_disposeString(file);
  }
  free(main_name);
  return ok;
}

size_t tu_offset(CXSourceLocation loc) {
  unsigned off = 0;
  clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

CXSourceLocation tu_location(const Tu *t, size_t offset) {
  return clang_getLocationForOffset(t->tu, t->file, (unsigned)offset);
}

bool tu_extent(const Tu *t, CXCursor c, size_t *begin, size_t *end) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile f;
  unsigned b, e;
  clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
  if (!clang_File_isEqual(f, t->file))
    return false;
  clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
  *begin = b;
  *end = e < b ? b : e;
  return true;
}

typedef struct Choice {
  CXType want;
  CXCursor found;
  int count, seen;
} Choice;

static enum CXChildVisitResult choice_visitor(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Choice *ch = data;
  if (ch->seen++ == 0) /* the controlling expression */
    return CXChildVisit_Continue;
  CXCursor e = tu_strip(c);
  CXCursor fn = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e)
                                                               : clang_getNullCursor();
  if (clang_getCursorKind(fn) == CXCursor_FunctionDecl &&
      clang_equalTypes(clang_getCanonicalType(clang_getCursorType(fn)), ch->want))
    ch->found = fn, ch->count++;
  return CXChildVisit_Continue;
}

/* The function a _Generic selection picks, which libclang does not say:
 * the one association that is a function of the selection's type. */
static CXCursor generic_choice(CXCursor sel) {
  Choice ch = {clang_getCanonicalType(clang_getCursorType(sel)), clang_getNullCursor(), 0, 0};
  if (ch.want.kind == CXType_Pointer)
    ch.want = clang_getCanonicalType(clang_getPointeeType(ch.want));
  clang_visitChildren(sel, choice_visitor, &ch);
  return ch.count == 1 ? ch.found : clang_getNullCursor();
}

CXCursor tu_called_function(CXCursor call) {
  CXCursor fn = clang_getCursorReferenced(call);
  if (!clang_Cursor_isNull(fn))
    return fn;
  /* (f)(x) and _Generic(x, T: f, ...)(x): libclang names no callee */
  CXCursor callee = tu_strip(tu_first_child(call)), named = clang_getNullCursor();
  if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr)
    named = clang_getCursorReferenced(callee);
  else if (clang_getCursorKind(callee) == CXCursor_GenericSelectionExpr)
    named = generic_choice(callee);
  return clang_getCursorKind(named) == CXCursor_FunctionDecl ? named : fn;
}

CXCursor tu_callee_pointer(CXCursor call) {
  CXCursor e = tu_strip(tu_first_child(call));
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator) /* (*fp)(...) */
    e = tu_strip(tu_first_child(e));
  bool pointer = clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Pointer;
  return pointer ? e : clang_getNullCursor();
}

char *tu_string(CXString s) {
  const char *c = clang_getCString(s);
  char *copy = malloc(strlen(c ? c : "") + 1);
  if (copy)
    strcpy(copy, c ? c : "");
  clang_disposeString(s);
  return copy;
}

/* Keeps the child it visits; stops at the first when asked to. */
struct child_pick {
  CXCursor child;
  bool first;
};

static enum CXChildVisitResult pick_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  struct child_pick *p = d;
  p->child = c;
  return p->first ? CXChildVisit_Break : CXChildVisit_Continue;
}

static CXCursor pick_child(CXCursor c, bool first) {
  struct child_pick p = {clang_getNullCursor(), first};
  clang_visitChildren(c, pick_visitor, &p);
  return p.child;
}

CXCursor tu_first_child(CXCursor c) { return pick_child(c, true); }

CXCursor tu_last_child(CXCursor c) { return pick_child(c, false); }

CXCursor tu_strip(CXCursor c) {
  for (int depth = 0; depth < 16; depth++) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
      return c;
    /* A cast's operand is its last child: a type that names a typedef or
     * has an array size ((double (*)[n])flat) comes first. */
    CXCursor child = k == CXCursor_CStyleCastExpr ? tu_last_child(c) : tu_first_child(c);
    if (clang_Cursor_isNull(child))
      return c;
    c = child;
  }
  return c;
}

bool tu_anonymous_member(CXCursor e) {
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  return clang_getCursorKind(e) == CXCursor_MemberRefExpr && t.kind == CXType_Record &&
         clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(t));
}

CXCursor tu_member_base(CXCursor e) {
  CXCursor base = tu_strip(tu_first_child(e));
  for (int depth = 0; depth < 16 && tu_anonymous_member(base); depth++)
    base = tu_strip(tu_first_child(base));
  return base;
}

/* The path as written: an anonymous member has no name in it (p.x). */
static bool path_of(CXCursor e, char *buf, size_t cap, size_t *len) {
  e = tu_strip(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
    return false;
  if (k == CXCursor_MemberRefExpr) {
    CXCursor base = tu_member_base(e);
    if (clang_Cursor_isNull(base) || !path_of(base, buf, cap, len))
      return false;
    bool arrow = clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer;
    *len += (size_t)snprintf(buf + *len, *len < cap ? cap - *len : 0, arrow ? "->" : ".");
  }
  CXString s = clang_getCursorSpelling(e);
  *len += (size_t)snprintf(buf + *len, *len < cap ? cap - *len : 0, "%s", clang_getCString(s));
  clang_disposeString(s);
  return *len < cap;
}

bool tu_member_path(CXCursor e, char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  return path_of(e, buf, cap, &len);
}

bool tu_is_array(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray;
}

bool tu_pointer_like(CXType t) {
  return clang_getCanonicalType(t).kind == CXType_Pointer || tu_is_array(t);
}

CXType tu_pointee(CXType t) {
  bool array = tu_is_array(t);
  CXType p = array ? clang_getArrayElementType(t) : clang_getPointeeType(t);
  if (p.kind == CXType_Invalid) {
    CXType c = clang_getCanonicalType(t);
    p = array ? clang_getArrayElementType(c) : clang_getPointeeType(c);
  }
  return p;
}

bool tu_spelling_is(CXCursor c, const char *name) {
  CXString s = clang_getCursorSpelling(c);
  const char *text = clang_getCString(s);
  bool same = text && !strcmp(text, name);
  clang_disposeString(s);
  return same;
}

/* One clang diagnostic in esched's form; the main file keeps the user's
 * spelling of its path. */
static void report(const Tu *t, CXDiagnostic d) {
  CXFile f;
  unsigned line, col, off;
  clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &line, &col, &off);
  bool main_file = f && clang_File_isEqual(f, t->file);
  CXString msg = clang_getDiagnosticSpelling(d);
  if (main_file || !f) {
    diag(DIAG_ERROR, f ? t->src->path : NULL, (int)line, (int)col, "%s", clang_getCString(msg));
  } else {
    CXString name = clang_getFileName(f);
    diag(DIAG_ERROR, clang_getCString(name), (int)line, (int)col, "%s", clang_getCString(msg));
    clang_disposeString(name);
  }
  clang_disposeString(msg);
}

/* Whether d is clang's driver refusing an option it does not know: a GCC
 * option of the build (-mindirect-branch=thunk) that the compiler itself
 * will take. esched parses without it. */
static bool unknown_option(CXDiagnostic d, CXFile f) {
  CXString msg = clang_getDiagnosticSpelling(d);
  const char *text = clang_getCString(msg);
  bool unknown = !f && text && !strncmp(text, "unknown argument: ", 18);
  clang_disposeString(msg);
  return unknown;
}

int tu_report_errors(const Tu *t) {
  int errors = 0;
  unsigned n = clang_getNumDiagnostics(t->tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(t->tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
    bool appendix = f && clang_File_isEqual(f, t->file) && off >= t->src->len;
    if (sev >= CXDiagnostic_Error && !appendix && !unknown_option(d, f)) {
      report(t, d);
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  return errors;
}

/* Whether diagnostic d is a message of the main file starting with
 * prefix; its text after the prefix (malloc'ed) and offset. */
static bool message_of(const Tu *t, CXDiagnostic d, const char *prefix, TuMessage *m) {
  CXString opt = clang_getDiagnosticOption(d, NULL), msg = clang_getDiagnosticSpelling(d);
  const char *o = clang_getCString(opt), *text = clang_getCString(msg);
  CXFile f;
  unsigned off;
  clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
  size_t plen = strlen(prefix);
  bool mine = o && !strcmp(o, "-W#pragma-messages") && text && !strncmp(text, prefix, plen) && f &&
              clang_File_isEqual(f, t->file) && off < t->src->len;
  m->offset = off;
  m->text = mine ? malloc(strlen(text + plen) + 1) : NULL;
  if (m->text)
    strcpy(m->text, text + plen);
  clang_disposeString(opt);
  clang_disposeString(msg);
  return mine;
}

int tu_messages(const Tu *t, const char *prefix, TuMessage **out) {
  *out = NULL;
  int len = 0, cap = 0;
  bool nomem = false;
  unsigned n = clang_getNumDiagnostics(t->tu);
  for (unsigned i = 0; i < n && !nomem; i++) {
    CXDiagnostic d = clang_getDiagnostic(t->tu, i);
    TuMessage m;
    if (message_of(t, d, prefix, &m)) {
      nomem = !m.text || es_vec_reserve(out, &cap, len + 1, sizeof **out);
      if (!nomem)
        (*out)[len++] = m;
      else
        free(m.text);
    }
    clang_disposeDiagnostic(d);
  }
  if (!nomem)
    return len;
  tu_messages_free(*out, len);
  *out = NULL;
  return -1;
}

/* Whether d reports an annotation in a file the main file includes (not a
 * system header): `#pragma esched` there is an unknown pragma to clang (its
 * location is the pragma's name), and esched.h's macros there are messages
 * expanded there. */
static bool included_annotation(const Tu *t, CXDiagnostic d, CXFile *file, unsigned *line,
                                unsigned *col) {
  CXString opt = clang_getDiagnosticOption(d, NULL), msg = clang_getDiagnosticSpelling(d);
  const char *o = clang_getCString(opt), *text = clang_getCString(msg);
  CXSourceLocation loc = clang_getDiagnosticLocation(d);
  unsigned off = 0;
  bool pragma = o && !strcmp(o, "-Wunknown-pragmas");
  bool message = o && !strcmp(o, "-W#pragma-messages") && text && !strncmp(text, "esched ", 7);
  *file = NULL;
  if (pragma || message)
    clang_getExpansionLocation(loc, file, line, col, &off);
  bool found =
      *file && !clang_File_isEqual(*file, t->file) && !clang_Location_isInSystemHeader(loc);
  if (found && pragma) {
    size_t size = 0;
    const char *contents = clang_getFileContents(t->tu, *file, &size);
    found = contents && off + 6 <= size && !strncmp(contents + off, "esched", 6) &&
            (off + 6 == size ||
             !(isalnum((unsigned char)contents[off + 6]) || contents[off + 6] == '_'));
  }
  clang_disposeString(opt);
  clang_disposeString(msg);
  return found;
}

int tu_included_annotations(const Tu *t, TuPlace **out) {
  *out = NULL;
  int len = 0, cap = 0;
  unsigned n = clang_getNumDiagnostics(t->tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(t->tu, i);
    CXFile f;
    TuPlace p = {0};
    bool found = included_annotation(t, d, &f, &p.line, &p.col);
    clang_disposeDiagnostic(d);
    if (!found)
      continue;
    p.path = tu_string(clang_getFileName(f));
    /* A header included twice without a guard reports its pragmas twice. */
    bool again = false;
    for (int k = 0; p.path && k < len && !again; k++)
      again = (*out)[k].line == p.line && (*out)[k].col == p.col && !strcmp((*out)[k].path, p.path);
    if (again) {
      free(p.path);
      continue;
    }
    if (!p.path || es_vec_reserve(out, &cap, len + 1, sizeof **out)) {
      free(p.path);
      tu_places_free(*out, len);
      *out = NULL;
      return -1;
    }
    (*out)[len++] = p;
  }
  return len;
}

void tu_places_free(TuPlace *p, int n) {
  for (int i = 0; i < n; i++)
    free(p[i].path);
  free(p);
}

void tu_messages_free(TuMessage *m, int n) {
  for (int i = 0; i < n; i++)
    free(m[i].text);
  free(m);
}
