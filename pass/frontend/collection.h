/* From stream regions (extract.h's XStream) to streaming task collections
 * (scheduler/crown/crown.h, docs/crown.md): what `esched extract` writes and
 * `esched compile` schedules with the crown scheduler.
 *
 *   levels    the platform's CPU device's (frequency, power) levels;
 *   cores     cores(P), else STREAM_DEFAULT_CORES;
 *   work      work(TAU): a number is tau itself, a time t is t * F_max (the
 *             task alone on one core at the fastest level); else the
 *             profile's time of the task's name on the CPU at level 0,
 *             times F_max; else the neutral STREAM_NEUTRAL_SECONDS;
 *   width     W = width(W);
 *   e(q)      efficiency(comm:PSI) (Eq. 14; PSI converted like work),
 *             efficiency(q:e, ...) a table, else perfect;
 *   deadline  deadline(M), else the round on one core at F_max
 *             (sum of tau / F_max).
 */
#ifndef ESCHED_PASS_COLLECTION_H
#define ESCHED_PASS_COLLECTION_H

#include <stdbool.h>

#include "pass/frontend/extract.h"
#include "pass/frontend/source.h"
#include "scheduler/crown/crown.h"
#include "scheduler/model/platform.h"
#include "scheduler/model/profile.h"

#define STREAM_DEFAULT_CORES   4
#define STREAM_NEUTRAL_SECONDS 1e-3

/* Appends one finished collection per stream of x, in order, to out.
 * Reports problems as diagnostics at the stream in src and returns false.
 * *defaulted counts the tasks that got the neutral work. */
bool collection_build_all(const XUnit *x, const Source *src, const EsPlatform *pf,
                          const EsProfile *prof, EsCrownProblemList *out, int *defaulted);

#endif
