/* What a piece of code does to variables (walk.h): each reference to a
 * variable is a read unless the code assigns through it (x = .., p[i] = ..,
 * s.f = .., *p = .., ++ and --), takes its address, or passes it to a
 * parameter that is a pointer to non-const (or to a variadic or unprototyped
 * function); free(p) kills p's data. Variables declared inside the code
 * itself are its own business. Calls to functions are recorded for the call
 * graph with whether a loop encloses them. */
#include <stdlib.h>
#include <string.h>

#include "pass/walk.h"
#include "scheduler/vec.h"

enum { MARK_WRITE = 1, MARK_KILL = 2 };

typedef struct Mark {
  size_t offset;
  int what;
} Mark;

typedef struct Scan {
  Walker *w;
  int node;
  bool inferred, collect;
  size_t begin, end; /* the scanned code */
  size_t *loops;     /* ends of the loops around the current cursor */
  int nloops, loops_cap;
  Mark *marks;
  int nmarks, marks_cap;
} Scan;

static enum CXChildVisitResult first_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  *(CXCursor *)d = c;
  return CXChildVisit_Break;
}

CXCursor refs_first_child(CXCursor c) {
  CXCursor child = clang_getNullCursor();
  clang_visitChildren(c, first_visitor, &child);
  return child;
}

CXCursor refs_strip(CXCursor c) {
  for (int depth = 0; depth < 16; depth++) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
      return c;
    CXCursor child = refs_first_child(c);
    if (clang_Cursor_isNull(child))
      return c;
    c = child;
  }
  return c;
}

static size_t begin_of(const Scan *s, CXCursor c) {
  size_t b, e;
  return tu_extent(s->w->tu, c, &b, &e) ? b : 0;
}

static void mark(Scan *s, CXCursor ref, int what) {
  if (es_vec_reserve(&s->marks, &s->marks_cap, s->nmarks + 1, sizeof *s->marks)) {
    s->w->nomem = true;
    return;
  }
  s->marks[s->nmarks++] = (Mark){begin_of(s, ref), what};
}

/* The variable an lvalue expression writes through: A in A[i], s.f, *p. */
static void mark_base(Scan *s, CXCursor e, int what) {
  for (int depth = 0; depth < 16 && !clang_Cursor_isNull(e); depth++) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_DeclRefExpr) {
      mark(s, e, what);
      return;
    }
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
        k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr &&
        k != CXCursor_UnaryOperator && k != CXCursor_CStyleCastExpr)
      return;
    e = refs_first_child(e);
  }
}

static void pop_loops(Scan *s, size_t at) {
  while (s->nloops > 0 && s->loops[s->nloops - 1] <= at)
    s->nloops--;
}

static void enter_loop(Scan *s, CXCursor c) {
  size_t b, e;
  if (!tu_extent(s->w->tu, c, &b, &e))
    return;
  pop_loops(s, b);
  if (es_vec_reserve(&s->loops, &s->loops_cap, s->nloops + 1, sizeof *s->loops))
    s->w->nomem = true;
  else
    s->loops[s->nloops++] = e;
}

/* Whether passing a variable as argument i of a function of type fty may
 * write it: a pointer-to-non-const parameter, or no parameter type. */
static bool param_may_write(CXType fty, int i) {
  int n = clang_getNumArgTypes(fty);
  if (fty.kind != CXType_FunctionProto || i >= n)
    return true;
  CXType p = clang_getCanonicalType(clang_getArgType(fty, (unsigned)i));
  return p.kind == CXType_Pointer && !clang_isConstQualifiedType(clang_getPointeeType(p));
}

static void mark_call_args(Scan *s, CXCursor call) {
  CXCursor fn = clang_getCursorReferenced(call);
  bool direct = clang_getCursorKind(fn) == CXCursor_FunctionDecl;
  bool is_free = direct && tu_spelling_is(fn, "free");
  CXType fty = direct ? clang_getCanonicalType(clang_getCursorType(fn)) : (CXType){0};
  int n = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < n; i++) {
    CXCursor arg = refs_strip(clang_Cursor_getArgument(call, (unsigned)i));
    if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
      continue;
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    bool ref_like = t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
                    t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray;
    if (is_free)
      mark(s, arg, MARK_KILL);
    else if (ref_like && (!direct || param_may_write(fty, i)))
      mark(s, arg, MARK_WRITE);
  }
}

static void on_call(Scan *s, CXCursor c) {
  pop_loops(s, begin_of(s, c));
  walk_record_call(s->w, c, s->w->loop_depth > 0 || s->nloops > 0);
  if (s->collect)
    mark_call_args(s, c);
}

static enum CXChildVisitResult two_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  CXCursor *v = d;
  if (clang_Cursor_isNull(v[0]))
    v[0] = c;
  else {
    v[1] = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The operator of a binary expression is the text between its operands. */
static void on_binary(Scan *s, CXCursor c, bool compound) {
  CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
  clang_visitChildren(c, two_visitor, v);
  if (clang_Cursor_isNull(v[1]))
    return;
  size_t lb, le, rb, re;
  if (!tu_extent(s->w->tu, v[0], &lb, &le) || !tu_extent(s->w->tu, v[1], &rb, &re))
    return;
  const char *t = s->w->src->text;
  while (le < rb && strchr(" \t\r\n", t[le]))
    le++;
  while (rb > le && strchr(" \t\r\n", t[rb - 1]))
    rb--;
  if (compound || (rb == le + 1 && t[le] == '='))
    mark_base(s, v[0], MARK_WRITE);
}

static void on_unary(Scan *s, CXCursor c) {
  size_t b, e;
  if (!tu_extent(s->w->tu, c, &b, &e) || e < b + 2)
    return;
  const char *t = s->w->src->text;
  bool prefix = (t[b] == '+' || t[b] == '-') && t[b + 1] == t[b];
  bool postfix = (t[e - 1] == '+' || t[e - 1] == '-') && t[e - 2] == t[e - 1];
  if (prefix || postfix || t[b] == '&')
    mark_base(s, refs_first_child(c), MARK_WRITE);
}

static bool is_array_or_pointer(CXType t) {
  CXType c = clang_getCanonicalType(t);
  return c.kind == CXType_Pointer || c.kind == CXType_ConstantArray ||
         c.kind == CXType_IncompleteArray || c.kind == CXType_VariableArray;
}

static void on_ref(Scan *s, CXCursor c) {
  CXCursor decl = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(decl);
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
    return;
  size_t at = begin_of(s, c), declared = tu_offset(clang_getCursorLocation(decl));
  if (clang_Location_isFromMainFile(clang_getCursorLocation(decl)) && declared >= s->begin &&
      declared < s->end)
    return;
  int what = 0;
  for (int i = 0; i < s->nmarks; i++)
    if (s->marks[i].offset == at)
      what |= s->marks[i].what;
  EsAccessMode mode = what & MARK_WRITE ? ES_ACCESS_INOUT : ES_ACCESS_IN;
  if (s->inferred && mode == ES_ACCESS_IN && !is_array_or_pointer(clang_getCursorType(decl)))
    return; /* a scalar a task only reads is passed by value */
  char *name = tu_string(clang_getCursorSpelling(c));
  const char *item = name ? walk_intern(s->w, name) : NULL;
  free(name);
  XAccess acc;
  if (!item || !refs_whole_access(s->w, decl, item, mode, &acc))
    return;
  acc.a.inferred = s->inferred;
  if (what & MARK_KILL) {
    acc.kill = true;
    acc.a.mode = what & MARK_WRITE ? ES_ACCESS_INOUT : 0;
  }
  walk_add_access(s->w, s->node, &acc);
}

static enum CXChildVisitResult scan_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Scan *s = d;
  switch (clang_getCursorKind(c)) {
  case CXCursor_ForStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt: enter_loop(s, c); break;
  case CXCursor_CallExpr: on_call(s, c); break;
  case CXCursor_BinaryOperator:
    if (s->collect)
      on_binary(s, c, false);
    break;
  case CXCursor_CompoundAssignOperator:
    if (s->collect)
      on_binary(s, c, true);
    break;
  case CXCursor_UnaryOperator:
    if (s->collect)
      on_unary(s, c);
    break;
  case CXCursor_DeclRefExpr:
    if (s->collect)
      on_ref(s, c);
    break;
  default: break;
  }
  return s->w->nomem ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void scan(Walker *w, CXCursor c, int n, bool inferred, bool collect) {
  Scan s = {w, n, inferred, collect, 0, 0, NULL, 0, 0, NULL, 0, 0};
  if (!tu_extent(w->tu, c, &s.begin, &s.end))
    return;
  scan_visitor(c, clang_getNullCursor(), &s); /* clang_visitChildren skips c itself */
  clang_visitChildren(c, scan_visitor, &s);
  free(s.loops);
  free(s.marks);
}

void refs_scan(Walker *w, CXCursor c, int n, bool inferred) {
  scan(w, c, n, inferred, n >= 0 || w->nblocks > 0);
}

void refs_calls(Walker *w, CXCursor c) { scan(w, c, -1, false, false); }

/* "const float" -> "float": the element type without qualifiers. */
static const char *unqualified(Walker *w, CXType t) {
  char *sp = tu_string(clang_getTypeSpelling(t));
  if (!sp)
    return NULL;
  const char *p = sp;
  static const char *const quals[] = {"const ", "volatile ", "restrict "};
  for (bool again = true; again;) {
    again = false;
    for (int i = 0; i < 3; i++)
      if (!strncmp(p, quals[i], strlen(quals[i]))) {
        p += strlen(quals[i]);
        again = true;
      }
  }
  const char *out = walk_intern(w, p);
  free(sp);
  return out;
}

const char *refs_elem_type(Walker *w, CXType t, long long *size, bool *pointer,
                           long long *count) {
  CXType ct = clang_getCanonicalType(t), elem = t;
  *pointer = ct.kind == CXType_Pointer;
  *count = -1;
  if (*pointer) {
    elem = clang_getPointeeType(t);
    if (elem.kind == CXType_Invalid)
      elem = clang_getPointeeType(ct);
  } else if (ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray ||
             ct.kind == CXType_VariableArray) {
    elem = clang_getArrayElementType(t);
    if (elem.kind == CXType_Invalid)
      elem = clang_getArrayElementType(ct);
    if (ct.kind == CXType_ConstantArray)
      *count = clang_getArraySize(ct);
  }
  *size = clang_Type_getSizeOf(elem);
  if (*size <= 0)
    *size = -1;
  return unqualified(w, elem);
}

bool refs_whole_access(Walker *w, CXCursor decl, const char *name, EsAccessMode mode,
                       XAccess *acc) {
  memset(acc, 0, sizeof *acc);
  CXType t = clang_getCursorType(decl);
  acc->a.item = name;
  acc->a.mode = mode;
  acc->a.elem_type = refs_elem_type(w, t, &acc->elem_size, &acc->pointer, &acc->count);
  acc->whole = true;
  acc->lo_val = acc->len_val = -1;
  long long bytes = acc->pointer ? -1 : clang_Type_getSizeOf(t);
  acc->a.bytes = bytes > 0 ? (double)bytes : -1;
  return acc->a.elem_type != NULL;
}
