/* ESCHED_TRACE: the run as Chrome trace-event JSON (the format Perfetto and
 * chrome://tracing open; docs/runtime.md, "Traces"):
 *   one track (thread) per device, with a complete event ("ph": "X") per
 *     task named by its key, its level and bytes as arguments;
 *   one track per link direction ("link cpu -> gpu"), with an event per
 *     transfer named by the data item it moves;
 *   a flow arrow ("ph": "s" / "f") from each transfer to the task it feeds;
 *   the write-back of a buffer evicted to make room is a transfer of cat
 *     "eviction", named from->to (evict), feeding no task;
 *   for stream rounds, one track per core of each stream, with a slice per
 *     task instance (cat "stream"; a skipped task is a zero-length slice of
 *     cat "skip").
 * Times are the model's on the executor's timeline, or with
 * ESCHED_TRACE_CLOCK=wall the measured wall-clock times of the tasks and
 * copies since the run began; rounded once to whole nanoseconds
 * (ts and dur are microseconds with three decimals), so a slice ends
 * exactly where the next one on its track starts, and kept between 0 and
 * TRACE_MAX_NS. Written atomically at exit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "runtime-stub/api/summary.h"
#include "runtime-stub/core/state.h"
#include "runtime-stub/stream/stream.h"
#include "scheduler/io/files.h"

/* The latest time a trace holds, in nanoseconds (285 years; exact as a
 * double, below LLONG_MAX): later times are written as it, earlier than 0
 * as 0, so that no ts or dur is ever negative (viewers reject them), even
 * when the model's clocks run past what an integer holds. */
#define TRACE_MAX_NS 9e18

static long long ns_of(double seconds) {
  double ns = seconds * 1e9;
  return ns > 0 ? (long long)llround(ns < TRACE_MAX_NS ? ns : TRACE_MAX_NS) : 0; /* NaN: 0 */
}

/* Microseconds with three decimals, exactly a whole number of nanoseconds. */
static void micros(FILE *f, long long ns) {
  fprintf(f, "%s%lld.%03lld", ns < 0 ? "-" : "", llabs(ns) / 1000, llabs(ns) % 1000);
}

/* "ts":...,"dur":... of [start, start + dur) on the nanosecond grid. */
static void span(FILE *f, double start, double dur) {
  long long a = ns_of(start), b = ns_of(start + dur);
  b = b > a ? b : a;
  fprintf(f, "\"ts\":");
  micros(f, a);
  fprintf(f, ",\"dur\":");
  micros(f, b - a);
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void track_name(FILE *f, int tid, const char *name) {
  fprintf(
      f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"args\":{\"name\":", tid);
  json_string(f, name);
  fprintf(f, "}}");
  fprintf(f,
          ",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
          "\"args\":{\"sort_index\":%d}}",
          tid, tid);
}

static bool is_transfer(const RtEvent *e) { return e->from >= 0; }

/* Event k on the trace's clock: the model's times, or with
 * ESCHED_TRACE_CLOCK=wall the measured ones (false when it was not
 * measured: it is left out). */
static bool on_clock(const RtState *s, int k, RtEvent *e) {
  *e = s->acct.ev[k];
  if (s->cfg.trace_wall)
    e->start = e->wall_start, e->dur = e->wall_dur;
  return !s->cfg.trace_wall || e->wall_start >= 0;
}

/* Tracks: devices 1..ndev, then one per link direction used (link[from *
 * ndev + to], 0 when unused), then the streams' cores. Returns the next
 * free track. */
static int link_tracks(FILE *f, const RtState *s, int *link) {
  int nd = s->acct.ndev, tid = nd + 1;
  for (int d = 0; d < nd; d++)
    track_name(f, d + 1, s->pf->devices[d].name);
  for (int i = 0; i < s->acct.nev; i++) {
    const RtEvent *e = &s->acct.ev[i];
    if (!is_transfer(e) || link[e->from * nd + e->to])
      continue;
    char name[300];
    snprintf(name, sizeof name, "link %s \xe2\x86\x92 %s", s->pf->devices[e->from].name,
             s->pf->devices[e->to].name);
    link[e->from * nd + e->to] = tid;
    track_name(f, tid++, name);
  }
  return tid;
}

static void write_task(FILE *f, const RtState *s, const RtEvent *e) {
  fprintf(f, ",\n{\"name\":");
  json_string(f, e->name);
  fprintf(f, ",\"cat\":\"task\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,", e->track + 1);
  span(f, e->start, e->dur);
  fprintf(f, ",\"args\":{\"device\":");
  json_string(f, s->pf->devices[e->track].name);
  fprintf(f, ",\"level\":%d,\"bytes\":%.0f}}", e->level, e->bytes);
}

static void write_transfer(FILE *f, const RtState *s, const RtEvent *e, int tid) {
  char fallback[300];
  snprintf(fallback, sizeof fallback, "%s->%s%s", s->pf->devices[e->from].name,
           s->pf->devices[e->to].name, e->evict ? " (evict)" : "");
  fprintf(f, ",\n{\"name\":");
  json_string(f, e->name ? e->name : fallback);
  fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,",
          e->evict ? "eviction" : "transfer", tid);
  span(f, e->start, e->dur);
  fprintf(f, ",\"args\":{\"from\":");
  json_string(f, s->pf->devices[e->from].name);
  fprintf(f, ",\"to\":");
  json_string(f, s->pf->devices[e->to].name);
  fprintf(f, ",\"bytes\":%.0f}}", e->bytes);
}

/* A flow arrow from transfer k (on track tid) to the task it was made for:
 * the next task event on the transfer's destination device. */
static void write_flow(FILE *f, const RtState *s, int k, int tid) {
  RtEvent xe, te, *x = &xe, *t = &te;
  on_clock(s, k, x);
  for (int j = k + 1; j < s->acct.nev; j++) {
    if (!on_clock(s, j, t) || is_transfer(t) || t->track != x->to)
      continue;
    fprintf(f,
            ",\n{\"name\":\"data\",\"cat\":\"flow\",\"ph\":\"s\",\"id\":%d,\"pid\":1,"
            "\"tid\":%d,\"ts\":",
            k, tid);
    long long a = ns_of(x->start), b = ns_of(x->start + x->dur);
    micros(f, b > a ? b - 1 : a); /* from the transfer's end, still inside it */
    fprintf(f,
            "},\n{\"name\":\"data\",\"cat\":\"flow\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%d,"
            "\"pid\":1,\"tid\":%d,\"ts\":",
            k, t->track + 1);
    micros(f, ns_of(t->start));
    fprintf(f, "}");
    return;
  }
}

static void write_slice(FILE *f, const RtStream *st, int tid, const RtSlice *x) {
  const EsCrownPlaced *t = &st->sched->tasks[x->task];
  fprintf(f, ",\n{\"name\":");
  json_string(f, t->name);
  fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,", x->skipped ? "skip" : "stream",
          tid);
  span(f, x->start, x->dur);
  fprintf(f, ",\"args\":{\"stream\":");
  json_string(f, st->desc->name);
  fprintf(f, ",\"round\":%ld,\"member\":%d,\"members\":%d,\"level\":%d,\"freq\":%.0f}}", x->round,
          x->member, t->width, x->level, st->sched->levels[x->level].freq);
}

/* A track per core of each stream, from track tid on. */
static void write_streams(FILE *f, const RtState *s, int tid) {
  for (int i = 0; i < s->streams->len; i++) {
    const RtStream *st = s->streams->v[i];
    for (int m = 0; m < st->p; m++, tid++) {
      char name[300];
      snprintf(name, sizeof name, "stream %s core %d", st->desc->name, m);
      track_name(f, tid, name);
      for (int k = 0; k < st->cores[m].nslices; k++)
        write_slice(f, st, tid, &st->cores[m].slices[k]);
    }
  }
}

static void write_events(FILE *f, const RtState *s, const int *link) {
  int nd = s->acct.ndev;
  for (int i = 0; i < s->acct.nev; i++) {
    RtEvent timed, *e = &timed;
    if (!on_clock(s, i, e))
      continue;
    if (!is_transfer(e)) {
      write_task(f, s, e);
      continue;
    }
    write_transfer(f, s, e, link[e->from * nd + e->to]);
    if (rt_item_names_feeds(&s->names, i))
      write_flow(f, s, i, link[e->from * nd + e->to]);
  }
}

int rt_trace_write(const RtState *s, const char *path, EsError *err) {
  int nd = s->acct.ndev;
  int *link = calloc((size_t)(nd * nd) + 1, sizeof(int));
  if (!link)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  EsOutput out;
  int rc = es_output_open(&out, path, err);
  if (rc) {
    free(link);
    return rc;
  }
  FILE *f = out.f;
  fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  fprintf(f,
          "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
          "\"args\":{\"name\":\"esched %s (%s)\"}}",
          s->cfg.executor == RT_EXEC_CONCURRENT ? "concurrent" : "serial",
          s->cfg.trace_wall ? "wall clock" : "model time");
  int next = link_tracks(f, s, link);
  write_events(f, s, link);
  write_streams(f, s, next);
  fprintf(f, "\n]}\n");
  free(link);
  return es_output_commit(&out, err);
}
