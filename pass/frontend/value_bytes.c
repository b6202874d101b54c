/* Which bytes of a C object carry its value (value_bytes.h): a walk of the
 * type's layout as libclang computes it for the target, collecting the
 * byte ranges of its scalar members (C11 6.2.6.1p6: padding bytes take
 * unspecified values, and storing a member need not touch them).
 */
#include "pass/frontend/value_bytes.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { CAP = 2 * VALUE_SPANS_MAX, MAX_DEPTH = 64 };

typedef struct Spans {
  CXTranslationUnit tu;
  int x87;              /* long double is x87's 80 bits: -1 not asked yet */
  long long v[2 * CAP]; /* [begin, end) pairs, merged by compact() */
  int n;
  bool failed;
} Spans;

/* A field visit: the spans and where the record starts. */
typedef struct Visit {
  Spans *s;
  long long at;
  int depth;
} Visit;

static int by_begin(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

/* Sorts the ranges and merges those that touch: a union's members overlap. */
static void compact(Spans *s) {
  qsort(s->v, (size_t)s->n, 2 * sizeof *s->v, by_begin);
  int m = 0;
  for (int i = 0; i < s->n; i++) {
    long long b = s->v[2 * i], e = s->v[2 * i + 1];
    if (m && b <= s->v[2 * m - 1]) {
      if (e > s->v[2 * m - 1])
        s->v[2 * m - 1] = e;
    } else {
      s->v[2 * m] = b, s->v[2 * m + 1] = e;
      m++;
    }
  }
  s->n = m;
}

static void add(Spans *s, long long begin, long long end) {
  if (s->failed || begin >= end)
    return;
  if (s->n && s->v[2 * s->n - 1] == begin) { /* the next member, no padding between */
    s->v[2 * s->n - 1] = end;
    return;
  }
  if (s->n == CAP)
    compact(s);
  if (s->n == CAP) {
    s->failed = true;
    return;
  }
  s->v[2 * s->n] = begin, s->v[2 * s->n + 1] = end;
  s->n++;
}

/* The x87 format keeps 80 bits in 12 (i386) or 16 (x86-64) bytes; other
 * targets' long double is a double or IEEE quad, every byte of it value.
 * Asked of the target clang parses for, not of the machine esched runs on. */
static bool x87(Spans *s) {
  if (s->x87 < 0) {
    CXTargetInfo ti = clang_getTranslationUnitTargetInfo(s->tu);
    CXString triple = ti ? clang_TargetInfo_getTriple(ti) : (CXString){0};
    const char *t = ti ? clang_getCString(triple) : NULL;
    s->x87 = t && (!strncmp(t, "x86_64", 6) || (t[0] == 'i' && !strncmp(t + 2, "86", 2)));
    if (ti) {
      clang_disposeString(triple);
      clang_TargetInfo_dispose(ti);
    }
  }
  return s->x87;
}

static void walk(Spans *s, CXType t, long long at, int depth);

/* A member at its offset; a bit-field covers the bytes its bits touch, and
 * an unnamed one (int : 3) is padding. */
static enum CXVisitorResult field(CXCursor c, CXClientData data) {
  Visit *v = data;
  long long bits = clang_Cursor_getOffsetOfField(c);
  if (bits < 0) {
    v->s->failed = true;
    return CXVisit_Break;
  }
  if (clang_Cursor_isBitField(c)) {
    int width = clang_getFieldDeclBitWidth(c);
    CXString name = clang_getCursorSpelling(c);
    const char *text = clang_getCString(name);
    if (width > 0 && text && text[0])
      add(v->s, v->at + bits / 8, v->at + (bits + width + 7) / 8);
    clang_disposeString(name);
  } else
    walk(v->s, clang_getCursorType(c), v->at + bits / 8, v->depth + 1);
  return v->s->failed ? CXVisit_Break : CXVisit_Continue;
}

/* n elements: the first walked, the others only when it has bytes without
 * value (each then adds a range, so the cap ends a long array quickly). */
static void array(Spans *s, CXType t, long long at, int depth) {
  CXType e = clang_getCanonicalType(clang_getArrayElementType(t));
  long long n = clang_getArraySize(t), es = clang_Type_getSizeOf(e);
  if (n <= 0 || es <= 0)
    return;
  walk(s, e, at, depth + 1);
  compact(s);
  bool whole = s->n && s->v[2 * s->n - 2] <= at && s->v[2 * s->n - 1] >= at + es;
  if (whole)
    add(s, at + es, at + n * es);
  for (long long i = 1; !whole && !s->failed && i < n; i++)
    walk(s, e, at + i * es, depth + 1);
}

static void walk(Spans *s, CXType t, long long at, int depth) {
  t = clang_getCanonicalType(t);
  long long size = clang_Type_getSizeOf(t);
  if (size < 0 || depth > MAX_DEPTH) {
    s->failed = true;
    return;
  }
  if (t.kind == CXType_ConstantArray)
    array(s, t, at, depth);
  else if (t.kind == CXType_Record) {
    Visit v = {s, at, depth};
    clang_Type_visitFields(t, field, &v);
  } else if (t.kind == CXType_LongDouble)
    add(s, at, at + (size >= 12 && x87(s) ? 10 : size));
  else if (t.kind == CXType_Complex) { /* real and imaginary parts */
    CXType e = clang_getElementType(t);
    walk(s, e, at, depth + 1);
    walk(s, e, at + clang_Type_getSizeOf(clang_getCanonicalType(e)), depth + 1);
  } else
    add(s, at, at + size);
}

int value_bytes(CXTranslationUnit tu, CXType elem, EsArena *arena, long long **spans,
                long long *size) {
  *spans = NULL;
  *size = 0;
  CXType t = clang_getCanonicalType(elem);
  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
         t.kind == CXType_VariableArray)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  long long sz = clang_Type_getSizeOf(t);
  Spans *s = sz > 0 ? calloc(1, sizeof *s) : NULL;
  if (!s)
    return 0;
  s->tu = tu, s->x87 = -1;
  walk(s, t, 0, 0);
  compact(s);
  int n = 0;
  bool all = s->n == 1 && s->v[0] == 0 && s->v[1] == sz;
  if (!s->failed && !all && s->n > 0 && s->n <= VALUE_SPANS_MAX &&
      (*spans = es_arena_alloc(arena, 2 * sizeof **spans * (size_t)s->n))) {
    memcpy(*spans, s->v, 2 * sizeof **spans * (size_t)s->n);
    *size = sz;
    n = s->n;
  }
  free(s);
  return n;
}
