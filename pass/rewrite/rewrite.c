/* The rewriter (rewrite.h): the edits that turn an annotated file into one
 * that runs its tasks through the runtime. The shapes of the generated code
 * are those of docs/runtime.md. */
#include "pass/rewrite/rewrite.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/diag/diag.h"
#include "pass/rewrite/rw_facts.h"
#include "pass/rewrite/rw_fit.h"
#include "pass/rewrite/rw_stream.h"
#include "pass/rewrite/rw_text.h"
#include "pass/version.h"
#include "scheduler/base/vec.h"

typedef struct Rw {
  Frontend *f;
  const RwGraphPlan *plans;
  const EsCrownSchedule *const *streams;
  const RwOptions *opt;
  RwFacts facts;
  RwEdits edits;
  RwBuf decls;      /* forward declarations of outlined variants */
  RwBuf tables;     /* task descriptors */
  RwBuf *outlined;  /* per RwFunc: outlined variants, placed before it */
  RwBuf unit_tasks; /* &esrt_tK_ of every task, for the unit descriptor */
  int ntasks;
  int errors;
} Rw;

static void error_at(Rw *rw, size_t offset, const char *fmt, const char *a, const char *b) {
  int line, col;
  source_position(&rw->f->src, offset, &line, &col);
  diag(DIAG_ERROR, rw->opt->path, line, col, fmt, a, b);
  rw->errors++;
}

/* A C string literal of s. */
static void literal(RwBuf *b, const char *s) {
  rw_puts(b, "\"");
  for (; *s; s++)
    rw_printf(b, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
  rw_puts(b, "\"");
}

/* ---- where a task's decisions come from ---- */

/* The graph of the front end's list holding node n's graph scope. */
static int graph_of(const Rw *rw, const XNode *n) {
  const char *name = rw->f->x.graphs[n->graph].name;
  for (int i = 0; i < rw->f->graphs.len; i++)
    if (rw->f->graphs.v[i]->name && !strcmp(rw->f->graphs.v[i]->name, name))
      return i;
  return -1;
}

static bool is_deferred(const Rw *rw, const XNode *n) {
  return n->deferred || rw->f->x.graphs[n->graph].multi_run;
}

/* Variant k of node n: 0 is the region itself on the CPU. */
static int nvariants(const XNode *n) {
  int v = 1;
  for (int i = 0; i < n->nvariants; i++)
    v += strcmp(n->variants[i].device, "cpu") != 0;
  return v;
}

static const XVariant *variant(const XNode *n, int k) {
  for (int i = 0; i < n->nvariants; i++)
    if (strcmp(n->variants[i].device, "cpu") != 0 && --k == 0)
      return &n->variants[i];
  return NULL;
}

static const char *variant_device(const XNode *n, int k) {
  return k == 0 ? "cpu" : variant(n, k)->device;
}

/* The schedule's device and level for a static task, as a variant index. */
static bool scheduled(Rw *rw, const XNode *n, int *var, int *level) {
  int g = graph_of(rw, n);
  const EsSchedule *s = g >= 0 ? rw->plans[g].schedule : NULL;
  const EsScheduleEntry *e = s ? es_schedule_find(s, n->name) : NULL;
  *var = 0, *level = 0;
  if (!e) {
    error_at(rw, (size_t)n->range.begin_offset, "task '%s' has no entry in the schedule%s", n->name,
             "");
    return false;
  }
  for (int k = 0; k < nvariants(n); k++)
    if (!strcmp(variant_device(n, k), e->device)) {
      *var = k, *level = e->level;
      return true;
    }
  error_at(rw, (size_t)n->range.begin_offset,
           "the schedule puts task '%s' on device '%s', for which it has no variant", n->name,
           e->device);
  return false;
}

/* Expected seconds of variant k at level 0: the build profile's (pooled
 * over sizes: the runtime predicts per size itself), else, for rewrite, the
 * schedule's for its own device. 0 = unknown: the runtime measures it. */
static double expected_time(const Rw *rw, const XNode *n, int k) {
  double t;
  if (rw->opt->profile)
    return es_profile_time(rw->opt->profile, n->name, variant_device(n, k), 0, &t) && t > 0 ? t : 0;
  int g = graph_of(rw, n);
  const EsSchedule *s = g >= 0 ? rw->plans[g].schedule : NULL;
  const EsScheduleEntry *e = s && !rw->plans[g].problem ? es_schedule_find(s, n->name) : NULL;
  bool mine = e && e->level == 0 && !strcmp(e->device, variant_device(n, k));
  return mine && e->time > 0 && !isinf(e->time) ? e->time : 0;
}

/* ---- data ---- */

static const char *mode_name(EsAccessMode m) {
  return m == ES_ACCESS_IN ? "ESRT_IN" : m == ES_ACCESS_OUT ? "ESRT_OUT" : "ESRT_INOUT";
}

/* sizeof the elements of dimension d of item x (d = 0: the first). */
static void elem_size(RwBuf *b, const char *x, int d) {
  rw_puts(b, "sizeof ");
  for (int i = 0; i <= d; i++)
    rw_puts(b, "*");
  rw_printf(b, "(%s)", x);
}

/* The length of dimension d > 0 of a section: as written, or the rest of
 * the dimension after lo. */
static void inner_len(RwBuf *b, const XAccess *a, int d) {
  const char *lo = a->inner_lo[d - 1], *len = a->inner_len[d - 1];
  if (len) {
    rw_printf(b, "(size_t)(%s)", len);
    return;
  }
  rw_puts(b, "(");
  elem_size(b, a->a.item, d - 1);
  rw_puts(b, " / ");
  elem_size(b, a->a.item, d);
  rw_printf(b, " - (size_t)(%s))", lo ? lo : "0");
}

static void dim_len(RwBuf *b, const XAccess *a, int d) {
  if (d == 0)
    rw_printf(b, "(size_t)(%s)", a->a.len);
  else
    inner_len(b, a, d);
}

/* A section of several dimensions: from its first element to its last,
 * (L0 - 1) * S0 + ... + Lk * Sk bytes (Sd: the size of dimension d's
 * elements), none when a length is 0 (Clang's -Wconstant-logical-operand
 * and GCC's -Wlogical-op warned of L != 0 && 2 written as L && 2). */
static void range_of_rows(RwBuf *b, const XAccess *a) {
  const char *x = a->a.item;
  rw_printf(b, "&(%s)[%s]", x, a->a.lo ? a->a.lo : "0");
  for (int d = 0; d < a->ninner; d++)
    rw_printf(b, "[%s]", a->inner_lo[d] ? a->inner_lo[d] : "0");
  rw_puts(b, ", (");
  for (int d = 0; d <= a->ninner; d++) {
    rw_puts(b, d ? " && " : "");
    dim_len(b, a, d);
    rw_puts(b, " != 0");
  }
  rw_puts(b, " ? ");
  for (int d = 0; d <= a->ninner; d++) {
    rw_puts(b, d ? " + " : "");
    rw_puts(b, d < a->ninner ? "(" : "");
    dim_len(b, a, d);
    rw_puts(b, d < a->ninner ? " - 1) * " : " * ");
    elem_size(b, x, d);
  }
  rw_puts(b, " : 0)");
}

/* The host range of an access as C expressions, "ptr, bytes". false when
 * its size is unknown (a whole pointer). */
static bool range_of(RwBuf *b, const XAccess *a) {
  const char *x = a->a.item, *lo = a->a.lo ? a->a.lo : "0";
  if ((a->whole && a->pointer) || (!a->whole && !a->a.len && !a->len_omitted))
    return false;
  RwBuf r = {0};
  if (a->whole)
    rw_printf(&r, "&%s, sizeof (%s)", x, x);
  else if (a->ninner > 0 && a->a.len)
    range_of_rows(&r, a);
  else if (a->len_omitted)
    rw_printf(&r, "(%s) + (%s), sizeof (%s) - (size_t)(%s) * sizeof *(%s)", x, lo, x, lo, x);
  else
    rw_printf(&r, "(%s) + (%s), (size_t)(%s) * sizeof *(%s)", x, lo, a->a.len, x);
  if (r.s && a->volatile_data) { /* the address is the text before the first ", " */
    size_t cut = (size_t)(strstr(r.s, ", ") - r.s);
    rw_printf(b, "ESRT_ADDR(%.*s)%s", (int)cut, r.s, r.s + cut);
  } else if (r.s)
    rw_puts(b, r.s);
  rw_buf_free(&r);
  return true;
}

/* The address of data item a's variable (p for a pointer, else &x) or of
 * expression x, as the runtime's const void * parameters take it. */
static void address(RwBuf *b, const XAccess *a, const char *amp, const char *x) {
  rw_printf(b, a->volatile_data ? "ESRT_ADDR(%s%s)" : "%s%s", amp, x);
}

/* The access's mode (rewrite.h). A section that may leave holes in its rows
 * (A[0:n][1:2]) is written only in part: its range stays ESRT_INOUT unless
 * every inner dimension is whole when the program runs. */
void rw_access_mode(RwBuf *b, const XAccess *a) {
  EsAccessMode m = a->a.mode;
  if (m != ES_ACCESS_OUT || a->ninner == 0 || a->inner_full) {
    rw_puts(b, mode_name(m));
    return;
  }
  rw_puts(b, "(");
  for (int d = 1; d <= a->ninner; d++) {
    rw_printf(b, "%s(size_t)(%s) == 0 && ", d > 1 ? " && " : "",
              a->inner_lo[d - 1] ? a->inner_lo[d - 1] : "0");
    inner_len(b, a, d);
    rw_puts(b, " * ");
    elem_size(b, a->a.item, d);
    rw_puts(b, " == ");
    elem_size(b, a->a.item, d - 1);
  }
  rw_puts(b, " ? ESRT_OUT : ESRT_INOUT)");
}

/* The mode, then the pointer the range is cut from (EsrtAccess.base): the
 * item's, or the one it was made from (XAccess.anchor); none for a whole
 * variable, which host code names with its size. */
static void mode_tail(RwBuf *b, const XAccess *a, void *ctx) {
  (void)ctx;
  rw_puts(b, ", ");
  rw_access_mode(b, a);
  rw_puts(b, ", ");
  if (a->whole)
    rw_puts(b, "0");
  else
    address(b, a, "", a->anchor ? a->anchor : a->a.item);
}

/* `EsrtAccess esrt_a_[N] = {...};` for the accesses of n that move data;
 * their indices go to idx. Returns how many, or -1 when one has no size.
 * The sections are the user's expressions: the compiler reports a mistake
 * in one (an undeclared name) at the annotation's line of path. */
static int access_array(RwBuf *b, const XNode *n, int *idx, const Source *src, const char *path) {
  RwBuf list = {0};
  int count = rw_access_list(&list, n, idx, mode_tail, NULL);
  if (count > 0 && n->line >= 1 && n->line <= src->nlines)
    rw_line_at(b, src, path, src->line_start[n->line - 1]);
  else if (count > 0)
    rw_line(b, n->line, path);
  if (count >= 0)
    rw_printf(b, "  EsrtAccess esrt_a_[%d] = {%s};\n", count ? count : 1,
              count ? list.s : "{0, 0, 0, 0}");
  rw_buf_free(&list);
  return count;
}

const char rw_args_unspelled[] =
    "the call of task '%s' or its argument list is written by a macro, so esched cannot repeat "
    "its arguments for a device variant or capture them for a run-time submission; write the "
    "call and its arguments out%s";

bool rw_args_spelled(const XNode *n) {
  for (int i = 0; i < n->nargs; i++)
    if (!n->args[i][0])
      return false;
  return true;
}

/* The position in the access array of node access k, or -1. */
int rw_slot_of(const int *idx, int count, int k) {
  for (int i = 0; i < count; i++)
    if (idx[i] == k)
      return i;
  return -1;
}

void rw_loop_locals(RwBuf *b, const XNode *n) {
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].loop_local && n->acc[k].a.mode) {
      rw_puts(b, "  esrt_host(");
      address(b, &n->acc[k], "&", n->acc[k].a.item);
      rw_printf(b, ", sizeof (%s), ESRT_INOUT);\n", n->acc[k].a.item);
    }
}

void rw_in_order(RwBuf *b, const XNode *n) {
  if (n->noreplay || n->literal_args)
    rw_puts(b, "  esrt_region_end();\n");
}

/* esrt_host_whole for every access: when sizes are unknown. */
static void host_whole(RwBuf *b, const XNode *n) {
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].a.mode) {
      rw_puts(b, "  esrt_host_whole(");
      address(b, &n->acc[k], n->acc[k].pointer ? "" : "&", n->acc[k].a.item);
      rw_printf(b, ", %s);\n", n->acc[k].a.mode == ES_ACCESS_IN ? "ESRT_IN" : "ESRT_INOUT");
    }
}

/* Debug builds check that the task's pointer items do not overlap. */
static void noalias_check(RwBuf *b, const XNode *n, const int *idx, int count, int task) {
  int pointers = 0;
  for (int i = 0; i < count; i++)
    pointers += n->acc[idx[i]].pointer;
  if (pointers < 2)
    return;
  rw_puts(b, "#ifndef NDEBUG\n  {\n    static const char *const esrt_n_[] = {");
  RwBuf acc = {0};
  int m = 0;
  for (int i = 0; i < count; i++) {
    if (!n->acc[idx[i]].pointer)
      continue;
    rw_printf(b, "%s", m ? ", " : "");
    literal(b, n->acc[idx[i]].a.item);
    rw_printf(&acc, "%sesrt_a_[%d]", m++ ? ", " : "", i);
  }
  rw_printf(b, "};\n    const EsrtAccess esrt_c_[] = {%s};\n", acc.s);
  rw_printf(b, "    esrt_check_noalias(esrt_t%d_.name, esrt_c_, esrt_n_, %d);\n  }\n#endif\n", task,
            m);
  rw_buf_free(&acc);
}

/* ---- descriptors ---- */

/* EsrtVariant.flags of variant k: the launcher kind its clause names. */
static const char *variant_flags(const XNode *n, int k) {
  const char *l = k ? variant(n, k)->launcher : NULL;
  return !l ? "0" : !strcmp(l, "cuda") ? "ESRT_VARIANT_CUDA" : "ESRT_VARIANT_OPENCL";
}

/* The data clause of an access as a C string literal: "in(x[0:n])". */
static void clause_literal(RwBuf *t, const XAccess *a) {
  RwBuf c = {0};
  static const char *const word[] = {
      [ES_ACCESS_IN] = "in", [ES_ACCESS_OUT] = "out", [ES_ACCESS_INOUT] = "inout"};
  rw_printf(&c, "%s(%s", word[a->a.mode], a->a.item);
  if (!a->whole) {
    rw_printf(&c, "[%s:%s]", a->a.lo ? a->a.lo : "", a->a.len ? a->a.len : "");
    for (int d = 0; d < a->ninner; d++)
      rw_printf(&c, "[%s:%s]", a->inner_lo[d] ? a->inner_lo[d] : "",
                a->inner_len[d] ? a->inner_len[d] : "");
  }
  rw_puts(&c, ")");
  literal(t, c.s);
  rw_buf_free(&c);
}

/* esrt_b<task>_: which bytes of each access carry value (EsrtValueBytes),
 * when the data of some access has bytes that carry none (padding);
 * nothing otherwise (the task's values are NULL: most tasks' tables stay as
 * they were). Returns whether it was written. */
static bool value_table(RwBuf *t, const XNode *n, const int *idx, int count, int task) {
  bool any = false;
  for (int i = 0; i < count; i++) {
    const XAccess *a = &n->acc[idx[i]];
    if (!a->nvalue_spans)
      continue;
    any = true;
    rw_printf(t, "static const size_t esrt_b%d_%d_[] = {", task, i);
    for (int k = 0; k < 2 * a->nvalue_spans; k++)
      rw_printf(t, "%s%lld", k ? ", " : "", a->value_spans[k]);
    rw_puts(t, "};\n");
  }
  if (!any)
    return false;
  rw_printf(t, "static const EsrtValueBytes esrt_b%d_[] = {", task);
  for (int i = 0; i < count; i++) {
    const XAccess *a = &n->acc[idx[i]];
    rw_puts(t, i ? ", " : "");
    if (a->nvalue_spans)
      rw_printf(t, "{%lld, esrt_b%d_%d_, %d}", a->value_elem, task, i, a->nvalue_spans);
    else
      rw_puts(t, "{0, NULL, 0}");
  }
  rw_puts(t, "};\n");
  return true;
}

/* The task's descriptor: its variants, build-time choice, and the names of
 * the data items of its accesses (idx[0..count)) for the profile. */
/* Whether the runtime can run task n again on copies of its data (an
 * all-devices profiling run, ESCHED_CHECK): it is given the range of all
 * its data (count of them, or -1 when some size is unknown), and every
 * pointer it may write through falls in one of them (a read-only row
 * pointer, wall[t] into data[t*n:n], may read the live data: the same
 * values). Else a second run writes the live data: the task is run once
 * (ESRT_NO_REPLAY), as one with effects beyond its data. */
static bool replayable(const Rw *rw, const XNode *n, int count) {
  if (count < 0)
    return false;
  const RwCall *c =
      n->callee || n->via ? rw_facts_call(&rw->facts, (int)(n - rw->f->x.nodes)) : NULL;
  for (int i = 0; c && i < c->nargs; i++)
    if (c->args[i].writes && c->args[i].access < 0)
      return false;
  return true;
}

/* Whether access a's bytes are known only at run time: a section of
 * run-time length (x[0:n]), or a variable length array named whole
 * (double A[n][n]; in(A)), whose range is sizeof (A) (range_of). */
static bool sized_at_run_time(const XAccess *a) {
  return rw_sized_at_run_time(&a->a) || (a->whole && !a->pointer && a->a.bytes < 0);
}

/* Whether static task n's device is left to the runtime: the profile
 * fits a variant's time to its size (fitted[k]), which only the run knows,
 * times every variant (a device the profile never ran it on would get the
 * runtime's neutral time, where the build keeps it off such devices), no
 * clause pins it, and its device variants are calls (variant_chain).
 * Its size decides its device at every run, as for a task in a loop; the
 * schedule's choice for one size would not. */
static bool placed_at_run_time(const Rw *rw, const XNode *n, const bool *fitted) {
  bool fit = false, timed = true, runtime = false;
  for (int k = 0; k < nvariants(n); k++) {
    fit |= fitted[k];
    timed &= expected_time(rw, n, k) > 0;
  }
  for (int i = 0; i < n->nacc; i++)
    runtime |= !n->acc[i].kill && sized_at_run_time(&n->acc[i]);
  return fit && timed && runtime && !n->pin && nvariants(n) > 1 && n->callee;
}

static void descriptor(Rw *rw, const XNode *n, int task, int var, int level, bool outlined,
                       const int *idx, int count, bool once) {
  RwBuf *t = &rw->tables;
  bool *fitted = calloc((size_t)nvariants(n), sizeof *fitted);
  if (!fitted) {
    t->nomem = true;
    return;
  }
  for (int k = 0; k < nvariants(n); k++)
    fitted[k] = rw_fit_table(t, rw->opt->profile, n->name, variant_device(n, k), task, k);
  rw_printf(t, "static const EsrtVariant esrt_v%d_[] = {", task);
  for (int k = 0; k < nvariants(n); k++) {
    rw_printf(t, "%s{", k ? ", " : "");
    literal(t, variant_device(n, k));
    if (outlined)
      rw_printf(t, ", esrt_f%d_%d_", task, k);
    else
      rw_puts(t, ", NULL");
    rw_printf(t, ", %.9g, %s, ", expected_time(rw, n, k), variant_flags(n, k));
    if (fitted[k])
      rw_printf(t, "&esrt_fit%d_%d_}", task, k);
    else
      rw_puts(t, "NULL}");
  }
  bool dynamic = outlined || placed_at_run_time(rw, n, fitted);
  free(fitted);
  rw_printf(t, "};\nstatic const char *const esrt_i%d_[] = {", task);
  for (int i = 0; i < count; i++) {
    rw_puts(t, i ? ", " : "");
    literal(t, n->acc[idx[i]].a.item);
  }
  rw_printf(t, "%s};\nstatic const char *const esrt_c%d_[] = {", count ? "" : "NULL", task);
  for (int i = 0; i < count; i++) {
    rw_puts(t, i ? ", " : "");
    clause_literal(t, &n->acc[idx[i]]);
  }
  rw_printf(t, "%s};\n", count ? "" : "NULL");
  bool values = value_table(t, n, idx, count, task);
  rw_printf(t, "static const EsrtTask esrt_t%d_ = {", task);
  literal(t, rw->f->x.graphs[n->graph].name);
  rw_puts(t, ", ");
  literal(t, n->name);
  rw_puts(t, ", ");
  literal(t, n->name);
  once |= n->noreplay != NULL;
  const char *flags = dynamic && once ? "ESRT_DEFERRED | ESRT_NO_REPLAY"
                      : dynamic       ? "ESRT_DEFERRED"
                      : once          ? "ESRT_NO_REPLAY"
                                      : "0";
  rw_printf(t, ", esrt_v%d_, %d, %d, %d, %s, &esrt_unit_, esrt_i%d_, %d, esrt_c%d_, ", task,
            nvariants(n), var, level, flags, task, count, task);
  char where[64];
  snprintf(where, sizeof where, ":%d", n->line);
  RwBuf src = {0};
  rw_printf(&src, "%s%s", rw->opt->path, where);
  literal(t, src.s);
  rw_buf_free(&src);
  if (values)
    rw_printf(t, ", esrt_b%d_};\n", task);
  else
    rw_puts(t, ", NULL};\n");
  rw_printf(&rw->unit_tasks, "%s&esrt_t%d_", rw->ntasks++ ? ", " : "", task);
}

/* ---- static tasks: the inline form ---- */

/* How a variant call names its task's arrays: the descriptor's index,
 * the device addresses ("esrt_p_") and the host ranges ("esrt_a_"). */
typedef struct CallArrays {
  int task;
  const char *dev, *acc;
} CallArrays;

/* The call of function fn for a call region, its pointer arguments
 * translated to device addresses: by the data item an argument names, else
 * (lookup: a device variant) by where its address falls at run time.
 * args[i] is how argument i is spelled. */
static bool variant_call(Rw *rw, RwBuf *b, const XNode *n, const char *fn, const int *idx,
                         int count, const CallArrays *arr, const char *const *args, bool lookup) {
  const RwCall *c = rw_facts_call(&rw->facts, (int)(n - rw->f->x.nodes));
  if (!c || c->nargs != n->nargs) {
    error_at(rw, (size_t)n->range.begin_offset,
             "cannot find the call of task '%s' to build its device variant's call%s", n->name, "");
    return false;
  }
  rw_printf(b, "%s(", fn);
  for (int i = 0; i < c->nargs; i++) {
    const RwArg *a = &c->args[i];
    int s = a->pointer && a->access >= 0 && !a->ambiguous ? rw_slot_of(idx, count, a->access) : -1;
    rw_puts(b, i ? ", " : "");
    if (s >= 0) {
      rw_printf(b, "esrt_dev(%s[%d], %s[%d].ptr, ", arr->dev, s, arr->acc, s);
      address(b, &n->acc[a->access], "", args[i]);
      rw_puts(b, ")");
    } else if (a->pointer && lookup)
      rw_printf(b, "esrt_dev_find(&esrt_t%d_, %d, %s, %s, %d, %s)", arr->task, i, arr->dev,
                arr->acc, count, args[i]);
    else
      rw_puts(b, args[i]);
  }
  rw_puts(b, ")");
  return true;
}

/* `else if (esrt_k_ == k) variant_k(...);` for every device variant, then
 * the region itself as the last else. */
static void variant_chain(Rw *rw, RwBuf *b, const XNode *n, const int *idx, int count, int task) {
  CallArrays arr = {task, "esrt_p_", "esrt_a_"};
  for (int k = 1; k < nvariants(n) && n->callee; k++) {
    rw_printf(b, "    %sif (esrt_k_ == %d)\n      ", k > 1 ? "else " : "", k);
    variant_call(rw, b, n, variant(n, k)->function, idx, count, &arr, n->args, true);
    rw_puts(b, ";\n");
  }
  if (nvariants(n) > 1 && n->callee)
    rw_puts(b, "    else");
}

/* The inline form: esrt_task_first runs the scheduled variant (and, in an
 * all-devices profiling run, the others on scratch copies first); each
 * turn of the loop runs the variant it names. */
static void static_task(Rw *rw, const XNode *n, int task) {
  int var, level;
  const RwJump *j =
      rw_facts_escape(&rw->facts, (size_t)n->range.begin_offset, (size_t)n->range.end_offset);
  if (j) {
    static const char *const what[] = {"", "", "break", "continue", "goto"};
    error_at(rw, j->begin, "a %s must not leave task region '%s'", what[j->kind], n->name);
    return;
  }
  if (!scheduled(rw, n, &var, &level))
    return;
  if (nvariants(n) > 1 && !rw_args_spelled(n)) {
    error_at(rw, (size_t)n->range.begin_offset, rw_args_unspelled, n->name, "");
    return;
  }
  int *idx = calloc((size_t)n->nacc + 1, sizeof *idx);
  RwBuf acc = {0}, b = {0};
  int count = idx ? access_array(&acc, n, idx, &rw->f->src, rw->opt->path) : -1;
  if (count < 0 && var != 0) {
    error_at(rw, (size_t)n->range.begin_offset,
             "task '%s' is scheduled on '%s', but the size of some of its data is unknown; "
             "name its data with sections (in(p[0:n]))",
             n->name, variant_device(n, var));
    rw_buf_free(&acc);
    free(idx);
    return;
  }
  /* Declarations first: the block is C89 too. */
  rw_printf(&b, "{ /* esched: task %s */\n  EsrtRun esrt_r_;\n  int esrt_k_;\n", n->name);
  bool unknown = count < 0, once = !replayable(rw, n, count);
  if (unknown) /* the task runs on the host, with its data there */
    rw_puts(&b, "  EsrtAccess esrt_a_[1] = {{0, 0, 0, 0}};\n");
  else
    rw_puts(&b, acc.s);
  count = unknown ? 0 : count;
  rw_printf(&b, "  void *esrt_p_[%d];\n", count ? count : 1);
  if (unknown)
    host_whole(&b, n);
  descriptor(rw, n, task, var, level, false, idx, count, once);
  noalias_check(&b, n, idx, count, task);
  rw_printf(&b,
            "  for (esrt_k_ = esrt_task_first(&esrt_r_, &esrt_t%d_, esrt_a_, %d, esrt_p_); "
            "esrt_k_ >= 0;\n       esrt_k_ = esrt_task_next(&esrt_r_))\n",
            task, count);
  variant_chain(rw, &b, n, idx, count, task);
  rw_buf_original(&b, &rw->f->src, rw->opt->path, (size_t)n->range.begin_offset,
                  (size_t)n->range.end_offset);
  rw_puts(&b, "\n}");
  rw_buf_free(&acc);
  free(idx);
  rw_edit(&rw->edits, (size_t)n->range.begin_offset, (size_t)n->range.end_offset, rw_buf_take(&b));
}

/* ---- deferred tasks: the submit form with outlined variants ---- */

/* Whether a type's spelling can declare a struct member as `T name;`. */
static bool simple_type(const char *t) { return !strchr(t, '(') && !strchr(t, '['); }

/* struct esrt_argsK_ and one outlined function per variant, before the
 * enclosing function. */
static void outline(Rw *rw, RwBuf *b, const XNode *n, const RwCall *c, int task, int count) {
  rw_printf(b, "struct esrt_args%d_ {", task);
  for (int i = 0; i < c->nargs; i++)
    rw_printf(b, " %s a%d;", c->args[i].opaque ? "void *" : c->args[i].type, i);
  if (c->via_type) /* the pointer called through, as it was at the submission */
    rw_printf(b, " %s fn;", c->via_type);
  rw_printf(b, " EsrtAccess acc_[%d]; };\n", count ? count : 1);
  const char **args = calloc((size_t)c->nargs + 1, sizeof *args);
  char(*names)[24] = calloc((size_t)c->nargs + 1, sizeof *names);
  for (int i = 0; args && names && i < c->nargs; i++) {
    snprintf(names[i], sizeof names[i], "esrt_x_->a%d", i);
    args[i] = names[i];
  }
  int *idx = calloc((size_t)n->nacc + 1, sizeof *idx);
  RwBuf scratch = {0};
  if (idx)
    access_array(&scratch, n, idx, &rw->f->src, rw->opt->path);
  for (int k = 0; args && names && idx && k < nvariants(n); k++) {
    rw_printf(b,
              "static void esrt_f%d_%d_(void *const *esrt_p_, const void *esrt_v_) {\n"
              "  const struct esrt_args%d_ *esrt_x_ = esrt_v_;\n"
              "  (void)esrt_p_; /* a call of no device address (-Wunused-parameter) */\n  ",
              task, k, task);
    CallArrays arr = {task, "esrt_p_", "esrt_x_->acc_"};
    const char *fn = k ? variant(n, k)->function : n->callee ? n->callee : "esrt_x_->fn";
    variant_call(rw, b, n, fn, idx, count, &arr, args, k > 0);
    rw_puts(b, ";\n}\n");
  }
  rw_buf_free(&scratch);
  free(idx), free(args), free(names);
}

static bool can_defer(Rw *rw, const XNode *n, const RwCall **call) {
  size_t at = (size_t)n->range.begin_offset;
  *call = n->callee || n->via ? rw_facts_call(&rw->facts, (int)(n - rw->f->x.nodes)) : NULL;
  if (!*call) {
    error_at(rw, at,
             "task '%s' runs at run time (it is in a loop or recursion), so it must be one "
             "function call: its variants are outlined%s",
             n->name, "");
    return false;
  }
  if (!rw_args_spelled(n)) {
    error_at(rw, at, rw_args_unspelled, n->name, "");
    return false;
  }
  if ((*call)->via_type && !simple_type((*call)->via_type)) {
    error_at(rw, at,
             "task '%s' runs at run time, but esched cannot capture the pointer it calls "
             "through, of type '%s'; declare the pointer with a typedef of that type",
             n->name, (*call)->via_type);
    return false;
  }
  for (int i = 0; i < (*call)->nargs; i++)
    if (!(*call)->args[i].opaque && !simple_type((*call)->args[i].type)) {
      error_at(rw, at,
               "task '%s' runs at run time, but esched cannot capture an argument of "
               "type '%s'; pass it through a typedef",
               n->name, (*call)->args[i].type);
      return false;
    }
  return true;
}

static void deferred_task(Rw *rw, const XNode *n, int task) {
  const RwCall *c;
  const RwFunc *fn = rw_facts_func(&rw->facts, rw->f->x.graphs[n->graph].function);
  if (!can_defer(rw, n, &c) || !fn)
    return;
  int *idx = calloc((size_t)n->nacc + 1, sizeof *idx);
  RwBuf b = {0};
  rw_printf(&b, "{ /* esched: task %s, scheduled at run time */\n", n->name);
  int count = idx ? access_array(&b, n, idx, &rw->f->src, rw->opt->path) : -1;
  if (count < 0) {
    RwBuf why = {0};
    rw_unsized(&why, n);
    error_at(rw, (size_t)n->range.begin_offset,
             "task '%s' runs at run time, so the size of its data must be known%s; name it with "
             "sections (in(p[0:n]))",
             n->name, why.s ? why.s : "");
    rw_buf_free(&why);
    rw_buf_free(&b);
    free(idx);
    return;
  }
  descriptor(rw, n, task, 0, 0, true, idx, count, !replayable(rw, n, count));
  for (int k = 0; k < nvariants(n); k++)
    rw_printf(&rw->decls, "static void esrt_f%d_%d_(void *const *, const void *);\n", task, k);
  outline(rw, &rw->outlined[fn - rw->facts.funcs], n, c, task, count);
  rw_printf(&b, "  struct esrt_args%d_ esrt_x_ = {", task);
  for (int i = 0; i < c->nargs; i++)
    rw_printf(&b, c->args[i].opaque ? "(void *)(%s), " : "%s, ", n->args[i]);
  if (c->via_type)
    rw_printf(&b, "%s, ", n->via);
  rw_puts(&b, "{{0, 0, 0, 0}}};\n");
  for (int i = 0; i < count; i++)
    rw_printf(&b, "  esrt_x_.acc_[%d] = esrt_a_[%d];\n", i, i);
  rw_printf(&b, "  esrt_submit(&esrt_t%d_, esrt_a_, %d, &esrt_x_, sizeof esrt_x_);\n", task, count);
  rw_loop_locals(&b, n);
  rw_in_order(&b, n);
  rw_puts(&b, "}");
  free(idx);
  rw_edit(&rw->edits, (size_t)n->range.begin_offset, (size_t)n->range.end_offset, rw_buf_take(&b));
}

/* ---- host code and function exits ---- */

/* Whether a task of the function holding host node n can have run before
 * it: one earlier in the function, or any in the loop around it. Host
 * code before the first task finds its data in host memory. */
static bool after_a_task(const Rw *rw, const XNode *n) {
  const char *fn = rw->f->x.graphs[n->graph].function;
  if (n->deferred)
    return true;
  for (int i = 0; i < rw->f->x.nnodes; i++) {
    const XNode *t = &rw->f->x.nodes[i];
    if (t->kind == X_TASK && t->range.begin_offset < n->range.begin_offset &&
        !strcmp(rw->f->x.graphs[t->graph].function, fn))
      return true;
  }
  return false;
}

static void add_use(Rw *rw, XAccess **v, int *len, int *cap, const XAccess *u) {
  for (int i = 0; i < *len; i++)
    if (!strcmp((*v)[i].a.item, u->a.item) && (*v)[i].span_begin == u->span_begin) {
      (*v)[i].a.mode |= u->a.mode;
      return;
    }
  if (es_vec_reserve(v, cap, *len + 1, sizeof **v))
    rw->errors++;
  else
    (*v)[(*len)++] = *u;
}

/* Whether data of accesses a and b may be the same objects: the same
 * element type, or bytes (char) or void on either side. */
static bool same_kind(const XAccess *a, const XAccess *b) {
  static const char *const any[] = {"char", "unsigned char", "signed char", "void", NULL};
  const char *x = a->a.elem_type, *y = b->a.elem_type;
  if (!x || !y || !strcmp(x, y))
    return true;
  for (const char *const *t = any; *t; t++)
    if (!strcmp(x, *t) || !strcmp(y, *t))
      return true;
  return false;
}

/* The task data that host access a touches, appended to v: a itself when
 * a task names its item or one it may share bytes with (an alias: blk made
 * from a + k), and every task item reached from it through members (code
 * using s touches the task item s.v: s.v comes back whole), directly or
 * through an alias (a task on p made from m.data: m.data comes back).
 * Code reaching data through pointers kept in memory (rows[i][j] with
 * float **rows; row[j] with row = rows[i]), or data tasks name below a
 * pointer into an array of structures (p->v with p = &a[s]), may reach
 * any task's: the region ends there; and so may any host data of its type
 * when a task's own pointer came from where esched cannot follow (a call,
 * memory). A pointer the host made from a task's brings the task's data
 * home whole; the same member through another root (w->cells, world.cells)
 * is the same data. */
static void host_uses(Rw *rw, const XNode *n, const XAccess *a, XAccess **v, int *len, int *cap) {
  const char *fn = rw->f->x.graphs[n->graph].function;
  XAccess end = *a; /* host_call: the region ends */
  end.indirect = true;
  if (a->indirect || x_item_loaded(&rw->f->x, fn, a->a.item)) {
    add_use(rw, v, len, cap, &end); /* through pointers kept in memory: any task's data */
    return;
  }
  if (a->kill) {
    /* free(p): the runtime finds what tasks did with p's memory by p's
     * value, whatever name they gave it. A name that may alias p (u, after
     * tmp = u; u = v; v = tmp) may have been freed already: passing it on
     * would read a dangling pointer (GCC's -Wuse-after-free). */
    XAccess whole = *a;
    whole.whole = true;
    whole.ninner = 0;
    add_use(rw, v, len, cap, &whole);
    return;
  }
  for (int i = 0; i < rw->f->x.nnodes; i++) {
    const XNode *t = &rw->f->x.nodes[i];
    if (t->kind != X_TASK || strcmp(rw->f->x.graphs[t->graph].function, fn) != 0)
      continue;
    for (int k = 0; k < t->nacc; k++) {
      const XAccess *ta = &t->acc[k];
      const char *meet;
      if (x_item_loaded(&rw->f->x, fn, ta->a.item) && same_kind(ta, a)) {
        /* The task's pointer came from somewhere esched cannot follow
         * (blk = at(a, k), rows[i]): host data of its type may be its. */
        add_use(rw, v, len, cap, &end);
        continue;
      }
      if (!x_items_may_share(&rw->f->x, fn, ta->a.item, a->a.item, &meet)) {
        if (a->pointer && x_items_same_member(ta->a.item, a->a.item)) {
          /* w->cells with w = &world, tasks on world.cells (or the other
           * way): the same member through another name is the same pointer
           * value, which the runtime files the task's range under. */
          XAccess u = *a;
          u.whole = true;
          u.ninner = 0;
          add_use(rw, v, len, cap, &u);
        }
        continue;
      }
      XAccess u = *a;
      if (x_items_related(ta->a.item, a->a.item) && strlen(ta->a.item) > strlen(a->a.item)) {
        u = *ta;
        u.whole = true;
        u.ninner = 0;
        u.a.mode = a->a.mode;
        u.span_begin = a->span_begin, u.span_end = a->span_end;
      } else if (strlen(meet) > strlen(a->a.item)) { /* a member path below a's variable */
        u.a.item = meet;
        u.pointer = u.whole = true;
        u.ninner = 0;
      } else if (!x_items_related(ta->a.item, a->a.item) && strpbrk(ta->a.item, ".-")) {
        u = end; /* p->v with p = &a[s]: which element's v, esched cannot name */
      }
      add_use(rw, v, len, cap, &u);
      if (u.a.item == a->a.item && !u.indirect &&
          x_item_derived_from(&rw->f->x, fn, a->a.item, ta->a.item)) {
        /* Through a pointer made from the task's (end = a + 4; end[-1];
         * p = &a[i]; *p) the host's may lie outside every range (end), or
         * inside one filed under the task's: its data comes home whole. */
        XAccess whole = *ta;
        whole.whole = true;
        whole.ninner = 0;
        whole.kill = false;
        whole.a.mode = a->a.mode;
        whole.span_begin = a->span_begin, whole.span_end = a->span_end;
        add_use(rw, v, len, cap, &whole);
      }
    }
  }
}

/* `esrt_host(...)` for access a, as an expression; the end of the region
 * for one through pointers kept in memory, whose data esched cannot tell:
 * every task done, all data home. */
static void host_call(RwBuf *b, const XAccess *a) {
  if (a->indirect) {
    rw_puts(b, "esrt_region_end()");
    return;
  }
  /* Host code may write part of a range: never claim it overwrites all.
   * Memory it frees leaves the devices too (a write ends their copies). */
  const char *mode = a->a.mode == ES_ACCESS_IN && !a->kill ? "ESRT_IN" : "ESRT_INOUT";
  RwBuf r = {0};
  if (range_of(&r, a))
    rw_printf(b, "esrt_host(%s, %s)", r.s, mode);
  else {
    rw_puts(b, "esrt_host_whole(");
    address(b, a, a->pointer ? "" : "&", a->a.item);
    rw_printf(b, ", %s)", mode);
  }
  rw_buf_free(&r);
}

/* The host calls of uses u[0..n) made by one statement (span) at the
 * statement. A statement may go before a statement; in a loop's or a
 * conditional's header the calls join the expression with a comma, so
 * they run at every evaluation. */
static void host_calls(Rw *rw, const XAccess *u, int n) {
  RwBuf calls = {0}, b = {0};
  bool ended = false; /* one region end does for all */
  for (int i = 0; i < n; i++) {
    if (u[i].indirect && ended)
      continue;
    ended |= u[i].indirect;
    rw_puts(&calls, calls.len ? ", " : "");
    host_call(&calls, &u[i]);
  }
  size_t begin = u[0].span_begin, end = u[0].span_end;
  const RwSlot *slot = rw_facts_slot(&rw->facts, begin);
  if (slot && !slot->declaration) {
    end = slot->end; /* a for loop's condition: its span ran on to the ';' */
    rw_printf(&b, "(%s, (", calls.s);
    rw_buf_original(&b, &rw->f->src, rw->opt->path, begin, end);
    rw_puts(&b, "))");
    rw_edit(&rw->edits, begin, end, rw_buf_take(&b));
  } else {
    size_t at = slot ? slot->before : begin;
    rw_printf(&b, "%s; ", calls.s);
    rw_edit(&rw->edits, at, at, rw_buf_take(&b));
  }
  rw_buf_free(&calls);
}

/* Before host code touching task data, the data comes to the host: one
 * edit per statement (span) of node n making such accesses. */
static void host_code(Rw *rw, const XNode *n) {
  if (!after_a_task(rw, n))
    return;
  XAccess *u = NULL;
  int len = 0, cap = 0;
  /* free(p) too: the runtime must not copy data back into freed memory. */
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].a.mode || n->acc[k].kill)
      host_uses(rw, n, &n->acc[k], &u, &len, &cap);
  /* One edit per span: its uses first, in order. */
  for (int i = 0; i < len; i++) {
    int j = i + 1;
    for (int k = i + 1; k < len; k++)
      if (u[k].span_begin == u[i].span_begin && u[k].span_end == u[i].span_end) {
        XAccess t = u[k];
        memmove(&u[j + 1], &u[j], sizeof *u * (size_t)(k - j));
        u[j++] = t;
      }
    host_calls(rw, u + i, j - i);
    i = j - 1;
  }
  free(u);
}

static bool inside_task(const Rw *rw, size_t b, size_t e) {
  for (int i = 0; i < rw->f->x.nnodes; i++) {
    const XNode *n = &rw->f->x.nodes[i];
    if (n->kind == X_TASK && (size_t)n->range.begin_offset <= b && e <= (size_t)n->range.end_offset)
      return true;
  }
  return false;
}

/* Original bytes [b, e) between before and after. */
static void enclose(Rw *rw, size_t b, size_t e, const char *before, const char *after) {
  RwBuf t = {0};
  rw_puts(&t, before);
  rw_buf_original(&t, &rw->f->src, rw->opt->path, b, e);
  rw_puts(&t, after);
  rw_edit(&rw->edits, b, e, rw_buf_take(&t));
}

/* Data must be back in host memory when a function with tasks returns:
 * before each return and at the closing brace; and when the program ends
 * in it (exit(3): atexit's handlers may read the data, and tasks still
 * pending at exit are dropped, docs/runtime.md), in the call's own
 * expression, which may sit anywhere a void expression may. */
static void exits(Rw *rw, const RwFunc *fn) {
  for (int i = 0; i < fn->nexits; i++) {
    size_t b = fn->exits[2 * i], e = fn->exits[2 * i + 1];
    if (!inside_task(rw, b, e))
      enclose(rw, b, e, "(esrt_region_end(), ", ")");
  }
  for (int i = 0; i < fn->nreturns; i++) {
    size_t b = fn->returns[2 * i], e = source_after_semicolon(&rw->f->src, fn->returns[2 * i + 1]);
    if (inside_task(rw, b, e))
      error_at(rw, b, "a task region must not return from its function%s%s", "", "");
    else
      enclose(rw, b, e, "{ esrt_region_end(); ", " }");
  }
  /* After a last return, code would be unreachable (and a C89 compiler may
   * warn that control reaches the end of a non-void function). */
  if (!fn->ends_with_return)
    rw_edit(&rw->edits, fn->end - 1, fn->end - 1, strdup("esrt_region_end(); "));
}

/* ---- the file ---- */

/* The unit's descriptor: every task it has (for stale profile entries),
 * the profile a profiling build writes, the variant for run-time
 * scheduling, and the platform the build scheduled for. */
static void unit(Rw *rw, RwBuf *b) {
  rw_printf(b, "static const EsrtTask *const esrt_unit_tasks_[] = {%s};\n",
            rw->ntasks ? rw->unit_tasks.s : "NULL");
  rw_puts(b, "static const EsrtUnit esrt_unit_ = {");
  literal(b, rw->opt->path);
  rw_printf(b, ", esrt_unit_tasks_, %d, ", rw->ntasks);
  if (rw->opt->profile_generate)
    literal(b, rw->opt->profile_generate);
  else
    rw_puts(b, "NULL");
  rw_puts(b, ", ");
  if (rw->opt->algorithm)
    literal(b, rw->opt->algorithm);
  else
    rw_puts(b, "NULL");
  rw_printf(b, ", %d, ", rw->opt->objective == ES_OBJ_TIME ? 1 : 0);
  if (rw->opt->platform)
    literal(b, rw->opt->platform);
  else
    rw_puts(b, "NULL");
  rw_puts(b, "};\n");
  rw_puts(b, ""
             "#if defined(__GNUC__)\n"
             "__attribute__((constructor)) static void esrt_unit_init_(void) {\n"
             "  esrt_register_unit(&esrt_unit_);\n}\n"
             "#endif\n");
}

static void preamble(Rw *rw) {
  RwBuf b = {0};
  rw_printf(&b, "/* Rewritten by esched %s from %s: edit the original, not this. */\n",
            ESCHED_VERSION, rw->opt->path);
  rw_puts(&b, "#include <esched_rt.h>\nESRT_REQUIRE_ABI(6);\n"
              "static const EsrtUnit esrt_unit_;\n");
  if (rw->decls.s)
    rw_puts(&b, rw->decls.s);
  if (rw->tables.s)
    rw_puts(&b, rw->tables.s);
  unit(rw, &b);
  size_t at = rw_text_start(&rw->f->src);
  rw_edit(&rw->edits, at, at, rw_buf_take(&b));
}

static void place_outlined(Rw *rw) {
  for (int i = 0; i < rw->facts.nfuncs; i++)
    if (rw->outlined[i].len)
      rw_edit(&rw->edits, rw->facts.funcs[i].begin, rw->facts.funcs[i].begin,
              rw_buf_take(&rw->outlined[i]));
}

static void rewrite_streams(Rw *rw) {
  RwStreamOut o = {&rw->f->src, rw->opt->path, &rw->decls, &rw->tables, &rw->edits};
  for (int i = 0; i < rw->f->x.nstreams; i++)
    if (!rw_stream(&rw->f->x.streams[i], i, rw->streams[i], &o))
      rw->errors++;
}

static void rewrite_nodes(Rw *rw) {
  int task = 0;
  for (int i = 0; i < rw->f->x.nnodes; i++) {
    const XNode *n = &rw->f->x.nodes[i];
    if (n->kind == X_TASK && is_deferred(rw, n))
      deferred_task(rw, n, task++);
    else if (n->kind == X_TASK)
      static_task(rw, n, task++);
  }
}

static bool has_tasks(const XUnit *x) {
  for (int i = 0; i < x->nnodes; i++)
    if (x->nodes[i].kind == X_TASK)
      return true;
  return x->nstreams > 0;
}

bool rw_rewrite(Frontend *f, const RwGraphPlan *plans, const EsCrownSchedule *const *streams,
                const RwOptions *opt, FILE *out) {
  /* A file without tasks is left as it is: not even the runtime's header. */
  if (!has_tasks(&f->x))
    return fwrite(f->src.text, 1, f->src.len, out) == f->src.len;
  Rw rw = {f, plans, streams, opt, {0}, {0}, {0}, {0}, NULL, {0}, 0, 0};
  bool ok = rw_facts_collect(&f->tu, &f->x, &rw.facts) &&
            (rw.outlined = calloc((size_t)rw.facts.nfuncs + 1, sizeof *rw.outlined));
  if (ok) {
    rewrite_nodes(&rw);
    rewrite_streams(&rw);
    rw.errors += !rw_host_code(f, &rw.facts, opt, &rw.edits);
    rw_annotations_out(f, &rw.edits);
    place_outlined(&rw);
    preamble(&rw);
    ok = !rw.edits.nomem && !rw.decls.nomem && !rw.tables.nomem;
    if (!ok)
      diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
  }
  ok = ok && rw.errors == 0 && rw_write(out, &f->src, opt->path, &rw.edits);
  for (int i = 0; rw.outlined && i < rw.facts.nfuncs; i++)
    rw_buf_free(&rw.outlined[i]);
  free(rw.outlined);
  rw_edits_free(&rw.edits);
  rw_buf_free(&rw.decls);
  rw_buf_free(&rw.tables);
  rw_buf_free(&rw.unit_tasks);
  rw_facts_free(&rw.facts);
  return ok;
}

/* ---- shared with the other targets (rewrite.h) ---- */

/* The region ends after each loop whose tasks named data through a
 * pointer that dies with the loop (XNode.sync_after), once per loop. The
 * loop and the call become one block: the loop may be an if's branch,
 * with an else after it. */
static void loop_syncs(Rw *rw) {
  for (int i = 0; i < rw->f->x.nnodes; i++) {
    const XNode *n = &rw->f->x.nodes[i];
    bool first = n->sync_after > 0;
    for (int k = 0; first && k < i; k++)
      first = rw->f->x.nodes[k].sync_after != n->sync_after;
    if (!first)
      continue;
    rw_edit(&rw->edits, n->sync_loop, n->sync_loop, strdup("{ "));
    rw_edit(&rw->edits, n->sync_after, n->sync_after, strdup(" esrt_region_end(); }"));
  }
}

/* Whether an edit replaces bytes around [b, e) (a stream region's edit
 * holds its annotations). */
static bool replaced(const RwEdit *v, int n, size_t b, size_t e) {
  for (int i = 0; i < n; i++)
    if (v[i].begin < v[i].end && v[i].begin <= b && e <= v[i].end)
      return true;
  return false;
}

void rw_annotations_out(const Frontend *f, RwEdits *edits) {
  int before = edits->len; /* the annotations' own edits are not looked at */
  for (int i = 0; i < f->annots.len; i++) {
    const Annot *a = &f->annots.v[i];
    if (a->status == ANNOT_REAL && a->end <= f->src.len &&
        !replaced(edits->v, before, a->begin, a->end))
      rw_edit(edits, a->begin, a->end, strdup(""));
  }
}

bool rw_host_code(Frontend *f, const RwFacts *facts, const RwOptions *opt, RwEdits *edits) {
  Rw rw = {.f = f, .opt = opt, .facts = *facts, .edits = *edits};
  for (int i = 0; i < f->x.nnodes; i++)
    if (f->x.nodes[i].kind == X_HOST)
      host_code(&rw, &f->x.nodes[i]);
  loop_syncs(&rw);
  for (int i = 0; i < facts->nfuncs; i++)
    exits(&rw, &facts->funcs[i]);
  *edits = rw.edits;
  return rw.errors == 0;
}

int rw_access_list(RwBuf *list, const XNode *n, int *idx, RwAccessTail tail, void *ctx) {
  int count = 0;
  for (int k = 0; k < n->nacc; k++) {
    if (!n->acc[k].a.mode)
      continue; /* a kill only */
    rw_puts(list, count ? ", {" : "{");
    if (!range_of(list, &n->acc[k]))
      return -1;
    tail(list, &n->acc[k], ctx);
    rw_puts(list, "}");
    idx[count++] = k;
  }
  return count;
}

void rw_unsized(RwBuf *b, const XNode *n) {
  for (int k = 0; k < n->nacc; k++) {
    const XAccess *a = &n->acc[k];
    RwBuf r = {0};
    bool sized = !a->a.mode || range_of(&r, a);
    rw_buf_free(&r);
    if (sized)
      continue;
    size_t root = strcspn(a->a.item, ".-");
    rw_printf(b, ", and '%s' has none", a->a.item);
    if (a->a.inferred && a->a.item[root])
      rw_printf(b, " (the task may reach it through '%.*s')", (int)root, a->a.item);
    return;
  }
}

bool rw_has_tasks(const Frontend *f) { return has_tasks(&f->x); }

int rw_graph_of(Frontend *f, const XNode *n) {
  Rw rw = {.f = f};
  return graph_of(&rw, n);
}

bool rw_is_deferred(Frontend *f, const XNode *n) {
  Rw rw = {.f = f};
  return is_deferred(&rw, n);
}

void rw_literal(RwBuf *b, const char *s) { literal(b, s); }
