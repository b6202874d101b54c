/* The runtime's data registry on the sim back end: residency per space,
 * copies only of what is missing, invalidation on write, overlapping array
 * sections sharing one device buffer, extents merging without losing data,
 * poison showing bytes never moved, the write-back of a region's end,
 * what it leaves to tasks other threads still run, and fork's two sides.
 * Then random tasks on the host and two sim devices against a model of the
 * array's values: the registry splits and searches its segments and extents
 * by index, and a wrong index shows as a stale or lost value. */
#include <stdint.h>
#include <string.h>

#include "runtime-stub/memory/registry.h"
#include "scheduler/base/error.h"
#include "test.h"

typedef struct Moves {
  int count;
  size_t bytes;
  int from, to;
} Moves;

static double on_move(void *ctx, int from, int to, size_t bytes, double start, double wall_start,
                      double wall, bool evict) {
  Moves *m = ctx;
  (void)wall_start, (void)wall, (void)evict;
  m->count++;
  m->bytes += bytes;
  m->from = from, m->to = to;
  return start + (double)bytes; /* a link moving one byte per second */
}

static int acquire(RtRegistry *r, int s, const void *p, size_t bytes, int mode, void **out) {
  EsrtAccess a = {p, bytes, mode, NULL};
  double clock = 0, ready;
  int rc = rt_registry_acquire(r, s, &a, 1, out, &clock, &ready);
  rt_registry_release(r, s, &a, 1, ready + 1);
  return rc;
}

static void test_read_write(void) {
  int A[200];
  for (int i = 0; i < 200; i++)
    A[i] = i;
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  int *d;
  ASSERT_EQ(acquire(&r, 1, A, 100 * sizeof(int), ESRT_IN, (void **)&d), 0);
  ASSERT_TRUE(d != A);
  ASSERT_EQ(d[99], 99);
  ASSERT_EQ(m.count, 1);
  ASSERT_EQ(m.bytes, 100 * sizeof(int));
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)A, 100 * sizeof(int)), 3);
  /* Reading again moves nothing. */
  ASSERT_EQ(acquire(&r, 1, A + 10, 10 * sizeof(int), ESRT_IN, (void **)&d), 0);
  ASSERT_EQ(m.count, 1);
  ASSERT_EQ(d[0], 10);
  /* Writing A[50:100] on the device: only the missing A[100:150] moves in
   * (INOUT), and the host copy of A[50:150] is invalid afterwards. */
  ASSERT_EQ(acquire(&r, 1, A + 50, 100 * sizeof(int), ESRT_INOUT, (void **)&d), 0);
  ASSERT_EQ(m.count, 2);
  ASSERT_EQ(m.bytes, 150 * sizeof(int));
  for (int i = 0; i < 100; i++)
    d[i] = -d[i];
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)(A + 50), 100 * sizeof(int)), 2);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)A, 50 * sizeof(int)), 3);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)(A + 150), 50 * sizeof(int)), 1);
  ASSERT_EQ(A[60], 60); /* the host copy is stale until acquired */
  /* The host reads all of A: exactly A[50:150] comes back, in one copy. */
  ASSERT_EQ(acquire(&r, 0, A, sizeof A, ESRT_IN, (void **)&d), 0);
  ASSERT_TRUE(d == A);
  ASSERT_EQ(m.count, 3);
  ASSERT_EQ(m.from, 1);
  ASSERT_EQ(m.to, 0);
  ASSERT_EQ(m.bytes, 250 * sizeof(int));
  ASSERT_EQ(A[60], -60);
  ASSERT_EQ(A[149], -149);
  ASSERT_EQ(A[150], 150);
  rt_registry_free(&r);
}

/* Two sections of one array in one task get addresses in one buffer. */
static void test_overlapping_sections(void) {
  double X[64];
  for (int i = 0; i < 64; i++)
    X[i] = i;
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  EsrtAccess acc[2] = {{X, 10 * sizeof(double), ESRT_IN, NULL},
                       {X + 5, 20 * sizeof(double), ESRT_INOUT, NULL}};
  void *p[2];
  double clock = 0, ready;
  ASSERT_EQ(rt_registry_acquire(&r, 1, acc, 2, p, &clock, &ready), 0);
  ASSERT_TRUE((double *)p[1] == (double *)p[0] + 5);
  ASSERT_EQ(((double *)p[1])[19], 24);
  ASSERT_EQ(m.bytes, 25 * sizeof(double)); /* the union, each byte once */
  ASSERT_EQ(r.space[1].next, 1);
  /* A later, wider section absorbs the extent: device data survives. */
  ((double *)p[1])[0] = 500; /* X[5] on the device */
  rt_registry_release(&r, 1, acc, 2, ready);
  double *w;
  ASSERT_EQ(acquire(&r, 1, X + 20, 30 * sizeof(double), ESRT_IN, (void **)&w), 0);
  ASSERT_EQ(r.space[1].next, 1);
  ASSERT_EQ(w[0], 20);
  ASSERT_EQ(w[-15], 500);
  ASSERT_EQ(m.bytes, 50 * sizeof(double));
  /* A disjoint section gets its own extent. */
  ASSERT_EQ(acquire(&r, 1, X + 60, 2 * sizeof(double), ESRT_IN, (void **)&w), 0);
  ASSERT_EQ(r.space[1].next, 2);
  double clk = 0;
  ASSERT_EQ(rt_registry_write_back(&r, &clk), 0);
  ASSERT_EQ(X[5], 500);
  ASSERT_EQ(r.space[1].next, 0);
  ASSERT_EQ(r.nseg, 0);
  rt_registry_free(&r);
}

/* Output-only ranges are not copied in: a task that does not write them
 * leaves the sim poison, which shows on the host. */
static void test_poison(void) {
  int Y[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  int *d;
  ASSERT_EQ(acquire(&r, 1, Y, sizeof Y, ESRT_OUT, (void **)&d), 0);
  ASSERT_EQ(m.count, 0);
  d[0] = 42;
  ASSERT_EQ(acquire(&r, 0, Y, sizeof Y, ESRT_IN, (void **)&d), 0);
  ASSERT_EQ(Y[0], 42);
  ASSERT_EQ(Y[1], -1); /* 0xFF bytes */
  rt_registry_free(&r);
}

/* Model times: copies start when the source is current and after the
 * device's clock; a writer waits for the last reader. */
static void test_model_times(void) {
  char Z[100];
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  EsrtAccess a = {Z, 100, ESRT_IN, NULL};
  void *p;
  double clock = 5, ready;
  ASSERT_EQ(rt_registry_acquire(&r, 1, &a, 1, &p, &clock, &ready), 0);
  ASSERT_NEAR(clock, 105, 1e-12);
  ASSERT_NEAR(ready, 105, 1e-12);
  rt_registry_release(&r, 1, &a, 1, 200);
  EsrtAccess w = {Z, 50, ESRT_OUT, NULL};
  clock = 0;
  ASSERT_EQ(rt_registry_acquire(&r, 0, &w, 1, &p, &clock, &ready), 0);
  ASSERT_NEAR(ready, 200, 1e-12); /* after the reader finished */
  rt_registry_free(&r);
}

static uint64_t rng = 88172645463325252u;
static int rnd(int n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (int)(rng % (uint64_t)n);
}

static void test_random_tasks(void) {
  enum { N = 128 };
  static int A[N], M[N]; /* the array, and what each element must hold */
  const int modes[3] = {ESRT_IN, ESRT_OUT, ESRT_INOUT};
  int next = 1;
  for (int run = 0; run < 40; run++) {
    for (int i = 0; i < N; i++)
      A[i] = M[i] = next++;
    Moves m = {0};
    RtRegistry r;
    rt_registry_init(&r, 3, on_move, &m);
    rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
    rt_registry_set_space(&r, 2, &rt_mem_sim, NULL);
    double clock = 0;
    for (int step = 0; step < 60; step++) {
      EsrtAccess acc[2];
      int *p[2], lo[2], len[2], n = 1 + rnd(2), s = rnd(3), span = run % 2 ? 6 : N;
      for (int k = 0; k < n; k++) {
        lo[k] = rnd(N), len[k] = 1 + rnd(span);
        len[k] = lo[k] + len[k] > N ? N - lo[k] : len[k];
        acc[k] = (EsrtAccess){A + lo[k], sizeof(int) * (size_t)len[k], modes[rnd(3)], NULL};
      }
      double ready;
      ASSERT_EQ(rt_registry_acquire(&r, s, acc, n, (void **)p, &clock, &ready), 0);
      for (int k = 0; k < n; k++)
        for (int i = 0; (acc[k].mode & ESRT_IN) && i < len[k]; i++)
          ASSERT_EQ(p[k][i], M[lo[k] + i]);
      for (int k = 0; k < n; k++)
        for (int i = 0; (acc[k].mode & ESRT_OUT) && i < len[k]; i++)
          p[k][i] = M[lo[k] + i] = next++;
      rt_registry_release(&r, s, acc, n, ready + 1);
    }
    ASSERT_EQ(rt_registry_write_back(&r, &clock), 0);
    ASSERT_EQ(memcmp(A, M, sizeof A), 0);
    rt_registry_free(&r);
  }
}

/* What host code naming a pointer of unknown extent reaches
 * (rt_registry_span): every range filed under that pointer since the last
 * write-back, even where none touches the pointer itself, joined with the
 * run of adjacent ranges around it. */
static void test_span_of_base(void) {
  static double buf[400]; /* X and Y apart: adjacent ranges would join runs */
  double *X = buf + 100, *Y = buf + 300;
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  uintptr_t lo, hi, x = (uintptr_t)X;
  /* Two tasks on X[50:10] and X[80:20], cut from X, and one on Y. */
  EsrtAccess acc[3] = {{X + 50, 10 * sizeof(double), ESRT_INOUT, X},
                       {X + 80, 20 * sizeof(double), ESRT_INOUT, X},
                       {Y, 100 * sizeof(double), ESRT_IN, Y}};
  void *ptr[3];
  double clock = 0, ready;
  ASSERT_EQ(rt_registry_acquire(&r, 1, acc, 3, ptr, &clock, &ready), 0);
  ASSERT_TRUE(rt_registry_span(&r, x, &lo, &hi));
  ASSERT_EQ(lo, (uintptr_t)(X + 50));
  ASSERT_EQ(hi, (uintptr_t)(X + 100));
  /* Without a base, only the run containing the pointer: X[50] is in none. */
  ASSERT_TRUE(!rt_registry_span(&r, (uintptr_t)(X + 20), &lo, &hi));
  ASSERT_TRUE(rt_registry_span(&r, (uintptr_t)(X + 55), &lo, &hi));
  ASSERT_EQ(lo, (uintptr_t)(X + 50));
  ASSERT_EQ(hi, (uintptr_t)(X + 60));
  /* A range that touches the pointer joins the hull with its run. */
  EsrtAccess head = {X, 5 * sizeof(double), ESRT_IN, NULL};
  ASSERT_EQ(rt_registry_acquire(&r, 1, &head, 1, ptr, &clock, &ready), 0);
  ASSERT_TRUE(rt_registry_span(&r, x, &lo, &hi));
  ASSERT_EQ(lo, x);
  ASSERT_EQ(hi, (uintptr_t)(X + 100));
  rt_registry_release(&r, 1, acc, 3, ready);
  rt_registry_release(&r, 1, &head, 1, ready);
  /* Everything home: the hulls are forgotten. */
  ASSERT_EQ(rt_registry_write_back(&r, &clock), 0);
  ASSERT_TRUE(!rt_registry_span(&r, x, &lo, &hi));
  rt_registry_free(&r);
}

/* Another thread's task in flight (acquired, not released) at a write-back:
 * the bytes it writes stay on the device with its buffer, and the hull of
 * its base; what it only reads goes home but keeps its buffer; everything
 * else goes home and its buffers are freed. Its buffer is neither merged
 * nor evicted meanwhile (ES_EBUSY, until its release). */
static void test_in_flight(void) {
  static double buf[300];
  double *X = buf, *Y = buf + 100, *Z = buf + 200; /* apart: separate extents */
  for (int i = 0; i < 300; i++)
    buf[i] = i;
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  double *d, *e, clock = 0, ready;
  /* A finished task wrote Z[0:10] on the device. */
  ASSERT_EQ(acquire(&r, 1, Z, 10 * sizeof(double), ESRT_INOUT, (void **)&d), 0);
  d[0] = -1;
  /* In flight: one task writing X[10:20] (cut from X), one reading Z[0:50]. */
  EsrtAccess wx = {X + 10, 20 * sizeof(double), ESRT_INOUT, X};
  EsrtAccess rz = {Z, 50 * sizeof(double), ESRT_IN, Z};
  ASSERT_EQ(rt_registry_acquire(&r, 1, &wx, 1, (void **)&d, &clock, &ready), 0);
  ASSERT_EQ(rt_registry_acquire(&r, 1, &rz, 1, (void **)&e, &clock, &ready), 0);
  ASSERT_EQ(r.nbusy, 2);
  d[0] = -10;
  /* This thread's region: Y written on the device, then its end. */
  double *y;
  ASSERT_EQ(acquire(&r, 1, Y, 100 * sizeof(double), ESRT_OUT, (void **)&y), 0);
  for (int i = 0; i < 100; i++)
    y[i] = -(100 + i);
  ASSERT_EQ(r.space[1].next, 3);
  ASSERT_EQ(rt_registry_write_back(&r, &clock), 0);
  ASSERT_EQ(Y[99], -199);
  ASSERT_EQ(Z[0], -1);           /* read in flight: home too */
  ASSERT_EQ(X[10], 10);          /* written in flight: left on the device */
  ASSERT_EQ(r.space[1].next, 2); /* Y's buffer freed, X's and Z's kept */
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)(X + 10), 20 * sizeof(double)), 2);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)Z, 50 * sizeof(double)), 3);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)Y, 100 * sizeof(double)), 1);
  uintptr_t lo, hi;
  ASSERT_TRUE(rt_registry_span(&r, (uintptr_t)X, &lo, &hi)); /* host code naming X finds it */
  ASSERT_EQ(lo, (uintptr_t)(X + 10));
  ASSERT_EQ(hi, (uintptr_t)(X + 30));
  /* A wider section would merge X's buffer: busy until the task ends. */
  EsrtAccess wide = {X, 50 * sizeof(double), ESRT_IN, X};
  void *w;
  ASSERT_EQ(rt_registry_acquire(&r, 1, &wide, 1, &w, &clock, &ready), ES_EBUSY);
  ASSERT_EQ(r.nbusy, 2);
  rt_registry_release(&r, 1, &wx, 1, ready);
  rt_registry_release(&r, 1, &rz, 1, ready);
  ASSERT_EQ(r.nbusy, 0);
  ASSERT_EQ(acquire(&r, 1, X, 50 * sizeof(double), ESRT_IN, (void **)&d), 0);
  ASSERT_EQ(d[10], -10);
  ASSERT_EQ(rt_registry_write_back(&r, &clock), 0);
  ASSERT_EQ(X[10], -10);
  ASSERT_EQ(r.space[1].next, 0);
  ASSERT_EQ(r.nseg, 0);
  /* A full device evicts no buffer in flight: busy until it ends. */
  rt_registry_set_capacity(&r, 1, 100 * sizeof(double));
  ASSERT_EQ(rt_registry_acquire(&r, 1, &rz, 1, (void **)&e, &clock, &ready), 0);
  ASSERT_EQ(acquire(&r, 1, Y, 60 * sizeof(double), ESRT_IN, (void **)&d), ES_EBUSY);
  rt_registry_release(&r, 1, &rz, 1, ready);
  ASSERT_EQ(acquire(&r, 1, Y, 60 * sizeof(double), ESRT_IN, (void **)&d), 0);
  ASSERT_EQ(r.space[1].next, 1);
  rt_registry_free(&r);
}

/* fork: the parent brings home what only a device holds, but what a task
 * in flight writes, and keeps its device copies; the child forgets them. */
static void test_fork(void) {
  static double X[20], Y[20];
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  double *d, *e, clock = 0, ready;
  ASSERT_EQ(acquire(&r, 1, X, sizeof X, ESRT_OUT, (void **)&d), 0);
  d[3] = 3;
  EsrtAccess wy = {Y, sizeof Y, ESRT_OUT, NULL}; /* in flight */
  ASSERT_EQ(rt_registry_acquire(&r, 1, &wy, 1, (void **)&e, &clock, &ready), 0);
  ASSERT_EQ(rt_registry_sync_host(&r, &clock), 0);
  ASSERT_EQ(X[3], 3);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)X, sizeof X), 3);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)Y, sizeof Y), 2);
  ASSERT_EQ(r.space[1].next, 2);
  rt_registry_after_fork(&r); /* as the child */
  ASSERT_EQ(r.space[1].next, 0);
  ASSERT_EQ(r.nseg, 0);
  ASSERT_EQ(r.nbusy, 0);
  ASSERT_EQ(rt_registry_holders(&r, (uintptr_t)X, sizeof X), 1);
  rt_registry_free(&r);
}

/* The hull table against a plain list on many bases (collisions, growth,
 * clearing). */
static void test_anchor_table(void) {
  RtAnchors a = {0};
  enum { BASES = 3000 };
  static uintptr_t lo[BASES], hi[BASES];
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < BASES; i++)
      lo[i] = UINTPTR_MAX, hi[i] = 0;
    for (int k = 0; k < 20000; k++) {
      int i = rnd(BASES);
      uintptr_t base = 4096 + (uintptr_t)i * 64, l = base + (uintptr_t)rnd(1000),
                h = l + 1 + (uintptr_t)rnd(50);
      ASSERT_EQ(rt_anchors_note(&a, base, l, h), 0);
      lo[i] = l < lo[i] ? l : lo[i];
      hi[i] = h > hi[i] ? h : hi[i];
    }
    for (int i = 0; i < BASES; i++) {
      uintptr_t l, h;
      bool found = rt_anchors_hull(&a, 4096 + (uintptr_t)i * 64, &l, &h);
      ASSERT_EQ(found, hi[i] > 0);
      if (found && (l != lo[i] || h != hi[i]))
        ASSERT_TRUE(!"a hull differs from the list's");
    }
    rt_anchors_clear(&a);
    uintptr_t l, h;
    ASSERT_TRUE(!rt_anchors_hull(&a, 4096, &l, &h));
  }
  rt_anchors_free(&a);
}

int main(void) {
  test_span_of_base();
  test_in_flight();
  test_fork();
  test_anchor_table();
  test_random_tasks();
  test_read_write();
  test_overlapping_sections();
  test_poison();
  test_model_times();
  return test_summary();
}
