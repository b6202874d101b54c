/* Which tasks must never run twice (walk.h: replay_effect).
 *
 * A profiling run in all-devices mode runs each task's other device
 * variants too, on scratch copies of the task's data. That is harmless for
 * a kernel, whose only effects are on its data, but a variant that prints,
 * reads input, draws from rand() or exits would do so twice, and the
 * program would no longer behave as written. Such tasks carry
 * ESRT_NO_REPLAY: by the `noreplay` clause, or because their code calls a C
 * library function with an effect beyond memory (the list below), or
 * changes a variable that outlives the call (of file scope, static or
 * _Thread_local: a counter of calls), directly or through functions
 * defined in this file. The search follows the AST of
 * the task's function and its variants through calls to functions of the
 * file (each function once: a memo holds its verdict; recursion ends at a
 * function being searched, and a verdict that leaned on one is not kept);
 * calls through pointers and to functions of other files are not seen --
 * the clause covers them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/replay.h"

/* C library functions that reach outside the process's memory or change
 * state a second run would see: stdio streams, POSIX descriptors, the
 * random number generators, the environment of the process. */
static const char *const effect_functions[] = {
    "printf",   "fprintf", "vprintf", "vfprintf",   "puts",    "fputs",   "putchar", "putc",
    "fputc",    "fwrite",  "perror",  "fflush",     "scanf",   "fscanf",  "vscanf",  "vfscanf",
    "getchar",  "getc",    "fgetc",   "fgets",      "fread",   "ungetc",  "fopen",   "freopen",
    "fclose",   "fseek",   "rewind",  "fsetpos",    "remove",  "rename",  "tmpfile", "write",
    "read",     "pwrite",  "pread",   "open",       "close",   "send",    "recv",    "sendto",
    "recvfrom", "rand",    "srand",   "random",     "srandom", "drand48", "lrand48", "mrand48",
    "srand48",  "exit",    "_Exit",   "quick_exit", "abort",   "system",  "raise",   "setenv",
    "putenv",   "unsetenv"};

static bool is_effect_function(const char *name) {
  for (size_t i = 0; i < sizeof effect_functions / sizeof *effect_functions; i++)
    if (!strcmp(name, effect_functions[i]))
      return true;
  return false;
}

typedef struct Search {
  Walker *w;
  const char *found; /* "fprintf in report", interned */
  bool open;         /* met a function still being searched (recursion) */
  CXCursor def;      /* the function searched (a null cursor: arguments) */
} Search;

/* The memo's values: absent (-1), being searched, clean, or an effect; a
 * clean verdict that leaned on a function still being searched is not kept
 * (RESEARCH), because that function may yet turn out to have an effect. */
enum { SEARCHING = 0, CLEAN = 1, FIRST_EFFECT = 2, RESEARCH = 0x7fffffff };

static const char *search_function(Walker *w, CXCursor def, bool *open);

static const char *effect_text(Walker *w, CXCursor call, const char *name) {
  CXCursor caller = clang_getCursorSemanticParent(call);
  while (!clang_Cursor_isNull(caller) && clang_getCursorKind(caller) != CXCursor_FunctionDecl &&
         !clang_isTranslationUnit(clang_getCursorKind(caller)))
    caller = clang_getCursorSemanticParent(caller);
  char *where = tu_string(clang_getCursorSpelling(caller));
  size_t len = strlen(name) + (where ? strlen(where) : 1) + 8;
  char *text = malloc(len);
  const char *interned = NULL;
  if (text) {
    snprintf(text, len, "%s in %s", name, where ? where : "?");
    interned = walk_intern(w, text);
  }
  if (!interned)
    w->nomem = true;
  free(text), free(where);
  return interned;
}

static bool changes(const Walker *w, CXCursor c);

/* The variable of static storage duration (of file scope, static or
 * _Thread_local) that e names, through members of structures and elements
 * of arrays (not through pointers), or a null cursor. */
static CXCursor static_variable(CXCursor e) {
  for (int depth = 0; depth < 16; depth++) {
    e = tu_strip(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    CXCursor inner = tu_first_child(e);
    bool through = k == CXCursor_ArraySubscriptExpr ||
                   (k == CXCursor_MemberRefExpr && !clang_Cursor_isNull(inner));
    if (through &&
        tu_is_array(clang_getCursorType(tu_strip(inner))) == (k == CXCursor_ArraySubscriptExpr) &&
        clang_getCanonicalType(clang_getCursorType(tu_strip(inner))).kind != CXType_Pointer) {
      e = inner;
      continue;
    }
    CXCursor v = k == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e) : clang_getNullCursor();
    if (clang_getCursorKind(v) != CXCursor_VarDecl)
      return clang_getNullCursor();
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(v);
    bool file_scope =
        clang_getCursorKind(clang_getCursorSemanticParent(v)) == CXCursor_TranslationUnit;
    bool lasting = file_scope || sc == CX_SC_Static || sc == CX_SC_Extern ||
                   clang_getCursorTLSKind(v) != CXTLS_None;
    return lasting ? v : clang_getNullCursor();
  }
  return clang_getNullCursor();
}

/* An assignment or increment of a variable that outlives the call (a
 * counter of calls, a cache): a second run would change it again. */
static void static_write(Search *s, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_CompoundAssignOperator &&
      !((k == CXCursor_UnaryOperator || k == CXCursor_BinaryOperator) && changes(s->w, c)))
    return;
  CXCursor v = static_variable(tu_first_child(c));
  if (clang_Cursor_isNull(v))
    return;
  char *name = tu_string(clang_getCursorSpelling(v)),
       *fn = tu_string(clang_getCursorSpelling(s->def));
  size_t len = name && fn ? strlen(name) + strlen(fn) + 20 : 0;
  char *what = len ? malloc(len) : NULL;
  if (what) {
    snprintf(what, len, "a write to %s in %s", name, *fn ? fn : "?");
    s->found = walk_intern(s->w, what);
  }
  s->w->nomem |= !s->found;
  free(what), free(name), free(fn);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Search *s = data;
  if (clang_getCursorKind(c) != CXCursor_CallExpr) {
    static_write(s, c);
    return s->found || s->w->nomem ? CXChildVisit_Break : CXChildVisit_Recurse;
  }
  CXCursor fn = tu_called_function(c);
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
    return CXChildVisit_Recurse;
  CXCursor def = clang_getCursorDefinition(fn);
  if (!clang_Cursor_isNull(def) && clang_Location_isFromMainFile(clang_getCursorLocation(def))) {
    bool open = false;
    s->found = search_function(s->w, def, &open);
    s->open |= open;
  } else if (clang_Location_isInSystemHeader(clang_getCursorLocation(fn))) {
    char *name = tu_string(clang_getCursorSpelling(fn));
    if (name && is_effect_function(name))
      s->found = effect_text(s->w, c, name);
    free(name);
  }
  return s->found || s->w->nomem ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The verdict on function definition def: the effect found, or NULL; *open
 * when a clean verdict leaned on a function still being searched. */
static const char *search_function(Walker *w, CXCursor def, bool *open) {
  char *usr = tu_string(clang_getCursorUSR(def));
  const char *key = usr ? walk_intern(w, usr) : NULL;
  free(usr);
  if (!key) {
    w->nomem = true;
    return NULL;
  }
  int v = es_strmap_get(&w->replay_memo, key);
  if (v == SEARCHING)
    *open = true;
  if (v >= 0 && v != RESEARCH)
    return v >= FIRST_EFFECT ? w->replay_effects[v - FIRST_EFFECT] : NULL;
  if (es_strmap_put(&w->replay_memo, key, SEARCHING)) {
    w->nomem = true;
    return NULL;
  }
  Search s = {w, NULL, false, def};
  clang_visitChildren(def, visit, &s);
  int verdict = s.open ? RESEARCH : CLEAN;
  if (s.found) {
    const char **grown =
        realloc(w->replay_effects, sizeof *grown * (size_t)(w->nreplay_effects + 1));
    if (!grown) {
      w->nomem = true;
      return s.found;
    }
    w->replay_effects = grown;
    w->replay_effects[w->nreplay_effects] = s.found;
    verdict = FIRST_EFFECT + w->nreplay_effects++;
  }
  if (es_strmap_put(&w->replay_memo, key, verdict))
    w->nomem = true;
  *open = s.open && !s.found;
  return s.found;
}

const char *replay_effect(Walker *w, CXCursor fn) {
  CXCursor def = clang_getCursorDefinition(fn);
  if (clang_Cursor_isNull(def) || !clang_Location_isFromMainFile(clang_getCursorLocation(def)))
    return NULL;
  bool open = false;
  return search_function(w, def, &open);
}

/* Whether c, an operator the file spells, changes a variable: an
 * increment (++x, x--) or an assignment (x = y). Read from the text, since
 * libclang 14 does not name operators; a macro's hides its operator. */
static bool changes(const Walker *w, CXCursor c) {
  size_t b, e, lb, le;
  CXCursor lhs = tu_first_child(c);
  if (!tu_extent(w->tu, c, &b, &e) || clang_Cursor_isNull(lhs) || !tu_extent(w->tu, lhs, &lb, &le))
    return false;
  const char *t = w->src->text;
  size_t n = w->src->len;
  if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
    bool pre = b + 1 < n && (t[b] == '+' || t[b] == '-') && t[b + 1] == t[b];
    bool post = e >= 2 && e <= n && (t[e - 1] == '+' || t[e - 1] == '-') && t[e - 2] == t[e - 1];
    return pre || post;
  }
  while (le < n && strchr(" \t\r\n", t[le]))
    le++;
  return le + 1 < n && le < e && t[le] == '=' && t[le + 1] != '=';
}

static enum CXChildVisitResult visit_argument(CXCursor c, CXCursor parent, CXClientData data) {
  Search *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundAssignOperator ||
      ((k == CXCursor_UnaryOperator || k == CXCursor_BinaryOperator) && changes(s->w, c))) {
    s->found = walk_intern(s->w, "an argument that changes a variable");
    if (!s->found)
      s->w->nomem = true;
    return CXChildVisit_Break;
  }
  if (visit(c, parent, data) == CXChildVisit_Break)
    return CXChildVisit_Break;
  return CXChildVisit_Recurse;
}

const char *replay_argument_effect(Walker *w, CXCursor call) {
  Search s = {w, NULL, false, clang_getNullCursor()};
  int n = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < n && !s.found && !w->nomem; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    if (visit_argument(arg, clang_getNullCursor(), &s) != CXChildVisit_Break)
      clang_visitChildren(arg, visit_argument, &s);
  }
  return s.found;
}
