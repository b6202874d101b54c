/* The annotations of one source file, found in two steps:
 *
 *  1. annots_scan reads the raw text for candidates (`#pragma esched` at a
 *     line start, ESCHED_TASK( / ESCHED_REGION( outside directives) and
 *     parses each one's clauses. This runs before libclang, so the section
 *     expressions can be handed to clang for constant evaluation
 *     (annots_appendix) in the same parse.
 *  2. The AST walk confirms each candidate with clang_tokenize (a candidate
 *     inside a comment, a string or an #if 0 block is not an annotation) and
 *     attaches it to the statement after it.
 *
 * Positions: `text` is the file offset of the first byte given to the clause
 * parser, so a parser column c is file offset text + c - 1.
 */
#ifndef ESCHED_PASS_ANNOT_H
#define ESCHED_PASS_ANNOT_H

#include <stdbool.h>
#include <stddef.h>

#include "annotations/clause.h"
#include "pass/frontend/source.h"
#include "scheduler/base/strmap.h"

typedef enum AnnotStatus {
  ANNOT_CANDIDATE = 0, /* not yet looked at with tokens */
  ANNOT_REAL,
  ANNOT_FALSE, /* in a comment, a literal or a skipped block */
} AnnotStatus;

typedef struct Annot {
  size_t begin, end; /* the whole annotation: '#' .. end of line, or NAME(...) */
  size_t text;       /* file offset of the parser's text */
  bool macro;        /* ESCHED_TASK / ESCHED_REGION, or a macro of the program */
  bool expanded;     /* made by a macro of the program: its text is clang's
                        expansion, so its positions are the macro's use */
  AnnotStatus status;
  bool attached; /* a statement follows it */
  bool reported; /* its errors were printed */
  int parse_rc;  /* of es_annotation_parse */
  EsAnnotation parsed;
} Annot;

typedef struct AnnotList {
  Annot *v;
  int len, cap;
  /* Distinct section expressions (lo and len texts, borrowed from the parsed
   * annotations) -> index into value/known, filled after the parse. */
  EsStrMap expr_index;
  const char **exprs;
  int nexprs, exprs_cap;
  long long *value;
  bool *known;
  /* Some candidate is inside #if/#ifdef/#ifndef: whether it is skipped must
   * be asked of clang (a preprocessing record, which costs parse time). */
  bool conditional;
  /* #define lines writing _Pragma("esched ..."): the _Pragma's offsets. */
  size_t *pragma_macros;
  int npragma_macros, pragma_macros_cap;
} AnnotList;

/* Finds and parses every candidate of s. devices as for es_annotation_parse.
 * Returns false when out of memory. */
bool annots_scan(AnnotList *l, const Source *s, const char *const *devices);
void annots_free(AnnotList *l);

/* Adds the annotation that a macro of the program produced at offset at
 * (the macro's use), text being its expansion after "esched " (tu_messages
 * reads it from esched.h's messages), unless an annotation written in the
 * source starts there. Returns false when out of memory. */
bool annots_add_expanded(AnnotList *l, const Source *s, size_t at, const char *text,
                         const char *const *devices);

/* The first clause of kind k of annotation a, or NULL. */
const EsClause *annot_clause(const Annot *a, EsClauseKind k);

/* The file offset of column col of annotation a's text (its start for an
 * expanded one). */
size_t annot_at_col(const Annot *a, int col);

/* Index of the first annotation with begin >= offset (len when none). */
int annots_lower_bound(const AnnotList *l, size_t offset);

/* C declarations, one per distinct section expression, that libclang
 * parses after the file so that clang_Cursor_Evaluate gives the value of
 * every expression that is a compile-time constant at the end of the file:
 *   static const long long esched_eval_K_ = (long long)(EXPR);
 * Returns a malloc'ed string (the caller frees), NULL when out of memory. */
char *annots_appendix(const AnnotList *l);
/* The prefix of those declarations' names. */
#define ANNOT_EVAL_PREFIX "esched_eval_"

/* The value of expression text expr when clang evaluated it. */
bool annots_constant(const AnnotList *l, const char *expr, long long *value);

#endif
