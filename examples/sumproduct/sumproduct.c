/* The application of Silberstein 2011 (Sections 5-6): the probability of
 * evidence in a Bayesian or Markov network by variable elimination, each
 * elimination a task that the CPU or the GPU may run.
 *
 * The network (BIF, .bif or .bif.gz, or UAI) and the evidence are read, and
 * the elimination tree is built, at run time by the scheduler library
 * (setup.c). The tasks run in a loop, so esched defers them: the runtime
 * collects the whole tree, finds its dependencies by address, schedules it
 * (tree-dp for a tree, with the profile's times predicted at each task's
 * input size) and runs it when the loop ends. --check compares the answer
 * with brute-force enumeration (1e-12 relative). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp.h"

typedef struct Options {
  SpInput in;
  bool check;
  double enum_limit;
} Options;

static const char usage[] =
    "usage: sumproduct [options] NETWORK [EVIDENCE]\n"
    "Prints P(evidence) of a network (.bif, .bif.gz or .uai) by variable\n"
    "elimination, one task per eliminated variable.\n"
    "  --check              also enumerate every assignment and compare (1e-12 relative)\n"
    "  --enum-limit N       enumerate at most N assignments (default 1e9)\n"
    "  --observe-leaves S   evidence: every leaf at its value in a forward sample (seed S)\n"
    "  --order H            min-fill (default) or min-degree\n"
    "  --tries N            greedy runs of the order (default 10)\n"
    "  --seed S             seed of their random ties (default 1)\n";

static bool number(const char *s, double *out) {
  char *end;
  *out = s ? strtod(s, &end) : 0;
  return s && *s && !*end && *out >= 0;
}

/* An option with a value; false when it is not one or its value is bad. */
static bool option(Options *o, const char *a, const char *v) {
  double x;
  if (!strcmp(a, "--order"))
    return v && es_elim_heuristic_parse(v, &o->in.order.heuristic);
  if (!number(v, &x))
    return false;
  if (!strcmp(a, "--enum-limit"))
    o->enum_limit = x;
  else if (!strcmp(a, "--observe-leaves"))
    o->in.observe_leaves = true, o->in.leaves_seed = (uint64_t)x;
  else if (!strcmp(a, "--tries"))
    o->in.order.tries = (int)x;
  else if (!strcmp(a, "--seed"))
    o->in.order.seed = (uint64_t)x;
  else
    return false;
  return true;
}

static bool parse(int argc, char **argv, Options *o) {
  int npos = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--check"))
      o->check = true;
    else if (a[0] == '-' && a[1] && option(o, a, i + 1 < argc ? argv[i + 1] : NULL))
      i++;
    else if (a[0] == '-' && a[1])
      return false;
    else if (npos++ == 0)
      o->in.network = a;
    else if (npos == 2)
      o->in.evidence = a;
    else
      return false;
  }
  return o->in.network != NULL;
}

static void report(void *ctx, const EsError *e) {
  (void)ctx;
  if (e->file[0] && e->line > 0)
    fprintf(stderr, "%s:%d:%d: error: %s\n", e->file, e->line, e->col, e->message);
  else if (e->file[0])
    fprintf(stderr, "%s: error: %s\n", e->file, e->message);
  else
    fprintf(stderr, "sumproduct: error: %s\n", e->message);
}

/* The eliminations, one task each. tab and res are two views of one arena:
 * a task reads its block through tab and writes its output through res into
 * its parent's block, so the runtime, which finds dependencies by address,
 * sees each child feed its parent. Children come before parents. */
static void run_tasks(const SpLayout *l) {
  const int *desc = l->desc;
  const double *tab = l->arena;
  double *res = l->arena;
  for (int i = 0; i < l->ntasks; i++) {
    // clang-format off
#pragma esched task name(elim) gpu(sp_elim_gpu) \
    in(desc[l->desc_off[i]:l->desc_len[i]], tab[l->blk_off[i]:l->blk_len[i]]) \
    out(res[l->out_off[i]:l->out_len[i]])
    // clang-format on
    sp_elim(desc + l->desc_off[i], tab + l->blk_off[i], res + l->out_off[i]);
  }
  /* The blocks are scratch now: the tree's tables stay where they were
   * computed, as the tree was scheduled (Silberstein 2011: only the root's
   * number returns). Left alone, they would all come back to the host at
   * the region's end, which copies back whatever only a device holds. A task
   * overwriting them (out: nothing is copied in) drops those copies. */
  // clang-format off
#pragma esched task name(clear) out(res[0:l->scratch_len])
  // clang-format on
  sp_clear(res, l->scratch_len);
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

static void describe(const Options *o, const EsNetwork *net, const EsElimTree *t,
                     const SpLayout *l) {
  int roots = 0;
  for (int i = 0; i < t->ntasks; i++)
    roots += t->tasks[i].parent < 0;
  printf("network %s: %d variables, %d observed, %d free\n", base_name(o->in.network), net->nvars,
         es_network_nobserved(net), es_network_nfree(net));
  printf("tree: %d tasks, %d roots, width %d (%s)\n", t->ntasks, roots, t->width,
         es_elim_heuristic_name(o->in.order.heuristic));
  printf("data: input tables %ld bytes, outputs %ld bytes, descriptors %ld bytes\n",
         l->input_entries * (long)sizeof(double), l->output_entries * (long)sizeof(double),
         l->ndesc * (long)sizeof(int));
}

/* Brute-force enumeration against the answer: 1 when they differ by more
 * than 1e-12 relative. */
static int check(const Options *o, const EsNetwork *net, double p, EsError *err) {
  double q;
  int rc = es_network_enumerate(net, o->enum_limit, &q, err);
  if (rc)
    return rc;
  double rel = q != 0 ? fabs(p - q) / fabs(q) : fabs(p);
  printf("enumeration = %.17g\n", q);
  printf("relative error = %.2g\n", rel);
  printf("check: %s (1e-12 relative)\n", rel <= 1e-12 ? "ok" : "FAILED");
  return rel <= 1e-12 ? ES_OK : 1;
}

static int solve(const Options *o, const EsNetwork *net, const EsElimTree *tree, EsError *err) {
  SpLayout l;
  int rc = sp_layout_build(tree, &l, err);
  if (rc)
    return rc;
  describe(o, net, tree, &l);
  run_tasks(&l);
  double p = sp_layout_result(tree, &l);
  sp_layout_free(&l);
  printf("P(evidence) = %.17g\n", p);
  printf("log10 P(evidence) = %.17g\n", log10(p));
  fflush(stdout);
  return o->check ? check(o, net, p, err) : ES_OK;
}

int main(int argc, char **argv) {
  Options o = {{NULL, NULL, false, 0, {ES_ELIM_MIN_FILL, 10, 1}}, false, 1e9};
  if (!parse(argc, argv, &o)) {
    fputs(usage, stderr);
    return 2;
  }
  EsError err = {0};
  err.report = report;
  EsNetwork *net;
  EsElimTree *tree;
  int rc = sp_setup(&o.in, &net, &tree, &err);
  if (!rc)
    rc = solve(&o, net, tree, &err);
  es_elim_tree_free(tree);
  es_network_free(net);
  return rc ? 1 : 0;
}
