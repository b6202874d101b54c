/* Device memory in the serial model: the peak of the data resident on each
 * device while the tasks run one at a time (docs/formats.md, "Device
 * memory").
 *
 * The serial order is the topological order that takes the ready task of
 * least index first (index order whenever that is topological, as in
 * extracted graphs, where it is the program's order). Let s(v) be task v's
 * step in it. An item i written by p on device a and read by r_1..r_m:
 *
 *   - stays on a from s(p) to its last reader's step L(i): readers on a use
 *     it there, readers elsewhere copy it from there when they run;
 *   - lives on a reader's device b != a from the first reader's step on b
 *     to the last one's there.
 *
 * A copy is freed after its last use there, as the runtime frees what no
 * later task needs. The resident bytes of device d at step k are the sum
 * of the bytes of the copies on d alive at k, R_d(k); an assignment fits
 * when R_d(k) <= memory_d for every step k of every device whose memory is
 * bounded. Only physical graphs give bytes: other forms are never bound.
 */
#ifndef ESCHED_SCHEDULER_MODEL_MEMORY_H
#define ESCHED_SCHEDULER_MODEL_MEMORY_H

#include <stdbool.h>

#include "scheduler/base/error.h"
#include "scheduler/model/problem.h"

typedef struct EsMemory {
  const EsProblem *p; /* borrowed; must outlive this */
  int n, nd;
  int *order;           /* [n] the serial order */
  int *step;            /* [n] each task's place in it */
  int *last;            /* [nitems] L(i): the step of the item's last reader */
  double *bytes;        /* [nitems] */
  int *inc_first, *inc; /* the items each task writes or reads (CSR) */
  double *diff;         /* scratch [nd * (n + 1)]: resident bytes, by differences */
  int *scratch;         /* [4 * nd]: per device the item last seen, the first and
                           last reader steps there, and the devices seen */
  /* Tracking (es_memory_track): per device a segment tree over the steps
   * of R_d with range additions, [nd * 2 * size] maxima and additions. */
  double *tmax, *tadd;
  int size;
} EsMemory;

/* The serial order and item spans of p. Errors: out of memory. O(V log V + E). */
int es_memory_init(EsMemory *m, const EsProblem *p, EsError *err);
void es_memory_free(EsMemory *m);

/* R_d(k) of an assignment: resident[d * n + k] (NULL: not kept) and each
 * device's peak, peak[nd] (NULL: not kept). O(readers + n * nd). */
void es_memory_profile(EsMemory *m, const int *labels, double *resident, double *peak);

/* Whether labels keep every device within its memory. When not, *dev,
 * *step and *excess (each may be NULL) receive the device of largest
 * relative excess, the step of its peak and the bytes above its memory. */
bool es_memory_fits(EsMemory *m, const int *labels, int *dev, int *step, double *excess);

/* Tracking an assignment that changes one task at a time (repairs, local
 * search): es_memory_track starts from labels, es_memory_move sets
 * labels[v] = l and updates R, es_memory_worst gives the device most over
 * its memory (relative to it), its fullest step and the bytes above, and
 * returns whether all fit. O(n * nd) to start, O(items of v * readers *
 * log n) a move, O(nd log n) a query. */
int es_memory_track(EsMemory *m, const int *labels);
void es_memory_move(EsMemory *m, int *labels, int v, int l);
bool es_memory_worst(const EsMemory *m, int *dev, int *step, double *excess);

/* The bytes of the item, 0 unless the problem is physical. */
static inline double es_memory_item_bytes(const EsProblem *p, int i) {
  return p->physical ? p->item_weight[ES_OBJ_TIME][i] : 0;
}

#endif
