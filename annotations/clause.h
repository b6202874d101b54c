/* The clause parser of esched's annotation language (docs/annotations.md).
 *
 * Plain C with no libclang (it gets fuzzed on its own): it reads the text of
 * one annotation, after `#pragma esched` or inside ESCHED_TASK(...), and
 * returns its clauses with their positions. Positions are 1-based byte
 * columns into the text it was given (a newline counts as one byte), so the
 * caller maps them to file positions by adding the text's file offset.
 *
 *   annotation = directive clause*
 *   directive  = "task" | "region" | "stream"
 *   clause     = "name" "(" IDENT ")"
 *              | ("in" | "out" | "inout") "(" item ("," item)* ")"
 *              | DEVICE "(" IDENT [":" launcher] ")"   -- a variant on another device
 *              | "pin" "(" DEVICE ")"
 *              | "noreplay"                   -- the only clause without '('
 *              | ("width" | "cores") "(" expr ")"       -- C integer constants
 *              | ("work" | "deadline") "(" value ")"    -- quantities: 4e6, 2ms
 *              | "efficiency" "(" efficiency ")"
 *   item       = path section*
 *   path       = IDENT ( ("." | "->") IDENT )*     -- a variable or a member of one
 *   section    = "[" [expr] ":" [expr] "]"         -- one per dimension, outermost first
 *   efficiency = "perfect" | "comm" ":" value | entry ("," entry)*
 *   entry      = INTEGER ":" value               -- width q : e(q)
 *   launcher   = "cuda" | "opencl"   -- the function starts kernels of that kind
 *
 * Whitespace, backslash-newline, and C comments separate tokens. expr is C
 * expression text up to the ':' or ']' (')' for width and cores) outside
 * parentheses, brackets, braces and literals (write a conditional
 * expression inside parentheses). value is the text up to ',' or ')': the
 * caller reads it as a number or a quantity with a unit. Which clause goes
 * on which directive: name on all; cores and deadline only on stream; the
 * others only on task (width, work and efficiency are for tasks of a stream
 * region, which the caller checks).
 */
#ifndef ESCHED_ANNOTATIONS_CLAUSE_H
#define ESCHED_ANNOTATIONS_CLAUSE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum EsAnnotKind {
  ES_ANNOT_TASK = 1,
  ES_ANNOT_REGION = 2,
  ES_ANNOT_STREAM = 3,
} EsAnnotKind;

typedef enum EsClauseKind {
  ES_CLAUSE_NAME,
  ES_CLAUSE_IN,
  ES_CLAUSE_OUT,
  ES_CLAUSE_INOUT,
  ES_CLAUSE_VARIANT, /* DEVICE(FUNCTION) */
  ES_CLAUSE_PIN,
  ES_CLAUSE_WIDTH,      /* width(EXPR): a stream task's maximum width W */
  ES_CLAUSE_WORK,       /* work(VALUE): a stream task's work tau */
  ES_CLAUSE_EFFICIENCY, /* efficiency(...): a stream task's e(q) */
  ES_CLAUSE_CORES,      /* cores(EXPR): a stream's core count p */
  ES_CLAUSE_DEADLINE,   /* deadline(VALUE): a stream's round deadline M */
  ES_CLAUSE_NOREPLAY,   /* noreplay: effects beyond the task's data, never run twice */
} EsClauseKind;

/* What kind of function a variant is: plain C, or a launcher of CUDA or
 * OpenCL kernels (docs/annotations.md, "Device variants"). */
typedef enum EsLauncher {
  ES_LAUNCHER_NONE,
  ES_LAUNCHER_CUDA,
  ES_LAUNCHER_OPENCL,
} EsLauncher;

/* A dimension of an array section after the first: [lo:len]. */
typedef struct EsClauseDim {
  char *lo, *len;      /* expression text, trimmed; NULL when omitted */
  int lo_col, len_col; /* 0 when omitted */
  int bracket_col;     /* the '[' */
} EsClauseDim;

/* One entry of an in/out/inout list: a variable, a member reached from one
 * (p->v, s.a.b), or an array section of either. */
typedef struct EsClauseItem {
  char *name;   /* the path without blanks: "x", "p->v", "s.a.b" */
  int root_len; /* the variable's length: name[0..root_len) */
  int col;
  bool section;        /* written with [lo:len] */
  char *lo, *len;      /* the first dimension's expression text, trimmed; NULL when omitted */
  int lo_col, len_col; /* 0 when omitted */
  int bracket_col;     /* the '[' */
  EsClauseDim *inner;  /* the dimensions after the first, outermost first */
  int ninner;
} EsClauseItem;

/* One entry of efficiency(...): key "perfect" (no value), "comm" or a
 * width (decimal digits, > 0), and the value's text. */
typedef struct EsClauseEntry {
  char *key, *value;
  int key_col, value_col; /* value_col 0 when there is no value */
} EsClauseEntry;

typedef struct EsClause {
  EsClauseKind kind;
  int col;      /* the clause's first character */
  char *device; /* VARIANT and PIN: the device name */
  char *ident;  /* NAME: the task name; VARIANT: the function; PIN: the device */
  int ident_col;
  EsLauncher launcher; /* VARIANT: what kind of function ident is */
  int launcher_col;    /* 0 when plain C (no ": kind") */
  EsClauseItem *items; /* IN, OUT, INOUT */
  int nitems;
  char *text; /* WIDTH, CORES: the expression; WORK, DEADLINE: the value (trimmed) */
  int text_col;
  EsClauseEntry *entries; /* EFFICIENCY, in order */
  int nentries;
} EsClause;

typedef struct EsClauseError {
  int col;
  char message[192];
} EsClauseError;

/* A parsed annotation. Owns every string and array it points to. */
typedef struct EsAnnotation {
  EsAnnotKind kind; /* TASK, REGION or STREAM */
  int col;          /* of the directive word; 0 for the macro form */
  EsClause *clauses;
  int nclauses;
  EsClauseError *errors; /* in order of position */
  int nerrors;
} EsAnnotation;

/* The devices an annotation may name unless the caller gives a list. */
extern const char *const es_annotation_default_devices[];

/* Parses text[0..len) = directive clause* into *out (which it initializes).
 * devices is a NULL-terminated list of device names (NULL: the defaults);
 * "cpu" is the host: its variant is the region itself.
 *
 * Returns 0; ES_EINVAL when the annotation has errors, every one of them in
 * out->errors (the parser goes on after an error in one clause); ES_ENOMEM.
 * The caller frees *out with es_annotation_clear in every case.
 * O(len) plus the list lookups. */
int es_annotation_parse(const char *text, size_t len, const char *const *devices,
                        EsAnnotation *out);

/* The same for the clauses only, the directive being known (the macro form:
 * ESCHED_TASK's arguments). */
int es_annotation_parse_clauses(EsAnnotKind kind, const char *text, size_t len,
                                const char *const *devices, EsAnnotation *out);

/* The offset just past the ')' that closes the '(' at text[open], skipping
 * nested parentheses, literals and comments as the parser does; len + 1
 * when the text ends first. The front end uses it to find the end of
 * ESCHED_TASK(...)'s arguments. O(result - open). */
size_t es_annotation_group_end(const char *text, size_t len, size_t open);

/* Frees what *a owns and zeroes it; accepts NULL and a zeroed struct. */
void es_annotation_clear(EsAnnotation *a);

/* The text of a clause kind as written ("in", "name", "width", ...;
 * "variant" and "pin" for the device clauses). */
/* Clauses that only tasks of a stream take (width, work, efficiency). */
bool es_clause_stream_only(EsClauseKind k);
const char *es_clause_kind_name(EsClauseKind k);
/* "cuda", "opencl", or NULL for ES_LAUNCHER_NONE. */
const char *es_launcher_name(EsLauncher k);

#endif
