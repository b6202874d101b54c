/* The stream entry points of esched_rt.h (docs/runtime.md, "Streams"): a
 * round of a stream region on its core threads, and skip and delay
 * requests. */
#include <pthread.h>

#include "esched_rt.h"
#include "runtime-stub/core/state.h"
#include "runtime-stub/exec/flush.h"
#include "runtime-stub/stream/stream.h"

void esrt_stream_round(const EsrtStream *d, const void *const *args) {
  RtState *s = rt_state_locked();
  RtStream *st = NULL;
  if (s) {
    rt_flush_locked(s); /* the round works on host memory: the region ends */
    if (rt_registry_write_back(&s->reg, &s->host_clock))
      rt_warn_locked(s, "copying data back to the host failed");
    st = rt_stream_get_locked(s, d);
    while (st && st->busy)
      pthread_cond_wait(&s->cond, &s->lock);
  }
  if (!st) {
    if (s)
      rt_state_unlock(s);
    rt_stream_run_inline(d, args);
    return;
  }
  double before = rt_stream_round_begin_locked(s, st, args);
  rt_state_unlock(s);
  rt_stream_run_round(st);
  rt_state_lock(s);
  rt_stream_round_end_locked(s, st, before);
  pthread_cond_broadcast(&s->cond);
  rt_state_unlock(s);
}

static void request(const char *stream, const char *task, bool skip, double delay) {
  RtState *s = rt_state_locked();
  if (!s)
    return;
  if (task && rt_rules_add(&s->streams->rules, stream, task, skip, delay))
    rt_warn_locked(s, "out of memory: a stream request is lost");
  rt_state_unlock(s);
}

void esrt_stream_skip(const char *stream, const char *task) { request(stream, task, true, 0); }

void esrt_stream_delay(const char *stream, const char *task, double seconds) {
  if (seconds > RT_STREAM_DELAY_MAX) { /* infinity too */
    RtState *s = rt_state_locked();
    if (s) {
      rt_warn_locked(s,
                     "esrt_stream_delay: %g s for task '%s' is more than the longest delay, "
                     "1e6 s; ignored",
                     seconds, task ? task : "(null)");
      rt_state_unlock(s);
    }
  } else if (seconds > 0) {
    request(stream, task, false, seconds);
  }
}
