/* A stream region in a loop, after an ordinary task: each iteration the
 * task `gain` (which may run on the GPU, deferred: it is in a loop) scales
 * the new block, and one round of the stream `pipe` smooths it, squares it
 * (both moldable, in teams) and sums it (sequential). */
#include <stdio.h>

#define N      96
#define ROUNDS 5

typedef float sample;

void gain(const float *x, float *y, int n);
void gain_gpu(const float *x, float *y, int n);

void gain(const float *x, float *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

void gain_gpu(const float *x, float *y, int n) { gain(x, y, n); }

/* Outputs [lo, hi) of a team member. */
static void share(int n, int member, int members, int *lo, int *hi) {
  *lo = n * member / members;
  *hi = n * (member + 1) / members;
}

static void smooth(const sample *x, sample *y, int n, int member, int members) {
  int lo, hi;
  share(n, member, members, &lo, &hi);
  for (int i = lo; i < hi; i++)
    y[i] = (x[i > 0 ? i - 1 : i] + x[i] + x[i < n - 1 ? i + 1 : i]) / 3;
}

static void square(const sample *x, sample *y, int n, int member, int members) {
  int lo, hi;
  share(n, member, members, &lo, &hi);
  for (int i = lo; i < hi; i++)
    y[i] = x[i] * x[i];
}

static void total(const sample *x, double *out, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  *out = s;
}

int main(void) {
  static float x[N], g[N];
  static sample s[N], q[N];
  double t = 0;
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < N; i++)
      x[i] = (float)((i * 7 + r * 13) % 17) - 8;
#pragma esched task name(gain) in(x[0:N]) out(g[0:N]) gpu(gain_gpu)
    gain(x, g, N);
#pragma esched stream name(pipe) cores(4) deadline(60us)
    {
#pragma esched task name(smooth) width(4) work(40us) efficiency(comm:1us)
      smooth(g, s, N, 0, 1);
#pragma esched task name(square) width(2) work(20us) efficiency(2:0.9)
      square(g, q, N, 0, 1);
#pragma esched task name(total) width(1) work(10us)
      total(g, &t, N);
    }
    double a = 0, b = 0;
    for (int i = 0; i < N; i++)
      a += s[i], b += q[i];
    printf("round %d: smooth %.4f square %.1f total %.1f\n", r, a, b, t);
  }
  return 0;
}
