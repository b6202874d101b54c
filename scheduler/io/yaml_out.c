/* The direct YAML emitter (yaml_out.h). */
#include "scheduler/io/yaml_out.h"

#include <math.h>
#include <stdint.h>
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

/* Digits without printf's format parsing: most numbers written are counts,
 * levels and integer costs. */
static void format_int(long long v, char buf[24]) {
  char tmp[24];
  int n = 0;
  unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
  do
    tmp[n++] = (char)('0' + u % 10);
  while (u /= 10);
  int i = 0;
  if (v < 0)
    buf[i++] = '-';
  while (n)
    buf[i++] = tmp[--n];
  buf[i] = '\0';
}

/* Whether rounding d17 to prec digits may differ from rounding v itself:
 * the digits cut off are 5 then zeros, which v's further digits decide. */
static bool tie(const char *d17, int prec) {
  if (prec >= 17 || d17[prec] != '5')
    return false;
  for (int i = prec + 1; i < 17; i++)
    if (d17[i] != '0')
      return false;
  return true;
}

/* v's digits rounded to prec significant digits, written as %.{prec}g
 * would write them, from d17 (its 17 digits) and exponent: printf once,
 * round the string twice, rather than printf three times. */
static void format_g(bool neg, const char *d17, int exp, int prec, char *buf) {
  char d[18];
  memcpy(d, d17, 17);
  d[17] = '\0';
  if (prec < 17 && d[prec] >= '5') {
    int i = prec - 1;
    while (i >= 0 && d[i] == '9')
      d[i--] = '0';
    if (i < 0) {
      memmove(d + 1, d, 16);
      d[0] = '1';
      exp++;
    } else
      d[i]++;
  }
  int nd = prec;
  while (nd > 1 && d[nd - 1] == '0')
    nd--;
  char *o = buf;
  if (neg)
    *o++ = '-';
  if (exp < -4 || exp >= prec) {
    *o++ = d[0];
    if (nd > 1) {
      *o++ = '.';
      memcpy(o, d + 1, (size_t)nd - 1);
      o += nd - 1;
    }
    /* e[+-]DD[D], as printf writes the exponent */
    int a = exp < 0 ? -exp : exp;
    *o++ = 'e', *o++ = exp < 0 ? '-' : '+';
    if (a >= 100)
      *o++ = (char)('0' + a / 100);
    *o++ = (char)('0' + a / 10 % 10), *o++ = (char)('0' + a % 10), *o = '\0';
    return;
  }
  if (exp < 0) {
    *o++ = '0', *o++ = '.';
    for (int i = -1; i > exp; i--)
      *o++ = '0';
    memcpy(o, d, (size_t)nd);
    o += nd;
  } else {
    for (int i = 0; i <= exp; i++)
      *o++ = i < nd ? d[i] : '0';
    if (nd > exp + 1) {
      *o++ = '.';
      memcpy(o, d + exp + 1, (size_t)(nd - exp - 1));
      o += nd - exp - 1;
    }
  }
  *o = '\0';
}

/* Whether v's digits rounded to prec (15 or 16) read back as v, decided
 * without strtod where d17 (v rounded to 17 digits, so within half a unit
 * of its last digit of v) settles it: 1 yes, -1 no, 0 ask strtod. The
 * rounding R is the multiple of 10^(17-prec) units nearest v, so
 * |R - v| is within half a unit of dist, d17's distance to the nearest
 * multiple; strtod reads R back as v when |R - v| is below half the gap
 * to the double beside v on R's side (the gap below a power of two is half
 * the one above), and not when it is above both. The margins dwarf the
 * rounding of the gaps' computation; exponents near the ends of the range
 * (subnormals, 10^(exp-16) out of range) always ask strtod. */
static int reads_back(const char *d17, int prec, int exp, double v) {
  if (exp < -280 || exp > 280)
    return 0;
  long tail = 0, step = 1;
  for (int i = prec; i < 17; i++)
    tail = tail * 10 + (d17[i] - '0'), step *= 10;
  double dist = (double)(tail < step - tail ? tail : step - tail);
  int e2;
  double m = frexp(fabs(v), &e2); /* |v| = m 2^e2, m in [0.5, 1): its ulp is 2^(e2-53) */
  double half_above = ldexp(0.5, e2 - 53) / pow(10, exp - 16);
  double half_below = m == 0.5 ? half_above / 2 : half_above;
  if ((dist + 0.5) * (1 + 1e-9) < half_below)
    return 1;
  if ((dist - 0.5) > half_above * (1 + 1e-9))
    return -1;
  return 0;
}

/* 15 significant digits read back for most values and are then the
 * shortest (any decimal of at most 15 digits is the nearest one to the
 * double it names); otherwise 16, or 17, which always read back. */
void es_format_number(double v, char buf[32]) {
  if (isnan(v)) {
    strcpy(buf, ".nan");
    return;
  }
  if (isinf(v)) {
    strcpy(buf, v > 0 ? ".inf" : "-.inf");
    return;
  }
  if (fabs(v) < 1e15 && v == (double)(long long)v && !(v == 0 && signbit(v))) {
    format_int((long long)v, buf);
    return;
  }
  char e[40]; /* [-]d.dddddddddddddddde[+-]X */
  snprintf(e, sizeof e, "%.16e", v);
  bool neg = e[0] == '-';
  const char *m = e + neg;
  char d17[17];
  d17[0] = m[0];
  memcpy(d17 + 1, m + 2, 16);
  int exp = atoi(m + 19);
  for (int prec = 15; prec <= 17; prec++) {
    int known = prec == 17 ? 1 : reads_back(d17, prec, exp, v);
    if (known < 0)
      continue;
    if (tie(d17, prec))
      snprintf(buf, 32, "%.*g", prec, v);
    else
      format_g(neg, d17, exp, prec, buf);
    if (known > 0 || strtod(buf, NULL) == v)
      return;
  }
}

void y_num(YOut *o, double v) {
  char buf[32];
  es_format_number(v, buf);
  plain(o, buf);
}

void y_int_out(YOut *o, long v) {
  char buf[24];
  format_int(v, buf);
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
