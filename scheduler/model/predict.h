/* Cost predictors: a task's time as a function of its input size, fitted
 * from profile samples, for when the sizes of a build or a run differ from
 * the profiled ones (Silberstein 2011, Section 6.2 predicts task times with a
 * regression tree built from earlier invocations).
 *
 * One feature: the total bytes of the task's inputs (for a task without
 * inputs, the bytes of the items it writes; docs/formats.md). Two models,
 * chosen per (task key, device, level) by leave-one-out cross-validation:
 *   log-log: log t = a + b log s, weighted least squares (power laws:
 *            an n^3 product on n^2 inputs has b = 1.5);
 *   tree:    a regression tree (CART) on log s predicting log t, splits
 *            minimizing the weighted squared error, depth <= 4, >= 2 points
 *            per leaf (piecewise constant: good where time jumps, e.g. at
 *            cache sizes, poor at extrapolating).
 * With fewer than three distinct sizes only the mean is used.
 */
#ifndef ESCHED_SCHEDULER_PREDICT_H
#define ESCHED_SCHEDULER_PREDICT_H

#include <stdbool.h>

#include "scheduler/model/profile.h"

typedef struct EsSample {
  double size;   /* input bytes, > 0 */
  double time;   /* seconds, > 0 */
  double weight; /* number of samples the point summarizes */
} EsSample;

typedef enum EsPredictorKind {
  ES_PRED_MEAN = 0,
  ES_PRED_LOGLOG = 1,
  ES_PRED_TREE = 2,
} EsPredictorKind;

enum { ES_PRED_TREE_MAX_NODES = 31 }; /* depth 4 */

typedef struct EsTreeNode {
  double split;    /* log size: go left when below */
  int left, right; /* children, -1 for a leaf */
  double value;    /* leaf: mean log time */
} EsTreeNode;

typedef struct EsPredictor {
  EsPredictorKind kind;
  double a, b;     /* log-log coefficients */
  double log_mean; /* weighted mean of log time (the mean model) */
  EsTreeNode nodes[ES_PRED_TREE_MAX_NODES];
  int nnodes;
  int npoints;
  /* Leave-one-out error of each kind: exp(mean |log(predicted/actual)|) - 1,
   * so 0.1 means off by 10% in the geometric mean (NAN with fewer than three
   * points). */
  double cv_error[3];
} EsPredictor;

/* Fits one kind to n points (n >= 1; sizes and times > 0). */
void es_predictor_fit(const EsSample *pts, int n, EsPredictorKind kind, EsPredictor *out);
/* Predicted time at size s (> 0). */
double es_predictor_eval(const EsPredictor *p, double s);
/* Fits every kind, estimates each one's error by leave-one-out, and keeps
 * the best (the mean when fewer than three distinct sizes). */
void es_predictor_select(const EsSample *pts, int n, EsPredictor *out);
const char *es_predictor_kind_name(EsPredictorKind k);

/* The predictor of (key, device, level) from the profile's runs that record
 * a size. Returns false when there is none. */
bool es_profile_predictor(const EsProfile *prof, const char *key, const char *device, int level,
                          EsPredictor *out);

/* The predictor es_profile_time_at evaluates for (key, device, level):
 * fitted (es_predictor_select) when the profile has runs at three or more
 * distinct sizes; false otherwise. Fitting costs O(n^2 log n) for n sizes,
 * so callers predicting many tasks of one key fit once and evaluate each. */
bool es_profile_size_predictor(const EsProfile *prof, const char *key, const char *device,
                               int level, EsPredictor *out);

/* Time of key on device at level for an input of size bytes, as measured:
 * the mean of the runs at exactly that size where the profile has some (a
 * profile of two sizes places a task for the size a build is made for),
 * else the pooled mean (es_profile_time). false when it has no sample. */
bool es_profile_time_measured(const EsProfile *prof, const char *key, const char *device, int level,
                              double size, double *seconds);

/* Time of key on device at level for an input of size bytes: predicted when
 * the profile has runs at three or more distinct sizes and size > 0, else
 * es_profile_time_measured. Returns false when the profile has no sample
 * of it. */
bool es_profile_time_at(const EsProfile *prof, const char *key, const char *device, int level,
                        double size, double *seconds);

#endif
