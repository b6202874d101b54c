/* What a piece of code does to variables (walk.h): each reference to a
 * variable is a read unless the code assigns through it (x = .., p[i] = ..,
 * s.f = .., *p = .., *(p + k) = .., ++ and --), takes its address, or passes
 * it (or p + k) to a parameter that is a pointer to non-const (or to a
 * variadic or unprototyped function); free(p) kills p's data, free(m.data)
 * the data at m.data. Host code naming a member path (m.rows, mp->data)
 * accesses that path, not the whole variable. Assigning a pointer (p =
 * malloc(..), p = q, m.data = q) or copying one (q = p, T *q = p + k, q =
 * &p[k], q = m.data) moves no data: it is no access to what the pointer
 * points to (unless the expression goes on to use the copy's value: *(q = p +
 * k)), and neither is an operand of sizeof. Such a copy is recorded as an
 * alias (x_alias_add): the rewriter syncs host code reaching data through one
 * name with tasks that name the other; a pointer loaded from memory no name
 * stands for (row = rows[i]) is recorded as such (x_alias_loaded). Variables
 * declared inside the code itself are its own business. A call to a function
 * of the file does what that function does to the file-scope variables
 * clauses name (a summary, scanned once per function). Calls are recorded for
 * the call graph with whether a loop encloses them. */
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/refs.h"
#include "pass/frontend/value_bytes.h"
#include "scheduler/base/vec.h"

enum {
  MARK_WRITE = 1,
  MARK_KILL = 2,
  MARK_POINTER = 4, /* its value, not its data */
  MARK_DATA = 8,    /* its data too: reached through the value of an expression made from it */
};

typedef struct Mark {
  size_t at; /* a DeclRefExpr's location (its name) */
  int what;
} Mark;

typedef struct Scan {
  Walker *w;
  int node;
  int sink; /* >= 0: a function's summary (w->callees), which gets the accesses */
  bool inferred, collect;
  size_t begin, end;    /* the scanned code */
  CXCursor declaration; /* the declaration scanned, if it is one (else null):
                           what it declares outlives it */
  size_t *loops;        /* ends of the loops around the current cursor */
  int nloops, loops_cap;
  Mark *marks;
  int nmarks, marks_cap;
} Scan;

static void mark(Scan *s, CXCursor ref, int what) {
  if (es_vec_reserve(&s->marks, &s->marks_cap, s->nmarks + 1, sizeof *s->marks)) {
    s->w->nomem = true;
    return;
  }
  s->marks[s->nmarks++] = (Mark){tu_offset(clang_getCursorLocation(ref)), what};
}

static CXCursor address_base(Scan *s, CXCursor e, char *path, size_t cap);

/* The variable an lvalue expression writes through: A in A[i], s.f, *p,
 * and x in *(x + k) and *(q = x + k), whose addresses are computed from
 * x's (address_base): x's data is written there. */
static void mark_base(Scan *s, CXCursor e, int what) {
  for (int depth = 0; depth < 16 && !clang_Cursor_isNull(e); depth++) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_DeclRefExpr) {
      mark(s, e, what);
      return;
    }
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
        k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr &&
        k != CXCursor_UnaryOperator && k != CXCursor_CStyleCastExpr) {
      char path[256];
      CXCursor root = k == CXCursor_BinaryOperator ? address_base(s, e, path, sizeof path)
                                                   : clang_getNullCursor();
      if (!clang_Cursor_isNull(root))
        mark(s, root, what | MARK_DATA);
      return;
    }
    e = tu_first_child(e);
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
  CXType p = clang_getArgType(fty, (unsigned)i);
  return tu_pointer_like(p) && !clang_isConstQualifiedType(tu_pointee(p));
}

static void kill_member(Scan *s, CXCursor arg);
static void data_through(Scan *s, CXCursor e);

/* An address argument computed from a variable's (f(x + k), f(q = x)):
 * the callee gets x's data, and writes it when the parameter may. */
static void computed_argument(Scan *s, CXCursor arg, bool may_write) {
  char path[256];
  CXCursor root = may_write && tu_pointer_like(clang_getCursorType(arg))
                      ? address_base(s, arg, path, sizeof path)
                      : clang_getNullCursor();
  if (!clang_Cursor_isNull(root))
    mark(s, root, MARK_WRITE | MARK_DATA);
  else
    data_through(s, arg);
}

static void mark_call_args(Scan *s, CXCursor call) {
  CXCursor fn = tu_called_function(call);
  bool direct = clang_getCursorKind(fn) == CXCursor_FunctionDecl;
  bool is_free = direct && tu_spelling_is(fn, "free");
  CXType fty = direct ? clang_getCanonicalType(clang_getCursorType(fn)) : (CXType){0};
  int n = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < n; i++) {
    /* A variable passed as it is (through implicit conversions): libclang
     * references its declaration, and the argument's location is its. */
    CXCursor arg = tu_strip(clang_Cursor_getArgument(call, (unsigned)i)); /* (v), as macros write */
    enum CXCursorKind k = clang_getCursorKind(clang_getCursorReferenced(arg));
    if (is_free && k == CXCursor_FieldDecl)
      kill_member(s, arg);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl && !is_free)
      computed_argument(s, arg, !direct || param_may_write(fty, i));
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
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

static void callee_uses(Scan *s, CXCursor call);

static void on_call(Scan *s, CXCursor c) {
  size_t b, e; /* extents are not cheap: only where a loop may have ended */
  if (s->nloops > 0 && tu_extent(s->w->tu, c, &b, &e))
    pop_loops(s, b);
  if (s->sink < 0) /* a summary's calls are the callee's, not this function's */
    walk_record_call(s->w, c, s->w->loop_depth > 0 || s->nloops > 0);
  if (s->collect) {
    mark_call_args(s, c);
    callee_uses(s, c);
  }
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

static void value_use(Scan *s, CXCursor e, int depth);

/* A child of a loop or an if that is a bare pointer: its condition. */
static enum CXChildVisitResult bare_condition(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  CXCursor e = tu_strip(c);
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
    value_use(d, e, 0);
  return CXChildVisit_Continue;
}

/* A pointer's or array's own value, not its data: p in p != NULL and
 * p < x + n, q - a < n, for (...; p; ...), while (p), !p. Host code that
 * compares or tests a pointer reads no task data; read as if it did, the
 * wait went into the loop's condition, before the test, and dereferenced
 * a null or past-the-end pointer (esrt_host_whole(p->v, ...) for
 * for (p = list; p; p = p->next)). */
static void value_use(Scan *s, CXCursor e, int depth) {
  e = tu_strip(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  size_t b, end;
  if (k == CXCursor_DeclRefExpr && tu_pointer_like(clang_getCursorType(e))) {
    /* Written out: a macro's names all sit at its use, where a mark would
     * also take the data reads of the same name (CHECK(p): if (p) p[0]). */
    char *name = tu_string(clang_getCursorSpelling(e));
    if (name && tu_extent(s->w->tu, e, &b, &end) && end - b == strlen(name) &&
        !strncmp(s->w->src->text + b, name, end - b))
      mark(s, e, MARK_POINTER);
    free(name);
  } else if (k == CXCursor_BinaryOperator && depth < 8) { /* x + n, q - a */
    CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
    clang_visitChildren(e, two_visitor, v);
    value_use(s, v[0], depth + 1), value_use(s, v[1], depth + 1);
  }
}

/* Whether binary operator c, whose left operand is lhs, compares or
 * tests (==, !=, <, >, <=, >=, &&, ||): read from the text after lhs. */
static bool compares(const Scan *s, CXCursor c, CXCursor lhs) {
  size_t lb, le, ob, oe;
  if (!tu_extent(s->w->tu, lhs, &lb, &le) || !tu_extent(s->w->tu, c, &ob, &oe) || le >= oe)
    return false;
  const char *t = s->w->src->text;
  while (le < oe && strchr(" \t\r\n)", t[le]))
    le++;
  if (le + 1 >= oe)
    return false;
  char a = t[le], b = t[le + 1];
  return (b == '=' && strchr("=!<>", a)) || (a == '&' && b == '&') || (a == '|' && b == '|') ||
         ((a == '<' || a == '>') && b != a);
}

/* The bare condition of a loop or an if (for (...; p; ...)), and the
 * operands of a comparison or test: values (value_use). */
static void value_uses(Scan *s, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
  if (k == CXCursor_BinaryOperator) {
    clang_visitChildren(c, two_visitor, v);
    if (!clang_Cursor_isNull(v[1]) && compares(s, c, v[0]))
      value_use(s, v[0], 0), value_use(s, v[1], 0);
  } else if (k == CXCursor_UnaryOperator) {
    size_t b = tu_offset(clang_getCursorLocation(c));
    if (b < s->w->src->len && s->w->src->text[b] == '!')
      value_use(s, tu_first_child(c), 0);
  } else {
    clang_visitChildren(c, bare_condition, s);
  }
}

/* A pointer variable named as itself (through implicit conversions). */
static bool pointer_variable(CXCursor e) {
  e = tu_strip(e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
         clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Pointer;
}

/* The path of a variable or of members reached from one (m, m.data,
 * m->rows.v; b for b.u of a union b; s for s.bits, a bit-field of s) into
 * path[cap]: its root variable's reference, or a null cursor for anything
 * else. */
static CXCursor member_path(CXCursor e, char *path, size_t cap) {
  e = tu_strip(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
    return clang_getNullCursor();
  CXCursor root = e;
  size_t used = 0;
  if (k == CXCursor_MemberRefExpr) {
    CXCursor base = tu_member_base(e); /* p.x, x in an anonymous member of p */
    root = member_path(base, path, cap);
    used = strlen(path);
    CXType bt = clang_getCanonicalType(clang_getCursorType(base));
    const char *op = bt.kind == CXType_Pointer ? "->" : ".";
    if (bt.kind == CXType_Pointer)
      bt = clang_getCanonicalType(clang_getPointeeType(bt));
    if (clang_getCursorKind(clang_getTypeDeclaration(bt)) == CXCursor_UnionDecl)
      return root; /* the members of a union share its bytes: the path is the union's */
    if (clang_Cursor_isBitField(clang_getCursorReferenced(e)))
      return root; /* a bit-field has no address (nor sizeof): its structure's path */
    if (clang_Cursor_isNull(root) || used + strlen(op) >= cap)
      return clang_getNullCursor();
    strcpy(path + used, op);
    used += strlen(op);
  }
  char *name = tu_string(clang_getCursorSpelling(e));
  bool fits = name && *name && used + strlen(name) < cap;
  if (fits)
    strcpy(path + used, name);
  free(name);
  return fits ? root : clang_getNullCursor();
}

/* Whether binary operator c, whose left operand is lhs, assigns: '=' not
 * followed by '=' after lhs. False for a macro's operator, which is not
 * in the text. */
static bool assigns(const Scan *s, CXCursor c, CXCursor lhs) {
  size_t lb, le, ob, oe;
  if (!tu_extent(s->w->tu, lhs, &lb, &le) || !tu_extent(s->w->tu, c, &ob, &oe) ||
      (ob == lb && oe == le))
    return false;
  const char *t = s->w->src->text;
  while (le < s->w->src->len && strchr(" \t\r\n", t[le]))
    le++;
  return le + 1 < s->w->src->len && t[le] == '=' && t[le + 1] != '=';
}

/* What an address is computed from: p in p, p + k, k + p, p - k, &p[k],
 * q = p (the value of an assignment) and casts of them, where p is a
 * pointer variable or a member path (m.data); its path goes to path[cap]
 * and its root variable's reference is returned, else a null cursor. (A
 * binary expression of pointer type is pointer arithmetic: p - q and
 * comparisons are numbers.) */
static CXCursor address_base(Scan *s, CXCursor e, char *path, size_t cap) {
  for (int depth = 0; depth < 16 && !clang_Cursor_isNull(e); depth++) {
    e = tu_strip(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    bool pointer = tu_pointer_like(clang_getCursorType(e));
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr)
      return pointer ? member_path(e, path, cap) : clang_getNullCursor();
    CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
    clang_visitChildren(e, two_visitor, v);
    size_t at = tu_offset(clang_getCursorLocation(e));
    if (k == CXCursor_BinaryOperator && pointer && !clang_Cursor_isNull(v[1]) &&
        assigns(s, e, v[0]))
      e = v[1];
    else if (k == CXCursor_BinaryOperator && pointer && !clang_Cursor_isNull(v[1]))
      e = tu_pointer_like(clang_getCursorType(tu_strip(v[0]))) ? v[0] : v[1];
    else if (k == CXCursor_UnaryOperator && at < s->w->src->len && s->w->src->text[at] == '&' &&
             clang_getCursorKind(tu_strip(v[0])) == CXCursor_ArraySubscriptExpr)
      e = tu_first_child(tu_strip(v[0]));
    else
      return clang_getNullCursor();
  }
  return clang_getNullCursor();
}

/* A pointer assigned inside an expression whose value leads to data:
 * *(q = x + k), (r = &x[i])[1], (q = p)->v, f(q = x). The assignment
 * makes x the origin of q, no access to its data (rebind), but the
 * expression reaches that data right there: the statement touches it (a
 * read; mark_base and computed_argument mark the writes). */
static void data_through(Scan *s, CXCursor e) {
  char path[256];
  CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
  e = tu_strip(e);
  if (clang_getCursorKind(e) != CXCursor_BinaryOperator || !tu_pointer_like(clang_getCursorType(e)))
    return;
  clang_visitChildren(e, two_visitor, v);
  if (clang_Cursor_isNull(v[1]) || !assigns(s, e, v[0]))
    return;
  CXCursor root = address_base(s, e, path, sizeof path);
  if (!clang_Cursor_isNull(root))
    mark(s, root, MARK_DATA);
}

/* Pointer `pointer` (a variable or a member path) gets an address computed
 * from `from`, where it is declared or by an assignment: no access to the
 * data of either (nor to the structure a member path reads the address
 * from), but host code reaching that data through one reaches what tasks
 * name through the other (x_alias_add). p = p + k keeps p's origin; an
 * assignment from anything else is recorded too (base NULL). */
/* Whether pointer value e is loaded from memory that no name esched knows
 * stands for: rows[i] of a T **, a[k].v, *pp (an array element or member
 * that is an array is an address, not a load). */
static bool loaded_pointer(Scan *s, CXCursor e) {
  e = tu_strip(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  size_t at = tu_offset(clang_getCursorLocation(e));
  char path[256];
  if (clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer)
    return false;
  return k == CXCursor_ArraySubscriptExpr ||
         (k == CXCursor_MemberRefExpr && clang_Cursor_isNull(member_path(e, path, sizeof path))) ||
         (k == CXCursor_UnaryOperator && at < s->w->src->len && s->w->src->text[at] == '*');
}

/* Whether pointer value e comes from somewhere esched cannot follow that
 * may be data of the program: a call other than an allocation
 * (blk = at(a, k), find(ents, n, id)). */
static bool untracked_pointer(CXCursor e) {
  static const char *const fresh[] = {"malloc", "calloc",  "realloc", "aligned_alloc",
                                      "strdup", "strndup", NULL};
  e = tu_strip(e);
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  if (clang_getCursorKind(e) != CXCursor_CallExpr || t.kind != CXType_Pointer)
    return false;
  /* A FILE *, a struct tm *: the system's objects are no program's data. */
  CXCursor pointee = clang_getTypeDeclaration(clang_getCanonicalType(clang_getPointeeType(t)));
  if (!clang_Cursor_isNull(pointee) &&
      clang_Location_isInSystemHeader(clang_getCursorLocation(pointee)))
    return false;
  CXCursor fn = clang_getCursorReferenced(e);
  for (const char *const *f = fresh; *f; f++)
    if (clang_getCursorKind(fn) == CXCursor_FunctionDecl && tu_spelling_is(fn, *f))
      return false;
  return true;
}

typedef struct Declared {
  size_t at;
  bool found, used; /* the variable at `at`; a later declarator reads it */
} Declared;

static enum CXChildVisitResult uses_variable(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Declared *d = data;
  d->used |= clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
             tu_offset(clang_getCursorLocation(clang_getCursorReferenced(c))) == d->at;
  return d->used ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static enum CXChildVisitResult own_variable(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Declared *d = data;
  if (clang_getCursorKind(c) == CXCursor_VarDecl) {
    size_t at = tu_offset(clang_getCursorLocation(c));
    d->found |= at == d->at;
    if (at > d->at)
      clang_visitChildren(c, uses_variable, d);
  }
  return CXChildVisit_Continue;
}

/* Whether declaration statement d (or a null cursor) itself declares the
 * variable at offset at, for later statements; one inside it (in a
 * statement expression of its initializer: double m = ({ const double *p
 * = b; p[3]; })) is the initializer's own, and so is one a later
 * declarator of d reads (double *last = A + k, corner = last[1];). */
static bool declared_by(CXCursor d, size_t at) {
  Declared x = {at, false, false};
  if (!clang_Cursor_isNull(d))
    clang_visitChildren(d, own_variable, &x);
  return x.found && !x.used;
}

/* The pointer declared at `at` is made from root's address. A pointer the
 * host statement declares inside it and uses there (float *p = &a[i];
 * s += *p; in a loop's body, for (float *q = a; ...)) reaches root's data
 * where esched does not follow it: the statement touches root itself, for
 * writing too unless the pointer is to const. A declaration statement's
 * pointer outlives it: later uses reach root through the alias. */
static void derived_here(Scan *s, CXCursor root, CXCursor from, size_t at) {
  if (declared_by(s->declaration, at) || at < s->begin || at >= s->end) {
    mark(s, root, MARK_POINTER);
    return;
  }
  CXType t = clang_getCanonicalType(clang_getCursorType(from));
  bool to_const = t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
  if (!to_const)
    mark(s, root, MARK_WRITE);
}

/* Whether pointer value e is a member of what the pointer named points to
 * (p = p->next, t = t->left): a walk of a list or a tree, whose nodes are
 * in memory, where esched cannot follow. */
static bool walks(CXCursor e, const char *pointer) {
  char path[256];
  e = tu_strip(e);
  if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
    return false;
  CXCursor root = member_path(e, path, sizeof path);
  size_t n = strcspn(path, ".-");
  return !clang_Cursor_isNull(root) && strlen(pointer) == n && !strncmp(path, pointer, n);
}

static void derive(Scan *s, const char *pointer, CXCursor from, size_t at, bool declaration) {
  char path[256];
  CXCursor root = address_base(s, from, path, sizeof path);
  if (!pointer) {
    s->w->nomem = true;
    return;
  }
  bool own = !s->inferred && !strpbrk(pointer, ".-");
  if (own && (walks(from, pointer) || (clang_Cursor_isNull(root) &&
                                       (loaded_pointer(s, from) || untracked_pointer(from))))) {
    const char *p = walk_intern(s->w, pointer);
    if (p && x_alias_loaded(s->w->x, s->w->func_name, p, at))
      s->w->nomem = true;
    return;
  }
  if (!clang_Cursor_isNull(root) && declaration)
    derived_here(s, root, from, at);
  else if (!clang_Cursor_isNull(root))
    mark(s, root, MARK_POINTER);
  bool followed = !clang_Cursor_isNull(root);
  if ((followed && !strcmp(pointer, path)) || (!followed && declaration))
    return;
  size_t declared =
      followed ? tu_offset(clang_getCursorLocation(clang_getCursorReferenced(root))) : 0;
  const char *p = walk_intern(s->w, pointer), *base = followed ? walk_intern(s->w, path) : NULL;
  if (p && (base || !followed) &&
      x_alias_add(s->w->x, s->w->func_name, p, base, declared, at, declaration))
    s->w->nomem = true;
}

/* p = q, p = q + k, and in host code m.data = q: neither the pointer's
 * data nor q's is touched. Whether lhs was such a pointer. */
static bool rebind(Scan *s, CXCursor lhs, CXCursor rhs) {
  char path[256];
  CXCursor root = pointer_variable(lhs) ? tu_strip(lhs) : clang_getNullCursor();
  if (!clang_Cursor_isNull(root)) {
    char *name = tu_string(clang_getCursorSpelling(root));
    snprintf(path, sizeof path, "%s", name ? name : "");
    free(name);
  } else if (!s->inferred &&
             clang_getCanonicalType(clang_getCursorType(lhs)).kind == CXType_Pointer)
    root = member_path(lhs, path, sizeof path);
  if (clang_Cursor_isNull(root))
    return false;
  mark(s, root, MARK_POINTER);
  derive(s, path, rhs, tu_offset(clang_getCursorLocation(lhs)), false);
  return true;
}

/* T *q = p, T *q = &p[k]: a copy of p's address, not an access to its data. */
typedef struct Fields {
  CXCursor v[64];
  int n;
} Fields;

/* The fields in their order, those of a C11 anonymous structure or union
 * member in its place (struct { int n; struct { double *x, *y; }; } has
 * n, x, y: its initializers and copies name them so). */
static enum CXVisitorResult field(CXCursor c, CXClientData data) {
  Fields *f = data;
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  if (t.kind == CXType_Record && clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(t)))
    clang_Type_visitFields(t, field, f);
  else if (f->n < 64)
    f->v[f->n++] = c;
  return CXVisit_Continue;
}

typedef struct Inits {
  Scan *s;
  const char *var;
  const Fields *fields;
  int at;       /* the next field */
  size_t where; /* the variable's declaration */
} Inits;

static enum CXChildVisitResult last_member_ref(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_MemberRef)
    return CXChildVisit_Break;
  *(CXCursor *)data = c;
  return CXChildVisit_Continue;
}

/* A designated initializer (.cells = storage): its field, which the
 * initializers after it follow, and its value. .x of a member of an
 * anonymous structure is the anonymous member's reference, then x's. */
static bool designated(CXCursor c, const Fields *fields, int *at, CXCursor *value) {
  CXCursor last = clang_getNullCursor();
  clang_visitChildren(c, last_member_ref, &last);
  if (clang_Cursor_isNull(last))
    return false;
  CXCursor f = clang_getCursorReferenced(last);
  for (int i = 0; i < fields->n; i++)
    if (clang_equalCursors(fields->v[i], f)) {
      *at = i, *value = tu_last_child(c);
      return true;
    }
  return false;
}

static enum CXChildVisitResult member_init(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Inits *in = data;
  designated(c, in->fields, &in->at, &c);
  if (in->at >= in->fields->n)
    return CXChildVisit_Break;
  CXCursor f = in->fields->v[in->at++];
  if (clang_getCanonicalType(clang_getCursorType(f)).kind == CXType_Pointer) {
    char *member = tu_string(clang_getCursorSpelling(f));
    char path[256];
    snprintf(path, sizeof path, "%s.%s", in->var, member ? member : "");
    derive(in->s, walk_intern(in->s->w, path), c, in->where, true);
    free(member);
  }
  return CXChildVisit_Continue;
}

/* world_t world = {storage, 4} or {.cells = storage, .n = 4}: world.cells
 * is made from storage. The initializers in the fields' order, a
 * designator moving to its field. */
static void member_inits(Scan *s, CXCursor c, CXCursor init) {
  if (clang_getCursorKind(init) != CXCursor_InitListExpr)
    return;
  Fields fields = {.n = 0};
  clang_Type_visitFields(clang_getCanonicalType(clang_getCursorType(c)), field, &fields);
  char *name = tu_string(clang_getCursorSpelling(c));
  Inits in = {s, name, &fields, 0, tu_offset(clang_getCursorLocation(c))};
  if (name)
    clang_visitChildren(init, member_init, &in);
  free(name);
}

/* span_t v = a: each pointer member of v is made from a's (v.v from a.v). */
static void member_copies(Scan *s, CXCursor c, CXCursor init) {
  CXCursor from = tu_strip(init);
  CXCursor decl = clang_getCursorReferenced(from);
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  if (clang_getCursorKind(from) != CXCursor_DeclRefExpr ||
      !clang_equalTypes(t, clang_getCanonicalType(clang_getCursorType(decl))))
    return;
  Fields fields = {.n = 0};
  clang_Type_visitFields(t, field, &fields);
  char *name = tu_string(clang_getCursorSpelling(c)),
       *base = tu_string(clang_getCursorSpelling(from));
  for (int i = 0; name && base && i < fields.n; i++) {
    if (clang_getCanonicalType(clang_getCursorType(fields.v[i])).kind != CXType_Pointer)
      continue;
    char *member = tu_string(clang_getCursorSpelling(fields.v[i]));
    char to[256], of[256];
    snprintf(to, sizeof to, "%s.%s", name, member ? member : "");
    snprintf(of, sizeof of, "%s.%s", base, member ? member : "");
    const char *p = walk_intern(s->w, to), *b = walk_intern(s->w, of);
    if (!p || !b ||
        x_alias_add(s->w->x, s->w->func_name, p, b, tu_offset(clang_getCursorLocation(decl)),
                    tu_offset(clang_getCursorLocation(c)), true))
      s->w->nomem = true;
    free(member);
  }
  free(name), free(base);
}

static void on_var(Scan *s, CXCursor c) {
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  if (t.kind == CXType_Record && !s->inferred)
    member_inits(s, c, tu_last_child(c)), member_copies(s, c, tu_last_child(c));
  if (t.kind != CXType_Pointer)
    return;
  CXCursor init = tu_last_child(c);
  char *name = tu_string(clang_getCursorSpelling(c));
  if (!clang_Cursor_isNull(init))
    derive(s, name, init, tu_offset(clang_getCursorLocation(c)), true);
  free(name);
}

/* The operator of a binary expression follows its left operand: '=' not
 * followed by '=' assigns. */
static void on_binary(Scan *s, CXCursor c, bool compound) {
  CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
  clang_visitChildren(c, two_visitor, v);
  size_t lb, le;
  if (clang_Cursor_isNull(v[1]))
    return;
  if (compound) {
    mark_base(s, v[0], MARK_WRITE);
    return;
  }
  size_t ob, oe;
  if (!tu_extent(s->w->tu, v[0], &lb, &le) || !tu_extent(s->w->tu, c, &ob, &oe))
    return;
  if (ob == lb && oe == le) { /* a macro's: no operator to read; it may assign */
    mark_base(s, v[0], MARK_WRITE);
    return;
  }
  if (!assigns(s, c, v[0]))
    return;
  if (!rebind(s, v[0], v[1]))
    mark_base(s, v[0], MARK_WRITE);
}

/* ++x, --x, &x at the operator (the cursor's location); x++ and x-- at the
 * end of the extent, looked up only when the start is not an operator. */
static void on_unary(Scan *s, CXCursor c) {
  const char *t = s->w->src->text;
  size_t b = tu_offset(clang_getCursorLocation(c)), e;
  if (b + 1 >= s->w->src->len)
    return;
  if (t[b] == '*')
    data_through(s, tu_first_child(c));
  bool write = t[b] == '&' || ((t[b] == '+' || t[b] == '-') && t[b + 1] == t[b]);
  if (!write && strchr("+-!~*(", t[b]) == NULL && tu_extent(s->w->tu, c, &b, &e) && e >= b + 2)
    write = (t[e - 1] == '+' || t[e - 1] == '-') && t[e - 2] == t[e - 1];
  size_t ib, ie;
  if (!write && tu_extent(s->w->tu, c, &b, &e) && tu_extent(s->w->tu, tu_first_child(c), &ib, &ie))
    write = ib == b && ie == e; /* a macro's: no operator to read; it may be ++ or & */
  if (write)
    mark_base(s, tu_first_child(c), MARK_WRITE);
}

/* (r = &x[i])[k]: the array or pointer operand (either) reaches data. */
static void on_subscript(Scan *s, CXCursor c) {
  CXCursor v[2] = {clang_getNullCursor(), clang_getNullCursor()};
  clang_visitChildren(c, two_visitor, v);
  data_through(s, v[0]);
  if (!clang_Cursor_isNull(v[1]))
    data_through(s, v[1]);
}

/* The facts of variable decl, cached for the function being walked. */
static const DeclInfo *decl_info(Walker *w, CXCursor decl) {
  for (int i = w->ndecls - 1; i >= 0; i--)
    if (clang_equalCursors(w->decls[i].decl, decl))
      return &w->decls[i];
  if (es_vec_reserve(&w->decls, &w->decls_cap, w->ndecls + 1, sizeof *w->decls)) {
    w->nomem = true;
    return NULL;
  }
  DeclInfo *d = &w->decls[w->ndecls];
  CXSourceLocation loc = clang_getCursorLocation(decl);
  char *name = tu_string(clang_getCursorSpelling(decl));
  /* Where it is expanded: a variable a macro of the file declares
   * (SWAP's temporary) is the statement's that uses the macro. */
  CXFile file = NULL;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  *d = (DeclInfo){
      decl, name ? walk_intern(w, name) : NULL, tu_offset(loc),
      file && clang_File_isEqual(file, w->tu->file),
      refs_type_info(w, clang_getCursorType(decl), clang_getCursorKind(decl) == CXCursor_ParmDecl)};
  free(name);
  return d->name && d->type ? &w->decls[w->ndecls++] : NULL;
}

/* An access the scanned code makes: to its node, or to the summary of the
 * function scanned (only file-scope variables that some clause names: its
 * own variables die with it, and other data is no task's). */
static void add_access(Scan *s, const XAccess *acc) {
  if (s->sink < 0) {
    walk_add_access(s->w, s->node, acc);
    return;
  }
  CalleeUses *u = &s->w->callees[s->sink];
  for (int i = 0; i < u->n; i++)
    if (!strcmp(u->v[i].a.item, acc->a.item)) {
      u->v[i].a.mode |= acc->a.mode;
      u->v[i].kill |= acc->kill;
      return;
    }
  if (es_vec_reserve(&u->v, &u->cap, u->n + 1, sizeof *u->v))
    s->w->nomem = true;
  else
    u->v[u->n++] = *acc;
}

/* Whether decl is a variable of file scope that some clause names. */
static bool clause_global(Walker *w, CXCursor decl, const char *name) {
  return clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit &&
         es_strmap_get(&w->wanted, name) >= 0;
}

/* Whether some task so far names the member path `item` names, below
 * another root (x_items_same_member). */
static bool task_member(const Walker *w, const char *item) {
  for (int i = 0; i < w->x->nnodes; i++)
    for (int k = 0; w->x->nodes[i].kind == X_TASK && k < w->x->nodes[i].nacc; k++)
      if (x_items_same_member(w->x->nodes[i].acc[k].a.item, item))
        return true;
  return false;
}

/* The clause-named variable of file scope that file-scope pointer `name`
 * (declared at decl) was made from in some function, or a null cursor. */
static CXCursor global_origin(Walker *w, CXCursor decl, const char *name) {
  if (clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit)
    return clang_getNullCursor();
  for (int i = 0; i < w->x->naliases; i++) {
    const XAlias *x = &w->x->aliases[i];
    if (!x->base || strcmp(x->pointer, name) != 0)
      continue;
    char root[256];
    snprintf(root, sizeof root, "%.*s", (int)strcspn(x->base, ".-["), x->base);
    CXCursor base = walk_lookup(w, root);
    if (clang_getCursorKind(base) == CXCursor_VarDecl && clause_global(w, base, root))
      return base;
  }
  return clang_getNullCursor();
}

/* A reference to a variable (ref, a DeclRefExpr), or to a member path
 * rooted at one (item and type given: host code reading m.rows touches
 * m.rows, not the data m.data points to). */
static void on_ref(Scan *s, CXCursor ref, const char *item, const TypeInfo *type) {
  CXCursor decl = clang_getCursorReferenced(ref);
  enum CXCursorKind k = clang_getCursorKind(decl);
  /* A register variable has no address: no task holds it, but by value. */
  if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
      clang_Cursor_getStorageClass(decl) == CX_SC_Register)
    return;
  const DeclInfo *d = decl_info(s->w, decl);
  if (!d || (d->main_file && d->declared >= s->begin && d->declared < s->end))
    return;
  if (s->sink >= 0 && !clause_global(s->w, decl, d->name)) {
    /* In a summary, a file-scope pointer the program made from a
     * clause-named one (g_focus = &g_parts[2]) reaches that one's data;
     * a file-scope structure's member that tasks name through a pointer
     * (g_world.cells, tasks on w->cells with w = &g_world) is theirs. */
    if (!item || !task_member(s->w, item)) {
      decl = global_origin(s->w, decl, d->name);
      if (clang_Cursor_isNull(decl) || !(d = decl_info(s->w, decl)))
        return;
      item = NULL;
    }
  }
  int what = 0;
  size_t at = s->nmarks ? tu_offset(clang_getCursorLocation(ref)) : 0;
  for (int i = 0; i < s->nmarks; i++)
    if (s->marks[i].at == at)
      what |= s->marks[i].what;
  /* An address computed into a pointer variable (&p[k] too, though '&'
   * marks p written): its data is reached later through that variable. */
  if ((what & MARK_POINTER) && !(what & (MARK_KILL | MARK_DATA)))
    return;
  type = item ? type : d->type;
  /* A { ... } task reads a scalar in place, where an earlier task on a
   * device may have written it: a read like any other. */
  EsAccessMode mode = what & MARK_WRITE ? ES_ACCESS_INOUT : ES_ACCESS_IN;
  XAccess acc;
  refs_type_access(type, item ? item : d->name, mode, &acc);
  acc.a.inferred = s->inferred;
  acc.span_begin = s->begin;
  acc.span_end = s->end;
  if (what & MARK_KILL) {
    acc.kill = true;
    acc.a.mode = what & MARK_WRITE ? ES_ACCESS_INOUT : 0;
  }
  add_access(s, &acc);
}

/* Host code naming a member path (m.rows, mp->data, m.a.b): the access is
 * to that path, so that reading m.rows does not wait for tasks on the
 * data m.data points to. Task regions keep whole variables (their inferred
 * data is what moves). Returns whether c was such a path. */
static bool on_member(Scan *s, CXCursor c) {
  char path[256];
  CXCursor root = s->inferred ? clang_getNullCursor() : member_path(c, path, sizeof path);
  if (clang_Cursor_isNull(root))
    return false;
  const TypeInfo *type = refs_type_info(s->w, clang_getCursorType(c), false);
  const char *item = type ? walk_intern(s->w, path) : NULL;
  if (item)
    on_ref(s, root, item, type);
  return true;
}

/* free(m.data): the data at the member path dies, not m; reading m's
 * bytes to find the pointer is no access to task data (derive). */
static void kill_member(Scan *s, CXCursor arg) {
  char path[256];
  CXCursor root = member_path(arg, path, sizeof path);
  CXCursor decl = clang_getCursorReferenced(root);
  const DeclInfo *d = clang_Cursor_isNull(root) ? NULL : decl_info(s->w, decl);
  const TypeInfo *ti = refs_type_info(s->w, clang_getCursorType(tu_strip(arg)), false);
  if (!d || !ti || (d->main_file && d->declared >= s->begin && d->declared < s->end) ||
      (s->sink >= 0 && !clause_global(s->w, decl, d->name)))
    return;
  const char *item = walk_intern(s->w, path);
  if (!item)
    return;
  mark(s, root, MARK_POINTER);
  XAccess acc;
  refs_type_access(ti, item, 0, &acc);
  acc.kill = true;
  acc.span_begin = s->begin;
  acc.span_end = s->end;
  add_access(s, &acc);
}

/* Whether statement c is the region of a task annotation (only blanks
 * between them): in a function's summary the task's data is the runtime's
 * business, not its host code's. */
static bool task_region(const Walker *w, CXCursor c) {
  size_t b, e;
  if (!tu_extent(w->tu, c, &b, &e))
    return false;
  int i = annots_lower_bound(w->annots, b) - 1;
  if (i < 0 || w->annots->v[i].status == ANNOT_FALSE ||
      w->annots->v[i].parsed.kind != ES_ANNOT_TASK)
    return false;
  for (size_t k = w->annots->v[i].end; k < b; k++)
    if (!strchr(" \t\r\n", w->src->text[k]))
      return false;
  return true;
}

static enum CXChildVisitResult scan_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Scan *s = d;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (s->sink >= 0 && (kind == CXCursor_CallExpr || kind == CXCursor_CompoundStmt) &&
      task_region(s->w, c))
    return CXChildVisit_Continue;
  if (s->collect && (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
                     kind == CXCursor_DoStmt || kind == CXCursor_IfStmt ||
                     kind == CXCursor_BinaryOperator || kind == CXCursor_UnaryOperator))
    value_uses(s, c);
  switch (kind) {
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
      on_ref(s, c, NULL, NULL);
    break;
  case CXCursor_MemberRefExpr:
    if (s->collect && on_member(s, c))
      return CXChildVisit_Continue; /* a path has nothing else inside */
    if (s->collect)
      data_through(s, tu_first_child(c)); /* (q = p)->v */
    break;
  case CXCursor_ArraySubscriptExpr:
    if (s->collect)
      on_subscript(s, c);
    break;
  case CXCursor_VarDecl:
    if (s->collect)
      on_var(s, c);
    break;
  case CXCursor_UnaryExpr: return CXChildVisit_Continue; /* sizeof, _Alignof: not evaluated */
  default: break;
  }
  return s->w->nomem ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void scan(Walker *w, CXCursor c, size_t b, size_t e, int n, int sink, bool inferred,
                 bool collect) {
  CXCursor declaration = clang_getCursorKind(c) == CXCursor_DeclStmt ? c : clang_getNullCursor();
  Scan s = {w, n, sink, inferred, collect, b, e, declaration, NULL, 0, 0, NULL, 0, 0};
  if (collect) /* a loop's or an if's condition alone (p in for (...; p; ...)) */
    bare_condition(c, clang_getNullCursor(), &s);
  scan_visitor(c, clang_getNullCursor(), &s); /* clang_visitChildren skips c itself */
  clang_visitChildren(c, scan_visitor, &s);
  free(s.loops);
  free(s.marks);
}

void refs_scan(Walker *w, CXCursor c, size_t begin, size_t end, int n, bool inferred) {
  scan(w, c, begin, end, n, -1, inferred, n >= 0 || w->nblocks > 0);
}

void refs_calls(Walker *w, CXCursor c) { scan(w, c, 0, 0, -1, -1, false, false); }

/* Whether some clause names a variable of file scope declared so far, or
 * a member through a pointer (w->cells, which may be a file-scope
 * structure's): if none does, no function's summary can hold anything, and
 * the bodies of a file of plain kernels are not walked. */
static bool clause_variables(Walker *w) {
  for (; w->nglobals_seen < w->nglobals; w->nglobals_seen++)
    if (clang_getCursorKind(w->global_decls[w->nglobals_seen]) == CXCursor_VarDecl)
      w->clause_variables = true;
  for (; !w->clause_variables && w->nodes_seen < w->x->nnodes; w->nodes_seen++) {
    const XNode *n = &w->x->nodes[w->nodes_seen];
    for (int k = 0; n->kind == X_TASK && k < n->nacc; k++)
      w->clause_variables |= strstr(n->acc[k].a.item, "->") != NULL;
  }
  return w->clause_variables;
}

/* The summary of the function a call names, scanned once (a cycle of
 * calls sees what is known so far), or -1 when it has no definition here.
 * Calls more than 32 deep are not followed: the stack stays bounded on any
 * input. */
static int callee_summary(Walker *w, CXCursor call) {
  if (w->summary_depth >= 32 || !clause_variables(w))
    return -1;
  CXCursor def = clang_getCursorDefinition(tu_called_function(call));
  size_t b, e;
  char *name = clang_getCursorKind(def) == CXCursor_FunctionDecl
                   ? tu_string(clang_getCursorSpelling(def))
                   : NULL;
  const char *key = name ? walk_intern(w, name) : NULL; /* the map borrows its keys */
  free(name);
  int i = key ? es_strmap_get(&w->callee_memo, key) : -1;
  if (key && i < 0 && tu_extent(w->tu, def, &b, &e)) {
    if (es_vec_reserve(&w->callees, &w->callees_cap, w->ncallees + 1, sizeof *w->callees) ||
        es_strmap_put(&w->callee_memo, key, w->ncallees))
      w->nomem = true;
    else {
      i = w->ncallees++;
      w->callees[i] = (CalleeUses){NULL, 0, 0};
      w->summary_depth++;
      scan(w, def, b, e, -1, i, false, true);
      w->summary_depth--;
    }
  }
  return w->nomem ? -1 : i;
}

/* Whether esched cannot see what a call does: a function of the program
 * (not of a system header) defined in another file (a diagnostics() that
 * prints a global array that tasks write), or one reached through a
 * pointer. */
static bool unseen_callee(CXCursor call) {
  CXCursor fn = tu_called_function(call);
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
    return true; /* through a pointer: any function */
  CXCursor def = clang_getCursorDefinition(fn);
  return (clang_Cursor_isNull(def) ||
          !clang_Location_isFromMainFile(clang_getCursorLocation(def))) &&
         !clang_Location_isInSystemHeader(clang_getCursorLocation(fn));
}

/* What an unseen call may do: read and write every variable of file scope
 * that a clause names and that it can reach, those other files see
 * (extern linkage), and through a pointer any of them. */
static void unseen_uses(Scan *s, CXCursor call) {
  Walker *w = s->w;
  bool pointer = clang_getCursorKind(tu_called_function(call)) != CXCursor_FunctionDecl;
  for (int g = 0; g < w->nglobals; g++) {
    CXCursor decl = w->global_decls[g];
    char *name = tu_string(clang_getCursorSpelling(decl));
    XAccess acc;
    bool reached = name && clang_getCursorKind(decl) == CXCursor_VarDecl &&
                   es_strmap_get(&w->globals, name) == g && /* each variable once */
                   (pointer || clang_getCursorLinkage(decl) == CXLinkage_External);
    if (reached && refs_whole_access(w, decl, walk_intern(w, name), ES_ACCESS_INOUT, &acc)) {
      acc.span_begin = s->begin;
      acc.span_end = s->end;
      add_access(s, &acc);
    }
    free(name);
  }
}

/* A call in host code does what its callee does to task data kept in
 * file-scope variables (a report() printing a global array that tasks
 * write), at the call's statement. */
static void callee_uses(Scan *s, CXCursor call) {
  if (clause_variables(s->w) && unseen_callee(call)) {
    unseen_uses(s, call);
    return;
  }
  int i = callee_summary(s->w, call);
  for (int k = 0; i >= 0 && k < s->w->callees[i].n; k++) {
    XAccess acc = s->w->callees[i].v[k];
    acc.span_begin = s->begin;
    acc.span_end = s->end;
    add_access(s, &acc);
  }
}

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

static enum CXVisitorResult pointer_field(CXCursor c, CXClientData found);

/* Whether a value of type t holds a pointer: t is one, or a structure or
 * union with one among its members, or an array of those. */
static bool holds_pointer(CXType t, int depth) {
  t = clang_getCanonicalType(t);
  while (t.kind == CXType_ConstantArray)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  if (t.kind == CXType_Pointer)
    return true;
  bool found = false;
  if (t.kind == CXType_Record && depth < 8) {
    int probe[2] = {0, depth + 1};
    clang_Type_visitFields(t, pointer_field, probe);
    found = probe[0];
  }
  return found;
}

/* probe[0]: whether a member holds a pointer; probe[1]: the depth. */
static enum CXVisitorResult pointer_field(CXCursor c, CXClientData data) {
  int *probe = data;
  probe[0] = holds_pointer(clang_getCursorType(c), probe[1]);
  return probe[0] ? CXVisit_Break : CXVisit_Continue;
}

/* Pointers and arrays: the element; anything else: the type itself. */
static void compute_type_info(Walker *w, CXType t, bool param, TypeInfo *ti) {
  CXType ct = clang_getCanonicalType(t), elem = t;
  bool array = tu_is_array(t);
  ti->type = t;
  ti->param = param;
  /* An array of unknown size (a flexible array member, `extern T x[];`)
   * is only its address, as a pointer is: it has no sizeof. */
  ti->pointer = ct.kind == CXType_Pointer || (param && array) || ct.kind == CXType_IncompleteArray;
  ti->count = ti->bound = -1;
  if (ti->pointer || array)
    elem = tu_pointee(t);
  if (array && ct.kind == CXType_ConstantArray)
    *(ti->pointer ? &ti->bound : &ti->count) = clang_getArraySize(ct);
  ti->pointee_pointer =
      (ti->pointer || array) && clang_getCanonicalType(elem).kind == CXType_Pointer;
  ti->holds_pointers = clang_getCanonicalType(elem).kind == CXType_Record && holds_pointer(elem, 0);
  ti->elem_size = clang_Type_getSizeOf(elem);
  if (ti->elem_size <= 0)
    ti->elem_size = -1;
  ti->bytes = ti->pointer ? -1 : clang_Type_getSizeOf(t);
  if (ti->bytes <= 0)
    ti->bytes = -1;
  ti->elem_type = unqualified(w, elem);
  CXType v = clang_getCanonicalType(elem);
  while (tu_is_array(v))
    v = clang_getCanonicalType(clang_getArrayElementType(v));
  ti->volatile_data = clang_isVolatileQualifiedType(v);
  long long *spans;
  ti->nvalue_spans = value_bytes(w->tu->tu, elem, &w->x->arena, &spans, &ti->value_elem);
  ti->value_spans = spans;
}

const TypeInfo *refs_type_info(Walker *w, CXType t, bool param) {
  param = param && tu_is_array(t); /* only arrays change */
  for (int i = 0; i < w->ntypes; i++) {
    const CXType *c = &w->types[i]->type;
    if (c->kind == t.kind && c->data[0] == t.data[0] && c->data[1] == t.data[1] &&
        w->types[i]->param == param)
      return w->types[i];
  }
  /* Each on its own: DeclInfo and callers keep pointers to them. */
  TypeInfo *ti = calloc(1, sizeof *ti);
  if (!ti || es_vec_reserve(&w->types, &w->types_cap, w->ntypes + 1, sizeof *w->types)) {
    free(ti);
    w->nomem = true;
    return NULL;
  }
  compute_type_info(w, t, param, ti);
  if (!ti->elem_type) {
    free(ti);
    return NULL;
  }
  return w->types[w->ntypes++] = ti;
}

bool refs_whole_access(Walker *w, CXCursor decl, const char *name, EsAccessMode mode,
                       XAccess *acc) {
  const TypeInfo *ti =
      refs_type_info(w, clang_getCursorType(decl), clang_getCursorKind(decl) == CXCursor_ParmDecl);
  if (!ti)
    return false;
  refs_type_access(ti, name, mode, acc);
  return true;
}

void refs_type_access(const TypeInfo *ti, const char *name, EsAccessMode mode, XAccess *acc) {
  memset(acc, 0, sizeof *acc);
  acc->a.item = name;
  acc->a.mode = mode;
  acc->a.elem_type = ti->elem_type;
  acc->a.bytes = (double)ti->bytes;
  acc->elem_size = ti->elem_size;
  acc->count = ti->count;
  acc->pointer = ti->pointer;
  acc->indirect = ti->pointee_pointer;
  acc->volatile_data = ti->volatile_data;
  acc->value_spans = ti->value_spans;
  acc->nvalue_spans = ti->nvalue_spans;
  acc->value_elem = ti->value_elem;
  acc->whole = true;
  acc->lo_val = acc->len_val = -1;
}
