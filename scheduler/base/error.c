/* EsError helpers. */
#include "scheduler/base/error.h"

#include "scheduler/base/escape.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int es_error_set(EsError *err, int code, const char *file, int line, int col,
                 const char *fmt, ...) {
  if (!err)
    return code;
  EsError e = {.code = code, .line = line, .col = col};
  char text[sizeof e.message];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  es_escape(e.message, sizeof e.message, text, strlen(text));
  snprintf(e.file, sizeof e.file, "%s", file ? file : "");
  err->count++;
  if (err->report)
    err->report(err->report_ctx, &e);
  if (err->code == ES_OK) {
    err->code = code;
    err->line = line;
    err->col = col;
    memcpy(err->file, e.file, sizeof e.file);
    memcpy(err->message, e.message, sizeof e.message);
  }
  return code;
}

void es_error_clear(EsError *err) {
  if (!err)
    return;
  void (*report)(void *, const EsError *) = err->report;
  void *ctx = err->report_ctx;
  memset(err, 0, sizeof *err);
  err->report = report;
  err->report_ctx = ctx;
}

const char *es_error_name(int code) {
  switch (code) {
  case ES_OK: return "success";
  case ES_EINVAL: return "invalid input";
  case ES_EIO: return "input/output error";
  case ES_ENOMEM: return "out of memory";
  case ES_ECYCLE: return "dependency cycle";
  case ES_ESHAPE: return "unsupported graph shape";
  case ES_ELIMIT: return "instance too large";
  case ES_ENOSUP: return "not supported by this build";
  case ES_EINFEAS: return "infeasible";
  case ES_ESOLVER: return "solver failure";
  case ES_EBUSY: return "busy";
  default: return "unknown error";
  }
}
