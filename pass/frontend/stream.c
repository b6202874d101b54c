/* `stream` regions (walk.h): the stream's clauses, each task's call, team
 * parameters and crown clauses, and the checks that need clang's constants
 * (widths and core counts are C integer constant expressions, evaluated
 * like array sections: annot.h).
 *
 * A stream region is a compound statement holding only task annotations,
 * each before one call; the region is one round of a streaming task
 * collection (docs/annotations.md, "stream"). Nothing here needs the
 * platform: amounts stay as written (numbers or times) until the
 * collection is built (collection.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/refs.h"
#include "pass/frontend/stream.h"
#include "pass/frontend/task.h"
#include "scheduler/base/units.h"

/* A plain number (the model's units) or a time with a unit. */
static bool parse_amount(const char *text, XAmount *out) {
  out->time = false;
  if (es_parse_quantity(text, ES_Q_NUMBER, &out->value))
    return isfinite(out->value);
  out->time = true;
  return es_parse_quantity(text, ES_Q_TIME, &out->value) && isfinite(out->value);
}

/* ---- the stream ---- */

static const char *stream_name(Walker *w, const Annot *a) {
  const EsClause *c = annot_clause(a, ES_CLAUSE_NAME);
  char buf[512];
  if (c && c->ident)
    snprintf(buf, sizeof buf, "%s", c->ident);
  else
    snprintf(buf, sizeof buf, "%s.stream.%d", w->func_name, ++w->nstreams);
  const char *name = walk_intern(w, buf);
  if (name)
    task_check_unique(w, name, (int)(a - w->annots->v));
  return name;
}

static void stream_deadline(Walker *w, const Annot *a, XStream *st) {
  const EsClause *c = annot_clause(a, ES_CLAUSE_DEADLINE);
  if (!c || !c->text)
    return;
  double m;
  if (es_parse_quantity(c->text, ES_Q_TIME, &m) && isfinite(m) && m > 0)
    st->deadline = m;
  else
    walk_error(w, annot_at_col(a, c->text_col),
               "the deadline must be a positive time (deadline(10ms)), not '%s'", c->text);
}

int stream_begin(Walker *w, int ann, size_t b, size_t e) {
  const Annot *a = &w->annots->v[ann];
  int s = x_stream_add(w->x);
  if (s < 0) {
    w->nomem = true;
    return -1;
  }
  XStream *st = &w->x->streams[s];
  st->name = stream_name(w, a);
  st->function = w->func_name;
  st->fn_begin = w->funcs[w->func].begin;
  st->at = a->begin;
  st->range = source_range(w->src, b, e);
  const EsClause *cores = annot_clause(a, ES_CLAUSE_CORES);
  if (cores && cores->text) {
    st->cores_text = walk_intern(w, cores->text);
    st->cores_at = annot_at_col(a, cores->text_col);
  }
  stream_deadline(w, a, st);
  return st->name ? s : -1;
}

/* ---- its tasks ---- */

/* Clauses that make no sense on a task of a round: devices and data. */
static bool check_clauses(Walker *w, const Annot *a) {
  bool ok = true;
  for (int i = 0; i < a->parsed.nclauses; i++) {
    const EsClause *c = &a->parsed.clauses[i];
    if (c->kind == ES_CLAUSE_NAME || es_clause_stream_only(c->kind))
      continue;
    walk_error(w, annot_at_col(a, c->col),
               "'%s' is not allowed on a task of a stream region: its tasks run on the "
               "crown's cores, in host memory, independent of each other within a round",
               c->kind == ES_CLAUSE_VARIANT ? c->device : es_clause_kind_name(c->kind));
    ok = false;
  }
  return ok;
}

/* The callee, argument texts and parameter types of the call. */
static bool call_of(Walker *w, XStreamTask *t, CXCursor call) {
  CXCursor fn = tu_called_function(call);
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
    return false;
  char *name = tu_string(clang_getCursorSpelling(fn));
  t->callee = name ? walk_intern(w, name) : NULL;
  free(name);
  CXType fty = clang_getCanonicalType(clang_getCursorType(fn));
  int nargs = clang_Cursor_getNumArguments(call), nparams = clang_getNumArgTypes(fty);
  size_t n = (size_t)(nargs > 0 ? nargs : 0) + 1;
  t->args = es_arena_alloc(&w->x->arena, sizeof *t->args * n);
  t->types = es_arena_alloc(&w->x->arena, sizeof *t->types * n);
  if (!t->args || !t->types) {
    w->nomem = true;
    return true;
  }
  walk_call_args(w, call, t->args, nargs);
  for (int i = 0; i < nargs; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    CXType pt = i < nparams ? clang_getArgType(fty, (unsigned)i) : clang_getCursorType(arg);
    char *ts = tu_string(clang_getTypeSpelling(pt));
    t->types[i] = ts ? walk_intern(w, ts) : "";
    free(ts);
  }
  t->nargs = nargs > 0 ? nargs : 0;
  t->team_params =
      nparams >= 2 && nparams == nargs &&
      clang_getCanonicalType(clang_getArgType(fty, (unsigned)nparams - 2)).kind == CXType_Int &&
      clang_getCanonicalType(clang_getArgType(fty, (unsigned)nparams - 1)).kind == CXType_Int;
  return true;
}

static void task_work(Walker *w, const Annot *a, XStreamTask *t) {
  const EsClause *c = annot_clause(a, ES_CLAUSE_WORK);
  if (!c || !c->text)
    return;
  if (!parse_amount(c->text, &t->work) || t->work.value <= 0) {
    walk_error(w, annot_at_col(a, c->text_col),
               "the work must be a positive number or time (work(4e6), work(2ms)), not '%s'",
               c->text);
    t->work.value = -1;
  }
}

/* width q : e(q), q a power of two (the parser checked), 0 < e. */
static void table_entry(Walker *w, const Annot *a, XStreamTask *t, const EsClauseEntry *en) {
  double e;
  int z = 0;
  for (long q = strtol(en->key, NULL, 10); q > 1; q >>= 1)
    z++;
  if (z > ES_CROWN_ZMAX) {
    walk_error(w, annot_at_col(a, en->key_col),
               "efficiency width %s is beyond the crown's %d cores", en->key, 1 << ES_CROWN_ZMAX);
  } else if (!es_parse_quantity(en->value, ES_Q_NUMBER, &e) || !isfinite(e) || e <= 0) {
    walk_error(w, annot_at_col(a, en->value_col),
               "an efficiency must be a positive number, not '%s'", en->value);
  } else if (z == 0 && e != 1) {
    walk_error(w, annot_at_col(a, en->value_col),
               "the efficiency on one core must be 1 (the crown model's e(1) = 1), not '%s'",
               en->value);
  } else {
    t->table[z] = e;
  }
}

static void task_efficiency(Walker *w, const Annot *a, XStreamTask *t) {
  const EsClause *c = annot_clause(a, ES_CLAUSE_EFFICIENCY);
  t->eff = ES_CROWN_EFF_PERFECT;
  if (!c || c->nentries == 0)
    return;
  const EsClauseEntry *first = &c->entries[0];
  if (!strcmp(first->key, "perfect"))
    return;
  if (!strcmp(first->key, "comm")) {
    t->eff = ES_CROWN_EFF_COMM;
    if (!parse_amount(first->value, &t->comm) || t->comm.value < 0)
      walk_error(w, annot_at_col(a, first->value_col),
                 "the communication cost must be a non-negative number or time (comm:0.01ms), "
                 "not '%s'",
                 first->value);
    return;
  }
  t->eff = ES_CROWN_EFF_TABLE;
  for (int i = 0; i < c->nentries; i++)
    table_entry(w, a, t, &c->entries[i]);
}

void stream_task(Walker *w, int s, int ann, CXCursor c, size_t b, size_t e) {
  Annot *a = &w->annots->v[ann];
  a->attached = true;
  if (clang_getCursorKind(c) != CXCursor_CallExpr) {
    walk_error(w, b, "a task of a stream region must be one call of a named function");
    refs_calls(w, c);
    return;
  }
  int k = x_stream_task_add(w->x, s);
  if (k < 0) {
    w->nomem = true;
    return;
  }
  XStreamTask *t = &w->x->streams[s].tasks[k];
  if (!call_of(w, t, c)) {
    walk_error(w, b, "a task of a stream region must be one call of a named function");
    w->x->streams[s].ntasks--;
    return;
  }
  t->name = task_key(w, ann, t->callee);
  if (t->name)
    task_check_unique(w, t->name, ann);
  t->at = a->begin;
  t->call_at = b;
  t->range = source_range(w->src, b, source_after_semicolon(w->src, e));
  check_clauses(w, a);
  const EsClause *width = annot_clause(a, ES_CLAUSE_WIDTH);
  if (width && width->text) {
    t->width_text = walk_intern(w, width->text);
    t->width_at = annot_at_col(a, width->text_col);
  } else if (!width) {
    walk_error(w, a->begin,
               "task '%s' of a stream region needs width(W): the most cores its team may have "
               "(1 for a sequential task)",
               t->name ? t->name : "?");
  }
  task_work(w, a, t);
  task_efficiency(w, a, t);
  walk_record_call(w, c, w->loop_depth > 0);
}

/* ---- after the walk ---- */

/* A positive integer constant expression, evaluated by clang. */
static long long positive_constant(Walker *w, const char *text, size_t at, const char *what) {
  long long v;
  if (!annots_constant(w->annots, text, &v)) {
    walk_error(w, at, "the %s must be an integer constant expression; '%s' is not one", what, text);
    return -1;
  }
  if (v < 1) {
    walk_error(w, at, "the %s must be a positive integer, not %lld", what, v);
    return -1;
  }
  return v;
}

static void resolve_task(Walker *w, XStreamTask *t) {
  if (!t->width_text)
    return;
  t->width = positive_constant(w, t->width_text, t->width_at, "width");
  if (t->width > 1 && !t->team_params)
    walk_error(w, t->call_at,
               "task '%s' may run on up to %lld cores, so '%s' must take its team as its last "
               "two parameters (int member, int members)",
               t->name, t->width, t->callee);
}

void stream_resolve(Walker *w) {
  for (int s = 0; s < w->x->nstreams; s++) {
    XStream *st = &w->x->streams[s];
    if (st->cores_text)
      st->cores = positive_constant(w, st->cores_text, st->cores_at, "core count");
    if (st->ntasks == 0)
      walk_error(w, st->at, "stream '%s' has no tasks", st->name);
    for (int k = 0; k < st->ntasks; k++)
      resolve_task(w, &st->tasks[k]);
  }
}
