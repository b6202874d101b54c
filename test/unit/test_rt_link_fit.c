/* rt_link_fit, the link calibration's fit (calibrate.c), on copy times
 * made by the model t = latency + size / bandwidth: exact when no copy is
 * disturbed; the same when one of the three largest copies is slowed by
 * other work (which made the least-squares slope it replaced many times too
 * fast); never more than twice the true bandwidth, whatever copies are
 * slowed, the smallest one included; a lower bound when every copy is
 * mostly latency. */
#include <stdbool.h>

#include "runtime-stub/detect/calibrate.h"
#include "scheduler/base/rng.h"
#include "test.h"

enum { MAXN = 20 };

/* Sizes 4 B .. 4^n B and their times under the model. */
static void model(int n, double latency, double bandwidth, double *s, double *t) {
  double b = 4;
  for (int i = 0; i < n; i++, b *= 4)
    s[i] = b, t[i] = latency + b / bandwidth;
}

static void exact_and_one_slowed(void) {
  double s[MAXN], t[MAXN];
  model(10, 2e-6, 30e9, s, t); /* 4 B .. 1 MiB, as detect.test measures PoCL */
  RtLinkFit f = rt_link_fit(s, t, 10);
  ASSERT_NEAR(f.bandwidth, 30e9, 1e-9);
  /* The latency is the 4-byte copy's time: the model's and 4 bytes' transfer. */
  ASSERT_TRUE(f.latency == t[0]);
  for (int slow = 7; slow <= 9; slow++) { /* 64 KiB, 256 KiB, 1 MiB */
    model(10, 2e-6, 30e9, s, t);
    t[slow] *= 3;
    ASSERT_NEAR(rt_link_fit(s, t, 10).bandwidth, 30e9, 1e-9);
  }
}

static void mostly_latency(void) {
  double s[MAXN], t[MAXN];
  model(3, 5e-6, 30e9, s, t); /* 4, 16, 64 bytes */
  RtLinkFit f = rt_link_fit(s, t, 3);
  ASSERT_NEAR(f.bandwidth, 64 / t[2], 1e-12);
  ASSERT_TRUE(f.bandwidth < 30e9);
  model(1, 5e-6, 30e9, s, t);
  ASSERT_NEAR(rt_link_fit(s, t, 1).bandwidth, 4 / t[0], 1e-12);
}

/* Random links and sizes, each copy slowed by up to 10x with probability
 * 1/3: positive, finite, below twice the truth; and exactly the truth when
 * the smallest copy and two of the three largest that count are not
 * slowed. */
static void property(void) {
  EsRng rng;
  es_rng_seed(&rng, 12345);
  int exact = 0;
  for (int round = 0; round < 20000; round++) {
    int n = 1 + (int)(es_rng_next(&rng) % MAXN);
    double latency = 1e-7 * (1 + 999 * es_rng_uniform(&rng));
    double bandwidth = 1e8 * (1 + 9999 * es_rng_uniform(&rng));
    double s[MAXN], t[MAXN];
    bool slowed[MAXN];
    model(n, latency, bandwidth, s, t);
    for (int i = 0; i < n; i++)
      if ((slowed[i] = es_rng_next(&rng) % 3 == 0))
        t[i] *= 1 + 9 * es_rng_uniform(&rng);
    RtLinkFit f = rt_link_fit(s, t, n);
    ASSERT_TRUE(f.bandwidth > 0 && isfinite(f.bandwidth));
    ASSERT_TRUE(f.bandwidth < 2 * bandwidth * (1 + 1e-12));
    /* The copies the fit reads: the three largest that latency is less
     * than half of. */
    int counted = 0, slow = 0;
    for (int i = n - 1; i > 0 && counted < 3; i--)
      if (t[i] > 2 * t[0])
        counted++, slow += slowed[i];
    if (!slowed[0] && counted == 3 && slow <= 1) {
      ASSERT_NEAR(f.bandwidth, bandwidth, 1e-9);
      exact++;
    }
  }
  ASSERT_TRUE(exact > 1000); /* the exact case was reached often */
}

int main(void) {
  exact_and_one_slowed();
  mostly_latency();
  property();
  return test_summary();
}
