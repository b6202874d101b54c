/* ESCHED_TRACE: the run as Chrome trace-event JSON (the format Perfetto and
 * chrome://tracing open): one track (thread) per device and one for the
 * link, a complete event ("ph": "X") per task named by its key with its
 * level and bytes as arguments, and one per transfer on the link track.
 * Times are the model's, in microseconds, on the executor's timeline, or
 * with ESCHED_TRACE_CLOCK=wall the measured wall-clock times of the tasks
 * and copies since the run began (docs/runtime.md, "Traces"). Stream rounds add one track per core
 * of each stream, with a slice per task instance (cat "stream"; a skipped task is a zero-length
 * slice of cat "skip"). Written atomically at exit. */
#include <stdio.h>

#include "runtime-stub/core/state.h"
#include "runtime-stub/api/summary.h"
#include "runtime-stub/stream/stream.h"
#include "scheduler/io/files.h"

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

/* The event's start and duration in seconds on the trace's clock: the
 * model's, or with ESCHED_TRACE_CLOCK=wall what was measured (false when
 * the event was not measured: it is left out). */
static bool event_times(const RtState *s, const RtEvent *e, double *start, double *dur) {
  bool wall = s->cfg.trace_wall;
  *start = wall ? e->wall_start : e->start;
  *dur = wall ? e->wall_dur : e->dur;
  return !wall || e->wall_start >= 0;
}

static void write_event(FILE *f, const RtState *s, const RtEvent *e) {
  const EsPlatform *pf = s->pf;
  double start, dur;
  if (!event_times(s, e, &start, &dur))
    return;
  fprintf(f, ",\n{\"name\":");
  if (e->name) {
    json_string(f, e->name);
  } else {
    fprintf(f, "\"");
    fprintf(f, "%s->%s\"", pf->devices[e->from].name, pf->devices[e->to].name);
  }
  fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,",
          e->name ? "task" : "transfer", e->track + 1, start * 1e6, dur * 1e6);
  if (e->name)
    fprintf(f, "\"args\":{\"device\":\"%s\",\"level\":%d,\"bytes\":%.0f}}",
            pf->devices[e->track].name, e->level, e->bytes);
  else
    fprintf(f, "\"args\":{\"bytes\":%.0f}}", e->bytes);
}

static void write_slice(FILE *f, const RtStream *st, int tid, const RtSlice *x) {
  const EsCrownPlaced *t = &st->sched->tasks[x->task];
  fprintf(f, ",\n{\"name\":");
  json_string(f, t->name);
  fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,",
          x->skipped ? "skip" : "stream", tid, x->start * 1e6, x->dur * 1e6);
  fprintf(f, "\"args\":{\"stream\":");
  json_string(f, st->desc->name);
  fprintf(f, ",\"round\":%ld,\"member\":%d,\"members\":%d,\"level\":%d,\"freq\":%.0f}}", x->round,
          x->member, t->width, x->level, st->sched->levels[x->level].freq);
}

/* A track per core of each stream, after the devices' and the link's. */
static void write_streams(FILE *f, const RtState *s) {
  int tid = s->acct.ndev + 2;
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

int rt_trace_write(const RtState *s, const char *path, EsError *err) {
  EsOutput out;
  int rc = es_output_open(&out, path, err);
  if (rc)
    return rc;
  FILE *f = out.f;
  fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  fprintf(f,
          "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
          "\"args\":{\"name\":\"esched %s (%s)\"}}",
          s->cfg.executor == RT_EXEC_CONCURRENT ? "concurrent" : "serial",
          s->cfg.trace_wall ? "wall clock" : "model time");
  for (int d = 0; d < s->acct.ndev; d++)
    track_name(f, d + 1, s->pf->devices[d].name);
  track_name(f, s->acct.ndev + 1, "link");
  for (int i = 0; i < s->acct.nev; i++)
    write_event(f, s, &s->acct.ev[i]);
  write_streams(f, s);
  fprintf(f, "\n]}\n");
  return es_output_commit(&out, err);
}
