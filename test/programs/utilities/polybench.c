/**
 * polybench.c: This file is part of the PolyBench/C 4.2.1 test suite
 * (trimmed: the allocator).
 */
/* Include polybench common header. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polybench.h"

static void *xmalloc(size_t alloc_sz) {
  void *ret = NULL;
  /* By default, post-pad the arrays. Safe behavior, but likely useless. */
  alloc_sz += POLYBENCH_PADDING_FACTOR;
  int err = posix_memalign(&ret, 4096, alloc_sz);
  if (!ret || err) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate memory");
    exit(1);
  }
  return ret;
}

void polybench_free_data(void *ptr) { free(ptr); }

void *polybench_alloc_data(unsigned long long int n, int elt_size) {
  /// FIXME: detect overflow!
  size_t val = n;
  val *= elt_size;
  void *ret = xmalloc(val);

  return ret;
}
