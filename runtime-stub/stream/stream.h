/* Streams: rounds of a crown schedule on a team of core threads
 * (esched_rt.h's esrt_stream_*, docs/runtime.md "Streams"). Each file has
 * its header; each uses only those listed after it:
 *
 *   stream.c       descriptors resolved into crown schedules, the round as
 *                  its caller sees it, accounting
 *   stream_rules.c skip and delay requests (environment and API)
 *   stream_team.c  the core threads and one core's part of a round: crown
 *                  order, DVFS, team members, skip and delay events and the
 *                  rescaling they trigger
 *   stream_pin.c   pinning a core thread to its CPU
 */
#ifndef ESCHED_RT_STREAM_H
#define ESCHED_RT_STREAM_H

#include "esched_rt.h"
#include "runtime-stub/stream/stream_rules.h"
#include "runtime-stub/stream/stream_team.h"

/* The streams of a run and the skip and delay requests for their rounds. */
typedef struct RtStreams {
  RtStream **v;
  int len, cap;
  RtRules rules;
} RtStreams;

/* The stream of descriptor d, created (threads not yet started) on first
 * use; NULL when d is malformed or memory runs out (warned). Global lock held. */
struct RtState;
RtStream *rt_stream_get_locked(struct RtState *s, const EsrtStream *d);
/* An empty list (NULL when out of memory). */
RtStreams *rt_streams_new(void);
/* Stops and joins every stream's threads and frees them and l. Global lock
 * held (core threads never take it). */
void rt_streams_free(RtStreams *l);
/* Around fork, global lock held (l may be NULL): every stream's lock is
 * taken before it and released after it in the parent; in the child the
 * streams forget the parent's core threads (started again by their next
 * round) and get new locks (rt_stream_after_fork). */
void rt_streams_lock(RtStreams *l);
void rt_streams_unlock(RtStreams *l);
void rt_streams_after_fork(RtStreams *l);
/* A round of st, global lock held: levels from the schedule, this round's
 * skips and delays; marks st busy and returns its cores' energy so far. */
double rt_stream_round_begin_locked(struct RtState *s, RtStream *st, const void *const *args);
/* After the round ran (lock taken again): its model time is its longest
 * core; it moves the runtime's clocks and adds its energy to the total. */
void rt_stream_round_end_locked(struct RtState *s, RtStream *st, double energy_before);

#endif
