/* What the importers (import_stg.c, import_dax.c, import_wfc.c) share, and
 * what the dispatcher (import.c) calls them by. Only this room includes it:
 * callers use import.h. */
#ifndef ESCHED_SCHEDULER_IO_IMPORT_READER_H
#define ESCHED_SCHEDULER_IO_IMPORT_READER_H

#include "scheduler/base/error.h"
#include "scheduler/io/import.h"
#include "scheduler/model/graph.h"

/* The format readers (one file each). */
int es_import_stg(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err);
int es_import_dax(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err);
int es_import_wfcommons(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err);

/* Shared by the readers: adds a task with time t on every processor; an
 * edge with bytes (or a time from the bandwidth). Return index or -1. */
int es_import_task(EsGraph *g, const EsImportOptions *opt, const char *name, double t);
int es_import_edge(EsGraph *g, const EsImportOptions *opt, int from, int to, double bytes);

#endif
