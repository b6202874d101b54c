/* Writing esched's YAML files (yaml_*.c): a direct emitter that formats
 * text into a buffer as libyaml's emitter would lay it out (indent 2, no
 * line width, block sequences under a key not indented, empty block
 * collections as [] and {}), and chooses each scalar's style by libyaml's
 * rules: plain when YAML reads it back as the same text, else single
 * quoted, else double quoted with escapes. Strings with line breaks are
 * double quoted (\n). Invalid UTF-8 fails the write.
 *
 * Not a public header: nothing outside yaml_*.c includes it.
 */
#ifndef ESCHED_SCHEDULER_YAML_OUT_H
#define ESCHED_SCHEDULER_YAML_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { Y_OUT_DEPTH = 64 };

typedef struct YLevel {
  bool map, flow;
  int count;  /* nodes written in it (a mapping's keys and values) */
  int indent; /* block: the column of its keys or dashes */
} YLevel;

typedef struct YOut {
  FILE *f;
  bool failed;
  bool line_empty; /* nothing written on the current line */
  int docs;
  int depth;
  YLevel level[Y_OUT_DEPTH];
  size_t n;
  char buf[1 << 16];
} YOut;

/* y_out_begin prepares o to write to f; y_out_end flushes. Both return
 * false once anything failed (a write error, invalid UTF-8). */
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
/* A number in the shortest form that reads back as the same double. */
void y_num(YOut *o, double v);
void y_int_out(YOut *o, long v);
void y_bool_out(YOut *o, bool v);
/* key: value shorthands */
void y_kv_str(YOut *o, const char *k, const char *v);
void y_kv_num(YOut *o, const char *k, double v);
void y_kv_int(YOut *o, const char *k, long v);

#endif
