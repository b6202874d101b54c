/* The names of the data items the trace's transfers move. The registry's
 * move hook says only between which spaces and how many bytes; what moves
 * is the first range, in the order the registry copies, not yet current at
 * the destination (the registry marks a range current only after its copy
 * is accounted): the accesses of the task being placed, in order; else (host
 * code, the write-back at a region's end) the named ranges seen so far, by
 * address, within the window being copied. Only kept while tracing. */
#ifndef ESCHED_RT_ITEM_NAMES_H
#define ESCHED_RT_ITEM_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "esched_rt.h"
#include "runtime-stub/memory/registry.h"

typedef struct RtItemRange {
  uintptr_t lo, hi;
  const char *name; /* borrowed from the program's task tables */
} RtItemRange;

typedef struct RtItemNames {
  const EsrtTask *task; /* the task being placed, or NULL */
  const EsrtAccess *acc;
  int nacc;
  uintptr_t lo, hi;  /* the window copied without a task */
  RtItemRange *seen; /* sorted by lo, disjoint starts */
  int nseen, seen_cap;
  unsigned char *feeds; /* [trace event]: a transfer made for the task placed next */
  int nfeeds;
} RtItemNames;

/* Starts (task not NULL) or ends placing task with its accesses; learns
 * the names of its ranges. */
void rt_item_names_place(RtItemNames *n, const EsrtTask *task, const EsrtAccess *acc, int nacc);
/* Copies without a task happen within [lo, hi) (everything: 0, UINTPTR_MAX). */
void rt_item_names_window(RtItemNames *n, uintptr_t lo, uintptr_t hi);
/* The name of the item moving to space `to` now, or NULL. */
const char *rt_item_names_moving(const RtItemNames *n, const RtRegistry *r, int to);
/* Marks trace event k as a transfer for the task being placed (when one
 * is). */
void rt_item_names_feed(RtItemNames *n, int k);
bool rt_item_names_feeds(const RtItemNames *n, int k);
void rt_item_names_free(RtItemNames *n);

#endif
