/* Which bytes of a C object carry its value (libclang's record layout):
 * a structure's padding, the bytes after an x87 long double's 80 bits and
 * the bits no bit-field uses carry none, and storing every member of an
 * object leaves them as they were. ESCHED_CHECK must not call them
 * unwritten (EsrtTask.values, docs/runtime.md "Checking clauses").
 */
#ifndef ESCHED_PASS_FRONTEND_VALUE_BYTES_H
#define ESCHED_PASS_FRONTEND_VALUE_BYTES_H

#include <clang-c/Index.h>

#include "scheduler/base/arena.h"

/* At most this many ranges per element; an element with more (an array of
 * thousands of padded structures inside a structure) is treated as all
 * value, so the check stays as strict as it was. */
enum { VALUE_SPANS_MAX = 256 };

/* The value bytes of one element of data whose elements are of type elem
 * (arrays stripped down to their innermost element, whose boundaries every
 * range of a section starts at): *spans receives nspans [begin, end) pairs
 * of byte offsets, ascending and disjoint, allocated in arena, and *size the
 * element's sizeof. Returns nspans, or 0 when every byte carries value or
 * the layout is unknown (an incomplete type, too many ranges, no memory):
 * then *spans is NULL. tu answers the target (the long double format). */
int value_bytes(CXTranslationUnit tu, CXType elem, EsArena *arena, long long **spans,
                long long *size);

#endif
