/* libclang facts for the rewriter (rw_facts.h). */
#include "pass/rewrite/rw_facts.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

typedef struct Scan {
  const Tu *t;
  const XUnit *x;
  RwFacts *out;
  RwFunc *func; /* the function being visited */
  bool nomem;
} Scan;

/* The task node whose region starts at offset, or -1. */
static int task_at(const XUnit *x, size_t offset) {
  for (int i = 0; i < x->nnodes; i++)
    if (x->nodes[i].kind == X_TASK && (size_t)x->nodes[i].range.begin_offset == offset &&
        (x->nodes[i].callee || x->nodes[i].via))
      return i;
  return -1;
}

typedef struct Mentions {
  const XNode *n;
  int first;    /* the first of the node's data items named, or -1 */
  bool several; /* another one is named too */
} Mentions;

/* Which of the node's data items an argument's expression names: a
 * variable, or a member path (p->v names the item p->v, not p). */
static enum CXChildVisitResult mention(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Mentions *m = data;
  enum CXCursorKind kind = clang_getCursorKind(c);
  char path[256];
  if ((kind != CXCursor_DeclRefExpr && kind != CXCursor_MemberRefExpr) ||
      !tu_member_path(c, path, sizeof path))
    return CXChildVisit_Recurse;
  int found = -1;
  for (int k = 0; k < m->n->nacc && found < 0; k++)
    if (!strcmp(m->n->acc[k].a.item, path))
      found = k;
  if (found < 0)
    return CXChildVisit_Recurse;
  if (m->first < 0)
    m->first = found;
  else if (m->first != found)
    m->several = true;
  return CXChildVisit_Continue;
}

/* t without its typedef names (as written below them, not canonical, so
 * that parameter types keep their spelling). */
static CXType untypedef(CXType t) {
  while (t.kind == CXType_Typedef || t.kind == CXType_Elaborated)
    t = t.kind == CXType_Typedef ? clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(t))
                                 : clang_Type_getNamedType(t);
  return t;
}

static bool describe_call(Scan *s, CXCursor call, int node) {
  const XNode *n = &s->x->nodes[node];
  CXCursor callee = clang_getCursorReferenced(call);
  CXType ft = clang_getCursorType(callee);
  CXType via = clang_getCursorType(tu_callee_pointer(call));
  if (n->via) /* the function type a pointer (fp, or ops->run) points to */
    ft = untypedef(clang_getPointeeType(untypedef(via)));
  int nargs = clang_Cursor_getNumArguments(call);
  if (nargs < 0)
    nargs = 0;
  RwCall *c = &s->out->calls[s->out->ncalls];
  c->node = node;
  c->nargs = nargs;
  c->variadic = clang_isFunctionTypeVariadic(ft) != 0;
  c->args = calloc((size_t)nargs + 1, sizeof *c->args);
  if (!c->args)
    return false;
  s->out->ncalls++;
  c->via_type = n->via ? tu_string(clang_getTypeSpelling(via)) : NULL;
  if (n->via && !c->via_type)
    return false;
  int nparams = clang_getNumArgTypes(ft);
  for (int i = 0; i < nargs; i++) {
    RwArg *a = &c->args[i];
    CXType pt = i < nparams ? clang_getArgType(ft, (unsigned)i)
                            : clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i));
    a->type = tu_string(clang_getTypeSpelling(pt));
    CXType pointee = clang_getCanonicalType(tu_pointee(pt));
    /* A function's address is code, the same on every device: no data. */
    a->pointer = tu_pointer_like(pt) && pointee.kind != CXType_FunctionProto &&
                 pointee.kind != CXType_FunctionNoProto;
    a->writes = a->pointer && !clang_isConstQualifiedType(tu_pointee(pt));
    a->opaque = tu_is_array(pt) || (a->pointer && tu_is_array(tu_pointee(pt)));
    Mentions m = {n, -1, false};
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    if (mention(arg, call, &m) == CXChildVisit_Recurse) /* the argument itself may be the name */
      clang_visitChildren(arg, mention, &m);
    a->access = m.first;
    a->ambiguous = m.several;
    if (!a->type)
      return false;
  }
  return true;
}

/* Appends the extent of c to the pairs v[2 * n]. */
static bool add_extent(Scan *s, CXCursor c, size_t **v, int *n) {
  size_t b, e;
  if (!tu_extent(s->t, c, &b, &e))
    return true;
  size_t *grown = realloc(*v, sizeof *grown * 2 * (size_t)(*n + 1));
  if (!grown)
    return false;
  *v = grown;
  grown[2 * *n] = b;
  grown[2 * *n + 1] = e;
  ++*n;
  return true;
}

/* exit(status) and quick_exit(status): the program ends there, and its
 * handlers (atexit's) may read task data. */
static bool ends_program(CXCursor call) {
  CXCursor fn = tu_called_function(call);
  char *name = clang_Cursor_isNull(fn) ? NULL : tu_string(clang_getCursorSpelling(fn));
  bool ends = name && (!strcmp(name, "exit") || !strcmp(name, "quick_exit"));
  free(name);
  return ends;
}

static bool is_header_owner(enum CXCursorKind k) {
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
         k == CXCursor_IfStmt || k == CXCursor_SwitchStmt;
}

typedef struct Header {
  Scan *s;
  CXCursor owner;
} Header;

/* Whether the source at offset b is the keyword a statement of kind k
 * starts with: false for a statement a macro wrote (assert's `if`, a
 * do { ... } while (0) macro), whose extent is the macro's use. */
static bool spelled_at(const Tu *t, size_t b, enum CXCursorKind k) {
  const char *kw = k == CXCursor_ForStmt     ? "for"
                   : k == CXCursor_WhileStmt ? "while"
                   : k == CXCursor_DoStmt    ? "do"
                   : k == CXCursor_IfStmt    ? "if"
                                             : "switch";
  size_t n = strlen(kw);
  const char *text = t->src->text;
  return b + n < t->src->len && !strncmp(text + b, kw, n) &&
         !(isalnum((unsigned char)text[b + n]) || text[b + n] == '_');
}

/* The header children of a loop or conditional: expressions, and a for
 * loop's declaration. */
static enum CXChildVisitResult header_child(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Header *h = data;
  RwFacts *f = h->s->out;
  enum CXCursorKind k = clang_getCursorKind(c);
  bool decl = k == CXCursor_DeclStmt && clang_getCursorKind(h->owner) == CXCursor_ForStmt;
  size_t b, e, ob, oe;
  /* A header a macro wrote has no place of its own in the text: the
   * calls before it go before the macro's use, as before any statement. */
  if ((!clang_isExpression(k) && !decl) || !tu_extent(h->s->t, c, &b, &e) ||
      !tu_extent(h->s->t, h->owner, &ob, &oe) ||
      !spelled_at(h->s->t, ob, clang_getCursorKind(h->owner)))
    return CXChildVisit_Continue;
  if (es_vec_reserve(&f->slots, &f->slots_cap, f->nslots + 1, sizeof *f->slots)) {
    h->s->nomem = true;
    return CXChildVisit_Break;
  }
  f->slots[f->nslots++] = (RwSlot){b, e, decl ? ob : 0, decl};
  return CXChildVisit_Continue;
}

static bool jump_kind(enum CXCursorKind k, RwJumpKind *out) {
  switch (k) {
  case CXCursor_ForStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt: *out = RW_LOOP; return true;
  case CXCursor_SwitchStmt: *out = RW_SWITCH; return true;
  case CXCursor_BreakStmt: *out = RW_BREAK; return true;
  case CXCursor_ContinueStmt: *out = RW_CONTINUE; return true;
  case CXCursor_GotoStmt:
  case CXCursor_IndirectGotoStmt: *out = RW_GOTO; return true;
  default: return false;
  }
}

static void add_jump(Scan *s, CXCursor c, RwJumpKind kind) {
  RwFacts *f = s->out;
  size_t b, e;
  if (!tu_extent(s->t, c, &b, &e))
    return;
  if (es_vec_reserve(&f->jumps, &f->jumps_cap, f->njumps + 1, sizeof *f->jumps))
    s->nomem = true;
  else
    f->jumps[f->njumps++] = (RwJump){b, e, kind};
}

static enum CXChildVisitResult in_body(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Scan *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  RwJumpKind jk;
  if (jump_kind(k, &jk))
    add_jump(s, c, jk);
  if (is_header_owner(k)) {
    Header h = {s, c};
    clang_visitChildren(c, header_child, &h);
  }
  if (k == CXCursor_ReturnStmt && !add_extent(s, c, &s->func->returns, &s->func->nreturns))
    s->nomem = true;
  if (k == CXCursor_CallExpr && ends_program(c) &&
      !add_extent(s, c, &s->func->exits, &s->func->nexits))
    s->nomem = true;
  if (k == CXCursor_CallExpr) {
    size_t b, e;
    int node = tu_extent(s->t, c, &b, &e) ? task_at(s->x, b) : -1;
    if (node >= 0 && !rw_facts_call(s->out, node) && !describe_call(s, c, node))
      s->nomem = true;
  }
  return s->nomem ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool holds_tasks(const XUnit *x, const char *name) {
  for (int g = 0; g < x->ngraphs; g++)
    if (x->graphs[g].ntasks > 0 && !strcmp(x->graphs[g].function, name))
      return true;
  return false;
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Scan *s = data;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  char *name = tu_string(clang_getCursorSpelling(c));
  if (!name || !holds_tasks(s->x, name)) {
    free(name);
    return CXChildVisit_Continue;
  }
  RwFunc *f = &s->out->funcs[s->out->nfuncs++];
  memset(f, 0, sizeof *f);
  for (int g = 0; g < s->x->ngraphs; g++)
    if (!strcmp(s->x->graphs[g].function, name))
      f->name = s->x->graphs[g].function;
  free(name);
  s->func = f;
  clang_visitChildren(c, in_body, s);
  tu_extent(s->t, c, &f->begin, &f->end);
  CXCursor body = tu_last_child(c); /* the definition's last child */
  f->ends_with_return = clang_getCursorKind(body) == CXCursor_CompoundStmt &&
                        clang_getCursorKind(tu_last_child(body)) == CXCursor_ReturnStmt;
  return s->nomem ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool rw_facts_collect(const Tu *t, const XUnit *x, RwFacts *out) {
  memset(out, 0, sizeof *out);
  out->calls = calloc((size_t)x->nnodes + 1, sizeof *out->calls);
  out->funcs = calloc((size_t)x->ngraphs + 1, sizeof *out->funcs);
  if (!out->calls || !out->funcs)
    return false;
  Scan s = {t, x, out, NULL, false};
  clang_visitChildren(clang_getTranslationUnitCursor(t->tu), top, &s);
  return !s.nomem;
}

void rw_facts_free(RwFacts *f) {
  for (int i = 0; i < f->ncalls; i++) {
    for (int k = 0; k < f->calls[i].nargs; k++)
      free((char *)f->calls[i].args[k].type);
    free(f->calls[i].args);
    free(f->calls[i].via_type);
  }
  for (int i = 0; i < f->nfuncs; i++)
    free(f->funcs[i].returns), free(f->funcs[i].exits);
  free(f->calls);
  free(f->funcs);
  free(f->slots);
  free(f->jumps);
  memset(f, 0, sizeof *f);
}

const RwCall *rw_facts_call(const RwFacts *f, int node) {
  for (int i = 0; i < f->ncalls; i++)
    if (f->calls[i].node == node)
      return &f->calls[i];
  return NULL;
}

const RwFunc *rw_facts_func(const RwFacts *f, const char *name) {
  for (int i = 0; i < f->nfuncs; i++)
    if (f->funcs[i].name && !strcmp(f->funcs[i].name, name))
      return &f->funcs[i];
  return NULL;
}

const RwSlot *rw_facts_slot(const RwFacts *f, size_t begin) {
  for (int i = 0; i < f->nslots; i++)
    if (f->slots[i].begin == begin)
      return &f->slots[i];
  return NULL;
}

/* Whether a loop (or, for a break, a switch) inside [begin, end) encloses
 * the jump j: then the jump stays in the range. */
static bool caught_inside(const RwFacts *f, const RwJump *j, size_t begin, size_t end) {
  for (int i = 0; i < f->njumps; i++) {
    const RwJump *s = &f->jumps[i];
    bool target = s->kind == RW_LOOP || (s->kind == RW_SWITCH && j->kind == RW_BREAK);
    if (target && begin <= s->begin && s->end <= end && s->begin <= j->begin && j->end <= s->end)
      return true;
  }
  return false;
}

const RwJump *rw_facts_escape(const RwFacts *f, size_t begin, size_t end) {
  for (int i = 0; i < f->njumps; i++) {
    const RwJump *j = &f->jumps[i];
    if (j->begin < begin || j->end > end || j->kind == RW_LOOP || j->kind == RW_SWITCH)
      continue;
    if (j->kind == RW_GOTO || !caught_inside(f, j, begin, end))
      return j;
  }
  return NULL;
}
