/* Names of moving data items (item_names.h). */
#include "runtime-stub/core/item_names.h"

#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"

static bool current_at(const RtRegistry *r, uintptr_t lo, uintptr_t hi, int to) {
  return hi <= lo || (rt_registry_holders(r, lo, (size_t)(hi - lo)) >> to & 1u);
}

/* Records [lo, hi) as item name (the latest name of a start wins). */
static void learn(RtItemNames *n, uintptr_t lo, uintptr_t hi, const char *name) {
  int i = 0;
  while (i < n->nseen && n->seen[i].lo < lo)
    i++;
  if (i < n->nseen && n->seen[i].lo == lo) {
    n->seen[i] = (RtItemRange){lo, hi, name};
    return;
  }
  if (es_vec_reserve(&n->seen, &n->seen_cap, n->nseen + 1, sizeof *n->seen))
    return; /* names are a courtesy of the trace */
  memmove(&n->seen[i + 1], &n->seen[i], sizeof *n->seen * (size_t)(n->nseen - i));
  n->seen[i] = (RtItemRange){lo, hi, name};
  n->nseen++;
}

void rt_item_names_place(RtItemNames *n, const EsrtTask *task, const EsrtAccess *acc, int nacc) {
  n->task = task, n->acc = acc, n->nacc = task ? nacc : 0;
  for (int i = 0; task && task->items && i < nacc && i < task->nitems; i++)
    if (acc[i].bytes)
      learn(n, (uintptr_t)acc[i].ptr, (uintptr_t)acc[i].ptr + acc[i].bytes, task->items[i]);
}

void rt_item_names_window(RtItemNames *n, uintptr_t lo, uintptr_t hi) { n->lo = lo, n->hi = hi; }

const char *rt_item_names_moving(const RtItemNames *n, const RtRegistry *r, int to) {
  if (n->task) {
    for (int i = 0; i < n->nacc; i++) {
      uintptr_t lo = (uintptr_t)n->acc[i].ptr, hi = lo + n->acc[i].bytes;
      if ((n->acc[i].mode & ESRT_IN) && !current_at(r, lo, hi, to))
        return n->task->items && i < n->task->nitems ? n->task->items[i] : NULL;
    }
    return NULL;
  }
  for (int i = 0; i < n->nseen; i++) {
    uintptr_t lo = n->seen[i].lo > n->lo ? n->seen[i].lo : n->lo;
    uintptr_t hi = n->seen[i].hi < n->hi ? n->seen[i].hi : n->hi;
    if (lo < hi && !current_at(r, lo, hi, to))
      return n->seen[i].name;
  }
  return NULL;
}

void rt_item_names_feed(RtItemNames *n, int k) {
  if (!n->task || k < 0)
    return;
  if (k >= n->nfeeds) {
    int cap = 2 * k + 64;
    unsigned char *v = realloc(n->feeds, (size_t)cap);
    if (!v)
      return;
    memset(v + n->nfeeds, 0, (size_t)(cap - n->nfeeds));
    n->feeds = v, n->nfeeds = cap;
  }
  n->feeds[k] = 1;
}

bool rt_item_names_feeds(const RtItemNames *n, int k) {
  return k >= 0 && k < n->nfeeds && n->feeds[k];
}

void rt_item_names_free(RtItemNames *n) {
  free(n->seen);
  free(n->feeds);
  memset(n, 0, sizeof *n);
  n->hi = UINTPTR_MAX;
}
