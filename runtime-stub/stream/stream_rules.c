/* Skip and delay requests for stream tasks (stream.h):
 *
 *   ESCHED_STREAM_SKIP  = entry ("," entry)*     entry = [STREAM "/"] TASK ["@" ROUND]
 *   ESCHED_STREAM_DELAY = entry "+" SECONDS ("," entry "+" SECONDS)*
 *
 * ROUND counts a stream's rounds from 1; without it the rule applies to
 * every round. SECONDS may carry a unit (2ms), and is at most
 * RT_STREAM_DELAY_MAX. The API's requests (esrt_stream_skip,
 * esrt_stream_delay) apply to the next round only. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/stream/stream_rules.h"
#include "scheduler/base/error.h"
#include "scheduler/base/number.h"
#include "scheduler/base/units.h"
#include "scheduler/base/vec.h"

static char *dup_n(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (d) {
    memcpy(d, s, n);
    d[n] = '\0';
  }
  return d;
}

static int push(RtRules *r, RtRule rule) {
  if (es_vec_reserve(&r->v, &r->cap, r->len + 1, sizeof *r->v)) {
    free(rule.stream);
    free(rule.task);
    free(rule.entry);
    return ES_ENOMEM;
  }
  r->v[r->len++] = rule;
  return ES_OK;
}

int rt_rules_add(RtRules *r, const char *stream, const char *task, bool skip, double delay) {
  RtRule rule = {stream ? dup_n(stream, strlen(stream)) : NULL,
                 dup_n(task, strlen(task)),
                 0,
                 skip,
                 true,
                 delay,
                 NULL,
                 false};
  if ((stream && !rule.stream) || !rule.task) {
    free(rule.stream);
    free(rule.task);
    return ES_ENOMEM;
  }
  return push(r, rule);
}

/* One entry [b, e): [STREAM "/"] TASK ["@" ROUND] ["+" SECONDS]. NULL, or
 * what is wrong with it. */
static const char *parse_entry(const char *b, const char *e, bool skip, RtRule *rule) {
  const char *form = skip ? "is not [STREAM/]TASK[@ROUND]" : "is not [STREAM/]TASK[@ROUND]+SECONDS";
  const char *plus = skip ? NULL : memchr(b, '+', (size_t)(e - b));
  if (!skip && (!plus || plus + 1 >= e))
    return form;
  if (plus) {
    char *secs = dup_n(plus + 1, (size_t)(e - plus - 1));
    bool ok = secs && es_parse_quantity(secs, ES_Q_TIME, &rule->delay) && isfinite(rule->delay) &&
              rule->delay > 0;
    free(secs);
    if (!ok)
      return form;
    if (rule->delay > RT_STREAM_DELAY_MAX)
      return "asks for more than the longest delay, 1e6 s"; /* RT_STREAM_DELAY_MAX */
    e = plus;
  }
  const char *at = memchr(b, '@', (size_t)(e - b));
  if (at) {
    char *round = dup_n(at + 1, (size_t)(e - at - 1));
    bool ok = round && es_parse_long(round, 1, LONG_MAX, &rule->round) == ES_NUMBER_OK;
    free(round);
    if (!ok)
      return form;
    e = at;
  }
  const char *slash = memchr(b, '/', (size_t)(e - b));
  const char *task = slash ? slash + 1 : b;
  if (task >= e || (slash && slash == b))
    return form;
  rule->stream = slash ? dup_n(b, (size_t)(slash - b)) : NULL;
  rule->task = dup_n(task, (size_t)(e - task));
  return rule->task ? NULL : "out of memory";
}

static void rule_free(RtRule *rule) {
  free(rule->stream);
  free(rule->task);
  free(rule->entry);
}

int rt_rules_parse(RtRules *r, const char *text, bool skip, char *bad, int badlen) {
  bad[0] = '\0';
  for (const char *b = text; b && *b;) {
    const char *e = strchr(b, ',');
    if (!e)
      e = b + strlen(b);
    RtRule rule = {NULL, NULL, 0, skip, false, 0, NULL, false};
    const char *why = e > b ? parse_entry(b, e, skip, &rule) : "is empty";
    if (!why && !(rule.entry = dup_n(b, (size_t)(e - b))))
      why = "out of memory";
    if (!why) {
      if (push(r, rule))
        return ES_ENOMEM;
    } else {
      rule_free(&rule);
      if (!bad[0])
        snprintf(bad, (size_t)badlen, "'%.*s' %s", (int)(e - b), b, why);
    }
    b = *e ? e + 1 : e;
  }
  return ES_OK;
}

static bool names(const RtRule *rule, const RtStream *st, int j) {
  return (!rule->stream || !strcmp(rule->stream, st->desc->name)) &&
         !strcmp(rule->task, st->desc->tasks[j].name);
}

static bool matches(const RtRule *rule, const RtStream *st, int j, long round) {
  return names(rule, st, j) && (rule->once || rule->round == 0 || rule->round == round);
}

void rt_rules_apply(RtRules *r, const RtStream *st, long round, bool *skip, double *delay) {
  int keep = 0;
  for (int i = 0; i < r->len; i++) {
    RtRule *rule = &r->v[i];
    bool used = false;
    for (int j = 0; j < st->ntasks; j++) {
      rule->named = rule->named || names(rule, st, j);
      if (matches(rule, st, j, round)) {
        used = true;
        if (rule->skip)
          skip[j] = true;
        else
          delay[j] += rule->delay;
      }
    }
    if (used && rule->once)
      rule_free(rule);
    else
      r->v[keep++] = *rule;
  }
  r->len = keep;
}

void rt_rules_free(RtRules *r) {
  for (int i = 0; i < r->len; i++)
    rule_free(&r->v[i]);
  free(r->v);
  memset(r, 0, sizeof *r);
}
