/* Skip and delay requests for the tasks of stream rounds, from the
 * environment and the API (stream_rules.c). */
#ifndef ESCHED_RT_STREAM_RULES_H
#define ESCHED_RT_STREAM_RULES_H

#include <stdbool.h>

#include "runtime-stub/stream/stream_team.h"

/* The longest delay asked for, in seconds (11.6 days): a round's model
 * time keeps whole nanoseconds in a double up to 2^53 ns (104 days), and
 * the trace's integer nanoseconds hold 292 years. */
#define RT_STREAM_DELAY_MAX 1e6

/* A skip or delay request (stream_rules.c). */
typedef struct RtRule {
  char *stream; /* NULL: any stream */
  char *task;
  long round; /* 1-based; 0: every round (environment) or the next (API) */
  bool skip;
  bool once;    /* API requests apply to one round */
  double delay; /* seconds late, at most RT_STREAM_DELAY_MAX */
  char *entry;  /* the environment's entry as written; NULL for the API's */
  bool named;   /* a stream that ran has the task it names */
} RtRule;

typedef struct RtRules {
  RtRule *v;
  int len, cap;
} RtRules;

/* Parses ESCHED_STREAM_SKIP (skip) or ESCHED_STREAM_DELAY (!skip) into
 * rules; the first malformed entry is described in bad (empty when none):
 * the entry quoted, then what is wrong with it. */
int rt_rules_parse(RtRules *r, const char *text, bool skip, char *bad, int badlen);
/* An API request for the next round; delay in (0, RT_STREAM_DELAY_MAX]. */
int rt_rules_add(RtRules *r, const char *stream, const char *task, bool skip, double delay);
/* Marks the round's skipped and delayed tasks of st (round number `round`),
 * marks the rules naming a task of st as named, and drops the one-shot
 * rules it used. */
void rt_rules_apply(RtRules *r, const RtStream *st, long round, bool *skip, double *delay);
void rt_rules_free(RtRules *r);

#endif
