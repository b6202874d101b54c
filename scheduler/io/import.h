/* Importing real task graphs in their standard formats into esched's graph
 * model (graph.h): the Standard Task Graph set (STG, Kasahara lab), Pegasus
 * DAX workflows (XML, through libxml2) and WfCommons JSON instances
 * (through json-c). Each external library sits behind its own file
 * (import_dax.c, import_wfc.c); without it the importer returns ES_ENOSUP.
 *
 * Tasks get `time: {p0: t, ..., p(N-1): t}` (the same time on N identical
 * processors, the names the NAME:N platform presets use). Edges carry the
 * bytes of the files the producer writes and the consumer reads; with
 * bandwidth > 0 they carry the transfer time bytes / bandwidth instead
 * (a timed graph that needs no platform links).
 */
#ifndef ESCHED_SCHEDULER_IMPORT_H
#define ESCHED_SCHEDULER_IMPORT_H

#include "scheduler/base/error.h"
#include "scheduler/io/importer.h"
#include "scheduler/model/graph.h"

/* Reads path into a new graph (*out, owned by the caller). Errors point at
 * the file (and line where the library reports one). */
int es_import(const char *path, const EsImportOptions *opt, EsGraph **out, EsError *err);

#endif
