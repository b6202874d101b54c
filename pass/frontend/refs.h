/* What a piece of code does to variables (refs.c). */
#ifndef ESCHED_PASS_FRONTEND_REFS_H
#define ESCHED_PASS_FRONTEND_REFS_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "pass/frontend/walker.h"

/* The accesses of host code c to variables (mode in or inout, whole
 * variables), added to node n (when n >= 0; tasks pass inferred = true) and
 * to the enclosing blocks, and the calls made in c. With no node and no
 * block (a function without annotations) only the calls are recorded. */
void refs_scan(Walker *w, CXCursor c, size_t begin, size_t end, int n, bool inferred);
/* Only the calls made in c. */
void refs_calls(Walker *w, CXCursor c);
/* Fills acc for a whole variable declared by decl (type, element type,
 * bytes when the variable is an array or a scalar). */
bool refs_whole_access(Walker *w, CXCursor decl, const char *name, EsAccessMode mode, XAccess *acc);
/* Fills acc for a whole item of type ti named name. */
void refs_type_access(const TypeInfo *ti, const char *name, EsAccessMode mode, XAccess *acc);
/* The facts of type t (cached), or NULL when out of memory; param: t is a
 * parameter's type as written (an array there is a pointer). */
const TypeInfo *refs_type_info(Walker *w, CXType t, bool param);

#endif
