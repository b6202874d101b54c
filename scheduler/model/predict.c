/* Cost predictors (predict.h): weighted log-log least squares, a CART
 * regression tree on log size, and leave-one-out selection. */
#include "scheduler/model/predict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *es_predictor_kind_name(EsPredictorKind k) {
  static const char *const names[] = {"mean", "log-log", "tree"};
  return names[k];
}

static double weighted_log_mean(const EsSample *pts, int n) {
  double sw = 0, s = 0;
  for (int i = 0; i < n; i++)
    sw += pts[i].weight, s += pts[i].weight * log(pts[i].time);
  return sw > 0 ? s / sw : 0;
}

/* log t = a + b log s by weighted least squares; the mean when every size
 * is the same. */
static void fit_loglog(const EsSample *pts, int n, EsPredictor *p) {
  double sw = 0, sx = 0, sy = 0;
  for (int i = 0; i < n; i++) {
    sw += pts[i].weight;
    sx += pts[i].weight * log(pts[i].size);
    sy += pts[i].weight * log(pts[i].time);
  }
  double mx = sx / sw, my = sy / sw, sxx = 0, sxy = 0;
  for (int i = 0; i < n; i++) {
    double dx = log(pts[i].size) - mx;
    sxx += pts[i].weight * dx * dx;
    sxy += pts[i].weight * dx * (log(pts[i].time) - my);
  }
  p->b = sxx > 0 ? sxy / sxx : 0;
  p->a = my - p->b * mx;
}

typedef struct Point {
  double x, y, w; /* log size, log time, weight */
} Point;

static int by_x(const void *a, const void *b) {
  double x = ((const Point *)a)->x, y = ((const Point *)b)->x;
  return (x > y) - (x < y);
}

/* Grows the subtree of pts[0..n) (sorted by x) at node index `at`; returns
 * the next free node index. Splits between distinct x only, at the split
 * minimizing the children's weighted squared error. */
static int grow(EsPredictor *p, Point *pts, int n, int depth, int at) {
  EsTreeNode *node = &p->nodes[at];
  double sw = 0, sy = 0, syy = 0;
  for (int i = 0; i < n; i++)
    sw += pts[i].w, sy += pts[i].w * pts[i].y, syy += pts[i].w * pts[i].y * pts[i].y;
  *node = (EsTreeNode){0, -1, -1, sy / sw};
  double best = syy - sy * sy / sw; /* the leaf's own error */
  int cut = -1;
  if (depth < 4 && n >= 4 && at + 2 < ES_PRED_TREE_MAX_NODES) {
    double lw = 0, ly = 0, lyy = 0;
    for (int i = 0; i < n - 1; i++) {
      lw += pts[i].w, ly += pts[i].w * pts[i].y, lyy += pts[i].w * pts[i].y * pts[i].y;
      if (i < 1 || n - i - 1 < 2 || pts[i].x == pts[i + 1].x)
        continue;
      double rw = sw - lw, ry = sy - ly, ryy = syy - lyy;
      double err = (lyy - ly * ly / lw) + (ryy - ry * ry / rw);
      if (err < best - 1e-12 * fabs(best))
        best = err, cut = i + 1;
    }
  }
  int next = at + 1;
  if (cut < 0)
    return next;
  node->split = (pts[cut - 1].x + pts[cut].x) / 2;
  node->left = next;
  next = grow(p, pts, cut, depth + 1, next);
  p->nodes[at].right = next;
  return grow(p, pts + cut, n - cut, depth + 1, next);
}

static void fit_tree(const EsSample *pts, int n, EsPredictor *p) {
  Point *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
  if (!v) { /* fall back to one leaf */
    p->nodes[0] = (EsTreeNode){0, -1, -1, p->log_mean};
    p->nnodes = 1;
    return;
  }
  for (int i = 0; i < n; i++)
    v[i] = (Point){log(pts[i].size), log(pts[i].time), pts[i].weight};
  qsort(v, (size_t)n, sizeof *v, by_x);
  p->nnodes = grow(p, v, n, 0, 0);
  free(v);
}

void es_predictor_fit(const EsSample *pts, int n, EsPredictorKind kind, EsPredictor *out) {
  memset(out, 0, sizeof *out);
  out->kind = kind;
  out->npoints = n;
  out->log_mean = weighted_log_mean(pts, n);
  for (int k = 0; k < 3; k++)
    out->cv_error[k] = NAN;
  if (kind == ES_PRED_LOGLOG)
    fit_loglog(pts, n, out);
  else if (kind == ES_PRED_TREE)
    fit_tree(pts, n, out);
}

double es_predictor_eval(const EsPredictor *p, double s) {
  switch (p->kind) {
  case ES_PRED_LOGLOG: return exp(p->a + p->b * log(s));
  case ES_PRED_TREE: {
    int i = 0;
    double x = log(s);
    while (p->nodes[i].left >= 0)
      i = x < p->nodes[i].split ? p->nodes[i].left : p->nodes[i].right;
    return exp(p->nodes[i].value);
  }
  default: return exp(p->log_mean);
  }
}

/* Leave-one-out: fit on all points but one and measure |log(pred/actual)|
 * on that one; the weighted mean, as a factor minus one (0.1: predictions are
 * off by 10% in the geometric mean). Logs make over- and under-prediction
 * count alike, which relative error does not. */
static double loo_error(const EsSample *pts, int n, EsPredictorKind kind) {
  if (n < 3)
    return NAN;
  EsSample *rest = malloc(sizeof *rest * (size_t)n);
  if (!rest)
    return NAN;
  double sum = 0, sw = 0;
  for (int i = 0; i < n; i++) {
    int m = 0;
    for (int j = 0; j < n; j++)
      if (j != i)
        rest[m++] = pts[j];
    EsPredictor p;
    es_predictor_fit(rest, m, kind, &p);
    sum += pts[i].weight * fabs(log(es_predictor_eval(&p, pts[i].size) / pts[i].time));
    sw += pts[i].weight;
  }
  free(rest);
  return exp(sum / sw) - 1;
}

static int distinct_sizes(const EsSample *pts, int n) {
  int d = 0;
  for (int i = 0; i < n; i++) {
    bool seen = false;
    for (int j = 0; j < i && !seen; j++)
      seen = pts[j].size == pts[i].size;
    d += !seen;
  }
  return d;
}

void es_predictor_select(const EsSample *pts, int n, EsPredictor *out) {
  double err[3];
  for (int k = 0; k < 3; k++)
    err[k] = loo_error(pts, n, (EsPredictorKind)k);
  EsPredictorKind best = ES_PRED_MEAN;
  if (distinct_sizes(pts, n) >= 3)
    for (int k = 1; k < 3; k++)
      if (!isnan(err[k]) && (isnan(err[best]) || err[k] < err[best]))
        best = (EsPredictorKind)k;
  es_predictor_fit(pts, n, best, out);
  memcpy(out->cv_error, err, sizeof err);
}

/* Points of (key, device, level) from runs that recorded a size. */
static int collect(const EsProfile *prof, const char *key, const char *device, int level,
                   EsSample **out) {
  const EsProfileEntry *e = es_profile_find(prof, key);
  *out = NULL;
  if (!e || !(*out = malloc(sizeof **out * (size_t)(e->nruns + 1))))
    return 0;
  int n = 0;
  for (int i = 0; i < e->nruns; i++) {
    const EsProfileRun *r = &e->runs[i];
    if (r->level == level && r->size > 0 && r->time.count > 0 && r->time.mean > 0 &&
        strcmp(r->device, device) == 0)
      (*out)[n++] = (EsSample){r->size, r->time.mean, (double)r->time.count};
  }
  return n;
}

bool es_profile_predictor(const EsProfile *prof, const char *key, const char *device, int level,
                          EsPredictor *out) {
  EsSample *pts;
  int n = collect(prof, key, device, level, &pts);
  if (n > 0)
    es_predictor_select(pts, n, out);
  free(pts);
  return n > 0;
}

bool es_profile_size_predictor(const EsProfile *prof, const char *key, const char *device,
                               int level, EsPredictor *out) {
  EsSample *pts;
  int n = collect(prof, key, device, level, &pts);
  bool sized = n > 0 && distinct_sizes(pts, n) >= 3;
  if (sized)
    es_predictor_select(pts, n, out);
  free(pts);
  return sized;
}

bool es_profile_time_measured(const EsProfile *prof, const char *key, const char *device, int level,
                              double size, double *seconds) {
  const EsProfileEntry *e = size > 0 ? es_profile_find(prof, key) : NULL;
  EsStats at = {0, 0, 0, INFINITY, -INFINITY};
  for (int i = 0; e && i < e->nruns; i++) {
    const EsProfileRun *r = &e->runs[i];
    if (r->level == level && r->size == size && strcmp(r->device, device) == 0)
      es_stats_merge(&at, &r->time);
  }
  if (at.count == 0)
    return es_profile_time(prof, key, device, level, seconds);
  *seconds = at.mean;
  return true;
}

bool es_profile_time_at(const EsProfile *prof, const char *key, const char *device, int level,
                        double size, double *seconds) {
  EsPredictor p;
  if (size > 0 && es_profile_size_predictor(prof, key, device, level, &p)) {
    *seconds = es_predictor_eval(&p, size);
    return true;
  }
  return es_profile_time_measured(prof, key, device, level, size, seconds);
}
