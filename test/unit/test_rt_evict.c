/* The runtime's registry within a device's capacity, on the sim back end:
 * thousands of random tasks on the host and the device, each reading and
 * writing sections of three arrays that together hold more than the
 * device. Checked after every task, independently of the registry's own
 * count: the device's buffers never hold more than its capacity, every
 * input a task sees holds the last values written (evicted data was
 * written back), and at the end the host arrays hold them all. A task
 * whose own data exceeds the capacity is refused (ES_ELIMIT). */
#include <stdint.h>
#include <string.h>

#include "runtime-stub/memory/registry.h"
#include "scheduler/base/error.h"
#include "scheduler/base/rng.h"
#include "test.h"

enum { N = 64, ARRAYS = 3, STEPS = 3000, CAPACITY = 600 };

typedef struct Moves {
  long count, evictions;
} Moves;

static double on_move(void *ctx, int from, int to, size_t bytes, double start, double wall_start,
                      double wall, bool evict) {
  Moves *m = ctx;
  (void)from, (void)to, (void)wall_start, (void)wall;
  m->count++;
  m->evictions += evict;
  return start + (double)bytes;
}

static int arrays[ARRAYS][N], truth[ARRAYS][N];

/* The bytes in the device's buffers, counted here. */
static size_t held(const RtRegistry *r) {
  size_t sum = 0;
  for (int x = 0; x < r->space[1].next; x++)
    sum += r->space[1].ext[x].hi - r->space[1].ext[x].lo;
  return sum;
}

/* One task: one or two random sections, random modes, on space s. */
static void task(RtRegistry *r, EsRng *g, int s, int step) {
  static const int modes[] = {ESRT_IN, ESRT_OUT, ESRT_INOUT};
  int n = (int)es_rng_range(g, 1, 2), arr[2], lo[2], len[2];
  EsrtAccess acc[2];
  for (int i = 0; i < n; i++) {
    arr[i] = (int)es_rng_range(g, 0, ARRAYS - 1);
    lo[i] = (int)es_rng_range(g, 0, N - 1);
    len[i] = (int)es_rng_range(g, 1, N - lo[i]);
    acc[i] = (EsrtAccess){&arrays[arr[i]][lo[i]], (size_t)len[i] * sizeof(int),
                          modes[es_rng_range(g, 0, 2)], NULL};
  }
  void *ptr[2];
  double clock = step, ready;
  int rc = rt_registry_acquire(r, s, acc, n, ptr, &clock, &ready);
  ASSERT_EQ(rc, 0);
  if (rc)
    return;
  ASSERT_TRUE(held(r) <= CAPACITY);
  for (int i = 0; i < n; i++) /* inputs hold the last values written */
    if (acc[i].mode & ESRT_IN && memcmp(ptr[i], &truth[arr[i]][lo[i]], acc[i].bytes) != 0)
      TEST_FAIL("step %d: task on space %d reads stale data in array %d [%d, %d)", step, s, arr[i],
                lo[i], lo[i] + len[i]);
  for (int i = 0; i < n; i++)
    if (acc[i].mode & ESRT_OUT)
      for (int k = 0; k < len[i]; k++) {
        int v = (int)es_rng_range(g, 0, 1000000);
        ((int *)ptr[i])[k] = v;
        truth[arr[i]][lo[i] + k] = v;
      }
  rt_registry_release(r, s, acc, n, ready + 1);
}

static void test_random_tasks(uint64_t seed, Moves *m) {
  EsRng g;
  es_rng_seed(&g, seed);
  for (int a = 0; a < ARRAYS; a++)
    for (int k = 0; k < N; k++)
      arrays[a][k] = truth[a][k] = a * 1000 + k;
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  rt_registry_set_capacity(&r, 1, CAPACITY);
  for (int step = 0; step < STEPS; step++)
    task(&r, &g, es_rng_uniform(&g) < 0.8 ? 1 : 0, step);
  double clock = 0;
  ASSERT_EQ(rt_registry_write_back(&r, &clock), 0);
  ASSERT_TRUE(memcmp(arrays, truth, sizeof arrays) == 0);
  ASSERT_TRUE(r.space[1].evicted.buffers > 0);
  ASSERT_TRUE(r.space[1].evicted.copies > 0);
  rt_registry_free(&r);
}

/* A task whose data alone exceeds the device is refused; nothing moves. */
static void test_too_large(void) {
  static int big[N * 4];
  Moves m = {0};
  RtRegistry r;
  rt_registry_init(&r, 2, on_move, &m);
  rt_registry_set_space(&r, 1, &rt_mem_sim, NULL);
  rt_registry_set_capacity(&r, 1, CAPACITY);
  EsrtAccess a = {big, sizeof big, ESRT_IN, NULL};
  void *p;
  double clock = 0, ready;
  ASSERT_EQ(rt_registry_acquire(&r, 1, &a, 1, &p, &clock, &ready), ES_ELIMIT);
  ASSERT_EQ(m.count, 0);
  ASSERT_EQ(r.space[1].next, 0);
  rt_registry_free(&r);
}

int main(void) {
  Moves m = {0};
  for (uint64_t seed = 1; seed <= 4; seed++)
    test_random_tasks(seed, &m);
  ASSERT_TRUE(m.evictions > 0);
  test_too_large();
  return test_summary();
}
