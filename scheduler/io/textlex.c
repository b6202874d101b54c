/* The network formats' tokenizer (textlex.h). */
#include "scheduler/io/textlex.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_punct(char c) { return c && strchr("{}()[],;|", c) != NULL; }

void lex_init(Lexer *l, const char *buf, size_t len, const char *file, bool c_comments,
              EsError *err) {
  memset(l, 0, sizeof *l);
  l->p = buf;
  l->end = buf + len;
  l->line = l->col = 1;
  l->file = file;
  l->c_comments = c_comments;
  l->err = err;
}

static void advance(Lexer *l) {
  if (*l->p == '\n')
    l->line++, l->col = 1;
  else
    l->col++;
  l->p++;
}

static bool comment_start(const Lexer *l) {
  return l->c_comments && l->p + 1 < l->end && l->p[0] == '/' && (l->p[1] == '/' || l->p[1] == '*');
}

/* Skips spaces and comments; false after an unterminated block comment. */
static bool skip_blank(Lexer *l) {
  for (;;) {
    while (l->p < l->end && is_space(*l->p))
      advance(l);
    if (l->p >= l->end || !comment_start(l))
      return true;
    bool block = l->p[1] == '*';
    int line = l->line, col = l->col;
    advance(l), advance(l);
    while (l->p < l->end &&
           !(block ? l->p + 1 < l->end && l->p[0] == '*' && l->p[1] == '/' : *l->p == '\n'))
      advance(l);
    if (block && l->p >= l->end) {
      es_error_set(l->err, ES_EINVAL, l->file, line, col, "unterminated comment");
      return false;
    }
    if (block)
      advance(l), advance(l);
  }
}

LexKind lex_next(Lexer *l) {
  LexToken *t = &l->tok;
  if (!skip_blank(l))
    return t->kind = LEX_BAD;
  t->text = l->p;
  t->line = l->line, t->col = l->col;
  if (l->p >= l->end)
    t->kind = LEX_EOF;
  else if (is_punct(*l->p)) {
    t->kind = LEX_PUNCT;
    advance(l);
  } else if (*l->p == '"') {
    advance(l);
    while (l->p < l->end && *l->p != '"')
      advance(l);
    if (l->p >= l->end) {
      es_error_set(l->err, ES_EINVAL, l->file, t->line, t->col, "unterminated string");
      return t->kind = LEX_BAD;
    }
    advance(l);
    t->kind = LEX_STRING;
  } else {
    while (l->p < l->end && !is_space(*l->p) && !is_punct(*l->p) && *l->p != '"' &&
           !comment_start(l))
      advance(l);
    t->kind = LEX_WORD;
  }
  t->len = (int)(l->p - t->text);
  return t->kind;
}

bool lex_is(const Lexer *l, char c) { return l->tok.kind == LEX_PUNCT && l->tok.text[0] == c; }

bool lex_is_word(const Lexer *l, const char *w) {
  return l->tok.kind == LEX_WORD && (size_t)l->tok.len == strlen(w) &&
         memcmp(l->tok.text, w, (size_t)l->tok.len) == 0;
}

static int verror(Lexer *l, const LexToken *t, const char *fmt, va_list ap) {
  char msg[400];
  vsnprintf(msg, sizeof msg, fmt, ap);
  return es_error_set(l->err, ES_EINVAL, l->file, t->line, t->col, "%s", msg);
}

int lex_error(Lexer *l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = verror(l, &l->tok, fmt, ap);
  va_end(ap);
  return rc;
}

int lex_error_at(Lexer *l, const LexToken *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = verror(l, t, fmt, ap);
  va_end(ap);
  return rc;
}

const char *lex_describe(const Lexer *l, char *buf, size_t len) {
  if (l->tok.kind == LEX_EOF)
    snprintf(buf, len, "end of file");
  else
    snprintf(buf, len, "'%.*s'", l->tok.len < 40 ? l->tok.len : 40, l->tok.text);
  return buf;
}

/* Copies a word into a NUL-terminated buffer for strtod/strtol. */
static bool word_copy(const LexToken *t, char *buf, size_t len) {
  if (t->kind != LEX_WORD || (size_t)t->len >= len)
    return false;
  memcpy(buf, t->text, (size_t)t->len);
  buf[t->len] = '\0';
  return true;
}

bool lex_double(const LexToken *t, double *out) {
  char buf[64], *end;
  if (!word_copy(t, buf, sizeof buf))
    return false;
  errno = 0;
  *out = strtod(buf, &end);
  return *end == '\0' && end != buf && isfinite(*out) && !(errno == ERANGE && fabs(*out) > 1);
}

bool lex_int(const LexToken *t, long max, long *out) {
  char buf[32], *end;
  if (!word_copy(t, buf, sizeof buf) || buf[0] == '-' || buf[0] == '+')
    return false;
  errno = 0;
  *out = strtol(buf, &end, 10);
  return *end == '\0' && end != buf && errno == 0 && *out <= max;
}
