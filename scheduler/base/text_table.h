/* Text tables for people: each column as wide as its widest cell, so long
 * names widen their column instead of pushing the rest of their row out of
 * line (as clang-tidy's and gprof's listings do). Cells are kept whole, never
 * cut: a name in a report is what the user greps for. */
#ifndef ESCHED_SCHEDULER_TEXT_TABLE_H
#define ESCHED_SCHEDULER_TEXT_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "scheduler/base/arena.h"

typedef struct EsTextColumn {
  int width; /* the widest cell so far, in characters (UTF-8 code points) */
  bool left; /* left-aligned (names), else right-aligned (numbers) */
} EsTextColumn;

typedef struct EsTextTable {
  EsTextColumn *cols;
  int ncols, cols_cap;
  char **cells; /* row-major, the headings first; strings in arena */
  int ncells, cells_cap;
  EsArena arena;
  bool failed; /* out of memory: print writes nothing */
} EsTextTable;

void es_text_table_init(EsTextTable *t);
void es_text_table_free(EsTextTable *t);

/* Adds a column headed heading, at least |width| characters wide, and
 * left-aligned when width < 0 (as printf's "%-16s"). Columns come before
 * the first cell. */
void es_text_table_column(EsTextTable *t, const char *heading, int width);

/* Appends the next cell, row by row, formatted as printf formats. */
void es_text_table_cell(EsTextTable *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes the headings and the rows, columns one space apart, the last
 * column unpadded when left-aligned (no trailing blanks). 0, or ES_ENOMEM
 * (nothing written) when a column or cell could not be added. O(cells). */
int es_text_table_print(const EsTextTable *t, FILE *f);

#endif
