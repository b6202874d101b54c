/* What every part of the runtime does with the state (state.h):
 * warnings (once each), the size a task is keyed on, the lock. The state
 * object itself, its initialisation and teardown are api/lifecycle.c's. */
#include "runtime-stub/core/state.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/escape.h"
#include "scheduler/base/path.h"

void rt_warn_locked(RtState *s, const char *fmt, ...) {
  char raw[1024], buf[4 * sizeof raw];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  es_escape(buf, sizeof buf, raw, strlen(raw)); /* names and values from the environment */
  for (int i = 0; i < s->nwarnings; i++)
    if (strcmp(s->warnings[i].text, buf) == 0)
      return; /* once per distinct warning */
  RtWarning *w = realloc(s->warnings, sizeof *w * ((size_t)s->nwarnings + 1));
  char *text = malloc(strlen(buf) + 1);
  if (w)
    s->warnings = w;
  if (!w || !text) {
    free(text);
    return;
  }
  strcpy(text, buf);
  s->warnings[s->nwarnings++].text = text;
  rt_print_warning(text);
}

const char *rt_path_locked(RtState *s, const char *variable, const char *path) {
  RtConfig *c = &s->cfg;
  if (!path || path[0] == '/')
    return path;
  char *abs = c->npaths < RT_MAX_PATHS ? es_path_absolute(path) : NULL;
  if (!abs) {
    rt_warn_locked(s,
                   "%s: '%s' stays relative (out of memory, or the working directory has no "
                   "name): after a change of directory it names another file",
                   variable, path);
    return path;
  }
  return c->paths[c->npaths++] = abs;
}

void rt_print_warning(const char *text) { fprintf(stderr, "esched: warning: %s\n", text); }

void rt_where(const EsError *e, const char *fallback, char *buf, size_t len) {
  const char *file = e->file[0] ? e->file : fallback;
  if (e->line > 0)
    snprintf(buf, len, "%s:%d:%d", file, e->line, e->col > 0 ? e->col : 1);
  else
    snprintf(buf, len, "%s", file);
}

double rt_task_size(const EsrtAccess *acc, int n) {
  double read = 0, all = 0;
  for (int i = 0; i < n; i++) {
    all += (double)acc[i].bytes;
    read += acc[i].mode & ESRT_IN ? (double)acc[i].bytes : 0;
  }
  return read > 0 ? read : all;
}

/* Whether this thread holds the state's lock (state.h). */
static _Thread_local bool held;

void rt_state_lock(RtState *s) {
  pthread_mutex_lock(&s->lock);
  held = true;
}

void rt_state_unlock(RtState *s) {
  held = false;
  pthread_mutex_unlock(&s->lock);
}

bool rt_state_held(void) { return held; }

void rt_state_lock_renew(RtState *s) {
  pthread_mutex_init(&s->lock, NULL);
  held = false;
}
