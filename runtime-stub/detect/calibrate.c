/* Link calibration (detect.h): copies of sizes 4 B, 16 B, ... up to
 * max_bytes through a device's back end, each timed as the median of
 * several repetitions (more for small copies: at least 5, up to 100, about
 * 64 MiB moved per size). A run fits t = latency + size / bandwidth by
 * least squares; its latency is the 4-byte copy's time. The result is the
 * median over the runs, which discounts a run disturbed by other work. */
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/detect/calibrate.h"
#include "runtime-stub/memory/clock.h"

#define MAX_SIZES 20
#define MAX_REPS  100

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, ascending);
  return v[n / 2];
}

/* Median seconds of one copy of `bytes` in direction dir (after one
 * untimed copy that warms caches and the back end's staging). */
static double time_copy(const RtMemOps *ops, void *ctx, char *dev, char *host, size_t bytes,
                        RtCopyDir dir) {
  double t[MAX_REPS];
  int reps = (int)(((size_t)64 << 20) / bytes);
  reps = reps < 5 ? 5 : reps > MAX_REPS ? MAX_REPS : reps;
  for (int r = -1; r < reps; r++) {
    double t0 = rt_now();
    if (dir == RT_H2D)
      ops->copy(ctx, dev, host, bytes, dir);
    else
      ops->copy(ctx, host, dev, bytes, dir);
    if (r >= 0)
      t[r] = rt_now() - t0;
  }
  return median(t, reps);
}

/* One run: the 4-byte latency and the least-squares bandwidth. */
static RtLinkFit one_run(const RtMemOps *ops, void *ctx, char *dev, char *host, size_t max,
                         RtCopyDir dir) {
  double s[MAX_SIZES], t[MAX_SIZES], ms = 0, mt = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (size_t b = 4; b <= max && n < MAX_SIZES; b *= 4, n++) {
    s[n] = (double)b;
    t[n] = time_copy(ops, ctx, dev, host, b, dir);
  }
  for (int i = 0; i < n; i++)
    ms += s[i] / n, mt += t[i] / n;
  for (int i = 0; i < n; i++)
    sxx += (s[i] - ms) * (s[i] - ms), sxy += (s[i] - ms) * (t[i] - mt);
  /* sxy <= 0: sizes too small to see the bandwidth; the largest copy's */
  return (RtLinkFit){t[0], sxy > 0 ? sxx / sxy : s[n - 1] / t[n - 1]};
}

bool rt_calibrate(const RtMemOps *ops, void *ctx, const RtDetectOptions *o, RtLinkFit *h2d,
                  RtLinkFit *d2h) {
  size_t max = o->max_bytes < 64 ? 64 : o->max_bytes;
  int runs = o->runs < 1 ? 1 : o->runs > MAX_REPS ? MAX_REPS : o->runs;
  void *dev = NULL;
  char *host = malloc(max);
  if (!host || ops->alloc(ctx, max, &dev)) {
    free(host);
    return false;
  }
  memset(host, 1, max); /* the pages exist before anything is timed */
  double v[4][MAX_REPS];
  for (int r = 0; r < runs; r++) {
    RtLinkFit a = one_run(ops, ctx, dev, host, max, RT_H2D);
    RtLinkFit b = one_run(ops, ctx, dev, host, max, RT_D2H);
    v[0][r] = a.latency, v[1][r] = a.bandwidth, v[2][r] = b.latency, v[3][r] = b.bandwidth;
  }
  *h2d = (RtLinkFit){median(v[0], runs), median(v[1], runs)};
  *d2h = (RtLinkFit){median(v[2], runs), median(v[3], runs)};
  ops->release(ctx, dev);
  free(host);
  return true;
}
