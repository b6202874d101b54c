/* Scratch copies of one task's data, for the extra variant runs of
 * ESCHED_PROFILE_MODE=all-devices (docs/runtime.md, "Profiling"): another
 * device's variant runs on copies, so the program keeps the scheduled
 * variant's results.
 *
 * The task's ranges are grouped into unions of overlapping ranges (as the
 * registry groups them into extents), one buffer each, so sections of one
 * array alias in the copy as they do in the original. Two kinds:
 *   copy      buffers in the target space filled with the current bytes of
 *             every union the task reads (unions only written are left as
 *             allocated: poison on sim and host);
 *   in place  for a host variant of the inline form, which names the
 *             program's own variables: host memory itself, saved first,
 *             given the current bytes, and restored byte for byte at close.
 */
#ifndef ESCHED_RT_SCRATCH_H
#define ESCHED_RT_SCRATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime-stub/memory/registry.h"

typedef struct RtScratch {
  int space;      /* where the variant runs (0: host memory) */
  bool in_place;  /* host memory itself, restored at close */
  size_t redzone; /* bytes allocated before and after each copy (ESCHED_CHECK's guards) */
  int n;          /* unions */
  uintptr_t *lo, *hi;
  char **buf; /* per union: the copy, or the saved host bytes (in place) */
} RtScratch;

/* Prepares the n ranges acc for a run in space `to`. src[i] is the address
 * of acc[i] in space `from`, where the bytes the task reads are current (the
 * scheduled variant's placement). ptr[i] receives the address of acc[i] for
 * the run. Copies get redzone more bytes before and after them (buf[u] is
 * the copy itself; none in place); they are aligned as sim buffers are
 * (mem.h) when redzone is a multiple of RT_MEM_ALIGN_MAX. Returns 0, or ES_ENOMEM / ES_EIO with
 * nothing left allocated and host memory unchanged. */
int rt_scratch_open(RtScratch *sc, const RtRegistry *reg, int from, void *const *src, int to,
                    bool in_place, size_t redzone, const EsrtAccess *acc, int n, void **ptr);
/* Restores host memory (in place) and frees the copies. */
void rt_scratch_close(RtScratch *sc, const RtRegistry *reg);

#endif
