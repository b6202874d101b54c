/* Reading esched's YAML files through libyaml's event API (yaml_*.c).
 *
 * A document streams: the items of its large top-level lists (graph tasks
 * and edges, profile entries, schedule assignments, ...) go to the file's
 * reader one at a time, each captured into small nodes (YNode) that live
 * only until the next item (or the one after, read ahead); the other
 * top-level values are captured whole and read when the document ends.
 * Nothing holds the whole document, so memory follows the model, not the
 * file, and no libyaml limit on document size applies. Nesting deeper than
 * Y_MAX_DEPTH and more than Y_MAX_ERRORS errors stop the reading with an
 * error.
 *
 * Not a public header: nothing outside yaml_*.c includes it.
 */
#ifndef ESCHED_SCHEDULER_YAML_IN_H
#define ESCHED_SCHEDULER_YAML_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "scheduler/base/arena.h"
#include "scheduler/base/error.h"
#include "scheduler/base/units.h"
#include "scheduler/model/graph.h"

enum {
  Y_MAX_DEPTH = 1000, /* nesting of lists and mappings in one document */
  Y_MAX_ERRORS = 20,  /* then "too many errors", as clang stops */
};

typedef enum YType { Y_SCALAR, Y_SEQ, Y_MAP } YType;

/* A captured node. A mapping's children alternate key, value. */
typedef struct YNode {
  YType type;
  EsMark mark;      /* 1-based, from libyaml's 0-based start mark */
  const char *text; /* scalars: the value, NUL-terminated */
  int len;          /* lists: items; mappings: pairs */
  bool streamed;    /* a top-level value whose items went to the reader as they came */
  struct YNode *first, *next;
} YNode;

#define Y_EACH_ITEM(it, seq) for (const YNode *it = (seq)->first; it; it = it->next)
/* k runs over a mapping's keys; its value is k->next. */
#define Y_EACH_KEY(k, map) for (const YNode *k = (map)->first; k; k = k->next->next)

/* An error of a streamed item, held until the reader gets to its list. */
typedef struct YHeld {
  const char *list;
  EsMark mark;
  char msg[480];
} YHeld;

/* The reading of one file: where errors go, the parser, scratch memory. */
typedef struct YIn {
  const char *file;
  EsError *err;
  int errors; /* errors this reader reported or holds */
  bool stop;  /* too many errors, too deep, or a syntax error: read no further */
  bool parse_failed;
  const char *streaming; /* the key of the list whose items are being read */
  YHeld held[Y_MAX_ERRORS + 1];
  int nheld;
  yaml_parser_t parser;
  yaml_event_t ev; /* the event read ahead, when have_ev */
  bool have_ev;
  int depth;
  EsArena item[2], doc; /* nodes of the current item (and the one before, read
                           ahead); of the document's other values */
} YIn;

/* libyaml's marks are 0-based; diagnostics are 1-based. */
EsMark y_mark_from_libyaml(yaml_mark_t m);

/* Reports that memory ran out and stops the reading; returns false. */
bool y_out_of_memory(YIn *in);

static inline EsMark y_mark(const YNode *n) { return n->mark; }
/* The scalar text of n, or NULL when n is NULL or not a scalar. */
static inline const char *y_text(const YNode *n) {
  return n && n->type == Y_SCALAR ? n->text : NULL;
}

/* Reports an error at node n (at 1:1 when NULL) and returns ES_EINVAL.
 * Errors of streamed items are held, so that a file reports its errors in
 * the order its reader reads the document (header, then lists), and a file
 * of another kind only its top-level keys: y_streamed reports a list's. */
int y_error(YIn *in, const YNode *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Type checks that report "expected a mapping ..." at n. what names the
 * thing for the message ("task", "the file"). */
bool y_expect_map(YIn *in, const YNode *n, const char *what);
bool y_expect_seq(YIn *in, const YNode *n, const char *what);
bool y_expect_scalar(YIn *in, const YNode *n, const char *what);

/* Scalars with units (units.h), integers, booleans. */
bool y_quantity(YIn *in, const YNode *n, EsQuantity q, const char *what, double *out);
/* A quantity that is an amount (a time, bytes, energy...): y_quantity, and
 * finite and not negative ("what is NaN", "is infinite", "is negative"). */
bool y_amount(YIn *in, const YNode *n, EsQuantity q, const char *what, double *out);
bool y_int(YIn *in, const YNode *n, const char *what, long *out);
/* A DVFS level index: an integer from 0 to INT_MAX, so that it fits the
 * model's int (an error at n names what, and the value, otherwise). */
bool y_level(YIn *in, const YNode *n, const char *what, int *out);
bool y_bool(YIn *in, const YNode *n, const char *what, bool *out);

/* Checks every key of mapping n against the NULL-terminated list allowed;
 * reports unknown and duplicate keys. Returns false on any error. */
bool y_check_keys(YIn *in, const YNode *n, const char *what, const char *const *allowed);
/* The value of key in mapping n, or NULL. */
const YNode *y_get(const YNode *n, const char *key);
/* Whether list (a top-level value) streamed; reports the errors its items
 * had, at the place the reader would have read it. */
bool y_streamed(YIn *in, const YNode *list);
/* A copy of n and its children in the document's memory, for a reader that
 * must keep an item until the document ends. */
const YNode *y_keep(YIn *in, const YNode *n);

/* A top-level key whose value streams: each item of its list (item) or each
 * pair of its mapping (pair) goes to the reader as it is read, once ready
 * says that what it depends on is read (ready NULL: at once). A value that
 * is not ready, or not of that type, is captured whole for the document's
 * end, where the reader finds it in the root as usual; a streamed one is
 * in the root too, marked streamed, with len its count; the reader calls
 * y_streamed where it would read it. list is key.
 *
 * With ahead, a list is read one item ahead: ahead sees each item as soon
 * as it is captured, and item gets it after the next one is captured (the
 * last at the list's end), its errors held in the same order as without;
 * a reader uses ahead to start the memory loads item will need. */
typedef struct YStream {
  const char *key;
  bool (*ready)(const YNode *root_so_far);
  void (*item)(void *ctx, const char *list, const YNode *item);
  void (*pair)(void *ctx, const char *list, const YNode *key, const YNode *value);
  void (*ahead)(void *ctx, const YNode *item);
} YStream;

/* A kind of file. begin sees the document's root before its values (type
 * and mark only) and makes the model the items go into; end sees the root
 * with every top-level key. Either returns ES_OK or an error, which ends
 * the reading. streams ends with a NULL key. After a top-level key that is
 * not in keys (a file of another kind), nothing streams: end reports the
 * key, and the lists after it are skipped unread. */
typedef struct YFormat {
  const char *const *keys;
  const YStream *streams;
  int (*begin)(YIn *in, const YNode *root, void *ctx);
  int (*end)(YIn *in, const YNode *root, void *ctx);
} YFormat;

/* Reads every document of path ("-": stdin; errors name display_name, or
 * path when NULL), or of an in-memory buffer. A syntax error is reported at
 * its line and column. An empty file has no document. */
int y_read_file(const char *path, const char *display_name, EsError *err, const YFormat *f,
                void *ctx);
int y_read_buffer(const char *buf, size_t len, const char *name, EsError *err, const YFormat *f,
                  void *ctx);

/* Whether the first document of path is a mapping that gives key among its
 * first keys: those before the first value that is a list or a mapping.
 * Reads no further, so it costs nothing on a large file. */
bool y_first_keys_have(const char *path, const char *key);

#endif
