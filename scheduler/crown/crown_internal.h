/* Shared pieces of the crown algorithms (crown_*.c); not a public header.
 *
 * Group arithmetic uses the paper's 1-based numbering: group g has children
 * 2g and 2g + 1 and parent g / 2; its depth is floor(log2 g) and its width
 * p >> depth.
 */
#ifndef ESCHED_SCHEDULER_CROWN_INTERNAL_H
#define ESCHED_SCHEDULER_CROWN_INTERNAL_H

#include <stdbool.h>

#include "scheduler/crown/crown.h"

/* Relative slack when comparing times with the deadline. */
#define CROWN_EPS 1e-9

int crown_depth(int group);
/* The first group of width 2^z in a crown of 2^zmax cores: p / 2^z. */
int crown_first_group(int zmax, int z);

/* Loads of the groups of a sub-crown rooted at `root` (1 for the whole
 * crown) over p cores: gt[g] is group g's busy time and below[g] the
 * longest busy time of a core of G_g counted from G_g's start:
 *   below_g = gt_g + max(below_2g, below_2g+1)       (0 beyond the leaves)
 * so that the height of g (Eq. 6-7, whose extracted sums are garbled and are
 * reconstructed from the prose: "the maximum running time of all its
 * processors") is
 *   height_g = sum of gt over g's ancestors up to root + below_g.
 * Updating one gt costs O(log p); a height O(log p). */
typedef struct CrownLoads {
  int p, root;
  double *gt, *below; /* [2p], index 0 unused */
} CrownLoads;

int crown_loads_init(CrownLoads *l, int p, int root);
void crown_loads_free(CrownLoads *l);
void crown_loads_add(CrownLoads *l, int group, double dt);
double crown_loads_height(const CrownLoads *l, int group);
/* below[root]: the sub-crown's makespan. */
double crown_loads_makespan(const CrownLoads *l);

/* An allocation, mapping and scaling in progress. */
typedef struct CrownAssign {
  int n;
  int *z, *group, *level;
  double energy, makespan;
  bool valid; /* makespan <= deadline */
} CrownAssign;

int crown_assign_init(CrownAssign *a, int n);
void crown_assign_free(CrownAssign *a);
void crown_assign_copy(CrownAssign *dst, const CrownAssign *src);
/* Energy (Eq. 4), makespan and validity of a complete assignment. */
int crown_evaluate(const EsCrownProblem *p, CrownAssign *a);
/* A valid assignment beats an invalid one; two valid ones compare by
 * energy, two invalid ones by makespan. */
bool crown_better(const CrownAssign *a, const CrownAssign *b);
/* A schedule from a, stamped with algorithm. NULL when out of memory. */
EsCrownSchedule *crown_assign_schedule(const EsCrownProblem *p, const CrownAssign *a,
                                       const char *algorithm);

/* Appends text to s->note ("; " between notes). ES_ENOMEM or 0. */
int crown_note(EsCrownSchedule *s, const char *text);

/* Sec. 3.1, fast allocation: per task the width 2^z maximizing the speedup
 * e_j(2^z) * 2^z among the widths with e_j >= emin (width 1 always
 * qualifies); ties go to the narrower width. */
void crown_fast_allocation(const EsCrownProblem *p, double emin, int *z);

/* Sec. 3.3, LTLG: groups for the widths z. ES_ENOMEM or 0. */
int crown_ltlg(const EsCrownProblem *p, const int *z, int *group);

/* Sec. 3.5, Height, on n items of a sub-crown of p cores rooted at root:
 * item k lies in group[k] and takes unscaled[k] at frequency 1. level[k]
 * receives its level. Returns 1 when the items fit within target at the
 * chosen levels, 0 when they miss it even at F_max (levels all 0), or
 * ES_ENOMEM. */
int crown_height(const EsCrownLevel *levels, int nlevels, int p, int root, double target,
                 int n, const int *group, const double *unscaled, int *level);

/* LTLG then Height on the allocation a->z; fills group, level and the
 * evaluation. */
int crown_map_and_scale(const EsCrownProblem *p, CrownAssign *a);

/* True when a meets M with every task sequential at the slowest level:
 * nothing can do better, so the searches stop there. */
bool crown_all_slowest(const EsCrownProblem *p, const CrownAssign *a);
/* Sec. 3.6 into best (which need not be evaluated; its old content loses
 * to any probe). */
int crown_bin_search(const EsCrownProblem *p, CrownAssign *best);
/* Sec. 3.7 into best, from crown_bin_search; moves per temperature (0: 2). */
int crown_sa_search(const EsCrownProblem *p, uint64_t seed, int moves, CrownAssign *best);

/* The ILP phases (crown_ilp.c). Each returns 0 with info filled,
 * ES_EINFEAS (leaving err alone: not an error for the caller) when the model
 * has no solution, or an error code with err filled. */
typedef struct CrownMilpInfo {
  bool optimal;       /* every solve proved optimal */
  double gap;         /* the largest relative gap of a solve stopped by its limit */
  double bound;       /* bound of the last solve's objective */
} CrownMilpInfo;

/* Sec. 3.2: groups minimizing the largest core load for widths z, started
 * from LTLG's mapping. */
int crown_ilp_mapping(const EsCrownProblem *p, const int *z, double time_limit, int *group,
                      CrownMilpInfo *info, EsError *err);
/* Sec. 3.4: levels minimizing energy with every core within M, started from
 * Height's levels when those are valid. ES_EINFEAS when even F_max misses M. */
int crown_ilp_scaling(const EsCrownProblem *p, const int *z, const int *group,
                      double time_limit, int *level, CrownMilpInfo *info, EsError *err);

/* Swaps sibling sub-crowns bottom-up until every group's left child
 * sub-crown carries at least the weight of its right one (weight[k] of item
 * k in group[k]), the order the ILPs' symmetry-breaking rows demand. */
int crown_canonical_groups(int p, int n, const double *weight, int *group);

/* Classes of interchangeable items for the ILPs: items k whose key rows
 * keys[k * len .. k * len + len) are equal share a class. class_of[k]
 * receives its class, numbered in the order of each class's first item.
 * Returns the number of classes or ES_ENOMEM. O(n log n len). */
int crown_classes(int n, int len, const double *keys, int *class_of);

/* Seconds on the monotonic clock, for timing runs. */
double crown_now(void);

#endif
