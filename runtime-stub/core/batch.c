/* The pending region's storage (batch.h). Submission is the hot path of
 * deferred mode: one append to three growing arrays. */
#include "runtime-stub/core/batch.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"
#include "scheduler/model/graph.h"

static int reserve_bytes(RtBatch *b, size_t need) {
  if (need <= b->args_cap)
    return ES_OK;
  size_t cap = b->args_cap ? b->args_cap : 256;
  while (cap < need)
    cap *= 2;
  unsigned char *p = realloc(b->args, cap);
  if (!p)
    return ES_ENOMEM;
  b->args = p;
  b->args_cap = cap;
  return ES_OK;
}

int rt_batch_add(RtBatch *b, const struct RtTaskInfo *info, const EsrtAccess *acc, int nacc,
                 const void *args, size_t size) {
  size_t align = alignof(max_align_t);
  size_t off = (b->args_len + align - 1) / align * align;
  if (es_vec_reserve(&b->v, &b->cap, b->len + 1, sizeof *b->v) ||
      es_vec_reserve(&b->acc, &b->acccap, b->nacc + nacc, sizeof *b->acc) ||
      reserve_bytes(b, off + size))
    return ES_ENOMEM;
  if (nacc)
    memcpy(&b->acc[b->nacc], acc, sizeof *acc * (size_t)nacc);
  if (size)
    memcpy(b->args + off, args, size);
  b->v[b->len] = (RtInst){info, b->nacc, nacc, off, size, -1, -1, 0, false, pthread_self()};
  b->nacc += nacc;
  b->args_len = off + size;
  return b->len++;
}

bool rt_batch_touches(const RtBatch *b, uintptr_t lo, size_t bytes) {
  uintptr_t hi = lo + bytes;
  for (int i = 0; i < b->nacc; i++) {
    uintptr_t l = (uintptr_t)b->acc[i].ptr, h = l + b->acc[i].bytes;
    if (l < hi && lo < h)
      return true;
  }
  return false;
}

void rt_batch_keep_thread(RtBatch *b, pthread_t t) {
  int len = 0, nacc = 0, ndeferred = 0;
  for (int i = 0; i < b->len; i++) {
    RtInst in = b->v[i];
    if (!pthread_equal(in.thread, t))
      continue;
    memmove(&b->acc[nacc], &b->acc[in.acc], sizeof *b->acc * (size_t)in.nacc);
    in.acc = nacc;
    nacc += in.nacc;
    ndeferred += in.deferred;
    b->v[len++] = in; /* its arguments stay where they are */
  }
  b->len = len, b->nacc = nacc, b->ndeferred = ndeferred;
}

void rt_batch_swap(RtBatch *a, RtBatch *b) {
  RtBatch t = *a;
  *a = *b;
  *b = t;
}

void rt_batch_clear(RtBatch *b) {
  b->len = b->nacc = b->ndeferred = 0;
  b->args_len = 0;
}

void rt_batch_free(RtBatch *b) {
  free(b->v);
  free(b->acc);
  free(b->args);
  es_graph_free(b->plan);
  memset(b, 0, sizeof *b);
}
