/* Libraries loaded at run time (dlopen): CUDA's runtime, NVML and the
 * OpenCL ICD loader are opened only by the runs that ask for them, so no
 * program links them and a machine without them runs everything else.
 * Each loader fills a table of function pointers from a list of symbols. */
#ifndef ESCHED_RT_MEMORY_DL_H
#define ESCHED_RT_MEMORY_DL_H

#include <stdbool.h>
#include <stddef.h>

/* One entry point: its name, where its pointer lives in the table, and
 * whether the table is usable without it (the pointer is then NULL). */
typedef struct RtDlSym {
  const char *name;
  size_t offset;
  bool optional;
} RtDlSym;

/* Fills the function pointers of table from handle (a dlopen handle or
 * RTLD_DEFAULT). false when a required symbol is missing: why says
 * "FROM lacks NAME". O(n) lookups. */
bool rt_dl_bind(void *handle, void *table, const RtDlSym *syms, int n, const char *from, char *why,
                int whylen);

/* Appends "; text" (or text, when why is empty) to why, truncating. */
void rt_dl_append(char *why, int whylen, const char *text);

#endif
