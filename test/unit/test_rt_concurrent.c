/* The concurrent executor through the public API: many static tasks
 * alternating between the CPU worker and the GPU manager thread on
 * overlapping sections of one array (each task adds to a window that
 * overlaps its neighbours'), flushed in small regions and at host reads.
 * The result must equal the sequential computation exactly, and the
 * ThreadSanitizer build must see no race. */
#include <stdio.h>
#include <stdlib.h>

#include "esched_rt.h"
#include "test.h"

#define N     4096
#define W     256
#define TASKS 600

struct args {
  int lo, k;
};

static void bump(void *const *p, const void *a) {
  const struct args *x = a;
  long *v = p[0];
  for (int i = 0; i < W; i++)
    v[i] += x->k * (i % 3 + 1);
}

static const EsrtVariant variants[] = {{"cpu", bump, 1e-6, 0, NULL}, {"gpu", bump, 1e-6, 0, NULL}};
static const EsrtTask on_cpu = {"t", "cpu", "bump_cpu", variants, 2,    0,    0,
                                0,   NULL,  NULL,       0,        NULL, NULL, NULL};
static const EsrtTask on_gpu = {"t", "gpu", "bump_gpu", variants, 2,    1,    0,
                                0,   NULL,  NULL,       0,        NULL, NULL, NULL};
static const EsrtTask deferred = {"t",           "d",  "bump_d", variants, 2,    0,    0,
                                  ESRT_DEFERRED, NULL, NULL,     0,        NULL, NULL, NULL};

static long data[N], expect[N];

int main(void) {
  setenv("ESCHED_EXECUTOR", "concurrent", 1);
  setenv("ESCHED_DEFER_MAX", "37", 1);
  setenv("ESCHED_SUMMARY", "none", 1);
  for (int t = 0; t < TASKS; t++) {
    struct args a = {(t * 97) % (N - W), t % 11 - 5};
    for (int i = 0; i < W; i++)
      expect[a.lo + i] += a.k * (i % 3 + 1);
    EsrtAccess acc = {&data[a.lo], W * sizeof(long), ESRT_INOUT, NULL};
    const EsrtTask *task = t % 3 == 0 ? &on_cpu : t % 3 == 1 ? &on_gpu : &deferred;
    esrt_submit(task, &acc, 1, &a, sizeof a);
    if (t % 101 == 100) { /* host code reading a window mid-way */
      esrt_host(&data[a.lo], W * sizeof(long), ESRT_IN);
      ASSERT_EQ(data[a.lo + 7], expect[a.lo + 7]);
    }
  }
  esrt_region_end();
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += data[i] != expect[i];
  ASSERT_EQ(bad, 0);
  esrt_shutdown();
  return test_summary();
}
