/* One annotated task region (walk.h): its name, accesses, variants and pin,
 * and the checks that need the AST (names in scope, sections of pointers,
 * variant prototypes).
 *
 * Accesses come from the data clauses; a task without data clauses gets
 * them inferred: from the callee's prototype for a call (pointer to const:
 * in; pointer to non-const: inout; by value: no transfer), from the body's
 * reads and writes for a block (refs.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/items.h"
#include "pass/frontend/refs.h"
#include "pass/frontend/replay.h"
#include "pass/frontend/task.h"

/* The clause of kind k with its identifier (name, pin), or NULL. */
static const EsClause *find_clause(const Annot *a, EsClauseKind k) {
  const EsClause *c = annot_clause(a, k);
  return c && c->ident ? c : NULL;
}

static bool has_data_clauses(const Annot *a) {
  for (int i = 0; i < a->parsed.nclauses; i++) {
    EsClauseKind k = a->parsed.clauses[i].kind;
    if (k == ES_CLAUSE_IN || k == ES_CLAUSE_OUT || k == ES_CLAUSE_INOUT)
      return true;
  }
  return false;
}

/* Task, region and stream names are unique in the file (they key the
 * profile). */
void task_check_unique(Walker *w, const char *name, int ann) {
  const Annot *a = &w->annots->v[ann];
  const EsClause *c = find_clause(a, ES_CLAUSE_NAME);
  int prev = es_strmap_get(&w->task_names, name);
  if (prev < 0) {
    if (es_strmap_put(&w->task_names, name, ann))
      w->nomem = true;
    return;
  }
  size_t at = c ? annot_at_col(a, c->ident_col) : a->begin;
  walk_error(w, at, "duplicate task name '%s'", name);
  const Annot *p = &w->annots->v[prev];
  const EsClause *pc = find_clause(p, ES_CLAUSE_NAME);
  walk_note(w, at, pc ? annot_at_col(p, pc->ident_col) : p->begin, "'%s' was named here first",
            name);
}

/* name(ID), else FUNCTION.CALLEE.K (FUNCTION.block.K for a block): the K-th
 * task of the function calling CALLEE, so that adding a task elsewhere
 * keeps the keys of the others. */
const char *task_key(Walker *w, int ann, const char *callee) {
  const EsClause *c = find_clause(&w->annots->v[ann], ES_CLAUSE_NAME);
  if (c)
    return walk_intern(w, c->ident);
  const char *key = callee ? callee : "block";
  int k = es_strmap_get(&w->ordinals, key) + 1;
  if (k == 0)
    k = 1;
  if (es_strmap_put(&w->ordinals, key, k))
    w->nomem = true;
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s.%d", w->func_name, key, k);
  return walk_intern(w, buf);
}

const char *task_default_region_name(Walker *w, const Annot *a) {
  const EsClause *c = find_clause(a, ES_CLAUSE_NAME);
  char buf[512];
  if (c)
    snprintf(buf, sizeof buf, "%s", c->ident);
  else
    snprintf(buf, sizeof buf, "%s.region.%d", w->func_name, ++w->nregions);
  const char *name = walk_intern(w, buf);
  if (name)
    task_check_unique(w, name, (int)(a - w->annots->v));
  return name;
}

static void clause_accesses(Walker *w, int n, const Annot *a) {
  static const EsAccessMode modes[] = {[ES_CLAUSE_IN] = ES_ACCESS_IN,
                                       [ES_CLAUSE_OUT] = ES_ACCESS_OUT,
                                       [ES_CLAUSE_INOUT] = ES_ACCESS_INOUT};
  for (int i = 0; i < a->parsed.nclauses; i++) {
    const EsClause *c = &a->parsed.clauses[i];
    if (c->kind != ES_CLAUSE_IN && c->kind != ES_CLAUSE_OUT && c->kind != ES_CLAUSE_INOUT)
      continue;
    for (int k = 0; k < c->nitems; k++)
      items_clause_item(w, n, a, &c->items[k], modes[c->kind]);
  }
}

/* Whether unary operator e takes an address: its text starts with '&', or,
 * written by a macro (SUM(6, y, &r)), where the text is the macro's use,
 * its type is a pointer to its operand's (no other unary operator's is). */
static bool address_of(const Walker *w, CXCursor e) {
  size_t b, end;
  if (tu_extent(w->tu, e, &b, &end) && w->src->text[b] == '&')
    return true;
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  CXType x = clang_getCanonicalType(clang_getCursorType(tu_first_child(e)));
  return t.kind == CXType_Pointer &&
         clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(t)), x);
}

/* The variable an argument passes: p (a pointer or array) or &x. */
static CXCursor argument_variable(const Walker *w, CXCursor arg) {
  CXCursor e = tu_strip(arg);
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator && address_of(w, e)) {
    e = tu_strip(tu_first_child(e));
  } else if (!tu_pointer_like(clang_getCursorType(e))) {
    return clang_getNullCursor();
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  CXCursor d = clang_getCursorReferenced(e);
  enum CXCursorKind k = clang_getCursorKind(d);
  return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? d : clang_getNullCursor();
}

/* Argument i of a call to a function of type fty: the access it implies,
 * by its parameter's type. Returns false for by-value parameters. */
static bool param_mode(CXType fty, int i, EsAccessMode *mode) {
  int n = clang_getNumArgTypes(fty);
  *mode = ES_ACCESS_INOUT; /* no prototype, or a variadic argument */
  if (fty.kind != CXType_FunctionProto || i >= n)
    return true;
  CXType p = clang_getArgType(fty, (unsigned)i);
  if (!tu_pointer_like(p))
    return false;
  if (clang_isConstQualifiedType(tu_pointee(p)))
    *mode = ES_ACCESS_IN;
  return true;
}

/* A structure holding pointers given to a task whose data is inferred
 * (brighten(&img, d) with img.px a pointer): esched moves the structure,
 * not what its pointers lead to, and a device variant or a second run (the
 * check, profiling) would work on the host's data. As for such an item in
 * a clause (items.c), the task keeps only its CPU variant. */
static void pointer_holder(Walker *w, int n, size_t at, const char *item) {
  XNode *node = &w->x->nodes[n];
  node->host_memory = true;
  if (node->nvariants == 0)
    return;
  walk_warning(w, at,
               "'%s' holds pointers: esched moves it, not the data they point to, so task '%s' "
               "runs on the CPU only; pass that data itself, named in a clause, to let it move",
               item, node->name ? node->name : "?");
  if (node->pin && strcmp(node->pin, "cpu") != 0)
    walk_error(w, at, "task '%s' is pinned to '%s', but '%s' holds pointers",
               node->name ? node->name : "?", node->pin, item);
  node->nvariants = 0;
  node->noreplay = NULL;
}

/* A call task's data from its callee's prototype. Beside data clauses
 * (beside) only what they do not name, and only data of known size (an
 * array, &x): a scratch array in the caller's loop (double k[1] = {pass};
 * f(y, k)) then comes with the task, to a device and through the deferral,
 * where it used to travel as a host address that died with the iteration;
 * a bare pointer stays as it was, the clauses' business. */
static void infer_call(Walker *w, int n, CXCursor call, CXCursor fn, const char *callee,
                       bool beside) {
  CXType fty = clang_getCanonicalType(clang_getCursorType(fn));
  int nargs = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < nargs; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    EsAccessMode mode;
    if (!param_mode(fty, i, &mode))
      continue;
    CXCursor var = argument_variable(w, arg);
    size_t b, e;
    if (clang_Cursor_isNull(var)) {
      bool pointer_param = fty.kind == CXType_FunctionProto && i < clang_getNumArgTypes(fty);
      if (pointer_param && !beside && tu_extent(w->tu, arg, &b, &e))
        walk_warning(w, b,
                     "cannot tell what argument %d of '%s' points to; name its data in a "
                     "data clause",
                     i + 1, callee);
      continue;
    }
    char *name = tu_string(clang_getCursorSpelling(var));
    const char *item = name ? walk_intern(w, name) : NULL;
    free(name);
    XAccess acc;
    if (!item || !refs_whole_access(w, var, item, mode, &acc) || (beside && acc.pointer))
      continue;
    const XNode *node = &w->x->nodes[n];
    bool named = false;
    for (int j = 0; beside && j < node->nacc && !named; j++)
      named = x_items_related(node->acc[j].a.item, item);
    if (!named) {
      acc.a.inferred = true;
      walk_add_access(w, n, &acc);
      const TypeInfo *ti = refs_type_info(w, clang_getCursorType(var),
                                          clang_getCursorKind(var) == CXCursor_ParmDecl);
      if (ti && ti->holds_pointers && tu_extent(w->tu, arg, &b, &e))
        pointer_holder(w, n, b, item);
    }
  }
}

static bool same_qualifiers(CXType a, CXType b) {
  return clang_isConstQualifiedType(a) == clang_isConstQualifiedType(b) &&
         clang_isVolatileQualifiedType(a) == clang_isVolatileQualifiedType(b);
}

/* Types that are the same but for the bounds of variable length arrays,
 * which clang does not compare (C11 6.7.6.2p6: such arrays are
 * compatible when their elements are). */
static bool same_type(CXType a, CXType b) {
  a = clang_getCanonicalType(a), b = clang_getCanonicalType(b);
  if (clang_equalTypes(a, b))
    return true;
  bool vla = a.kind == CXType_VariableArray || b.kind == CXType_VariableArray;
  if (vla && tu_is_array(a) && tu_is_array(b))
    return same_type(tu_pointee(a), tu_pointee(b));
  return a.kind == CXType_Pointer && b.kind == CXType_Pointer &&
         same_qualifiers(clang_getPointeeType(a), clang_getPointeeType(b)) &&
         same_type(clang_getPointeeType(a), clang_getPointeeType(b));
}

/* Function types compared parameter by parameter with same_type. */
static bool same_function_type(CXType a, CXType b) {
  if (clang_equalTypes(a, b))
    return true;
  int n = clang_getNumArgTypes(a);
  if (a.kind != CXType_FunctionProto || b.kind != CXType_FunctionProto ||
      n != clang_getNumArgTypes(b) ||
      clang_isFunctionTypeVariadic(a) != clang_isFunctionTypeVariadic(b) ||
      !clang_equalTypes(clang_getCanonicalType(clang_getResultType(a)),
                        clang_getCanonicalType(clang_getResultType(b))))
    return false;
  for (int i = 0; i < n; i++) {
    CXType x = clang_getArgType(a, (unsigned)i), y = clang_getArgType(b, (unsigned)i);
    bool pointers = tu_pointer_like(x) && tu_pointer_like(y); /* T a[N] is T *a */
    if (pointers ? !same_qualifiers(tu_pointee(x), tu_pointee(y)) ||
                       !same_type(tu_pointee(x), tu_pointee(y))
                 : !same_type(x, y))
      return false;
  }
  return true;
}

/* DEVICE(FUNCTION): the function exists and has the callee's type. */
static void check_variant(Walker *w, const Annot *a, const EsClause *c, CXCursor callee,
                          bool is_call) {
  CXCursor v = walk_lookup(w, c->ident);
  if (clang_getCursorKind(v) != CXCursor_FunctionDecl) {
    walk_error(w, annot_at_col(a, c->ident_col),
               "use of undeclared function '%s' as the %s variant", c->ident, c->device);
    return;
  }
  if (!is_call || clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
    /* Through a pointer the region calls whatever it points to when it
     * runs: no one function can stand for it on another device. */
    bool pointer = is_call && !clang_Cursor_isNull(callee);
    walk_error(w, annot_at_col(a, c->col),
               "a %s variant needs a task region that is one call of a named function%s", c->device,
               pointer ? ", not a call through a pointer" : "");
    return;
  }
  CXType want = clang_getCanonicalType(clang_getCursorType(callee));
  CXType have = clang_getCanonicalType(clang_getCursorType(v));
  if (same_function_type(want, have))
    return;
  char *ws = tu_string(clang_getTypeSpelling(want)), *hs = tu_string(clang_getTypeSpelling(have));
  char *cs = tu_string(clang_getCursorSpelling(callee));
  walk_error(w, annot_at_col(a, c->ident_col), "variant '%s' has type '%s', but '%s' has type '%s'",
             c->ident, hs ? hs : "?", cs ? cs : "?", ws ? ws : "?");
  free(ws), free(hs), free(cs);
}

/* noreplay, by the clause or found in the code of the callee and of its
 * variants: such a task must not run twice (in an all-devices profiling
 * run), and its effects (output, a file, random numbers) must keep their
 * place in the program's order, so the rewriter runs it when it is reached
 * even where tasks are collected (rw_in_order). */
static void noreplay(Walker *w, XNode *node, const Annot *a, CXCursor callee) {
  if (annot_clause(a, ES_CLAUSE_NOREPLAY)) {
    node->noreplay = "clause";
    return;
  }
  if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
    return;
  const char *why = replay_effect(w, callee);
  for (int i = 0; !why && i < node->nvariants; i++) {
    CXCursor v = walk_lookup(w, node->variants[i].function);
    if (clang_getCursorKind(v) == CXCursor_FunctionDecl)
      why = replay_effect(w, v);
  }
  node->noreplay = why;
}

static void variants_and_pin(Walker *w, int n, const Annot *a, CXCursor callee, bool is_call) {
  int nv = 0;
  for (int i = 0; i < a->parsed.nclauses; i++)
    nv += a->parsed.clauses[i].kind == ES_CLAUSE_VARIANT && a->parsed.clauses[i].ident;
  XVariant *v = nv ? es_arena_alloc(&w->x->arena, sizeof *v * (size_t)nv) : NULL;
  XNode *node = &w->x->nodes[n];
  node->variants = v;
  for (int i = 0; i < a->parsed.nclauses; i++) {
    const EsClause *c = &a->parsed.clauses[i];
    if (c->kind == ES_CLAUSE_VARIANT && c->ident && v) {
      check_variant(w, a, c, callee, is_call);
      v[node->nvariants++] = (XVariant){walk_intern(w, c->device), walk_intern(w, c->ident),
                                        es_launcher_name(c->launcher)};
    }
  }
  noreplay(w, node, a, callee);
  const EsClause *pin = find_clause(a, ES_CLAUSE_PIN);
  if (!pin || !pin->device)
    return;
  node->pin = walk_intern(w, pin->device);
  bool has = !strcmp(pin->device, "cpu");
  for (int i = 0; i < node->nvariants; i++)
    has |= !strcmp(node->variants[i].device, pin->device);
  if (!has)
    walk_error(w, annot_at_col(a, pin->ident_col),
               "the task is pinned to '%s' but has no %s variant", pin->device, pin->device);
}

static void call_parts(Walker *w, int n, CXCursor call, CXCursor fn) {
  XNode *node = &w->x->nodes[n];
  size_t b, e;
  CXCursor pointer = tu_callee_pointer(call);
  if (clang_getCursorKind(fn) == CXCursor_FunctionDecl) {
    char *name = tu_string(clang_getCursorSpelling(fn));
    node->callee = name ? walk_intern(w, name) : NULL;
    free(name);
  } else if (!clang_Cursor_isNull(pointer) && tu_extent(w->tu, pointer, &b, &e)) {
    node->via = walk_text(w, b, e);
  }
  int nargs = clang_Cursor_getNumArguments(call);
  node->args = nargs > 0 ? es_arena_alloc(&w->x->arena, sizeof *node->args * (size_t)nargs) : NULL;
  if (node->args) {
    walk_call_args(w, call, node->args, nargs);
    node->nargs = nargs;
  }
}

/* A structure passed whole (img, &img, p) whose member is task data
 * (img.px): a device variant would get the structure's host pointers, not
 * the copies esched makes on its device, and its writes would be lost
 * under them; the task keeps only its CPU variant, which works on host
 * memory (as for data that holds pointers, items.c). */
static void members_in_arguments(Walker *w, int n, CXCursor call) {
  XNode *node = &w->x->nodes[n];
  int nargs = clang_Cursor_getNumArguments(call);
  for (int i = 0; node->nvariants > 0 && i < nargs; i++) {
    CXCursor arg = tu_strip(clang_Cursor_getArgument(call, (unsigned)i));
    if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) /* &img */
      arg = tu_strip(tu_first_child(arg));
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    if (t.kind == CXType_Pointer)
      t = clang_getCanonicalType(clang_getPointeeType(t));
    char path[256];
    size_t b, e;
    if (t.kind != CXType_Record || !tu_member_path(arg, path, sizeof path) ||
        !tu_extent(w->tu, arg, &b, &e))
      continue;
    size_t len = strlen(path);
    for (int k = 0; k < node->nacc; k++) {
      const char *item = node->acc[k].a.item;
      if (strncmp(item, path, len) != 0 || (item[len] != '.' && strncmp(item + len, "->", 2)))
        continue;
      walk_warning(w, b,
                   "'%s' is passed whole, but the data '%s' of task '%s' is inside it: a "
                   "device variant would get its host pointers, so the task runs on the CPU "
                   "only; pass %s itself to let it move",
                   path, item, node->name ? node->name : "?", item);
      if (node->pin && strcmp(node->pin, "cpu") != 0)
        walk_error(w, b, "task '%s' is pinned to '%s', but its data '%s' is passed inside '%s'",
                   node->name ? node->name : "?", node->pin, item, path);
      node->nvariants = 0;
      node->noreplay = NULL;
      break;
    }
  }
}

/* What a { ... } task with data clauses touches that they do not name (a
 * scalar an earlier task wrote on a device): inferred, as a block without
 * clauses has all its data, so that it comes home before the block runs
 * there. Scanned into a scratch node, the last, dropped after. */
static void unnamed_data(Walker *w, int n, CXCursor c, size_t b, size_t e) {
  int tmp = x_node_add(w->x, X_HOST, w->graph);
  if (tmp < 0) {
    w->nomem = true;
    return;
  }
  refs_scan(w, c, b, e, tmp, true);
  XNode *scratch = &w->x->nodes[tmp];
  for (int k = 0; k < scratch->nacc; k++) {
    const XNode *node = &w->x->nodes[n];
    bool named = false;
    for (int j = 0; j < node->nacc && !named; j++)
      named = x_items_related(node->acc[j].a.item, scratch->acc[k].a.item);
    if (!named && x_node_access(w->x, n, &scratch->acc[k]))
      w->nomem = true;
  }
  free(scratch->acc);
  w->x->nnodes--;
  if (w->nodes_seen > w->x->nnodes) /* the next node takes its place */
    w->nodes_seen = w->x->nnodes;
}

static enum CXChildVisitResult find_literal(CXCursor c, CXCursor parent, CXClientData found) {
  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_CompoundLiteralExpr)
    return CXChildVisit_Recurse;
  *(bool *)found = true;
  return CXChildVisit_Break;
}

/* Whether a pointer argument of the call points into a compound literal
 * (f(y, (const double[]){k}), f(&(struct p){..})): its storage ends with
 * its block, a loop's iteration, before a deferred task runs. */
static bool literal_argument(CXCursor call) {
  bool found = false;
  for (int i = 0, n = clang_Cursor_getNumArguments(call); i < n && !found; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    if (tu_pointer_like(clang_getCursorType(arg)))
      clang_visitChildren(arg, find_literal, &found);
  }
  return found;
}

/* A call task whose callee, defined in this file, has tasks of its own
 * (the recursion of OpenMP-style divide and conquer: sum(a, h, &l) as a
 * task inside sum): regions do not nest, and the inner ones would wait for
 * the outer one, which waits for them (a hang, or the callee's outlined
 * task before its declaration: a compile error elsewhere). */
static void check_callee_tasks(Walker *w, CXCursor fn, const char *callee, size_t at) {
  CXCursor def = clang_getCursorDefinition(fn);
  size_t b, e;
  if (clang_Cursor_isNull(def) || !clang_Location_isFromMainFile(clang_getCursorLocation(def)) ||
      !tu_extent(w->tu, def, &b, &e))
    return;
  walk_confirm(w, b, e);
  for (int i = annots_lower_bound(w->annots, b); i < w->annots->len; i++) {
    const Annot *a = &w->annots->v[i];
    if (a->begin >= e)
      break;
    if (a->status == ANNOT_REAL && a->parsed.kind == ES_ANNOT_TASK) {
      int line, col;
      source_position(w->src, a->begin, &line, &col);
      walk_error(w, at,
                 "task regions do not nest: '%s' has a task of its own (line %d), which would "
                 "run inside this one; call it without a task, or leave the tasks to its "
                 "leaves (the calls that do the work)",
                 callee, line);
      return;
    }
  }
}

/* Annotations inside a block task: regions do not nest. */
static void check_nesting(Walker *w, size_t b, size_t e) {
  walk_confirm(w, b, e);
  for (int i = annots_lower_bound(w->annots, b); i < w->annots->len; i++) {
    Annot *a = &w->annots->v[i];
    if (a->begin >= e)
      break;
    if (a->status == ANNOT_REAL && !a->attached) {
      a->attached = true;
      walk_error(w, a->begin, "task regions do not nest: this annotation is inside a task");
    }
  }
}

/* width, work and efficiency describe tasks of a stream region only. */
static void check_stream_clauses(Walker *w, const Annot *a) {
  for (int i = 0; i < a->parsed.nclauses; i++) {
    const EsClause *c = &a->parsed.clauses[i];
    if (es_clause_stream_only(c->kind))
      walk_error(w, annot_at_col(a, c->col),
                 "'%s' is for tasks of a stream region (#pragma esched stream)",
                 es_clause_kind_name(c->kind));
  }
}

/* The call whose value statement c uses (x = f(..), x += f(..), or a
 * declaration initialized by f(..)), else a null cursor. */
static CXCursor used_call(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor value = clang_getNullCursor();
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
    value = tu_last_child(c);
  else if (k == CXCursor_DeclStmt && clang_getCursorKind(tu_last_child(c)) == CXCursor_VarDecl)
    value = tu_last_child(tu_last_child(c));
  value = clang_Cursor_isNull(value) ? value : tu_strip(value);
  return clang_getCursorKind(value) == CXCursor_CallExpr ? value : clang_getNullCursor();
}

/* A task in a loop naming data through a variable declared in that loop.
 * A pointer (double *blk = m->data + k): once the loop ends, host code
 * reaches the data only through names esched cannot relate to it, so the
 * region ends there (XNode.sync_loop, sync_after); pointers computed from a
 * variable are aliases the rewriter follows (refs.c), this covers every
 * other way. Anything else (double a = 10 * k; in(a)) dies at every
 * iteration (XAccess.loop_local). */
static void loop_lifetimes(Walker *w, XNode *node) {
  if (w->loop_depth == 0)
    return;
  for (int k = 0; k < node->nacc; k++) {
    const char *item = node->acc[k].a.item;
    char root[256];
    snprintf(root, sizeof root, "%.*s", (int)strcspn(item, ".-"), item);
    CXCursor decl = walk_lookup(w, root);
    size_t at = tu_offset(clang_getCursorLocation(decl));
    bool pointer = clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_Pointer;
    bool here = clang_Location_isFromMainFile(clang_getCursorLocation(decl)) != 0;
    bool in_loop = !clang_Cursor_isNull(decl) && clang_getCursorKind(decl) == CXCursor_VarDecl &&
                   clang_Cursor_getStorageClass(decl) != CX_SC_Static && here &&
                   at >= w->loop_begin && at < w->loop_end;
    if (in_loop && pointer && !node->sync_after)
      node->sync_loop = w->loop_begin, node->sync_after = w->loop_end;
    else if (in_loop && !pointer && !item[strlen(root)])
      node->acc[k].loop_local = true;
  }
}

/* The pointer each of a task's pointer items was made from, followed back
 * through the declarations making them (T *blk = a + k) while there is
 * exactly one and its variable is the one in scope at the task
 * (XAccess.anchor): the runtime files the item's ranges under that
 * pointer, where host code naming it finds them. A chain ends at a member
 * path (m.data); x_settle_anchors drops it, once the whole function is
 * known, where a pointer on it is also assigned. */
static void anchor_items(Walker *w, XNode *node) {
  const XUnit *u = w->x;
  for (int k = 0; k < node->nacc; k++) {
    XAccess *acc = &node->acc[k];
    const char *cur = acc->a.item;
    for (int hop = 0; acc->pointer && hop < 8 && !cur[strcspn(cur, ".-")]; hop++) {
      const XAlias *only = NULL;
      int bases = 0;
      for (int i = 0; i < u->naliases && bases < 2; i++)
        if (u->aliases[i].declaration && !strcmp(u->aliases[i].function, w->func_name) &&
            !strcmp(u->aliases[i].pointer, cur))
          only = &u->aliases[i], bases++;
      if (bases != 1)
        break;
      char root[256];
      snprintf(root, sizeof root, "%.*s", (int)strcspn(only->base, ".-"), only->base);
      CXCursor decl = walk_lookup(w, root);
      if (clang_Cursor_isNull(decl) || tu_offset(clang_getCursorLocation(decl)) != only->base_decl)
        break; /* another variable of that name, or none, is in scope here */
      acc->anchor = cur = only->base;
    }
  }
}

void task_attach(Walker *w, int ann, CXCursor c, size_t b, size_t e) {
  Annot *a = &w->annots->v[ann];
  a->attached = true;
  check_stream_clauses(w, a);
  enum CXCursorKind k = clang_getCursorKind(c);
  bool is_call = k == CXCursor_CallExpr, is_block = k == CXCursor_CompoundStmt;
  walk_close_host(w);
  if ((!is_call && !is_block) || w->graph < 0) {
    walk_error(w, b, "a task region must be a function call or a compound statement { ... }");
    /* A task gives its results back through its data, not a value. */
    CXCursor call = used_call(c);
    size_t cb, ce;
    char *callee = tu_string(clang_getCursorSpelling(call));
    if (!clang_Cursor_isNull(call) && callee && *callee && tu_extent(w->tu, call, &cb, &ce))
      walk_note(w, b, cb,
                "a task returns no value: let '%s' store its result through a pointer named "
                "in out(...)%s",
                callee,
                clang_getCursorKind(c) == CXCursor_DeclStmt
                    ? ""
                    : ", or put the statement in { ... } for a task of the whole block");
    free(callee);
    refs_calls(w, c);
    return;
  }
  int n = x_node_add(w->x, X_TASK, w->graph);
  if (n < 0) {
    w->nomem = true;
    return;
  }
  CXCursor fn = is_call ? tu_called_function(c) : clang_getNullCursor();
  if (is_call)
    call_parts(w, n, c, fn);
  if (is_call && clang_getCursorKind(fn) == CXCursor_FunctionDecl && w->x->nodes[n].callee)
    check_callee_tasks(w, fn, w->x->nodes[n].callee, a->begin);
  XNode *node = &w->x->nodes[n];
  node->name = task_key(w, ann, node->callee);
  node->deferred = w->loop_depth > 0;
  node->range = source_range(w->src, b, is_call ? source_after_semicolon(w->src, e) : e);
  source_position(w->src, a->begin, &node->line, &node->col);
  w->x->graphs[w->graph].ntasks++;
  if (node->name)
    task_check_unique(w, node->name, ann);
  variants_and_pin(w, n, a, fn, is_call);
  if (has_data_clauses(a))
    clause_accesses(w, n, a);
  if (is_call && clang_getCursorKind(fn) == CXCursor_FunctionDecl)
    infer_call(w, n, c, fn, w->x->nodes[n].callee, has_data_clauses(a));
  if (is_call)
    members_in_arguments(w, n, c);
  if (is_block) {
    check_nesting(w, b, e);
    if (has_data_clauses(a))
      unnamed_data(w, n, c, b, e);
    else
      refs_scan(w, c, b, e, n, true);
  } else {
    walk_record_call(w, c, w->loop_depth > 0); /* calls in arguments are not followed */
  }
  loop_lifetimes(w, &w->x->nodes[n]);
  anchor_items(w, &w->x->nodes[n]);
  if (is_call && !w->x->nodes[n].noreplay)
    w->x->nodes[n].noreplay = replay_argument_effect(w, c);
  if (is_call && w->x->nodes[n].deferred)
    w->x->nodes[n].literal_args = literal_argument(c);
}

/* Whether every inner dimension of a section is whole: A[lo:len][0:M]
 * with M the row's constant length, or [:] (then the section is rows). */
static bool inner_whole(const AnnotList *l, const XAccess *acc) {
  for (int k = 0; k < acc->ninner; k++) {
    long long v;
    const char *lo = acc->inner_lo[k], *len = acc->inner_len[k];
    if (lo && !(annots_constant(l, lo, &v) && v == 0))
      return false;
    if (len &&
        !(acc->inner_count[k] >= 0 && annots_constant(l, len, &v) && v == acc->inner_count[k]))
      return false;
  }
  return true;
}

static void resolve(const AnnotList *l, XAccess *acc) {
  if (acc->whole)
    return;
  long long lo = 0, len = -1, v;
  if (acc->a.lo)
    lo = annots_constant(l, acc->a.lo, &v) ? v : -1;
  if (acc->len_omitted)
    len = lo >= 0 && acc->count >= 0 ? acc->count - lo : -1;
  else if (acc->a.len && annots_constant(l, acc->a.len, &v))
    len = v;
  acc->lo_val = lo;
  acc->len_val = len;
  acc->inner_full = inner_whole(l, acc);
  acc->a.bytes =
      len >= 0 && acc->elem_size > 0 && acc->inner_full ? (double)(len * acc->elem_size) : -1;
}

void task_resolve_constants(Walker *w) {
  for (int i = 0; i < w->x->nnodes; i++)
    for (int k = 0; k < w->x->nodes[i].nacc; k++)
      resolve(w->annots, &w->x->nodes[i].acc[k]);
}

/* Whether item is a member path below variable root (s.v, s->v, s.a.b
 * below s). */
static bool member_below(const char *item, const char *root) {
  size_t n = strlen(root);
  return !strncmp(item, root, n) && (item[n] == '.' || !strncmp(item + n, "->", 2));
}

/* Whether node n names item, or data below it, itself (a clause beside
 * the inferred &s: inout(s.v[0:n])). */
static bool names(const XNode *n, const char *item) {
  for (int k = 0; k < n->nacc; k++)
    if (!strcmp(n->acc[k].a.item, item) || member_below(n->acc[k].a.item, item))
      return true;
  return false;
}

/* Data that inferred access a of node n reaches through a pointer member
 * that task t names (s.v of out(s.v[0:s.n]), for sum(&s, &a) or a block
 * reading s.v[i]): the access to the structure is its bytes alone, but
 * the member's data is where t left it. The node gets that data too, of
 * no size it knows (it runs on the CPU and the data comes home whole
 * first), read and written: neither a prototype nor a callee's code says
 * what it does through a member. */
static void reach_members(Walker *w, int n, const XAccess *a, const XNode *t) {
  for (int k = 0; k < t->nacc; k++) {
    const XAccess *m = &t->acc[k];
    if (!m->pointer || !member_below(m->a.item, a->a.item) || names(&w->x->nodes[n], m->a.item))
      continue;
    XAccess acc;
    memset(&acc, 0, sizeof acc);
    acc.a = (EsAccess){m->a.item, ES_ACCESS_INOUT, NULL, NULL, m->a.elem_type, -1, true};
    acc.elem_size = m->elem_size;
    acc.count = -1;
    acc.lo_val = acc.len_val = -1;
    acc.whole = acc.pointer = true;
    acc.indirect = m->indirect;
    acc.volatile_data = m->volatile_data;
    acc.value_spans = m->value_spans, acc.nvalue_spans = m->nvalue_spans;
    acc.value_elem = m->value_elem;
    acc.span_begin = a->span_begin, acc.span_end = a->span_end;
    if (x_node_access(w->x, n, &acc))
      w->nomem = true;
  }
}

void task_member_data(Walker *w) {
  XUnit *u = w->x;
  for (int i = 0; i < u->nnodes && !w->nomem; i++) {
    const char *fn = u->graphs[u->nodes[i].graph].function;
    int nacc = u->nodes[i].nacc; /* the accesses found, not those added here */
    for (int k = 0; u->nodes[i].kind == X_TASK && k < nacc && !w->nomem; k++) {
      XAccess a = u->nodes[i].acc[k]; /* a copy: adding may move the array */
      for (int j = 0; a.a.inferred && a.a.mode && j < u->nnodes && !w->nomem; j++)
        if (j != i && u->nodes[j].kind == X_TASK &&
            !strcmp(u->graphs[u->nodes[j].graph].function, fn))
          reach_members(w, i, &a, &u->nodes[j]);
    }
  }
}
