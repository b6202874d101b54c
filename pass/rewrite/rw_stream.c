/* Stream regions in the rewritten file (rw_stream.h). For stream K with
 * tasks J:
 *
 *   struct esrt_saK_J_ { T0 a0; T1 a1; ... };        before the function
 *   static void esrt_sfK_J_(const void *v, int m, int n) { f(x->a0, ..., m, n); }
 *   static const EsrtStreamTask esrt_stK_[] = {...}; at the top
 *   static const EsrtStream esrt_sK_ = {...};
 *   { struct esrt_saK_J_ esrt_xJ_ = {arg0, ...}; ...   the region
 *     const void *esrt_args_[] = {&esrt_x0_, ...};
 *     esrt_stream_round(&esrt_sK_, esrt_args_); }
 *
 * Arguments are captured with their parameter types, evaluated in program
 * order before the round starts. */
#include "pass/rewrite/rw_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/diag/diag.h"

static void error_at(const RwStreamOut *o, size_t offset, const char *fmt, const char *a,
                     const char *b) {
  int line, col;
  source_position(o->src, offset, &line, &col);
  diag(DIAG_ERROR, o->path, line, col, fmt, a, b);
}

static void literal(RwBuf *b, const char *s) {
  rw_puts(b, "\"");
  for (; *s; s++)
    rw_printf(b, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
  rw_puts(b, "\"");
}

/* The team form: the last two arguments are the team's member and size. */
static bool team_form(const XStreamTask *t) { return t->width > 1; }

/* Arguments captured in the task's block: all but the team's two. */
static int captured(const XStreamTask *t) { return t->nargs - (team_form(t) ? 2 : 0); }

static bool simple_type(const char *t) { return !strchr(t, '(') && !strchr(t, '['); }

static bool check_captures(const XStream *st, const RwStreamOut *o) {
  bool ok = true;
  for (int k = 0; k < st->ntasks; k++) {
    const XStreamTask *t = &st->tasks[k];
    for (int i = 0; i < captured(t); i++)
      if (!simple_type(t->types[i])) {
        error_at(o, t->call_at,
                 "task '%s' of a stream: esched cannot capture an argument of type '%s'; pass "
                 "it through a typedef",
                 t->name, t->types[i]);
        ok = false;
      }
  }
  return ok;
}

/* The argument block's type and the team function, before the function. */
static void team_function(RwBuf *b, const XStreamTask *t, int si, int k) {
  rw_printf(b, "struct esrt_sa%d_%d_ {", si, k);
  for (int i = 0; i < captured(t); i++)
    rw_printf(b, " %s a%d;", t->types[i], i);
  rw_puts(b, captured(t) ? " };\n" : " char none_; };\n");
  rw_printf(b,
            "static void esrt_sf%d_%d_(const void *esrt_v_, int esrt_m_, int esrt_n_) {\n"
            "  const struct esrt_sa%d_%d_ *esrt_x_ = esrt_v_;\n",
            si, k, si, k);
  if (!captured(t))
    rw_puts(b, "  (void)esrt_x_;\n");
  if (!team_form(t))
    rw_puts(b, "  (void)esrt_m_, (void)esrt_n_;\n");
  rw_printf(b, "  %s(", t->callee);
  for (int i = 0; i < captured(t); i++)
    rw_printf(b, "%sesrt_x_->a%d", i ? ", " : "", i);
  if (team_form(t))
    rw_puts(b, captured(t) ? ", esrt_m_, esrt_n_" : "esrt_m_, esrt_n_");
  rw_puts(b, ");\n}\n");
}

/* The crown order per core, as a comment over the table. */
static void order_comment(RwBuf *b, const EsCrownSchedule *s) {
  rw_printf(b,
            "/* esched: stream %s: crown schedule by %s on %d cores, deadline %.9g s, energy "
            "%.9g J, makespan %.9g s%s\n * crown order:\n",
            s->collection, s->algorithm, s->p, s->deadline, s->energy, s->makespan,
            s->feasible ? "" : " (misses the deadline)");
  for (int m = 0; m < s->p; m++) {
    rw_printf(b, " *   core %d:", m);
    for (int k = s->core_first[m]; k < s->core_first[m + 1]; k++)
      rw_printf(b, " %s", s->tasks[s->slots[k].task].name);
    rw_puts(b, "\n");
  }
  rw_puts(b, " */\n");
}

static void table(RwBuf *b, const XStream *st, int si, const EsCrownSchedule *s) {
  order_comment(b, s);
  rw_printf(b, "static const EsrtStreamLevel esrt_sl%d_[] = {", si);
  for (int k = 0; k < s->nlevels; k++)
    rw_printf(b, "%s{%.15g, %.15g}", k ? ", " : "", s->levels[k].freq, s->levels[k].power);
  rw_printf(b, "};\nstatic const EsrtStreamTask esrt_st%d_[] = {\n", si);
  rw_puts(b, "  /* name, team function, group, width, level, time at frequency 1 */\n");
  for (int j = 0; j < s->ntasks; j++) {
    const EsCrownPlaced *t = &s->tasks[j];
    rw_puts(b, "  {");
    literal(b, st->tasks[j].name);
    rw_printf(b, ", esrt_sf%d_%d_, %d, %d, %d, %.15g},\n", si, j, t->group, t->width, t->level,
              t->unscaled);
  }
  rw_printf(b, "};\nstatic const EsrtStream esrt_s%d_ = {", si);
  literal(b, st->name);
  rw_puts(b, ", ");
  literal(b, s->algorithm);
  rw_printf(b, ", %d, %d, %.15g, esrt_sl%d_, %d, esrt_st%d_, %d};\n", s->cores, s->p, s->deadline,
            si, s->nlevels, si, s->ntasks);
}

/* One round in place of the region. */
static void round_call(RwBuf *b, const XStream *st, int si) {
  rw_printf(b, "{ /* esched: stream %s, one round */\n", st->name);
  for (int k = 0; k < st->ntasks; k++) {
    const XStreamTask *t = &st->tasks[k];
    rw_printf(b, "  struct esrt_sa%d_%d_ esrt_x%d_ = {", si, k, k);
    for (int i = 0; i < captured(t); i++)
      rw_printf(b, "%s%s", i ? ", " : "", t->args[i]);
    rw_puts(b, captured(t) ? "};\n" : "0};\n");
  }
  rw_printf(b, "  const void *esrt_args_[%d] = {", st->ntasks);
  for (int k = 0; k < st->ntasks; k++)
    rw_printf(b, "%s&esrt_x%d_", k ? ", " : "", k);
  rw_printf(b, "};\n  esrt_stream_round(&esrt_s%d_, esrt_args_);\n}", si);
}

bool rw_stream(const XStream *st, int si, const EsCrownSchedule *s, const RwStreamOut *o) {
  if (!check_captures(st, o))
    return false;
  RwBuf fns = {0}, round = {0};
  for (int k = 0; k < st->ntasks; k++) {
    rw_printf(o->decls, "static void esrt_sf%d_%d_(const void *, int, int);\n", si, k);
    team_function(&fns, &st->tasks[k], si, k);
  }
  table(o->tables, st, si, s);
  round_call(&round, st, si);
  rw_edit(o->edits, st->fn_begin, st->fn_begin, rw_buf_take(&fns));
  rw_edit(o->edits, (size_t)st->range.begin_offset, (size_t)st->range.end_offset,
          rw_buf_take(&round));
  return true;
}

bool rw_stream_matches(const XStream *st, const EsCrownSchedule *s, const char *file) {
  if (s->ntasks != st->ntasks) {
    diag(DIAG_ERROR, file, 0, 0,
         "the crown schedule of stream '%s' has %d tasks; the stream has %d: schedule it again",
         st->name, s->ntasks, st->ntasks);
    return false;
  }
  for (int j = 0; j < st->ntasks; j++) {
    const XStreamTask *t = &st->tasks[j];
    if (strcmp(s->tasks[j].name, t->name) != 0 || s->tasks[j].width > t->width) {
      diag(DIAG_ERROR, file, 0, 0,
           "the crown schedule of stream '%s' puts '%s' (width %d) where the stream has '%s' "
           "(width(%lld)): schedule it again",
           st->name, s->tasks[j].name, s->tasks[j].width, t->name, t->width);
      return false;
    }
  }
  return true;
}
