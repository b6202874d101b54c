/* Scratch copies for all-devices runs: overlapping ranges share one buffer
 * (sections of one array alias as in the original), read ranges carry the
 * current bytes from wherever the scheduled placement holds them, written
 * ones start as poison, nothing touches the originals; in place, host
 * memory gets the current bytes and is restored byte for byte. */
#include <math.h>
#include <string.h>

#include "runtime-stub/memory/mem.h"
#include "runtime-stub/memory/scratch.h"
#include "scheduler/base/error.h"
#include "test.h"

static double no_time(void *ctx, int from, int to, size_t bytes, double start, double wall_start,
                      double wall, bool evict) {
  (void)ctx, (void)from, (void)to, (void)bytes, (void)wall_start, (void)wall, (void)evict;
  return start;
}

static double a[16], b[4];

static void copies(RtRegistry *reg) {
  for (int i = 0; i < 16; i++)
    a[i] = i;
  EsrtAccess acc[4] = {{a, 8 * sizeof *a, ESRT_IN, NULL},
                       {a + 4, 12 * sizeof *a, ESRT_INOUT, NULL},
                       {b, sizeof b, ESRT_OUT, NULL},
                       {b, 0, ESRT_IN, NULL}};
  void *src[4] = {a, a + 4, b, b}, *ptr[4];
  RtScratch sc;
  ASSERT_EQ(rt_scratch_open(&sc, reg, 0, src, 1, false, 0, acc, 4, ptr), ES_OK);
  ASSERT_EQ(sc.n, 2);
  double *p0 = ptr[0], *p1 = ptr[1], *p2 = ptr[2];
  ASSERT_TRUE(p0 != a && p2 != b);
  ASSERT_EQ(p1 - p0, 4); /* one buffer for the overlapping sections */
  ASSERT_TRUE(ptr[3] == NULL);
  for (int i = 0; i < 16; i++)
    ASSERT_NEAR(p0[i], i, 0);
  ASSERT_TRUE(isnan(p2[0]) && isnan(p2[3])); /* written only: poison */
  for (int i = 0; i < 12; i++)
    p1[i] = -1;
  ASSERT_NEAR(p0[5], -1, 0);
  ASSERT_NEAR(a[5], 5, 0); /* the original is untouched */
  rt_scratch_close(&sc, reg);
  /* Copies in host memory of data current on a device. */
  double dev[16];
  for (int i = 0; i < 16; i++)
    dev[i] = 100 + i;
  void *dsrc[2] = {dev, dev + 4};
  ASSERT_EQ(rt_scratch_open(&sc, reg, 1, dsrc, 0, false, 0, acc, 2, ptr), ES_OK);
  ASSERT_NEAR(((double *)ptr[1])[0], 104, 0);
  ASSERT_TRUE(ptr[0] != a);
  rt_scratch_close(&sc, reg);
}

static void in_place(RtRegistry *reg) {
  double dev[16];
  for (int i = 0; i < 16; i++)
    a[i] = i, dev[i] = 100 + i;
  EsrtAccess acc[2] = {{a, 8 * sizeof *a, ESRT_IN, NULL}, {a + 8, 8 * sizeof *a, ESRT_OUT, NULL}};
  void *src[2] = {dev, dev + 8}, *ptr[2];
  RtScratch sc;
  ASSERT_EQ(rt_scratch_open(&sc, reg, 1, src, 0, true, 0, acc, 2, ptr), ES_OK);
  ASSERT_TRUE(ptr[0] == a && ptr[1] == a + 8);
  ASSERT_NEAR(a[3], 103, 0); /* the current bytes, from the device */
  ASSERT_NEAR(a[12], 12, 0); /* written only: not fetched */
  for (int i = 0; i < 16; i++)
    a[i] = -7;
  rt_scratch_close(&sc, reg);
  for (int i = 0; i < 16; i++)
    ASSERT_NEAR(a[i], i, 0);
  /* In place from the host itself: saved and restored. */
  void *hsrc[2] = {a, a + 8};
  ASSERT_EQ(rt_scratch_open(&sc, reg, 0, hsrc, 0, true, 0, acc, 2, ptr), ES_OK);
  a[0] = 42;
  rt_scratch_close(&sc, reg);
  ASSERT_NEAR(a[0], 0, 0);
}

int main(void) {
  RtRegistry reg;
  rt_registry_init(&reg, 2, no_time, NULL);
  rt_registry_set_space(&reg, 1, &rt_mem_sim, NULL);
  copies(&reg);
  in_place(&reg);
  rt_registry_free(&reg);
  return test_summary();
}
