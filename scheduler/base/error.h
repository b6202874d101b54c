/* Errors of the scheduler library.
 *
 * Library functions never print and never exit: they return 0 or a negative
 * ES_E* code and fill an EsError whose position, when known, points into the
 * user's input file (1-based line and column, as clang prints them).
 */
#ifndef ESCHED_SCHEDULER_ERROR_H
#define ESCHED_SCHEDULER_ERROR_H

enum {
  ES_OK = 0,
  ES_EINVAL = -1,   /* bad input: a malformed file, a bad value, a bad option */
  ES_EIO = -2,      /* a file could not be read or written */
  ES_ENOMEM = -3,   /* out of memory */
  ES_ECYCLE = -4,   /* the task graph has a dependency cycle */
  ES_ESHAPE = -5,   /* the algorithm does not accept this graph's shape */
  ES_ELIMIT = -6,   /* the instance exceeds the algorithm's size limit */
  ES_ENOSUP = -7,   /* the feature is not built in (e.g. GLPK missing) */
  ES_EINFEAS = -8,  /* no feasible schedule (every label of a task forbidden) */
  ES_ESOLVER = -9,  /* an external solver failed */
  ES_EBUSY = -10,   /* in use by another thread: try again once it is done */
};

/* Where an error points. file is a copy of the input's name (empty when
 * unknown): the graph or platform that named it is usually freed by the
 * failing reader before the caller prints the error. The message has the
 * input's bytes escaped (scheduler/base/escape.h); the name is kept as
 * given, so that it still opens. */
typedef struct EsError {
  int code;
  int line, col; /* 1-based; 0 when unknown */
  char file[4096];
  char message[512];
  /* Optional: readers that keep going after an error report each one here
   * (the first is also kept above), so a user sees every error of a file in
   * one run. count is the number of errors reported. */
  void (*report)(void *ctx, const struct EsError *e);
  void *report_ctx;
  int count;
} EsError;

/* Records an error and returns code, so that callers can write
 * `return es_error_set(err, ES_EINVAL, file, line, col, "...", ...);`.
 * err may be NULL. A second error does not overwrite the first, but every
 * error goes to err->report when one is set. */
int es_error_set(EsError *err, int code, const char *file, int line, int col,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Clears err to ES_OK, keeping its report callback. */
void es_error_clear(EsError *err);

/* A short name of an ES_E* code ("invalid input", ...). */
const char *es_error_name(int code);

#endif
