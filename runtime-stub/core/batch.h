/* The pending region: tasks submitted and not yet run, with copies of their
 * access lists and arguments, and the dependencies between them found from
 * overlapping address ranges (docs/runtime.md, "Deferred mode"). */
#ifndef ESCHED_RT_BATCH_H
#define ESCHED_RT_BATCH_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "esched_rt.h"

struct RtTaskInfo;

typedef struct RtInst {
  const struct RtTaskInfo *info;
  int acc, nacc;              /* into RtBatch.acc */
  size_t args, args_size;     /* into RtBatch.args */
  int variant, device, level; /* decided at submission (static) or at flush */
  bool deferred;
  pthread_t thread; /* the thread that submitted it */
} RtInst;

typedef struct RtBatch {
  RtInst *v;
  int len, cap;
  EsrtAccess *acc;
  int nacc, acccap;
  unsigned char *args;
  size_t args_len, args_cap;
  int ndeferred;
  /* The graph the batch's deferred tasks are planned with (exec/defer_plan.c),
   * emptied and refilled at each flush so that its memory is reused; NULL
   * until the first. */
  struct EsGraph *plan;
} RtBatch;

/* Appends an instance (copying acc and args); returns its index or
 * ES_ENOMEM. Amortized O(nacc + size). */
int rt_batch_add(RtBatch *b, const struct RtTaskInfo *info, const EsrtAccess *acc, int nacc,
                 const void *args, size_t size);
/* Whether a pending task accesses a byte of [lo, lo + bytes). O(accesses). */
bool rt_batch_touches(const RtBatch *b, uintptr_t lo, size_t bytes);
/* Keeps the instances thread t submitted, in order, and drops the others
 * (a child of fork: the parent's other threads are not there). O(size). */
void rt_batch_keep_thread(RtBatch *b, pthread_t t);
/* Exchanges two batches (the pending one and the one running), so storage
 * is reused across flushes. */
void rt_batch_swap(RtBatch *a, RtBatch *b);
/* Empties b, keeping its storage. */
void rt_batch_clear(RtBatch *b);
void rt_batch_free(RtBatch *b);

typedef enum RtDepKind { RT_DEP_DATA, RT_DEP_ORDER } RtDepKind;

/* from -> to: `to` reads bytes that `from` wrote last (data), or must not
 * overtake it (order: write after read, write after write). [lo, hi) spans
 * the bytes of a data dependency. */
typedef struct RtDep {
  int from, to;
  RtDepKind kind;
  int from_acc, to_acc; /* access indexes within each task */
  double bytes;
  uintptr_t lo, hi;
} RtDep;

/* A read of bytes no pending task wrote: data already in some memory. */
typedef struct RtInput {
  int task, acc;
  uintptr_t lo, hi;
  double bytes;
} RtInput;

typedef struct RtDeps {
  RtDep *dep;
  int ndep, depcap;
  RtInput *in;
  int nin, incap;
  /* Successors in CSR form and predecessor counts, for the executors. */
  int *succ_first, *succ, *npred;
} RtDeps;

/* Dependencies of the batch's tasks in submission order, by a sweep over an
 * interval map of the last writer and the readers since of every byte range:
 * O(sum over accesses of the ranges they cover). */
int rt_deps_build(const RtBatch *b, RtDeps *d);
void rt_deps_free(RtDeps *d);

#endif
