/* Tasks whose calls' arguments have effects: an increment, an assignment,
 * and a function that prints. Each argument must be evaluated once, as
 * the program says, however many times a check or a profiling run runs
 * the task's variants. */
#include <stdio.h>

static int calls;

static void fill(float *y, int n, int v) {
  for (int i = 0; i < n; i++)
    y[i] = (float)(v + i);
}
static void fill_gpu(float *y, int n, int v) { fill(y, n, v); }

static int next(void) {
  printf("next %d\n", calls);
  return calls++;
}

int main(void) {
  float y[4], z[4], w[4];
  int m = 0, k;
#pragma esched task name(inc) out(y[0:4]) gpu(fill_gpu)
  fill(y, 4, m++);
#pragma esched task name(assign) out(z[0:4]) gpu(fill_gpu)
  fill(z, 4, k = m + 10);
#pragma esched task name(call) out(w[0:4]) gpu(fill_gpu)
  fill(w, 4, next());
  printf("m=%d k=%d calls=%d %.1f %.1f %.1f\n", m, k, calls, y[0], z[0], w[0]);
  return 0;
}
