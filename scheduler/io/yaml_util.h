/* Shared helpers of the YAML readers and writers (yaml_*.c), the only files
 * that include yaml.h. Readers load each document with libyaml's document
 * API, whose marks give every node's position; writers emit events.
 *
 * Not a public header: nothing outside yaml_*.c includes it.
 */
#ifndef ESCHED_SCHEDULER_YAML_UTIL_H
#define ESCHED_SCHEDULER_YAML_UTIL_H

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>

#include "scheduler/base/error.h"
#include "scheduler/model/graph.h"
#include "scheduler/base/units.h"

/* A loaded document and where errors go. */
typedef struct YDoc {
  yaml_document_t doc;
  const char *file;
  EsError *err;
} YDoc;

/* libyaml's marks are 0-based; diagnostics are 1-based. */
EsMark y_mark(const yaml_node_t *n);

yaml_node_t *y_root(YDoc *d);
yaml_node_t *y_node(YDoc *d, int id);
/* The scalar text of n, or NULL when n is not a scalar. */
const char *y_text(const yaml_node_t *n);

/* Reports an error at node n (and returns ES_EINVAL). */
int y_error(YDoc *d, const yaml_node_t *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Type checks that report "expected a mapping ..." at n. what names the
 * thing for the message ("task", "the file"). */
bool y_expect_map(YDoc *d, const yaml_node_t *n, const char *what);
bool y_expect_seq(YDoc *d, const yaml_node_t *n, const char *what);
bool y_expect_scalar(YDoc *d, const yaml_node_t *n, const char *what);

/* Scalars with units (units.h), integers, booleans. */
bool y_quantity(YDoc *d, const yaml_node_t *n, EsQuantity q, const char *what, double *out);
bool y_int(YDoc *d, const yaml_node_t *n, const char *what, long *out);
bool y_bool(YDoc *d, const yaml_node_t *n, const char *what, bool *out);

/* Checks every key of mapping n against the NULL-terminated list allowed;
 * reports unknown and duplicate keys. Returns false on any error. */
bool y_check_keys(YDoc *d, const yaml_node_t *n, const char *what, const char *const *allowed);
/* The value of key in mapping n, or NULL. */
yaml_node_t *y_get(YDoc *d, const yaml_node_t *n, const char *key);

/* Opens path and calls per_doc for each YAML document in it (a syntax error
 * is reported at its line and column). An empty file has no document. */
typedef int (*YDocFn)(YDoc *d, void *ctx);
int y_load_file(const char *path, const char *display_name, EsError *err, YDocFn per_doc,
                void *ctx);
/* The same for an in-memory buffer. */
int y_load_buffer(const char *buf, size_t len, const char *name, EsError *err, YDocFn per_doc,
                  void *ctx);

/* Writing. A YOut wraps an emitter on a FILE. */
typedef struct YOut {
  yaml_emitter_t em;
  bool failed;
} YOut;

bool y_out_begin(YOut *o, FILE *f);
bool y_out_end(YOut *o);
void y_doc_begin(YOut *o);
void y_doc_end(YOut *o);
void y_map_begin(YOut *o, bool flow);
void y_map_end(YOut *o);
void y_seq_begin(YOut *o, bool flow);
void y_seq_end(YOut *o);
/* A plain or quoted scalar as needed. */
void y_str(YOut *o, const char *s);
/* A number in its shortest form up to 15 significant digits ("65", "0.04"). */
void y_num(YOut *o, double v);
void y_int_out(YOut *o, long v);
void y_bool_out(YOut *o, bool v);
/* key: value shorthands */
void y_kv_str(YOut *o, const char *k, const char *v);
void y_kv_num(YOut *o, const char *k, double v);
void y_kv_int(YOut *o, const char *k, long v);

/* The shortest "%.*g" (at most 15 digits) that reads back as v, into buf[32]. */
void es_format_number(double v, char buf[32]);

#endif
