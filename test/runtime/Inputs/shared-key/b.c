#include "k.h"

static void mix(int n, const long *y, long *x) {
  for (int i = 0; i < n; i++)
    x[i] = (y[i] + y[(i + 1) % n] * 2) % 10007;
}

static void mix_gpu(int n, const long *y, long *x) { mix(n, y, x); }

void phase_b(int n, long *x, long *y) {
#pragma esched task name(k) in(y[0:n]) out(x[0:n]) gpu(mix_gpu)
  mix(n, y, x);
}
