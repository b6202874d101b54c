/* Libraries loaded at run time (dlopen): GLPK (scheduler/lp), CUDA's
 * runtime, NVML and the OpenCL ICD loader (runtime-stub) are opened only by
 * the runs that ask for them, so no program links them and a machine
 * without them runs everything else. Each loader fills a table of function
 * pointers from a list of symbols. Here, in the lowest room, so that the
 * scheduler and the runtime share one loader. */
#ifndef ESCHED_SCHEDULER_BASE_DL_H
#define ESCHED_SCHEDULER_BASE_DL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* One entry point: its name, where its pointer lives in the table, and
 * whether the table is usable without it (the pointer is then NULL). */
typedef struct EsDlSym {
  const char *name;
  size_t offset;
  bool optional;
} EsDlSym;

/* Fills the function pointers of table from handle (a dlopen handle or
 * RTLD_DEFAULT). false when a required symbol is missing: why says
 * "FROM lacks NAME". O(n) lookups. */
bool es_dl_bind(void *handle, void *table, const EsDlSym *syms, int n, const char *from, char *why,
                int whylen);

/* Appends "; text" (or text, when why is empty) to why, truncating. */
void es_dl_append(char *why, int whylen, const char *text);

/* A library loaded once per process and never unloaded (some, such as
 * libcudart, register exit handlers). Define it static with ES_DL_ONCE. */
typedef struct EsDlOnce {
  pthread_mutex_t lock;
  bool tried, ok;
  char why[512];
} EsDlOnce;
#define ES_DL_ONCE                                                                                 \
  { PTHREAD_MUTEX_INITIALIZER, false, false, "" }

/* The first call fills table with load (false: with the reason in its
 * why); every call returns table, or NULL and that reason. Thread safe;
 * table is read-only once filled. */
const void *es_dl_load(EsDlOnce *once, void *table,
                       bool (*load)(void *table, char *why, int whylen), char *why, int whylen);

/* What most loaders do: dlopen the library environment variable `env`
 * names, else `name`, and bind syms into table. `env` set to "none"
 * disables it; false with the reason ("WHAT disabled (ENV=none)", "no WHAT
 * (dlerror)", or a missing symbol). */
bool es_dl_open_bind(const char *env, const char *name, const char *what, void *table,
                     const EsDlSym *syms, int n, char *why, int whylen);

#endif
