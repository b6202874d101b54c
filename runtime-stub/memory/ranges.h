/* Searching sorted, disjoint address ranges (the registry's segments and
 * extents, the dependency sweep's spans) for the first one ending after an
 * address. Tasks mostly come back to the range found last or go to the one
 * beside it (a loop over the blocks of an array), so the search tries the
 * last answer and its neighbours before bisecting: O(1) then, O(log n)
 * otherwise. */
#ifndef ESCHED_RT_MEMORY_RANGES_H
#define ESCHED_RT_MEMORY_RANGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The end of element i of an array of structs whose end (a uintptr_t) is at
 * byte `off` of each `stride`-byte element. */
static inline uintptr_t rt_range_end(const void *base, size_t stride, size_t off, int i) {
  uintptr_t hi;
  memcpy(&hi, (const char *)base + (size_t)i * stride + off, sizeof hi);
  return hi;
}

static inline bool rt_range_is_first(const void *base, size_t stride, size_t off, int n, int from,
                                     int i, uintptr_t x) {
  return i >= from && i < n && rt_range_end(base, stride, off, i) > x &&
         (i == from || rt_range_end(base, stride, off, i - 1) <= x);
}

/* Index of the first of the n ranges at base that ends after x (n when none
 * does), given that those before `from` end at or before x; near is the
 * last answer. */
static inline int rt_ranges_first(const void *base, size_t stride, size_t off, int n, int from,
                                  uintptr_t x, int near) {
  for (int i = near - 1; i <= near + 1; i++)
    if (rt_range_is_first(base, stride, off, n, from, i, x))
      return i;
  int lo = from, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (rt_range_end(base, stride, off, mid) <= x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

#endif
