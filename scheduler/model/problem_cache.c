/* What solvers keep between calls on one problem (problem_cache.h): a few
 * slots, each claimed by one solver's tag, holding one entry that a caller
 * takes out while it works and puts back after. Atomic exchanges make
 * concurrent calls on one problem safe: a caller that finds a slot empty
 * builds its own entry, and the last one put back stays. */
#include "scheduler/model/problem_cache.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

enum { SLOTS = 4 };

typedef void (*Release)(void *);

typedef struct Slot {
  _Atomic(const void *) tag;
  _Atomic(void *) data;
  _Atomic(Release) release;
} Slot;

struct EsProblemCache {
  Slot slot[SLOTS];
};

EsProblemCache *es_problem_cache_new(void) { return calloc(1, sizeof(EsProblemCache)); }

void es_problem_cache_free(EsProblemCache *c) {
  if (!c)
    return;
  for (int i = 0; i < SLOTS; i++) {
    void *data = atomic_load(&c->slot[i].data);
    Release release = atomic_load(&c->slot[i].release);
    if (data)
      release(data);
  }
  free(c);
}

/* The slot of tag; claims a free one when claim. NULL when none. */
static Slot *slot_of_tag(EsProblemCache *c, const void *tag, bool claim) {
  for (int i = 0; c && i < SLOTS; i++) {
    const void *t = atomic_load(&c->slot[i].tag);
    if (t == tag)
      return &c->slot[i];
    const void *none = NULL;
    if (!t && claim && (atomic_compare_exchange_strong(&c->slot[i].tag, &none, tag) || none == tag))
      return &c->slot[i];
  }
  return NULL;
}

void *es_problem_cache_take(EsProblemCache *c, const void *tag) {
  Slot *s = slot_of_tag(c, tag, false);
  return s ? atomic_exchange(&s->data, NULL) : NULL;
}

void es_problem_cache_put(EsProblemCache *c, const void *tag, void *data, void (*release)(void *)) {
  Slot *s = slot_of_tag(c, tag, true);
  if (!s) {
    release(data);
    return;
  }
  atomic_store(&s->release, release);
  void *old = atomic_exchange(&s->data, data);
  if (old)
    release(old);
}
