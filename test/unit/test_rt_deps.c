/* Dependencies of pending tasks from overlapping address ranges: data
 * dependencies on the last writer of each byte with the bytes shared,
 * order dependencies for write-after-read and write-after-write, inputs
 * for bytes no pending task wrote, and none through a task's own sections.
 * Then random regions against a byte-by-byte model: the sweep splits and
 * searches its interval map by index, and a wrong index shows as a missing,
 * extra or wrongly sized dependency. Last, what a child of fork keeps of
 * the pending region: the tasks its thread submitted. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

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

/* ---- random regions against the byte model ---- */

enum { BYTES = 96, TASKS = 40, ACCS = 3 };

static uint64_t rng = 88172645463325252u;
static int rnd(int n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (int)(rng % (uint64_t)n);
}

/* What the sweep must find, from one byte at a time. */
typedef struct Model {
  double data[TASKS][TASKS][ACCS][ACCS]; /* bytes from -> to, accesses */
  uintptr_t lo[TASKS][TASKS][ACCS][ACCS], hi[TASKS][TASKS][ACCS][ACCS];
  bool order[TASKS][TASKS];
  double input[TASKS][ACCS];
} Model;

static void model_build(const RtBatch *b, Model *m) {
  int writer[BYTES], wacc[BYTES];
  bool reader[BYTES][TASKS];
  memset(m, 0, sizeof *m);
  memset(reader, 0, sizeof reader);
  for (int x = 0; x < BYTES; x++)
    writer[x] = -1;
  uintptr_t base = UINTPTR_MAX;
  for (int k = 0; k < b->nacc; k++)
    base = (uintptr_t)b->acc[k].ptr < base ? (uintptr_t)b->acc[k].ptr : base;
  for (int t = 0; t < b->len; t++) {
    const EsrtAccess *a = &b->acc[b->v[t].acc];
    for (int k = 0; k < b->v[t].nacc; k++) /* reads, and what writes must wait for */
      for (size_t i = 0; i < a[k].bytes; i++) {
        int x = (int)((uintptr_t)a[k].ptr + i - base), w = writer[x];
        uintptr_t at = (uintptr_t)a[k].ptr + i;
        if ((a[k].mode & ESRT_IN) && w >= 0) {
          int j = wacc[x];
          if (m->data[w][t][j][k] == 0 || at < m->lo[w][t][j][k])
            m->lo[w][t][j][k] = at;
          if (at + 1 > m->hi[w][t][j][k])
            m->hi[w][t][j][k] = at + 1;
          m->data[w][t][j][k]++;
        } else if (a[k].mode & ESRT_IN) {
          m->input[t][k]++;
        }
        if ((a[k].mode & ESRT_OUT) && w >= 0)
          m->order[w][t] = true;
        for (int r = 0; (a[k].mode & ESRT_OUT) && r < t; r++)
          m->order[r][t] |= reader[x][r];
      }
    for (int k = 0; k < b->v[t].nacc; k++)
      for (size_t i = 0; i < a[k].bytes; i++) {
        int x = (int)((uintptr_t)a[k].ptr + i - base);
        if (a[k].mode & ESRT_OUT) {
          writer[x] = t, wacc[x] = k;
          memset(reader[x], 0, sizeof reader[x]);
        } else {
          reader[x][t] = true;
        }
      }
  }
}

static void test_random_regions(void) {
  static char Z[BYTES];
  static Model m;
  const int modes[3] = {ESRT_IN, ESRT_OUT, ESRT_INOUT};
  for (int run = 0; run < 300; run++) {
    RtBatch b = {0};
    int ntasks = 1 + rnd(TASKS);
    for (int t = 0; t < ntasks; t++) {
      EsrtAccess acc[ACCS];
      int n = 1 + rnd(ACCS), span = run % 2 ? 8 : BYTES; /* short ranges, or any */
      for (int k = 0; k < n; k++) {
        int lo = rnd(BYTES), len = rnd(span + 1);
        len = lo + len > BYTES ? BYTES - lo : len;
        acc[k] = (EsrtAccess){Z + lo, (size_t)len, modes[rnd(3)], NULL};
      }
      rt_batch_add(&b, NULL, acc, n, NULL, 0);
    }
    RtDeps d;
    ASSERT_EQ(rt_deps_build(&b, &d), 0);
    model_build(&b, &m);
    int want = 0, npred[TASKS] = {0};
    for (int f = 0; f < TASKS; f++)
      for (int t = 0; t < TASKS; t++) {
        want += m.order[f][t];
        for (int j = 0; j < ACCS; j++)
          for (int k = 0; k < ACCS; k++)
            want += m.data[f][t][j][k] > 0;
      }
    ASSERT_EQ(d.ndep, want);
    for (int e = 0; e < d.ndep; e++) {
      const RtDep *x = &d.dep[e];
      npred[x->to]++;
      if (x->kind == RT_DEP_ORDER) {
        ASSERT_TRUE(m.order[x->from][x->to]);
        m.order[x->from][x->to] = false; /* each pair once */
        continue;
      }
      double *bytes = &m.data[x->from][x->to][x->from_acc][x->to_acc];
      ASSERT_EQ(x->bytes, *bytes);
      ASSERT_TRUE(x->lo == m.lo[x->from][x->to][x->from_acc][x->to_acc]);
      ASSERT_TRUE(x->hi == m.hi[x->from][x->to][x->from_acc][x->to_acc]);
      *bytes = 0;
    }
    for (int k = 0; k < d.nin; k++)
      m.input[d.in[k].task][d.in[k].acc] -= d.in[k].bytes;
    for (int t = 0; t < ntasks; t++) {
      for (int k = 0; k < ACCS; k++)
        ASSERT_EQ(m.input[t][k], 0);
      ASSERT_EQ(d.npred[t], npred[t]);
    }
    rt_deps_free(&d);
    rt_batch_free(&b);
  }
}

/* ---- the tasks of one thread (a child of fork) ---- */

static char Z[300];

static void *add_other(void *arg) {
  int v = 7;
  rt_batch_add(arg, NULL, &(EsrtAccess){Z + 100, 100, ESRT_OUT, NULL}, 1, &v, sizeof v);
  return NULL;
}

static void test_keep_thread(void) {
  RtBatch b = {0};
  int one = 1, two = 2;
  EsrtAccess a[2] = {{Z, 10, ESRT_IN, NULL}, {Z + 10, 10, ESRT_OUT, NULL}};
  pthread_t th;
  rt_batch_add(&b, NULL, a, 2, &one, sizeof one);
  ASSERT_EQ(pthread_create(&th, NULL, add_other, &b), 0);
  pthread_join(th, NULL);
  int i = rt_batch_add(&b, NULL, &(EsrtAccess){Z + 200, 50, ESRT_INOUT, NULL}, 1, &two, sizeof two);
  b.v[i].deferred = true, b.ndeferred = 1;
  ASSERT_EQ(b.len, 3);
  ASSERT_TRUE(rt_batch_touches(&b, (uintptr_t)(Z + 150), 1));
  rt_batch_keep_thread(&b, pthread_self());
  ASSERT_EQ(b.len, 2);
  ASSERT_EQ(b.nacc, 3);
  ASSERT_EQ(b.ndeferred, 1);
  ASSERT_TRUE(!rt_batch_touches(&b, (uintptr_t)(Z + 150), 1)); /* the other thread's */
  ASSERT_TRUE(b.acc[b.v[1].acc].ptr == Z + 200 && b.v[1].nacc == 1 && b.v[1].deferred);
  ASSERT_TRUE(b.acc[b.v[0].acc + 1].ptr == Z + 10);
  ASSERT_EQ(*(const int *)(b.args + b.v[1].args), 2); /* arguments where they were */
  rt_batch_free(&b);
}

int main(void) {
  test_random_regions();
  test_keep_thread();
  static char X[400], Y[100];
  RtBatch b = {0};
  EsrtAccess none = {0};
  add(&b, (EsrtAccess){X, 100, ESRT_OUT, NULL}, none, 1);     /* t0 writes X[0:100] */
  add(&b, (EsrtAccess){X + 50, 100, ESRT_IN, NULL}, none, 1); /* t1 reads X[50:150] */
  add(&b, (EsrtAccess){X, 10, ESRT_OUT, NULL}, none, 1);      /* t2 writes X[0:10] */
  add(&b, (EsrtAccess){Y, 100, ESRT_IN, NULL}, (EsrtAccess){X + 60, 5, ESRT_OUT, NULL}, 2); /* t3 */
  add(&b, (EsrtAccess){X, 200, ESRT_IN, NULL}, (EsrtAccess){X + 5, 10, ESRT_INOUT, NULL},
      2); /* t4 */
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
