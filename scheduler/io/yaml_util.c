/* YAML reading and writing helpers over libyaml. */
#include "scheduler/io/yaml_util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

EsMark y_mark(const yaml_node_t *n) {
  return (EsMark){(int)n->start_mark.line + 1, (int)n->start_mark.column + 1};
}

yaml_node_t *y_root(YDoc *d) { return yaml_document_get_root_node(&d->doc); }
yaml_node_t *y_node(YDoc *d, int id) { return yaml_document_get_node(&d->doc, id); }

const char *y_text(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

int y_error(YDoc *d, const yaml_node_t *n, const char *fmt, ...) {
  char msg[480];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  EsMark m = n ? y_mark(n) : (EsMark){1, 1};
  return es_error_set(d->err, ES_EINVAL, d->file, m.line, m.col, "%s", msg);
}

static const char *type_name(const yaml_node_t *n) {
  switch (n->type) {
  case YAML_MAPPING_NODE: return "a mapping";
  case YAML_SEQUENCE_NODE: return "a list";
  case YAML_SCALAR_NODE: return "a scalar";
  default: return "nothing";
  }
}

static bool expect(YDoc *d, const yaml_node_t *n, yaml_node_type_t t, const char *kind,
                   const char *what) {
  if (n && n->type == t)
    return true;
  if (n)
    y_error(d, n, "expected %s for %s, found %s", kind, what, type_name(n));
  else
    y_error(d, NULL, "expected %s for %s", kind, what);
  return false;
}

bool y_expect_map(YDoc *d, const yaml_node_t *n, const char *what) {
  return expect(d, n, YAML_MAPPING_NODE, "a mapping", what);
}
bool y_expect_seq(YDoc *d, const yaml_node_t *n, const char *what) {
  return expect(d, n, YAML_SEQUENCE_NODE, "a list", what);
}
bool y_expect_scalar(YDoc *d, const yaml_node_t *n, const char *what) {
  return expect(d, n, YAML_SCALAR_NODE, "a scalar", what);
}

bool y_quantity(YDoc *d, const yaml_node_t *n, EsQuantity q, const char *what, double *out) {
  if (!y_expect_scalar(d, n, what))
    return false;
  if (es_parse_quantity(y_text(n), q, out))
    return true;
  if (q == ES_Q_NUMBER)
    y_error(d, n, "expected a number for %s, found '%s'", what, y_text(n));
  else
    y_error(d, n, "expected a number (optionally with a unit of %s) for %s, found '%s'",
            es_quantity_unit(q), what, y_text(n));
  return false;
}

bool y_int(YDoc *d, const yaml_node_t *n, const char *what, long *out) {
  if (!y_expect_scalar(d, n, what))
    return false;
  char *end;
  errno = 0;
  long v = strtol(y_text(n), &end, 10);
  if (errno || end == y_text(n) || *end) {
    y_error(d, n, "expected an integer for %s, found '%s'", what, y_text(n));
    return false;
  }
  *out = v;
  return true;
}

bool y_bool(YDoc *d, const yaml_node_t *n, const char *what, bool *out) {
  if (!y_expect_scalar(d, n, what))
    return false;
  const char *t = y_text(n);
  if (!strcmp(t, "true") || !strcmp(t, "yes") || !strcmp(t, "on"))
    return *out = true, true;
  if (!strcmp(t, "false") || !strcmp(t, "no") || !strcmp(t, "off"))
    return *out = false, true;
  y_error(d, n, "expected true or false for %s, found '%s'", what, t);
  return false;
}

bool y_check_keys(YDoc *d, const yaml_node_t *n, const char *what, const char *const *allowed) {
  bool ok = true;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = y_node(d, p->key);
    const char *key = y_text(k);
    if (!key) {
      ok = false;
      y_error(d, k, "keys of %s must be scalars", what);
      continue;
    }
    bool known = false;
    for (const char *const *a = allowed; *a; a++)
      known |= strcmp(*a, key) == 0;
    if (!known) {
      ok = false;
      y_error(d, k, "unknown key '%s' in %s", key, what);
    }
    for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < p; q++)
      if (y_text(y_node(d, q->key)) && strcmp(y_text(y_node(d, q->key)), key) == 0) {
        ok = false;
        y_error(d, k, "duplicate key '%s' in %s", key, what);
      }
  }
  return ok;
}

yaml_node_t *y_get(YDoc *d, const yaml_node_t *n, const char *key) {
  if (!n || n->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    const char *k = y_text(y_node(d, p->key));
    if (k && strcmp(k, key) == 0)
      return y_node(d, p->value);
  }
  return NULL;
}

/* libyaml reports where it noticed the problem and, for an unclosed
 * construct, where that construct began: both go into the message. */
static int parser_error(const yaml_parser_t *p, const char *name, EsError *err) {
  const yaml_mark_t *m = &p->problem_mark;
  const char *what = p->error == YAML_READER_ERROR ? "invalid text" : "malformed YAML";
  char context[160] = "";
  if (p->context)
    snprintf(context, sizeof context, " (%s, which began at line %d, column %d)", p->context,
             (int)p->context_mark.line + 1, (int)p->context_mark.column + 1);
  return es_error_set(err, ES_EINVAL, name, (int)m->line + 1, (int)m->column + 1, "%s: %s%s",
                      what, p->problem ? p->problem : "unknown problem", context);
}

static int load_all(yaml_parser_t *parser, const char *name, EsError *err, YDocFn per_doc,
                    void *ctx) {
  int rc = ES_OK;
  for (;;) {
    YDoc d = {.file = name, .err = err};
    if (!yaml_parser_load(parser, &d.doc)) {
      rc = parser_error(parser, name, err);
      break;
    }
    if (!yaml_document_get_root_node(&d.doc)) { /* end of stream */
      yaml_document_delete(&d.doc);
      break;
    }
    rc = per_doc(&d, ctx);
    yaml_document_delete(&d.doc);
    if (rc)
      break;
  }
  return rc;
}

int y_load_file(const char *path, const char *display_name, EsError *err, YDocFn per_doc,
                void *ctx) {
  const char *name = display_name ? display_name : path;
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return es_error_set(err, ES_EIO, name, 0, 0, "cannot open '%s': %s", path, strerror(errno));
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    if (f != stdin)
      fclose(f);
    return es_error_set(err, ES_ENOMEM, name, 0, 0, "out of memory");
  }
  yaml_parser_set_input_file(&parser, f);
  int rc = load_all(&parser, name, err, per_doc, ctx);
  yaml_parser_delete(&parser);
  if (f != stdin)
    fclose(f);
  return rc;
}

int y_load_buffer(const char *buf, size_t len, const char *name, EsError *err, YDocFn per_doc,
                  void *ctx) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser))
    return es_error_set(err, ES_ENOMEM, name, 0, 0, "out of memory");
  yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
  int rc = load_all(&parser, name, err, per_doc, ctx);
  yaml_parser_delete(&parser);
  return rc;
}

/* ---- writing ---- */

static void emit(YOut *o, yaml_event_t *ev, int ok) {
  if (!ok || o->failed || !yaml_emitter_emit(&o->em, ev))
    o->failed = true;
}

bool y_out_begin(YOut *o, FILE *f) {
  memset(o, 0, sizeof *o);
  if (!yaml_emitter_initialize(&o->em))
    return false;
  yaml_emitter_set_output_file(&o->em, f);
  yaml_emitter_set_unicode(&o->em, 1);
  yaml_emitter_set_width(&o->em, -1);
  yaml_emitter_set_indent(&o->em, 2);
  yaml_event_t ev;
  emit(o, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
  return !o->failed;
}

bool y_out_end(YOut *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_stream_end_event_initialize(&ev));
  if (!yaml_emitter_flush(&o->em))
    o->failed = true;
  yaml_emitter_delete(&o->em);
  return !o->failed;
}

void y_doc_begin(YOut *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
}

void y_doc_end(YOut *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_document_end_event_initialize(&ev, 1));
}

void y_map_begin(YOut *o, bool flow) {
  yaml_event_t ev;
  emit(o, &ev,
       yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
                                           flow ? YAML_FLOW_MAPPING_STYLE
                                                : YAML_BLOCK_MAPPING_STYLE));
}

void y_map_end(YOut *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_mapping_end_event_initialize(&ev));
}

void y_seq_begin(YOut *o, bool flow) {
  yaml_event_t ev;
  emit(o, &ev,
       yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
                                            flow ? YAML_FLOW_SEQUENCE_STYLE
                                                 : YAML_BLOCK_SEQUENCE_STYLE));
}

void y_seq_end(YOut *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_sequence_end_event_initialize(&ev));
}

static void scalar(YOut *o, const char *s, yaml_scalar_style_t style) {
  yaml_event_t ev;
  emit(o, &ev,
       yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1,
                                    style));
}

void y_str(YOut *o, const char *s) { scalar(o, s ? s : "", YAML_ANY_SCALAR_STYLE); }

void es_format_number(double v, char buf[32]) {
  if (isnan(v)) {
    strcpy(buf, ".nan");
    return;
  }
  if (isinf(v)) {
    strcpy(buf, v > 0 ? ".inf" : "-.inf");
    return;
  }
  /* Integers (sizes, counts) come out of the search below as their digits:
   * print them directly, which costs a tenth of it. */
  if (fabs(v) < 1e15 && v == (double)(long long)v && !(v == 0 && signbit(v))) {
    snprintf(buf, 32, "%lld", (long long)v);
    return;
  }
  /* 15 significant digits at most: costs are estimates, and 3.46 reads
   * better than 3.4600000000000004 (which is what 17 digits would keep). */
  for (int prec = 6; prec <= 15; prec++) {
    snprintf(buf, 32, "%.*g", prec, v);
    if (strtod(buf, NULL) == v)
      return;
  }
}

void y_num(YOut *o, double v) {
  char buf[32];
  es_format_number(v, buf);
  scalar(o, buf, YAML_PLAIN_SCALAR_STYLE);
}

void y_int_out(YOut *o, long v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%ld", v);
  scalar(o, buf, YAML_PLAIN_SCALAR_STYLE);
}

void y_bool_out(YOut *o, bool v) { scalar(o, v ? "true" : "false", YAML_PLAIN_SCALAR_STYLE); }

void y_kv_str(YOut *o, const char *k, const char *v) {
  y_str(o, k);
  y_str(o, v);
}

void y_kv_num(YOut *o, const char *k, double v) {
  y_str(o, k);
  y_num(o, v);
}

void y_kv_int(YOut *o, const char *k, long v) {
  y_str(o, k);
  y_int_out(o, v);
}
