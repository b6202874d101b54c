/* Large zeroed buffers on transparent huge pages where possible (bigbuf.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and MADV_HUGEPAGE (glibc: __USE_MISC) */
#include <stdint.h>
#include <stdlib.h>

#include "scheduler/base/bigbuf.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ES_BIGBUF_CALLOC_ONLY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define ES_BIGBUF_CALLOC_ONLY 1
#endif
#endif

enum { HUGE_PAGE = 2 << 20 };

/* Smaller buffers stay on calloc: mapping every buffer of 2 MiB and more
 * measured slower for tree-dp at 10^6 tasks (66 against 55 ns per task,
 * medians of six runs), the kernel zeroing each huge page whole at its
 * first touch. */
enum { MAP_THRESHOLD = 2 * HUGE_PAGE };

#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(ES_BIGBUF_CALLOC_ONLY)
/* An anonymous mapping of len bytes (a multiple of HUGE_PAGE) starting on a
 * huge-page boundary: map HUGE_PAGE more, then unmap the ragged ends. */
static void *map_aligned(size_t len) {
  size_t over = len + HUGE_PAGE;
  char *raw = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return NULL;
  uintptr_t at = ((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
  char *start = (char *)at;
  size_t head = (size_t)(start - raw), tail = over - head - len;
  if (head)
    munmap(raw, head);
  if (tail)
    munmap(start + len, tail);
  /* Advice only: without THP the mapping works on small pages. */
  madvise(start, len, MADV_HUGEPAGE);
  return start;
}
#endif

void *es_bigbuf_alloc(EsBigBuf *b, size_t n, size_t size) {
  b->base = NULL, b->len = 0;
  if (size && n > (SIZE_MAX - 2 * (size_t)HUGE_PAGE) / size)
    return NULL;
  size_t bytes = n * size;
#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(ES_BIGBUF_CALLOC_ONLY)
  if (bytes >= MAP_THRESHOLD) {
    size_t len = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
    b->base = map_aligned(len); /* fresh anonymous pages read as zero */
    if (b->base) {
      b->len = len;
      return b->base;
    }
  }
#endif
  b->base = calloc(bytes ? bytes : 1, 1);
  return b->base;
}

void es_bigbuf_free(EsBigBuf *b) {
#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(ES_BIGBUF_CALLOC_ONLY)
  if (b->len) {
    munmap(b->base, b->len);
    b->base = NULL, b->len = 0;
    return;
  }
#endif
  free(b->base);
  b->base = NULL;
}
