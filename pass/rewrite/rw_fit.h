/* A task's fitted cost predictors, written into the program's table
 * (EsrtFit, esched_rt.h), so that a --profile-use build times and places
 * each run of a task at the bytes it reads, as a run given the profile
 * again (ESCHED_PROFILE) would: the profile's mean over its sizes, one
 * figure per device, misplaces a task whose best device changes with its
 * size. */
#ifndef ESCHED_PASS_RW_FIT_H
#define ESCHED_PASS_RW_FIT_H

#include <stdbool.h>

#include "pass/rewrite/rw_text.h"
#include "scheduler/model/graph.h"
#include "scheduler/model/profile.h"

/* Whether access a's size is an expression only the run evaluates
 * (x[0:n]), not a constant the build knows. */
bool rw_sized_at_run_time(const EsAccess *a);

/* Whether prof fits key's time at level 0 to its size on some device
 * (predict.h: runs at three or more sizes). O(runs^2 log runs) per device. */
bool rw_fitted(const EsProfile *prof, const char *key);

/* Writes "static const EsrtFit NAME = {...};" (and the tree's nodes before
 * it) for key on device from prof's fitted predictor, the same doubles the
 * runtime would fit (%.17g); false, writing nothing, when prof has no fit
 * for it. NAME is esrt_fitT_K_ for task number task, variant k. */
bool rw_fit_table(RwBuf *b, const EsProfile *prof, const char *key, const char *device, int task,
                  int k);

#endif
