/* Zeroed memory for the exact schedulers' per-task arrays.
 *
 * A million-task tree-dp touches about 40 MB of fresh memory. On 4 KiB pages
 * the first touch of each page is a fault that the kernel serves by zeroing
 * the page; measured in the development VM that is about 2 us per page, 20 ns
 * per task: as much as the dynamic program itself. So a large buffer is
 * mapped on its own, 2 MiB aligned, and offered to transparent huge pages
 * (Linux MADV_HUGEPAGE: 512 times fewer faults where THP is enabled, nothing
 * changes where it is not). Small buffers, other systems and sanitizer
 * builds (whose checks need the allocator's red zones) get calloc.
 */
#ifndef ESCHED_SCHEDULER_BIGBUF_H
#define ESCHED_SCHEDULER_BIGBUF_H

#include <stddef.h>

typedef struct EsBigBuf {
  void *base;
  size_t len;  /* of the mapping; 0 when base came from calloc */
} EsBigBuf;

/* Zeroed memory for n elements of size bytes, or NULL (also on overflow). */
void *es_bigbuf_alloc(EsBigBuf *b, size_t n, size_t size);
/* Releases it; an EsBigBuf that was never allocated is fine too. */
void es_bigbuf_free(EsBigBuf *b);

#endif
