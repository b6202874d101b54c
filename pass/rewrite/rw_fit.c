/* Fitted cost predictors in the program's table (rw_fit.h). */
#include "pass/rewrite/rw_fit.h"

#include <math.h>

#include "scheduler/model/predict.h"

bool rw_sized_at_run_time(const EsAccess *a) { return a->bytes < 0 && (a->lo || a->len); }

bool rw_fitted(const EsProfile *prof, const char *key) {
  const EsProfileEntry *e = prof ? es_profile_find(prof, key) : NULL;
  EsPredictor p;
  for (int i = 0; e && i < e->nruns; i++)
    if (e->runs[i].level == 0 && es_profile_size_predictor(prof, key, e->runs[i].device, 0, &p))
      return true;
  return false;
}

/* The doubles the predictor's kind evaluates are finite (a literal the C
 * compiler reads back); the others are written as 0. */
static bool usable(const EsPredictor *p) {
  bool ok = isfinite(p->log_mean);
  if (p->kind == ES_PRED_LOGLOG)
    ok = isfinite(p->a) && isfinite(p->b);
  for (int i = 0; p->kind == ES_PRED_TREE && i < p->nnodes; i++)
    ok = ok && isfinite(p->nodes[i].split) && isfinite(p->nodes[i].value);
  return ok;
}

static double finite(double x) { return isfinite(x) ? x : 0; }

bool rw_fit_table(RwBuf *b, const EsProfile *prof, const char *key, const char *device, int task,
                  int k) {
  EsPredictor p;
  if (!prof || !es_profile_size_predictor(prof, key, device, 0, &p) || !usable(&p))
    return false;
  bool tree = p.kind == ES_PRED_TREE;
  if (tree) {
    rw_printf(b, "static const EsrtFitNode esrt_fitn%d_%d_[] = {", task, k);
    for (int i = 0; i < p.nnodes; i++)
      rw_printf(b, "%s{%.17g, %d, %d, %.17g}", i ? ", " : "", p.nodes[i].split, p.nodes[i].left,
                p.nodes[i].right, p.nodes[i].value);
    rw_puts(b, "};\n");
  }
  rw_printf(b, "static const EsrtFit esrt_fit%d_%d_ = {%d, %.17g, %.17g, %.17g, ", task, k,
            (int)p.kind, finite(p.a), finite(p.b), finite(p.log_mean));
  if (tree)
    rw_printf(b, "esrt_fitn%d_%d_, %d};\n", task, k, p.nnodes);
  else
    rw_puts(b, "NULL, 0};\n");
  return true;
}
