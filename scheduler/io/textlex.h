/* A small tokenizer for the network formats (BIF, UAI, evidence files) and STG,
 * which are plain token streams rather than YAML or C. Tokens carry 1-based
 * lines and columns (bytes) for diagnostics.
 *
 *   word   = a run of characters that are not space, not punctuation and
 *            do not start a comment (names and numbers alike)
 *   string = '"' ... '"' (BIF property text; no escapes)
 *   punct  = one of { } ( ) [ ] , ; |
 *
 * With c_comments, C++ line comments and C block comments are skipped.
 * Not a public header: only the network readers and the STG importer use it.
 */
#ifndef ESCHED_SCHEDULER_TEXTLEX_H
#define ESCHED_SCHEDULER_TEXTLEX_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/base/error.h"

typedef enum LexKind { LEX_EOF, LEX_WORD, LEX_STRING, LEX_PUNCT, LEX_BAD } LexKind;

typedef struct LexToken {
  LexKind kind;
  const char *text; /* into the buffer; not NUL-terminated */
  int len;
  int line, col;
} LexToken;

typedef struct Lexer {
  const char *p, *end;
  int line, col;
  bool c_comments;
  const char *file;
  EsError *err;
  LexToken tok; /* the current token (lex_next fills it) */
} Lexer;

void lex_init(Lexer *l, const char *buf, size_t len, const char *file, bool c_comments,
              EsError *err);
/* Advances to the next token; an unterminated comment or string is reported
 * and gives LEX_BAD. Returns the new token's kind. */
LexKind lex_next(Lexer *l);

/* Whether the current token is the punctuation c, or the word w. */
bool lex_is(const Lexer *l, char c);
bool lex_is_word(const Lexer *l, const char *w);

/* Reports an error at the current token (returns ES_EINVAL). */
int lex_error(Lexer *l, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int lex_error_at(Lexer *l, const LexToken *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The current token as text, for messages ("end of file" at the end). */
const char *lex_describe(const Lexer *l, char *buf, size_t len);

/* Number parsing of a word token: a finite double, or a non-negative int
 * within [0, max]. Return false (without reporting) when the word is not one. */
bool lex_double(const LexToken *t, double *out);
bool lex_int(const LexToken *t, long max, long *out);

#endif
