/* One item of a data clause (items.c). */
#ifndef ESCHED_PASS_FRONTEND_ITEMS_H
#define ESCHED_PASS_FRONTEND_ITEMS_H

#include "pass/frontend/walker.h"

/* Adds to node n the access of clause item it of annotation a, in mode:
 * a variable or a member path (p->v, s.a) typed by libclang, with its
 * section. A parameter declared as an array (T a[N], T a[n][m]) named
 * without a section is its declared extent. An item holding pointers
 * (T **) gets a warning, and its task loses its device variants: the data
 * its pointers reach is not moved. Errors (an unknown
 * variable or member, a pointer without a length, a section of a scalar,
 * more dimensions than the type) are reported at the item. */
void items_clause_item(Walker *w, int n, const Annot *a, const EsClauseItem *it, EsAccessMode mode);

#endif
