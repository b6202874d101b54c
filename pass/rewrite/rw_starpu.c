/* The starpu target (rw_starpu.h): code shapes of esched_starpu.h. Per task
 * K, before its function: the argument block `struct esp_argsK_` (a slot
 * per access, then the call's arguments by value), the implementations
 * esp_fK_cpu_ (the call, pointers into task data translated to the
 * worker's copies) and esp_fK_gpu_ (its gpu variant, the same way: a host
 * function, or an OpenCL launcher given addresses standing for StarPU's
 * buffers), and the descriptor esp_tK_ with the plan; at the task's place,
 * one esp_submit. */
#include "pass/rewrite/rw_starpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/diag/diag.h"
#include "pass/frontend/body.h"
#include "pass/rewrite/rw_facts.h"
#include "pass/rewrite/rw_text.h"
#include "pass/version.h"

typedef struct Sp {
  Frontend *f;
  const RwGraphPlan *plans;
  const RwOptions *opt;
  const RwStarpuOptions *sp;
  RwFacts facts;
  RwEdits edits;
  RwBuf decls;      /* tentative definitions of the descriptors */
  RwBuf *outlined;  /* per RwFunc: argument blocks, implementations, descriptors */
  RwBuf unit_tasks; /* &esp_tK_ of every task */
  int ntasks;
  int errors;
} Sp;

static void error_at(Sp *sp, const XNode *n, const char *fmt, const char *a, const char *b) {
  int line, col;
  source_position(&sp->f->src, (size_t)n->range.begin_offset, &line, &col);
  diag(DIAG_ERROR, sp->opt->path, line, col, fmt, a, b);
  sp->errors++;
}

/* ---- the plan ---- */

/* The graph planning task n: its scope's for a static task, its body's
 * (SCOPE.body) for a task in a loop or recursion; -1 when none. */
static int plan_graph(Sp *sp, const XNode *n) {
  int g = rw_graph_of(sp->f, n);
  if (g < 0 || !rw_is_deferred(sp->f, n))
    return g;
  char body[512];
  snprintf(body, sizeof body, "%s%s", sp->f->graphs.v[g]->name, BODY_SUFFIX);
  for (int i = 0; i < sp->f->graphs.len; i++)
    if (sp->f->graphs.v[i]->name && !strcmp(sp->f->graphs.v[i]->name, body))
      return i;
  return -1;
}

static const EsScheduleEntry *plan_entry(Sp *sp, const XNode *n) {
  int g = plan_graph(sp, n);
  const EsSchedule *s = g >= 0 ? sp->plans[g].schedule : NULL;
  return s ? es_schedule_find(s, n->name) : NULL;
}

/* The device name within its node ("n1/gpu" -> "gpu"). */
static const char *local_name(const Sp *sp, const char *device) {
  int d = sp->sp->platform ? es_platform_find_device(sp->sp->platform, device) : -1;
  return d >= 0 ? sp->sp->platform->devices[d].local : device;
}

/* The node (rank) of the plan's device; 0 on a platform without nodes. */
static int plan_node(const Sp *sp, const EsScheduleEntry *e) {
  int d = e && sp->sp->platform ? es_platform_find_device(sp->sp->platform, e->device) : -1;
  return d >= 0 && sp->sp->platform->devices[d].node > 0 ? sp->sp->platform->devices[d].node : 0;
}

/* The variant n has for device (a local name), or NULL ("cpu": the region). */
static const XVariant *variant_on(const XNode *n, const char *device) {
  for (int i = 0; i < n->nvariants; i++)
    if (!strcmp(n->variants[i].device, device))
      return &n->variants[i];
  return NULL;
}

/* The variant StarPU's OpenCL workers run: the plan's device's, else the
 * first that is not the CPU's; NULL when n has none. */
static const XVariant *gpu_variant(const XNode *n, const char *planned) {
  const XVariant *v = strcmp(planned, "cpu") != 0 ? variant_on(n, planned) : NULL;
  for (int i = 0; !v && i < n->nvariants; i++)
    if (strcmp(n->variants[i].device, "cpu") != 0)
      v = &n->variants[i];
  return v;
}

/* The owner of item: the node of the first task of the function that
 * writes it (its results stay where they are made), else node 0. */
static int owner(Sp *sp, const XNode *task, const char *item) {
  const char *fn = sp->f->x.graphs[task->graph].function;
  for (int i = 0; i < sp->f->x.nnodes; i++) {
    const XNode *n = &sp->f->x.nodes[i];
    if (n->kind != X_TASK || strcmp(sp->f->x.graphs[n->graph].function, fn) != 0)
      continue;
    for (int k = 0; k < n->nacc; k++)
      if (n->acc[k].a.mode & ES_ACCESS_OUT && !strcmp(n->acc[k].a.item, item))
        return plan_node(sp, plan_entry(sp, n));
  }
  return 0;
}

/* ---- one task ---- */

static void mode_owner(RwBuf *b, const XAccess *a, void *ctx) {
  const void *const *c = ctx;
  rw_puts(b, ", ");
  rw_access_mode(b, a);
  rw_printf(b, ", %d", owner((Sp *)c[0], c[1], a->a.item));
}

/* The accesses that move data (not kills), as `EspAccess esp_a_[N]`;
 * idx[i] receives the node access of slot i. -1 when a size is unknown. */
static int accesses(Sp *sp, RwBuf *b, const XNode *n, int *idx) {
  RwBuf list = {0};
  const void *ctx[2] = {sp, n};
  int count = rw_access_list(&list, n, idx, mode_owner, ctx);
  if (count >= 0)
    rw_printf(b, "  EspAccess esp_a_[%d] = {%s};\n", count ? count : 1,
              count ? list.s : "{0, 0, 0, 0}");
  rw_buf_free(&list);
  return count;
}

/* `fn(args)` inside implementation K: pointers into task data become the
 * worker's addresses, other arguments their captured values. */
static void call(RwBuf *b, const char *fn, const RwCall *c, const int *idx, int count) {
  rw_printf(b, "  %s(", fn);
  for (int i = 0; i < c->nargs; i++) {
    const RwArg *a = &c->args[i];
    int s = a->pointer && a->access >= 0 && !a->ambiguous ? rw_slot_of(idx, count, a->access) : -1;
    rw_puts(b, i ? ", " : "");
    if (s < 0)
      rw_printf(b, "esp_x_.a%d", i);
    else
      rw_printf(b, "esp_at_(esp_p_[%d], &esp_x_.s_[%d], esp_x_.a%d)", s, s, i);
  }
  rw_puts(b, ");\n");
}

/* Implementation K, the call to fn. With n (the CPU's), it names n's
 * variants other than run, which StarPU does not run, so that they count
 * as used, as in the native runtime's table. */
static void implementation(RwBuf *b, int task, const char *which, const char *fn, const RwCall *c,
                           const int *idx, int count, const XNode *n, const XVariant *run) {
  rw_printf(b,
            "static void esp_f%d_%s_(void *esp_b_[], void *esp_v_) {\n"
            "  struct esp_args%d_ esp_x_;\n  void *esp_p_[%d];\n  EspRun esp_r_;\n"
            "  esp_begin(&esp_r_, &esp_t%d_, esp_b_, esp_v_, &esp_x_, sizeof esp_x_, esp_p_);\n",
            task, which, task, count ? count : 1, task);
  for (int i = 0; n && i < n->nvariants; i++)
    if (&n->variants[i] != run && strcmp(n->variants[i].device, "cpu") != 0)
      rw_printf(b, "  (void)%s; /* a variant StarPU does not run */\n", n->variants[i].function);
  call(b, fn, c, idx, count);
  rw_puts(b, "  esp_end(&esp_r_);\n}\n");
}

/* Before the task's function: its argument block, implementations and
 * descriptor. */
static void outline(Sp *sp, RwBuf *b, const XNode *n, const RwCall *c, int task,
                    const EsScheduleEntry *e, const int *idx, int count) {
  rw_printf(b, "struct esp_args%d_ { EspSlot s_[%d];", task, count ? count : 1);
  for (int i = 0; i < c->nargs; i++)
    rw_printf(b, " %s a%d;", c->args[i].opaque ? "void *" : c->args[i].type, i);
  if (c->via_type) /* the pointer called through, as it was at the submission */
    rw_printf(b, " %s fn;", c->via_type);
  rw_puts(b, " };\n");
  const XVariant *gpu = gpu_variant(n, local_name(sp, e->device));
  implementation(b, task, "cpu", n->callee ? n->callee : "esp_x_.fn", c, idx, count, n, gpu);
  if (gpu)
    implementation(b, task, "gpu", gpu->function, c, idx, count, NULL, NULL);
  int g = plan_graph(sp, n);
  rw_printf(b, "static EspTask esp_t%d_ = {", task);
  rw_literal(b, g >= 0 && sp->f->graphs.v[g]->name ? sp->f->graphs.v[g]->name : "");
  rw_puts(b, ", ");
  rw_literal(b, n->name);
  rw_puts(b, ", ");
  rw_literal(b, n->name);
  rw_printf(b, ", esp_f%d_cpu_, ", task);
  if (gpu)
    rw_printf(b, "esp_f%d_gpu_, %s, ", task, gpu->launcher ? "ESRT_VARIANT_OPENCL" : "0");
  else
    rw_puts(b, "NULL, 0, ");
  rw_literal(b, e->device);
  rw_printf(b, ", %d, %d, &esp_unit_, NULL};\n", e->level, count);
}

/* Whether n can be submitted: one call whose arguments can be captured,
 * and a plan whose device it has an implementation for. */
static const RwCall *submittable(Sp *sp, const XNode *n, const EsScheduleEntry *e) {
  const RwCall *c =
      n->callee || n->via ? rw_facts_call(&sp->facts, (int)(n - sp->f->x.nodes)) : NULL;
  if (!c) {
    error_at(sp, n,
             "task '%s' must be one function call for the starpu target: StarPU runs it as "
             "outlined implementations%s",
             n->name, "");
    return NULL;
  }
  for (int i = 0; i < c->nargs; i++)
    if (!c->args[i].opaque && (strchr(c->args[i].type, '(') || strchr(c->args[i].type, '['))) {
      error_at(sp, n,
               "task '%s' is submitted to StarPU, but esched cannot capture an argument "
               "of type '%s'; pass it through a typedef",
               n->name, c->args[i].type);
      return NULL;
    }
  if (!rw_args_spelled(n)) {
    error_at(sp, n, rw_args_unspelled, n->name, "");
    return NULL;
  }
  if (c->via_type && (strchr(c->via_type, '(') || strchr(c->via_type, '['))) {
    error_at(sp, n,
             "task '%s' is submitted to StarPU, but esched cannot capture the pointer it calls "
             "through, of type '%s'; declare the pointer with a typedef of that type",
             n->name, c->via_type);
    return NULL;
  }
  if (!e) {
    error_at(sp, n, "task '%s' has no entry in the schedule%s", n->name, "");
    return NULL;
  }
  /* OpenCL launchers run on StarPU's OpenCL workers; CUDA ones would be
   * StarPU's CUDA functions, which Debian's StarPU (1.3, built without
   * CUDA) does not have. */
  for (int i = 0; i < n->nvariants; i++)
    if (n->variants[i].launcher && strcmp(n->variants[i].launcher, "opencl") != 0) {
      error_at(sp, n,
               "task '%s' has a CUDA launcher (%s), but the starpu target runs gpu variants on "
               "StarPU's OpenCL workers (Debian's StarPU 1.3 has no CUDA); build it without "
               "--target starpu",
               n->name, n->variants[i].function);
      return NULL;
    }
  const char *local = local_name(sp, e->device);
  if (strcmp(local, "cpu") != 0 && !variant_on(n, local)) {
    error_at(sp, n, "the schedule puts task '%s' on device '%s', for which it has no variant",
             n->name, e->device);
    return NULL;
  }
  return c;
}

static void task(Sp *sp, const XNode *n, int k) {
  const EsScheduleEntry *e = plan_entry(sp, n);
  const RwCall *c = submittable(sp, n, e);
  const RwFunc *fn = rw_facts_func(&sp->facts, sp->f->x.graphs[n->graph].function);
  int *idx = calloc((size_t)n->nacc + 1, sizeof *idx);
  if (!c || !fn || !idx) {
    free(idx);
    return;
  }
  RwBuf b = {0};
  rw_printf(&b, "{ /* esched: task %s, submitted to StarPU */\n", n->name);
  int count = accesses(sp, &b, n, idx);
  if (count < 0) {
    RwBuf why = {0};
    rw_unsized(&why, n);
    error_at(sp, n,
             "task '%s' is submitted to StarPU, so the size of its data must be known%s; name it "
             "with sections (in(p[0:n]))",
             n->name, why.s ? why.s : "");
    rw_buf_free(&why);
    rw_buf_free(&b);
    free(idx);
    return;
  }
  outline(sp, &sp->outlined[fn - sp->facts.funcs], n, c, k, e, idx, count);
  rw_printf(&sp->decls, "static EspTask esp_t%d_;\n", k);
  rw_printf(&sp->unit_tasks, "%s&esp_t%d_", k ? ", " : "", k);
  rw_printf(&b, "  struct esp_args%d_ esp_x_ = {{{0, 0}}", k);
  for (int i = 0; i < c->nargs; i++)
    rw_printf(&b, c->args[i].opaque ? ", (void *)(%s)" : ", %s", n->args[i]);
  if (c->via_type)
    rw_printf(&b, ", %s", n->via);
  /* Data holding pointers into this process's memory: under StarPU-MPI
   * every rank runs the task on its own memory (esched_starpu.h). */
  rw_printf(&b, "};\n  esp_submit%s(&esp_t%d_, esp_a_, %d, &esp_x_, sizeof esp_x_);\n",
            n->host_memory ? "_host" : "", k, count);
  rw_loop_locals(&b, n);
  rw_in_order(&b, n);
  rw_puts(&b, "}");
  free(idx);
  rw_edit(&sp->edits, (size_t)n->range.begin_offset, (size_t)n->range.end_offset, rw_buf_take(&b));
}

/* ---- memory the program frees ---- */

/* Whether item may share bytes with the data of a task of function fn
 * (free(a) of blk = a + k too). */
static bool task_item(const Sp *sp, const char *fn, const char *item) {
  for (int i = 0; i < sp->f->x.nnodes; i++) {
    const XNode *t = &sp->f->x.nodes[i];
    if (t->kind != X_TASK || strcmp(sp->f->x.graphs[t->graph].function, fn) != 0)
      continue;
    for (int k = 0; k < t->nacc; k++)
      if (x_items_may_share(&sp->f->x, fn, t->acc[k].a.item, item, NULL))
        return true;
  }
  return false;
}

/* free(p) of task data: StarPU lets go of it first (esp_forget), or it
 * would write the data home into freed memory at the region's end. */
static void frees(Sp *sp) {
  for (int i = 0; i < sp->f->x.nnodes; i++) {
    const XNode *n = &sp->f->x.nodes[i];
    for (int k = 0; n->kind == X_HOST && k < n->nacc; k++) {
      const XAccess *a = &n->acc[k];
      if (!a->kill || !a->pointer || !task_item(sp, sp->f->x.graphs[n->graph].function, a->a.item))
        continue;
      RwBuf b = {0};
      rw_printf(&b, "esp_forget(%s); ", a->a.item);
      rw_edit(&sp->edits, a->span_begin, a->span_begin, rw_buf_take(&b));
    }
  }
}

/* ---- the file ---- */

static void preamble(Sp *sp) {
  RwBuf b = {0};
  rw_printf(&b, "/* Rewritten by esched %s from %s for StarPU: edit the original, not this. */\n",
            ESCHED_VERSION, sp->opt->path);
  rw_puts(&b, "#include <esched_starpu.h>\nESP_REQUIRE_ABI(3);\n"
              "static const EspUnit esp_unit_;\n");
  if (sp->decls.s)
    rw_puts(&b, sp->decls.s);
  rw_printf(&b, "static EspTask *const esp_unit_tasks_[] = {%s};\n",
            sp->ntasks ? sp->unit_tasks.s : "NULL");
  rw_puts(&b, "static const EspUnit esp_unit_ = {");
  rw_literal(&b, sp->opt->path);
  rw_printf(&b, ", esp_unit_tasks_, %d, ", sp->ntasks);
  rw_literal(&b, sp->sp->platform_spec ? sp->sp->platform_spec : "silberstein2011");
  rw_puts(&b, "};\n"
              "#if defined(__GNUC__)\n"
              "__attribute__((constructor)) static void esp_unit_init_(void) {\n"
              "  esp_register_unit(&esp_unit_);\n}\n"
              "#endif\n");
  size_t at = rw_text_start(&sp->f->src);
  rw_edit(&sp->edits, at, at, rw_buf_take(&b));
}

bool rw_rewrite_starpu(Frontend *f, const RwGraphPlan *plans, const RwOptions *opt,
                       const RwStarpuOptions *spo, FILE *out) {
  if (!rw_has_tasks(f))
    return fwrite(f->src.text, 1, f->src.len, out) == f->src.len;
  if (f->x.nstreams > 0) {
    diag(DIAG_ERROR, opt->path, 0, 0,
         "stream regions (#pragma esched stream) run on the native runtime's core threads; the "
         "starpu target does not support them");
    return false;
  }
  Sp sp = {f, plans, opt, spo, {0}, {0}, {0}, NULL, {0}, 0, 0};
  bool ok = rw_facts_collect(&f->tu, &f->x, &sp.facts) &&
            (sp.outlined = calloc((size_t)sp.facts.nfuncs + 1, sizeof *sp.outlined));
  if (ok) {
    for (int i = 0; i < f->x.nnodes; i++)
      if (f->x.nodes[i].kind == X_TASK)
        task(&sp, &f->x.nodes[i], sp.ntasks++);
    sp.errors += !rw_host_code(f, &sp.facts, opt, &sp.edits);
    rw_annotations_out(f, &sp.edits);
    frees(&sp);
    for (int i = 0; i < sp.facts.nfuncs; i++)
      if (sp.outlined[i].len)
        rw_edit(&sp.edits, sp.facts.funcs[i].begin, sp.facts.funcs[i].begin,
                rw_buf_take(&sp.outlined[i]));
    preamble(&sp);
    ok = !sp.edits.nomem && !sp.decls.nomem && !sp.unit_tasks.nomem;
    if (!ok)
      diag(DIAG_ERROR, NULL, 0, 0, "out of memory");
  }
  ok = ok && sp.errors == 0 && rw_write(out, &f->src, opt->path, &sp.edits);
  for (int i = 0; sp.outlined && i < sp.facts.nfuncs; i++)
    rw_buf_free(&sp.outlined[i]);
  free(sp.outlined);
  rw_edits_free(&sp.edits);
  rw_buf_free(&sp.decls);
  rw_buf_free(&sp.unit_tasks);
  rw_facts_free(&sp.facts);
  return ok;
}
