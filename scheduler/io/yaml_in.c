/* Streaming YAML reading over libyaml's events (yaml_in.h). */
#include "scheduler/io/yaml_in.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

EsMark y_mark_from_libyaml(yaml_mark_t m) {
  return (EsMark){m.line >= INT32_MAX ? INT32_MAX : (int)m.line + 1,
                  m.column >= INT32_MAX ? INT32_MAX : (int)m.column + 1};
}

static void report(YIn *in, EsMark m, const char *msg) {
  es_error_set(in->err, ES_EINVAL, in->file, m.line, m.col, "%s", msg);
}

/* Counts an error, and reports it or holds it for its list; past
 * Y_MAX_ERRORS the one error more says so and stops the reading. */
static void note_error(YIn *in, EsMark m, const char *msg) {
  if (in->errors > Y_MAX_ERRORS)
    return;
  if (++in->errors > Y_MAX_ERRORS) {
    in->stop = true;
    msg = "too many errors emitted, stopping now";
  }
  if (!in->streaming) {
    report(in, m, msg);
    return;
  }
  YHeld *h = &in->held[in->nheld++];
  h->list = in->streaming, h->mark = m;
  snprintf(h->msg, sizeof h->msg, "%s", msg);
}

int y_error(YIn *in, const YNode *n, const char *fmt, ...) {
  if (in->errors > Y_MAX_ERRORS)
    return ES_EINVAL;
  char msg[480];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  note_error(in, n ? y_mark(n) : (EsMark){1, 1}, msg);
  return ES_EINVAL;
}

/* Reports the held errors of list (all lists: NULL), in their order. */
static void report_held(YIn *in, const char *list) {
  int kept = 0;
  for (int i = 0; i < in->nheld; i++)
    if (!list || strcmp(in->held[i].list, list) == 0)
      report(in, in->held[i].mark, in->held[i].msg);
    else
      in->held[kept++] = in->held[i];
  in->nheld = kept;
}

bool y_streamed(YIn *in, const YNode *list) {
  if (list->streamed)
    report_held(in, list->text);
  return list->streamed;
}

/* ---- checks on captured nodes ---- */

static const char *type_name(const YNode *n) {
  switch (n->type) {
  case Y_MAP: return "a mapping";
  case Y_SEQ: return "a list";
  case Y_SCALAR: return "a scalar";
  }
  return "nothing";
}

static bool expect(YIn *in, const YNode *n, YType t, const char *kind, const char *what) {
  if (n && n->type == t)
    return true;
  if (n)
    y_error(in, n, "expected %s for %s, found %s", kind, what, type_name(n));
  else
    y_error(in, NULL, "expected %s for %s", kind, what);
  return false;
}

bool y_expect_map(YIn *in, const YNode *n, const char *what) {
  return expect(in, n, Y_MAP, "a mapping", what);
}
bool y_expect_seq(YIn *in, const YNode *n, const char *what) {
  return expect(in, n, Y_SEQ, "a list", what);
}
bool y_expect_scalar(YIn *in, const YNode *n, const char *what) {
  return expect(in, n, Y_SCALAR, "a scalar", what);
}

bool y_quantity(YIn *in, const YNode *n, EsQuantity q, const char *what, double *out) {
  if (!y_expect_scalar(in, n, what))
    return false;
  if (es_parse_quantity(y_text(n), q, out))
    return true;
  if (q == ES_Q_NUMBER)
    y_error(in, n, "expected a number for %s, found '%s'", what, y_text(n));
  else
    y_error(in, n, "expected a number (optionally with a unit of %s) for %s, found '%s'",
            es_quantity_unit(q), what, y_text(n));
  return false;
}

bool y_amount(YIn *in, const YNode *n, EsQuantity q, const char *what, double *out) {
  if (!y_quantity(in, n, q, what, out))
    return false;
  if (isnan(*out))
    y_error(in, n, "%s is NaN", what);
  else if (isinf(*out))
    y_error(in, n, "%s is infinite", what);
  else if (*out < 0)
    y_error(in, n, "%s is negative (%g)", what, *out);
  else
    return true;
  return false;
}

bool y_int(YIn *in, const YNode *n, const char *what, long *out) {
  if (!y_expect_scalar(in, n, what))
    return false;
  char *end;
  errno = 0;
  long v = strtol(y_text(n), &end, 10);
  if (errno || end == y_text(n) || *end) {
    y_error(in, n, "expected an integer for %s, found '%s'", what, y_text(n));
    return false;
  }
  *out = v;
  return true;
}

bool y_level(YIn *in, const YNode *n, const char *what, int *out) {
  long v;
  if (!y_int(in, n, what, &v))
    return false;
  if (v < 0 || v > INT_MAX) {
    y_error(in, n, "%s must be a DVFS level index, found %ld", what, v);
    return false;
  }
  *out = (int)v;
  return true;
}

bool y_bool(YIn *in, const YNode *n, const char *what, bool *out) {
  if (!y_expect_scalar(in, n, what))
    return false;
  const char *t = y_text(n);
  if (!strcmp(t, "true") || !strcmp(t, "yes") || !strcmp(t, "on"))
    return *out = true, true;
  if (!strcmp(t, "false") || !strcmp(t, "no") || !strcmp(t, "off"))
    return *out = false, true;
  y_error(in, n, "expected true or false for %s, found '%s'", what, t);
  return false;
}

/* Keys differ in their first letter more often than not. */
static inline bool same(const char *a, const char *b) { return *a == *b && strcmp(a, b) == 0; }

/* Linear in the keys: a duplicate is an allowed key seen before (an
 * unknown key is reported once, as unknown). */
bool y_check_keys(YIn *in, const YNode *n, const char *what, const char *const *allowed) {
  bool ok = true;
  uint64_t seen = 0;
  Y_EACH_KEY(k, n) {
    const char *key = y_text(k);
    if (!key) {
      ok = false;
      y_error(in, k, "keys of %s must be scalars", what);
      continue;
    }
    int i = 0;
    while (allowed[i] && !same(allowed[i], key))
      i++;
    if (!allowed[i]) {
      ok = false;
      y_error(in, k, "unknown key '%s' in %s", key, what);
    } else if (i < 64 && (seen >> i & 1)) {
      ok = false;
      y_error(in, k, "duplicate key '%s' in %s", key, what);
    } else if (i < 64)
      seen |= (uint64_t)1 << i;
  }
  return ok;
}

const YNode *y_get(const YNode *n, const char *key) {
  if (!n || n->type != Y_MAP)
    return NULL;
  Y_EACH_KEY(k, n) {
    if (k->type == Y_SCALAR && same(k->text, key))
      return k->next;
  }
  return NULL;
}

static YNode *copy_tree(EsArena *a, const YNode *n) {
  YNode *c = es_arena_alloc(a, sizeof *c);
  if (!c)
    return NULL;
  *c = *n;
  c->next = NULL;
  if (n->text && !(c->text = es_arena_strdup(a, n->text)))
    return NULL;
  YNode **link = &c->first;
  for (const YNode *x = n->first; x; x = x->next) {
    if (!(*link = copy_tree(a, x)))
      return NULL;
    link = &(*link)->next;
  }
  return c;
}

const YNode *y_keep(YIn *in, const YNode *n) {
  const YNode *c = copy_tree(&in->doc, n);
  if (!c)
    y_out_of_memory(in);
  return c;
}

/* ---- events ---- */

/* libyaml reports where it noticed the problem and, for an unclosed
 * construct, where that construct began: both go into the message. */
static void parser_error(YIn *in) {
  const yaml_parser_t *p = &in->parser;
  in->stop = in->parse_failed = true;
  if (p->error == YAML_MEMORY_ERROR) {
    es_error_set(in->err, ES_ENOMEM, in->file, 0, 0, "out of memory reading YAML");
    return;
  }
  EsMark m = y_mark_from_libyaml(p->problem_mark);
  const char *what = p->error == YAML_READER_ERROR ? "invalid text" : "malformed YAML";
  char context[160] = "";
  if (p->context) {
    EsMark c = y_mark_from_libyaml(p->context_mark);
    snprintf(context, sizeof context, " (%s, which began at line %d, column %d)", p->context,
             c.line, c.col);
  }
  es_error_set(in->err, ES_EINVAL, in->file, m.line, m.col, "%s: %s%s", what,
               p->problem ? p->problem : "unknown problem", context);
}

/* The next event, read ahead and kept until consume(); NULL after a syntax
 * error or once reading stopped. */
static const yaml_event_t *peek(YIn *in) {
  if (in->stop)
    return NULL;
  if (!in->have_ev) {
    if (!yaml_parser_parse(&in->parser, &in->ev)) {
      parser_error(in);
      return NULL;
    }
    in->have_ev = true;
  }
  return &in->ev;
}

static void consume(YIn *in) {
  yaml_event_t *ev = &in->ev;
  if (ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT) {
    if (++in->depth > Y_MAX_DEPTH) {
      report(in, y_mark_from_libyaml(ev->start_mark),
             "lists and mappings nested deeper than 1000 levels");
      in->stop = true;
    }
  } else if (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT)
    in->depth--;
  yaml_event_delete(ev);
  in->have_ev = false;
}

bool y_out_of_memory(YIn *in) {
  es_error_set(in->err, ES_ENOMEM, in->file, 0, 0, "out of memory");
  in->stop = true;
  return false;
}

/* A node for the event ahead (a scalar, an alias or a collection start). */
static YNode *node_of(YIn *in, EsArena *a) {
  const yaml_event_t *ev = &in->ev;
  YNode *n = es_arena_alloc(a, sizeof *n);
  if (!n)
    return y_out_of_memory(in), NULL;
  n->mark = y_mark_from_libyaml(ev->start_mark);
  switch (ev->type) {
  case YAML_SCALAR_EVENT:
    n->type = Y_SCALAR;
    n->text = es_arena_strndup(a, (const char *)ev->data.scalar.value, ev->data.scalar.length);
    if (!n->text)
      return y_out_of_memory(in), NULL;
    break;
  case YAML_ALIAS_EVENT:
    /* Aliases could multiply a small file into a huge model. */
    n->type = Y_SCALAR;
    n->text = "";
    y_error(in, n, "aliases (*%s) are not supported", (const char *)ev->data.alias.anchor);
    break;
  case YAML_SEQUENCE_START_EVENT: n->type = Y_SEQ; break;
  default: n->type = Y_MAP; break;
  }
  return n;
}

static void append(YNode *parent, YNode **last, YNode *n) {
  if (*last)
    (*last)->next = n;
  else
    parent->first = n;
  *last = n;
  parent->len++;
}

/* Reads one node and everything in it into a. NULL once reading stopped. */
static YNode *capture(YIn *in, EsArena *a) {
  YNode *open[Y_MAX_DEPTH + 2], *last[Y_MAX_DEPTH + 2];
  int top = 0;
  YNode *root = NULL;
  for (;;) {
    const yaml_event_t *ev = peek(in);
    if (!ev)
      return NULL;
    if (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT) {
      consume(in);
      YNode *done = open[--top];
      if (done->type == Y_MAP)
        done->len /= 2;
      if (top == 0)
        return root;
      continue;
    }
    YNode *n = node_of(in, a);
    consume(in);
    if (!n || in->stop)
      return NULL;
    if (top == 0)
      root = n;
    else
      append(open[top - 1], &last[top - 1], n);
    if (n->type == Y_SCALAR) {
      if (top == 0)
        return root;
    } else {
      open[top] = n, last[top] = NULL;
      top++;
    }
  }
}

/* ---- documents ---- */

static const YStream *stream_of(const YFormat *f, const YNode *root, const YNode *key) {
  if (key->type != Y_SCALAR)
    return NULL;
  for (const YStream *s = f->streams; s && s->key; s++)
    if (strcmp(s->key, key->text) == 0)
      return y_get(root, s->key) || (s->ready && !s->ready(root)) ? NULL : s;
  return NULL;
}

/* Hands item to the reader as though the item after it, captured to look
 * ahead, were not read yet: the errors that capture counted since
 * errors/nheld (an alias, or the error that stopped the reading) are set
 * aside, and counted again after the item's own. */
static void hand_over(YIn *in, const YStream *s, void *ctx, const YNode *item, int errors,
                      int nheld) {
  YHeld aside[Y_MAX_ERRORS + 1];
  int naside = in->nheld - nheld;
  memcpy(aside, in->held + nheld, sizeof *aside * (size_t)naside);
  bool stop = in->stop;
  in->errors = errors, in->nheld = nheld, in->stop = false;
  s->item(ctx, s->key, item);
  in->stop |= stop;
  for (int i = 0; i < naside; i++)
    note_error(in, aside[i].mark, aside[i].msg);
}

/* The items of a streamed list, or the pairs of a streamed mapping. A list
 * with an `ahead` hook is read one item ahead, in two arenas by turns. */
static void stream_value(YIn *in, const YStream *s, YNode *value, void *ctx) {
  consume(in); /* the start of the list or mapping */
  value->streamed = true;
  value->text = s->key;
  in->streaming = s->key;
  const YNode *waiting = NULL;                /* the item before, with ahead */
  int errors = in->errors, nheld = in->nheld; /* counted before the last capture */
  for (;;) {
    const yaml_event_t *ev = peek(in);
    if (!ev)
      break;
    if (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT) {
      consume(in);
      break;
    }
    EsArena *arena = &in->item[value->len % 2];
    es_arena_reset(arena);
    YNode *a = capture(in, arena), *b = s->pair && a ? capture(in, arena) : NULL;
    if (!a || (s->pair && !b))
      break;
    value->len++;
    if (s->pair)
      s->pair(ctx, s->key, a, b);
    else if (!s->ahead)
      s->item(ctx, s->key, a);
    else {
      s->ahead(ctx, a);
      if (waiting)
        hand_over(in, s, ctx, waiting, errors, nheld);
      waiting = a;
    }
    errors = in->errors, nheld = in->nheld;
    if (in->stop)
      break;
  }
  if (waiting)
    hand_over(in, s, ctx, waiting, errors, nheld);
  in->streaming = NULL;
}

static bool known(const char *const *keys, const YNode *key) {
  for (; key->type == Y_SCALAR && *keys; keys++)
    if (strcmp(*keys, key->text) == 0)
      return true;
  return false;
}

/* Consumes a node and everything in it. */
static void skip(YIn *in) {
  int depth = in->depth;
  do {
    if (!peek(in))
      return;
    consume(in);
  } while (in->depth > depth);
}

/* The root mapping's keys and values, each value streamed or captured. */
static void read_root(YIn *in, const YFormat *f, YNode *root, void *ctx) {
  YNode *last = NULL;
  bool foreign = false;
  for (;;) {
    const yaml_event_t *ev = peek(in);
    if (!ev)
      return;
    if (ev->type == YAML_MAPPING_END_EVENT) {
      consume(in);
      root->len /= 2;
      return;
    }
    YNode *key = capture(in, &in->doc);
    if (!key || !(ev = peek(in)))
      return;
    foreign |= !known(f->keys, key);
    const YStream *s = stream_of(f, root, key);
    YType want = s && s->pair ? Y_MAP : Y_SEQ;
    YType type = ev->type == YAML_SEQUENCE_START_EVENT  ? Y_SEQ
                 : ev->type == YAML_MAPPING_START_EVENT ? Y_MAP
                                                        : Y_SCALAR;
    YNode *value;
    if (s && type == want) {
      if (!(value = node_of(in, &in->doc)))
        return;
      append(root, &last, key);
      append(root, &last, value);
      if (foreign) {
        value->streamed = true;
        skip(in);
      } else
        stream_value(in, s, value, ctx);
    } else {
      if (!(value = capture(in, &in->doc)))
        return;
      append(root, &last, key);
      append(root, &last, value);
    }
    if (in->stop)
      return;
  }
}

static int read_doc(YIn *in, const YFormat *f, void *ctx) {
  const yaml_event_t *ev = peek(in);
  if (!ev)
    return ES_EINVAL;
  YNode *root;
  int rc;
  if (ev->type != YAML_MAPPING_START_EVENT) {
    if (!(root = capture(in, &in->doc)))
      return ES_EINVAL;
    rc = f->begin(in, root, ctx);
    return rc ? rc : f->end(in, root, ctx);
  }
  if (!(root = node_of(in, &in->doc)))
    return ES_ENOMEM;
  consume(in);
  if ((rc = f->begin(in, root, ctx)))
    return rc;
  read_root(in, f, root, ctx);
  if (in->stop) {
    /* too many errors or too deep: the held ones count; a syntax error
     * alone speaks for a document that did not parse */
    if (!in->parse_failed)
      report_held(in, NULL);
    return in->err && in->err->code ? in->err->code : ES_EINVAL;
  }
  rc = f->end(in, root, ctx);
  in->nheld = 0; /* the lists end did not get to (a file of another kind) */
  return rc ? rc : in->stop ? ES_EINVAL : ES_OK;
}

static int read_stream(YIn *in, const YFormat *f, void *ctx) {
  const yaml_event_t *ev;
  while ((ev = peek(in)) && ev->type != YAML_STREAM_END_EVENT) {
    bool doc = ev->type == YAML_DOCUMENT_START_EVENT;
    consume(in);
    if (!doc)
      continue; /* STREAM-START, DOCUMENT-END */
    int rc = read_doc(in, f, ctx);
    es_arena_free(&in->doc);
    es_arena_free(&in->item[0]);
    es_arena_free(&in->item[1]);
    if (rc)
      return rc;
  }
  return ev ? ES_OK : ES_EINVAL;
}

static int read_with(YIn *in, const YFormat *f, void *ctx) {
  int rc = read_stream(in, f, ctx);
  if (rc && in->err && in->err->code == ES_OK) /* a model call that did not say why */
    es_error_set(in->err, rc, in->file, 0, 0, "cannot read the file: %s",
                 rc == ES_ENOMEM ? "out of memory" : es_error_name(rc));
  if (in->have_ev)
    yaml_event_delete(&in->ev);
  es_arena_free(&in->doc);
  es_arena_free(&in->item[0]);
  es_arena_free(&in->item[1]);
  yaml_parser_delete(&in->parser);
  return rc;
}

int y_read_file(const char *path, const char *display_name, EsError *err, const YFormat *f,
                void *ctx) {
  const char *name = display_name ? display_name : path;
  FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!fp)
    return es_error_set(err, ES_EIO, name, 0, 0, "cannot open '%s': %s", path, strerror(errno));
  YIn in = {.file = name, .err = err};
  int rc;
  if (!yaml_parser_initialize(&in.parser))
    rc = es_error_set(err, ES_ENOMEM, name, 0, 0, "out of memory");
  else {
    yaml_parser_set_input_file(&in.parser, fp);
    rc = read_with(&in, f, ctx);
  }
  if (fp != stdin)
    fclose(fp);
  return rc;
}

int y_read_buffer(const char *buf, size_t len, const char *name, EsError *err, const YFormat *f,
                  void *ctx) {
  YIn in = {.file = name, .err = err};
  if (!yaml_parser_initialize(&in.parser))
    return es_error_set(err, ES_ENOMEM, name, 0, 0, "out of memory");
  yaml_parser_set_input_string(&in.parser, (const unsigned char *)buf, len);
  return read_with(&in, f, ctx);
}

/* ---- the kind of a file ---- */

static bool first_keys_have(YIn *in, const char *key) {
  const yaml_event_t *ev;
  int seen = 0; /* STREAM-START, DOCUMENT-START, MAPPING-START */
  while (seen < 3 && (ev = peek(in))) {
    yaml_event_type_t want[] = {YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT,
                                YAML_MAPPING_START_EVENT};
    if (ev->type != want[seen++])
      return false;
    consume(in);
  }
  for (bool is_key = true; (ev = peek(in)); is_key = !is_key) {
    if (ev->type != YAML_SCALAR_EVENT)
      return false;
    if (is_key && strcmp((const char *)ev->data.scalar.value, key) == 0)
      return true;
    consume(in);
  }
  return false;
}

bool y_first_keys_have(const char *path, const char *key) {
  if (strcmp(path, "-") == 0)
    return false;
  FILE *fp = fopen(path, "rb");
  if (!fp)
    return false;
  EsError quiet = {0};
  YIn in = {.file = path, .err = &quiet};
  bool found = false;
  if (yaml_parser_initialize(&in.parser)) {
    yaml_parser_set_input_file(&in.parser, fp);
    found = first_keys_have(&in, key);
    if (in.have_ev)
      yaml_event_delete(&in.ev);
    yaml_parser_delete(&in.parser);
  }
  fclose(fp);
  return found;
}
