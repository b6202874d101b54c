/* One item of a data clause (items.h): the variable it starts from, the
 * members it goes through (p->v, s.a.b) and their types from libclang, its
 * section of one or more dimensions, and what the section of a parameter
 * declared as an array may leave out (its declared bound). */
#include "pass/frontend/items.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/refs.h"
#include "scheduler/base/vec.h"

typedef struct Field {
  const char *name;
  size_t len;
  CXCursor found;
} Field;

/* The member named f->name, also inside a C11 anonymous structure or
 * union member (struct { double *x, *y; }; reached as p.x). */
static enum CXVisitorResult field_visitor(CXCursor c, CXClientData data) {
  Field *f = data;
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  if (t.kind == CXType_Record && clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(t))) {
    clang_Type_visitFields(t, field_visitor, f);
    return clang_Cursor_isNull(f->found) ? CXVisit_Continue : CXVisit_Break;
  }
  CXString s = clang_getCursorSpelling(c);
  const char *name = clang_getCString(s);
  bool same = name && strlen(name) == f->len && !strncmp(name, f->name, f->len);
  clang_disposeString(s);
  if (!same)
    return CXVisit_Continue;
  f->found = c;
  return CXVisit_Break;
}

/* The type of the member path it->name[root_len..] of a variable of type t
 * (". x" on a structure, "-> x" on a pointer to one); false after an error
 * at the item. */
static bool member_type(Walker *w, const Annot *a, const EsClauseItem *it, CXType *t) {
  const char *p = it->name + it->root_len;
  while (*p) {
    bool arrow = p[0] == '-';
    p += arrow ? 2 : 1;
    size_t n = strcspn(p, ".-");
    CXType rec =
        clang_getCanonicalType(arrow ? clang_getPointeeType(clang_getCanonicalType(*t)) : *t);
    Field f = {p, n, clang_getNullCursor()};
    if (rec.kind == CXType_Record)
      clang_Type_visitFields(rec, field_visitor, &f);
    if (clang_Cursor_isNull(f.found)) {
      char *ts = tu_string(clang_getTypeSpelling(arrow && rec.kind == CXType_Record ? rec : *t));
      bool record = clang_getCanonicalType(*t).kind == CXType_Record;
      walk_error(w, annot_at_col(a, it->col), "'%s': no member '%.*s' in '%s'%s", it->name, (int)n,
                 p, ts ? ts : "?",
                 arrow && record ? " (a structure: write '.')"
                 : !arrow && clang_getCanonicalType(*t).kind == CXType_Pointer
                     ? " (a pointer: write '->')"
                     : "");
      free(ts);
      return false;
    }
    if (clang_Cursor_isBitField(f.found)) { /* as OpenMP refuses one in a map clause */
      walk_error(w, annot_at_col(a, it->col),
                 "'%s' is a bit-field, which has no address: name the structure holding it",
                 it->name);
      return false;
    }
    *t = clang_getCursorType(f.found);
    p += n;
  }
  return true;
}

typedef struct Bound {
  const Tu *tu;
  size_t begin, end; /* the first size expression in the text */
} Bound;

static enum CXChildVisitResult bound_visitor(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Bound *b = data;
  size_t s, e;
  if (clang_isExpression(clang_getCursorKind(c)) && tu_extent(b->tu, c, &s, &e) && s < b->begin) {
    b->begin = s;
    b->end = e;
  }
  return CXChildVisit_Continue;
}

/* The outer bound of a parameter declared T a[n][m] as written ("n"), or
 * NULL: the size expressions are the declaration's expression children,
 * the outer one first in the text. */
static const char *vla_bound(Walker *w, CXCursor parm) {
  Bound b = {w->tu, (size_t)-1, 0};
  clang_visitChildren(parm, bound_visitor, &b);
  return b.end > b.begin ? walk_text(w, b.begin, b.end) : NULL;
}

/* A parameter declared as an array, named without a section: its declared
 * extent (a[N], a[n][m]) is the whole item. false when it has none (a[]). */
static bool declared_section(Walker *w, CXCursor decl, const TypeInfo *ti, XAccess *acc) {
  char buf[32];
  const char *len = NULL;
  if (ti->bound >= 0) {
    snprintf(buf, sizeof buf, "%lld", ti->bound);
    len = walk_intern(w, buf);
  } else if (clang_getCanonicalType(ti->type).kind == CXType_VariableArray) {
    len = vla_bound(w, decl);
  }
  if (!len)
    return false;
  acc->whole = false;
  acc->a.bytes = -1;
  acc->a.len = len;
  return true;
}

/* The section of an item: expression texts, and for a[lo:] of a
 * constant-size array the length that remains. */
static void section_of(Walker *w, const EsClauseItem *it, XAccess *acc) {
  acc->whole = false;
  acc->a.bytes = -1;
  acc->a.lo = it->lo ? walk_intern(w, it->lo) : NULL;
  acc->a.len = it->len ? walk_intern(w, it->len) : NULL;
  if (!it->len && acc->count >= 0) {
    char buf[256];
    if (it->lo)
      snprintf(buf, sizeof buf, "%lld - (%s)", acc->count, it->lo);
    else
      snprintf(buf, sizeof buf, "%lld", acc->count);
    acc->a.len = walk_intern(w, buf);
    acc->len_omitted = true;
  }
}

/* The dimensions after the first: each must be one of the element type's
 * array dimensions. */
static bool inner_dims(Walker *w, const Annot *a, const EsClauseItem *it, CXType elem,
                       XAccess *acc) {
  if (it->ninner == 0)
    return true;
  size_t n = (size_t)it->ninner;
  acc->inner_lo = es_arena_alloc(&w->x->arena, sizeof *acc->inner_lo * n);
  acc->inner_len = es_arena_alloc(&w->x->arena, sizeof *acc->inner_len * n);
  acc->inner_count = es_arena_alloc(&w->x->arena, sizeof *acc->inner_count * n);
  if (!acc->inner_lo || !acc->inner_len || !acc->inner_count) {
    w->nomem = true;
    return false;
  }
  for (int k = 0; k < it->ninner; k++) {
    const EsClauseDim *d = &it->inner[k];
    CXType c = clang_getCanonicalType(elem);
    if (!tu_is_array(c)) {
      walk_error(w, annot_at_col(a, d->bracket_col),
                 "'%s' has %d dimension%s: this section has more", it->name, k + 1, k ? "s" : "");
      return false;
    }
    acc->inner_lo[k] = d->lo ? walk_intern(w, d->lo) : NULL;
    acc->inner_len[k] = d->len ? walk_intern(w, d->len) : NULL;
    acc->inner_count[k] = c.kind == CXType_ConstantArray ? clang_getArraySize(c) : -1;
    elem = tu_pointee(c);
  }
  acc->ninner = it->ninner;
  return true;
}

/* Data reached through pointers stored in the item (T **w, rows allocated
 * one by one) is not moved: the task keeps only its CPU variant, the
 * region itself, which works on host memory. */
static void pointer_table(Walker *w, int n, const Annot *a, const EsClauseItem *it) {
  XNode *node = &w->x->nodes[n];
  node->host_memory = true;
  if (node->nvariants == 0)
    return;
  walk_warning(w, annot_at_col(a, it->col),
               "'%s' holds pointers: esched moves them, not the data they point to, so task "
               "'%s' runs on the CPU only; allocate that data in one block and name the block "
               "in a clause to let it move",
               it->name, node->name ? node->name : "?");
  node->nvariants = 0;
  node->noreplay = NULL;
  if (node->pin && strcmp(node->pin, "cpu") != 0)
    walk_error(w, annot_at_col(a, it->col), "task '%s' is pinned to '%s', but '%s' holds pointers",
               node->name ? node->name : "?", node->pin, it->name);
}

/* The variable, its type (through the members) and whether its type is a
 * parameter's; false after an error. */
static bool item_type(Walker *w, const Annot *a, const EsClauseItem *it, CXCursor *decl, CXType *t,
                      bool *param) {
  char root[256];
  snprintf(root, sizeof root, "%.*s", it->root_len, it->name);
  *decl = walk_lookup(w, root);
  enum CXCursorKind k = clang_getCursorKind(*decl);
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) {
    walk_error(w, annot_at_col(a, it->col), "use of undeclared identifier '%s'", root);
    return false;
  }
  *t = clang_getCursorType(*decl);
  *param = k == CXCursor_ParmDecl && it->name[it->root_len] == '\0';
  return it->name[it->root_len] == '\0' || member_type(w, a, it, t);
}

void items_clause_item(Walker *w, int n, const Annot *a, const EsClauseItem *it,
                       EsAccessMode mode) {
  CXCursor decl;
  CXType t;
  bool param;
  if (!item_type(w, a, it, &decl, &t, &param))
    return;
  const char *name = walk_intern(w, it->name);
  const TypeInfo *ti = name ? refs_type_info(w, t, param) : NULL;
  if (!ti)
    return;
  XAccess acc;
  refs_type_access(ti, name, mode, &acc);
  bool array = !acc.pointer && tu_is_array(t);
  if (acc.pointer && !it->section && param && declared_section(w, decl, ti, &acc)) {
    /* a[N] or a[n][m] as the parameter says */
  } else if (acc.pointer && (!it->section || !it->len)) {
    walk_error(w, annot_at_col(a, it->col),
               "pointer '%s' needs an array section with a length, as in %s[0:n]", it->name,
               it->name);
    return;
  } else if (it->section && !acc.pointer && !array) {
    walk_error(w, annot_at_col(a, it->bracket_col),
               "'%s' is neither an array nor a pointer: it cannot have an array section", it->name);
    return;
  } else if (it->section) {
    section_of(w, it, &acc);
  }
  if (it->section && !inner_dims(w, a, it, tu_pointee(t), &acc))
    return;
  if (ti->pointee_pointer || ti->holds_pointers)
    pointer_table(w, n, a, it);
  walk_add_access(w, n, &acc);
}
