/* The direct YAML emitter (yaml_out.h). */
#include "scheduler/io/yaml_out.h"

#include "scheduler/base/decimal.h"

#include <stdlib.h>
#include <string.h>

/* ---- output ---- */

static void flush(YOut *o) {
  if (o->n && fwrite(o->buf, 1, o->n, o->f) != o->n)
    o->failed = true;
  o->n = 0;
}

static void put(YOut *o, const char *s, size_t n) {
  if (o->n + n > sizeof o->buf) {
    flush(o);
    if (n > sizeof o->buf) {
      if (fwrite(s, 1, n, o->f) != n)
        o->failed = true;
      o->line_empty = false;
      return;
    }
  }
  memcpy(o->buf + o->n, s, n);
  o->n += n;
  if (n)
    o->line_empty = false;
}

static void putc1(YOut *o, char c) { put(o, &c, 1); }

static void newline(YOut *o, int indent) {
  if (!o->line_empty) {
    putc1(o, '\n');
    o->line_empty = true;
  }
  static const char spaces[] = "                                                                ";
  for (; indent > 0; indent -= 64)
    put(o, spaces, indent < 64 ? (size_t)indent : 64);
}

/* ---- scalar styles, by libyaml's emitter's rules ---- */

typedef enum Style { PLAIN, SINGLE, DOUBLE, INVALID } Style;

/* The code point at s (length *w), or -1 when s is not valid UTF-8. */
static long decode(const unsigned char *s, size_t n, int *w) {
  unsigned c = s[0];
  int len = c < 0x80             ? 1
            : (c & 0xE0) == 0xC0 ? 2
            : (c & 0xF0) == 0xE0 ? 3
            : (c & 0xF8) == 0xF0 ? 4
                                 : 0;
  if (!len || (size_t)len > n)
    return -1;
  long v = len == 1 ? c : c & (0x7F >> len);
  for (int i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80)
      return -1;
    v = v << 6 | (s[i] & 0x3F);
  }
  static const long least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < least[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
    return -1;
  *w = len;
  return v;
}

static bool printable(long c) {
  return c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF);
}
static bool is_break(long c) {
  return c == '\r' || c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029;
}
static bool blank_or_end(long c) { return c == ' ' || c == '\t' || c == 0 || is_break(c); }

/* What the text holds that rules styles out. */
typedef struct Scan {
  bool flow_ind, block_ind, special, breaks;
  bool lead_space, trail_space, lead_break, trail_break, space_break, break_space;
} Scan;

static void indicators(Scan *sc, long c, bool first, long prev, long next) {
  bool before_blank = blank_or_end(next);
  if (first && strchr("#,[]{}&*!|>'\"%@`", (int)c) && c) {
    sc->flow_ind = sc->block_ind = true;
  } else if (!first && c && strchr(",?[]{}", (int)c)) {
    sc->flow_ind = true;
  }
  if ((c == '?' && first) || c == ':') {
    sc->flow_ind = true;
    sc->block_ind |= before_blank;
  }
  if (first && c == '-' && before_blank)
    sc->flow_ind = sc->block_ind = true;
  if (!first && c == '#' && blank_or_end(prev))
    sc->flow_ind = sc->block_ind = true;
}

static bool scan(const char *s, size_t n, Scan *sc) {
  const unsigned char *u = (const unsigned char *)s;
  memset(sc, 0, sizeof *sc);
  if (n >= 3 && (!strncmp(s, "---", 3) || !strncmp(s, "...", 3)))
    sc->flow_ind = sc->block_ind = true;
  long prev = 0;
  bool prev_space = false, prev_break = false;
  for (size_t i = 0; i < n;) {
    int w, w2 = 0;
    long c = decode(u + i, n - i, &w);
    if (c < 0)
      return false;
    long next = i + w < n ? decode(u + i + w, n - i - w, &w2) : 0;
    indicators(sc, c, i == 0, i == 0 ? 0 : prev, next < 0 ? 'x' : next);
    sc->special |= !printable(c);
    bool last = i + w == n;
    if (c == ' ') {
      sc->lead_space |= i == 0, sc->trail_space |= last, sc->break_space |= prev_break;
      prev_space = true, prev_break = false;
    } else if (is_break(c)) {
      sc->breaks = true;
      sc->lead_break |= i == 0, sc->trail_break |= last, sc->space_break |= prev_space;
      prev_space = false, prev_break = true;
    } else
      prev_space = prev_break = false;
    prev = c;
    i += w;
  }
  return true;
}

/* Letters, digits and '_' alone are plain anywhere: most names. */
static bool word(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned c = (unsigned char)s[i];
    if (!(((c | 0x20) - 'a') < 26u || (c - '0') < 10u || c == '_'))
      return false;
  }
  return true;
}

static Style style_of(const char *s, size_t n, bool flow, bool key) {
  if (n == 0)
    return flow || key ? SINGLE : PLAIN;
  if (word(s, n))
    return PLAIN;
  Scan sc;
  if (!scan(s, n, &sc))
    return INVALID;
  bool no_plain = sc.lead_space || sc.lead_break || sc.trail_space || sc.trail_break ||
                  sc.break_space || sc.space_break || sc.special || sc.breaks ||
                  (flow ? sc.flow_ind : sc.block_ind);
  if (!no_plain)
    return PLAIN;
  /* libyaml writes line breaks in single quotes with the indentation of
   * the context; double quotes with \n read back the same everywhere. */
  if (sc.breaks || sc.break_space || sc.space_break || sc.special)
    return DOUBLE;
  return SINGLE;
}

static void write_single(YOut *o, const char *s, size_t n) {
  putc1(o, '\'');
  for (const char *q; (q = memchr(s, '\'', n)); n -= (size_t)(q + 1 - s), s = q + 1) {
    put(o, s, (size_t)(q + 1 - s));
    putc1(o, '\'');
  }
  put(o, s, n);
  putc1(o, '\'');
}

static void write_escape(YOut *o, long c) {
  static const struct {
    long c;
    char e;
  } named[] = {{0, '0'},     {7, 'a'},    {8, 'b'},    {9, 't'},      {10, 'n'},
               {11, 'v'},    {12, 'f'},   {13, 'r'},   {27, 'e'},     {'"', '"'},
               {'\\', '\\'}, {0x85, 'N'}, {0xA0, '_'}, {0x2028, 'L'}, {0x2029, 'P'}};
  char buf[12];
  for (size_t i = 0; i < sizeof named / sizeof *named; i++)
    if (named[i].c == c) {
      buf[0] = '\\', buf[1] = named[i].e;
      put(o, buf, 2);
      return;
    }
  int len = c <= 0xFF     ? snprintf(buf, sizeof buf, "\\x%02lX", c)
            : c <= 0xFFFF ? snprintf(buf, sizeof buf, "\\u%04lX", c)
                          : snprintf(buf, sizeof buf, "\\U%08lX", c);
  put(o, buf, (size_t)len);
}

static void write_double(YOut *o, const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  putc1(o, '"');
  for (size_t i = 0; i < n;) {
    int w = 1;
    long c = decode(u + i, n - i, &w);
    if (!printable(c) || c == 0xFEFF || is_break(c) || c == '"' || c == '\\')
      write_escape(o, c);
    else
      put(o, s + i, (size_t)w);
    i += (size_t)w;
  }
  putc1(o, '"');
}

/* ---- structure ---- */

static YLevel *top(YOut *o) { return o->depth ? &o->level[o->depth - 1] : NULL; }

static bool in_flow(YOut *o) {
  YLevel *l = top(o);
  return l && l->flow;
}

/* What comes before a node in its parent: a new line and indentation for a
 * block key or item, ", " between flow entries, ": " before a flow value.
 * before_block: the node is a block collection, whose own children start
 * the lines. */
static void prefix(YOut *o, bool before_block, bool empty_plain) {
  YLevel *l = top(o);
  if (!l)
    return;
  bool value = l->map && l->count % 2 == 1;
  if (l->flow) {
    if (value)
      put(o, ": ", 2);
    else if (l->count)
      put(o, ", ", 2);
  } else if (!l->map) {
    newline(o, l->indent);
    put(o, "- ", 2);
  } else if (!value) {
    /* the first key of a mapping that is a list item follows its dash */
    bool inline_key = l->count == 0 && o->depth >= 2 && !o->level[o->depth - 2].map &&
                      !o->level[o->depth - 2].flow;
    if (!inline_key)
      newline(o, l->indent);
  } else if (!before_block && !empty_plain)
    putc1(o, ' ');
  l->count++;
}

static bool at_key(YOut *o) {
  YLevel *l = top(o);
  return l && l->map && l->count % 2 == 0;
}

/* libyaml's parser takes simple keys of at most 1024 characters; like its
 * emitter, write a key longer than 128 bytes as an explicit key ("? key"),
 * which has no limit (escapes can make a key 4 times its bytes). */
enum { Y_SIMPLE_KEY_MAX = 128 };

static void emit(YOut *o, const char *s, size_t n, Style st) {
  bool key = at_key(o);
  bool explicit_key = key && n > Y_SIMPLE_KEY_MAX;
  prefix(o, false, st == PLAIN && n == 0);
  if (explicit_key)
    put(o, "? ", 2);
  if (st == PLAIN)
    put(o, s, n);
  else if (st == SINGLE)
    write_single(o, s, n);
  else
    write_double(o, s, n);
  if (key && !in_flow(o)) {
    if (explicit_key)
      newline(o, top(o)->indent);
    putc1(o, ':');
  }
}

static void scalar(YOut *o, const char *s) {
  size_t n = strlen(s);
  Style st = style_of(s, n, in_flow(o), at_key(o));
  if (st == INVALID)
    o->failed = true;
  else
    emit(o, s, n, st);
}

/* Numbers and booleans are plain in any context. */
static void plain(YOut *o, const char *s) { emit(o, s, strlen(s), PLAIN); }

static void open_level(YOut *o, bool map, bool flow) {
  if (o->depth == Y_OUT_DEPTH) {
    o->failed = true;
    return;
  }
  YLevel *parent = top(o);
  flow |= parent && parent->flow;
  prefix(o, !flow, false);
  if (flow)
    putc1(o, map ? '{' : '[');
  int indent = !parent               ? 0
               : !map && parent->map ? parent->indent /* a list under a key */
                                     : parent->indent + 2;
  o->level[o->depth++] = (YLevel){map, flow, 0, indent};
}

static void close_level(YOut *o) {
  if (!o->depth)
    return;
  YLevel l = o->level[--o->depth];
  YLevel *parent = top(o);
  if (l.flow)
    putc1(o, l.map ? '}' : ']');
  else if (!l.count) { /* an empty block collection is written in flow style */
    if (parent && parent->map)
      putc1(o, ' ');
    put(o, l.map ? "{}" : "[]", 2);
  }
}

bool y_out_begin(YOut *o, FILE *f) {
  o->f = f;
  o->failed = false;
  o->line_empty = true;
  o->docs = o->depth = 0;
  o->n = 0;
  return true;
}

bool y_out_end(YOut *o) {
  flush(o);
  if (fflush(o->f))
    o->failed = true;
  return !o->failed;
}

void y_doc_begin(YOut *o) {
  if (o->docs++)
    put(o, "---", 3);
}

void y_doc_end(YOut *o) {
  if (!o->line_empty) {
    putc1(o, '\n');
    o->line_empty = true;
  }
}

void y_map_begin(YOut *o, bool flow) { open_level(o, true, flow); }
void y_map_end(YOut *o) { close_level(o); }
void y_seq_begin(YOut *o, bool flow) { open_level(o, false, flow); }
void y_seq_end(YOut *o) { close_level(o); }

void y_str(YOut *o, const char *s) { scalar(o, s ? s : ""); }

void y_num(YOut *o, double v) {
  char buf[32];
  es_format_number(v, buf);
  plain(o, buf);
}

void y_int_out(YOut *o, long v) {
  char buf[24];
  es_format_int(v, buf);
  plain(o, buf);
}

void y_bool_out(YOut *o, bool v) { plain(o, v ? "true" : "false"); }

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
