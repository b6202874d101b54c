/* Cost predictors: log-log recovers power laws, the tree recovers steps,
 * leave-one-out picks the right one, and profile statistics merge exactly. */
#include "test.h"

#include "scheduler/model/predict.h"
#include "scheduler/base/rng.h"

static void power_law(void) {
  EsSample pts[8];
  for (int i = 0; i < 8; i++) {
    double s = 1000 * pow(4, i);
    pts[i] = (EsSample){s, 2e-9 * pow(s, 1.5), 3};
  }
  EsPredictor p;
  es_predictor_select(pts, 8, &p);
  ASSERT_EQ(p.kind, ES_PRED_LOGLOG);
  ASSERT_NEAR(p.b, 1.5, 1e-9);
  ASSERT_NEAR(es_predictor_eval(&p, 1e9), 2e-9 * pow(1e9, 1.5), 1e-9);
  ASSERT_TRUE(p.cv_error[ES_PRED_LOGLOG] < 1e-9);
  ASSERT_TRUE(p.cv_error[ES_PRED_TREE] > 0.1);
}

/* Time jumps tenfold past 1e5 bytes (falling out of a cache): no power law
 * fits, the tree does. */
static void step(void) {
  EsSample pts[12];
  for (int i = 0; i < 12; i++) {
    double s = 1e3 * pow(2, i);
    pts[i] = (EsSample){s, s < 1e5 ? 1.0 : 10.0, 1};
  }
  EsPredictor p;
  es_predictor_select(pts, 12, &p);
  ASSERT_EQ(p.kind, ES_PRED_TREE);
  ASSERT_NEAR(es_predictor_eval(&p, 5e4), 1.0, 1e-12);
  ASSERT_NEAR(es_predictor_eval(&p, 1e6), 10.0, 1e-12);
  ASSERT_TRUE(p.cv_error[ES_PRED_TREE] < p.cv_error[ES_PRED_LOGLOG]);
}

static void too_few_sizes(void) {
  EsSample pts[3] = {{100, 1, 1}, {100, 3, 1}, {200, 5, 2}};
  EsPredictor p;
  es_predictor_select(pts, 3, &p);
  ASSERT_EQ(p.kind, ES_PRED_MEAN);
  /* geometric mean of 1, 3, 5, 5 */
  ASSERT_NEAR(es_predictor_eval(&p, 12345), pow(1 * 3 * 5 * 5, 0.25), 1e-12);
}

static void profile_prediction(void) {
  EsProfile *prof = es_profile_new();
  EsProfileEntry *e = es_profile_entry(prof, "mm");
  for (int i = 0; i < 5; i++) {
    double s = 1e4 * pow(10, i);
    EsProfileRun *r = es_profile_run(prof, e, "cpu", 0, s);
    es_stats_add(&r->time, 1e-8 * s);
  }
  double t;
  ASSERT_TRUE(es_profile_time_at(prof, "mm", "cpu", 0, 5e6, &t));
  ASSERT_NEAR(t, 5e-2, 1e-9);
  ASSERT_TRUE(!es_profile_time_at(prof, "mm", "gpu", 0, 5e6, &t));
  ASSERT_TRUE(!es_profile_time_at(prof, "other", "cpu", 0, 5e6, &t));
  es_profile_free(prof);
}

/* es_profile_size_predictor fits only from three distinct sizes; its
 * predictions are es_profile_time_at's, which otherwise takes the runs at
 * the size asked for, and pools every run at a size the profile lacks. */
static void size_predictor(void) {
  EsProfile *prof = es_profile_new();
  EsProfileEntry *e = es_profile_entry(prof, "k");
  es_stats_add(&es_profile_run(prof, e, "cpu", 0, 100)->time, 1e-3);
  es_stats_add(&es_profile_run(prof, e, "cpu", 0, 200)->time, 2e-3);
  EsPredictor p;
  double t;
  ASSERT_TRUE(!es_profile_size_predictor(prof, "k", "cpu", 0, &p));
  ASSERT_TRUE(es_profile_time_at(prof, "k", "cpu", 0, 400, &t));
  ASSERT_NEAR(t, 1.5e-3, 1e-15);
  ASSERT_TRUE(es_profile_time_at(prof, "k", "cpu", 0, 200, &t));
  ASSERT_NEAR(t, 2e-3, 1e-15);
  ASSERT_TRUE(es_profile_time_measured(prof, "k", "cpu", 0, 0, &t));
  ASSERT_NEAR(t, 1.5e-3, 1e-15);
  es_stats_add(&es_profile_run(prof, e, "cpu", 0, 400)->time, 4e-3);
  ASSERT_TRUE(es_profile_size_predictor(prof, "k", "cpu", 0, &p));
  ASSERT_TRUE(es_profile_time_at(prof, "k", "cpu", 0, 800, &t));
  ASSERT_NEAR(es_predictor_eval(&p, 800), t, 0);
  ASSERT_NEAR(t, 8e-3, 1e-12);
  ASSERT_TRUE(!es_profile_size_predictor(prof, "k", "gpu", 0, &p));
  es_profile_free(prof);
}

/* Merging summaries equals summarizing the concatenated samples. */
static void stats_merge(void) {
  EsRng r;
  es_rng_seed(&r, 3);
  EsStats a = {0, 0, 0, 0, 0}, b = a, all = a;
  for (int i = 0; i < 1000; i++) {
    double x = es_rng_lognormal(&r, 1, 1, 0, 1e9);
    es_stats_add(i % 3 ? &a : &b, x);
    es_stats_add(&all, x);
  }
  es_stats_merge(&a, &b);
  ASSERT_EQ(a.count, all.count);
  ASSERT_NEAR(a.mean, all.mean, 1e-12);
  ASSERT_NEAR(es_stats_variance(&a), es_stats_variance(&all), 1e-10);
  ASSERT_NEAR(a.min, all.min, 0);
  ASSERT_NEAR(a.max, all.max, 0);
}

int main(void) {
  power_law();
  step();
  too_few_sizes();
  profile_prediction();
  size_predictor();
  stats_merge();
  return test_summary();
}
