/* Dependencies of pending tasks from overlapping address ranges: data
 * dependencies on the last writer of each byte with the bytes shared,
 * order dependencies for write-after-read and write-after-write, inputs
 * for bytes no pending task wrote, and none through a task's own sections. */
#include "runtime-stub/core/batch.h"
#include "test.h"

static int add(RtBatch *b, EsrtAccess a0, EsrtAccess a1, int n) {
  EsrtAccess acc[2] = {a0, a1};
  return rt_batch_add(b, NULL, acc, n, NULL, 0);
}

static const RtDep *find(const RtDeps *d, int from, int to, RtDepKind kind) {
  for (int k = 0; k < d->ndep; k++)
    if (d->dep[k].from == from && d->dep[k].to == to && d->dep[k].kind == kind)
      return &d->dep[k];
  return NULL;
}

int main(void) {
  static char X[400], Y[100];
  RtBatch b = {0};
  EsrtAccess none = {0};
  add(&b, (EsrtAccess){X, 100, ESRT_OUT}, none, 1);     /* t0 writes X[0:100] */
  add(&b, (EsrtAccess){X + 50, 100, ESRT_IN}, none, 1); /* t1 reads X[50:150] */
  add(&b, (EsrtAccess){X, 10, ESRT_OUT}, none, 1);      /* t2 writes X[0:10] */
  add(&b, (EsrtAccess){Y, 100, ESRT_IN}, (EsrtAccess){X + 60, 5, ESRT_OUT}, 2);   /* t3 */
  add(&b, (EsrtAccess){X, 200, ESRT_IN}, (EsrtAccess){X + 5, 10, ESRT_INOUT}, 2); /* t4 */
  RtDeps d;
  ASSERT_EQ(rt_deps_build(&b, &d), 0);
  const RtDep *e = find(&d, 0, 1, RT_DEP_DATA);
  ASSERT_TRUE(e != NULL);
  if (e) {
    ASSERT_EQ(e->bytes, 50);
    ASSERT_TRUE(e->lo == (uintptr_t)(X + 50) && e->hi == (uintptr_t)(X + 100));
  }
  ASSERT_TRUE(find(&d, 0, 2, RT_DEP_ORDER) != NULL); /* write after write */
  ASSERT_TRUE(find(&d, 1, 2, RT_DEP_ORDER) == NULL); /* t1 never read X[0:10] */
  ASSERT_TRUE(find(&d, 1, 3, RT_DEP_ORDER) != NULL); /* t3 overwrites what t1 read */
  ASSERT_TRUE(find(&d, 0, 3, RT_DEP_ORDER) != NULL);
  /* t4 reads X[0:10] from t2, X[10:60] and X[65:100] from t0, X[60:65]
   * from t3, and X[100:200] from nowhere pending. */
  e = find(&d, 2, 4, RT_DEP_DATA);
  ASSERT_TRUE(e && e->bytes == 10);
  e = find(&d, 0, 4, RT_DEP_DATA);
  ASSERT_TRUE(e && e->bytes == 85);
  e = find(&d, 3, 4, RT_DEP_DATA);
  ASSERT_TRUE(e && e->bytes == 5 && e->from_acc == 1);
  ASSERT_TRUE(find(&d, 4, 4, RT_DEP_DATA) == NULL);
  ASSERT_TRUE(find(&d, 4, 4, RT_DEP_ORDER) == NULL);
  ASSERT_EQ(d.nin, 3); /* t1: X[100:150]; t3: Y; t4: X[100:200] */
  double in_bytes = 0;
  for (int k = 0; k < d.nin; k++)
    in_bytes += d.in[k].bytes;
  ASSERT_EQ(in_bytes, 50 + 100 + 100);
  /* Predecessor counts and successor lists agree with the list. */
  ASSERT_EQ(d.npred[0], 0);
  ASSERT_EQ(d.npred[1], 1);
  int total = 0;
  for (int t = 0; t < b.len; t++)
    total += d.succ_first[t + 1] - d.succ_first[t];
  ASSERT_EQ(total, d.ndep);
  ASSERT_TRUE(rt_batch_touches(&b, (uintptr_t)(X + 199), 1));
  ASSERT_TRUE(!rt_batch_touches(&b, (uintptr_t)(X + 200), 100));
  rt_deps_free(&d);
  rt_batch_free(&b);
  return test_summary();
}
