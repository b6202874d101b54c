/* Link calibration (detect.h): copies of sizes 4 B, 16 B, ... up to
 * max_bytes through a device's back end, each timed as the median of
 * several repetitions (more for small copies: at least 5, up to 100, about
 * 64 MiB moved per size). A run's figures come from rt_link_fit; the
 * result is the median over the runs, which discounts a run disturbed by
 * other work.
 *
 * The fit reads the bandwidth off each large copy by itself instead of
 * taking the least-squares slope of time against size, which it did
 * before: with sizes growing by factors of 4 that slope is set by the
 * difference between the largest copies' times, so one of them slowed by
 * other work made the link look faster, not slower. On a loaded 2-core
 * machine one single run in 60 gave 461 GB/s for PoCL's link, which the
 * others measured in tens of GB/s (`esched platform --detect --runs 1
 * --max-bytes 1MiB` beside three busy loops); a larger disturbance would
 * have given TB/s. A copy slowed by other work can only lower its own
 * estimate, and the median of three discards one such copy. */
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

RtLinkFit rt_link_fit(const double *s, const double *t, int n) {
  double latency = t[0], b[3];
  int k = 0;
  for (int i = n - 1; i > 0 && k < 3; i--)
    if (t[i] > 2 * latency)
      b[k++] = (s[i] - s[0]) / (t[i] - latency);
  if (k == 0) /* even the largest copy is mostly latency: a lower bound */
    return (RtLinkFit){latency, s[n - 1] / t[n - 1]};
  return (RtLinkFit){latency, k == 3 ? median(b, 3) : b[0]};
}

/* One run: every size timed, then fitted. */
static RtLinkFit one_run(const RtMemOps *ops, void *ctx, char *dev, char *host, size_t max,
                         RtCopyDir dir) {
  double s[MAX_SIZES], t[MAX_SIZES];
  int n = 0;
  for (size_t b = 4; b <= max && n < MAX_SIZES; b *= 4, n++) {
    s[n] = (double)b;
    t[n] = time_copy(ops, ctx, dev, host, b, dir);
  }
  return rt_link_fit(s, t, n);
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
