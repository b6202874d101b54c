/* What an importer is: the options every importer takes, the record each
 * one registers in the dispatcher's table (import.c), and the graph-building
 * steps they share (importer.c). Callers use import.h. */
#ifndef ESCHED_SCHEDULER_IO_IMPORTER_H
#define ESCHED_SCHEDULER_IO_IMPORTER_H

#include "scheduler/base/error.h"
#include "scheduler/model/graph.h"

typedef enum EsImportFormat {
  ES_IMPORT_AUTO = 0, /* by extension: .stg, .xml/.dax, .json */
  ES_IMPORT_STG,
  ES_IMPORT_DAX,
  ES_IMPORT_WFCOMMONS,
} EsImportFormat;

typedef struct EsImportOptions {
  EsImportFormat format;
  int nprocs;       /* processors p0..p(nprocs-1); 0 means 1 */
  double bandwidth; /* bytes per second for edge times; 0: keep bytes */
} EsImportOptions;

typedef struct EsImporter {
  EsImportFormat format;
  const char *endings[3]; /* file name endings that select it under ES_IMPORT_AUTO */
  int (*read)(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err);
} EsImporter;

/* The importers (one file each). Without its library (libxml2 for DAX,
 * json-c for WfCommons) an importer's read returns ES_ENOSUP. */
extern const EsImporter es_importer_stg, es_importer_dax, es_importer_wfcommons;

/* Shared by the readers: adds a task with time t on every processor; an
 * edge with bytes (or a time from the bandwidth). Return index or -1. */
int es_import_task(EsGraph *g, const EsImportOptions *opt, const char *name, double t);
int es_import_edge(EsGraph *g, const EsImportOptions *opt, int from, int to, double bytes);

#endif
