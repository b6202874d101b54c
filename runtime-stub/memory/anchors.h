/* Where tasks used memory through each base pointer: for every pointer a
 * task's section was cut from (EsrtAccess.base: p of p[lo:len], or the
 * variable a pointer was computed from), the hull of the host ranges
 * named through it. Host code that names that pointer without knowing its
 * extent (esrt_host_whole) reaches all of it, even where no task started
 * at the pointer itself (a task on p[n/2:n/2] only). A hash table keyed by
 * the pointer, emptied when all data is back home (a region's end): O(1)
 * per access. */
#ifndef ESCHED_RT_MEMORY_ANCHORS_H
#define ESCHED_RT_MEMORY_ANCHORS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct RtAnchor {
  uintptr_t base, lo, hi; /* base 0: a free slot */
} RtAnchor;

typedef struct RtAnchors {
  RtAnchor *v; /* cap slots, a power of two, at most half used */
  int len, cap;
} RtAnchors;

/* Widens base's hull to cover [lo, hi). Returns 0 or ES_ENOMEM (the hull
 * then stays as it was). */
int rt_anchors_note(RtAnchors *a, uintptr_t base, uintptr_t lo, uintptr_t hi);
/* The hull of what tasks named through base; false when none did. */
bool rt_anchors_hull(const RtAnchors *a, uintptr_t base, uintptr_t *lo, uintptr_t *hi);
/* Forgets every base (the table keeps its memory). */
void rt_anchors_clear(RtAnchors *a);
/* Forgets the bases whose hull keep(ctx, lo, hi) rejects. O(slots); out
 * of memory, it forgets none (a hull too many only widens a wait). */
void rt_anchors_retain(RtAnchors *a, bool (*keep)(const void *ctx, uintptr_t lo, uintptr_t hi),
                       const void *ctx);
void rt_anchors_free(RtAnchors *a);

#endif
