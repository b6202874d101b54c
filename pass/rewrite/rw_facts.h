/* What the rewriter asks libclang beyond what the front end recorded:
 * for each call region, which data item each argument points into and the
 * callee's parameter types (to call a device variant with device pointers,
 * and to capture arguments of deferred tasks); for each function with
 * tasks, its body's closing brace and its return statements (where data
 * must be back in host memory). One walk over the functions that hold
 * tasks. */
#ifndef ESCHED_PASS_RW_FACTS_H
#define ESCHED_PASS_RW_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "pass/frontend/extract.h"
#include "pass/frontend/tu.h"

typedef struct RwArg {
  int access;       /* index into the node's accesses it points into, or -1 */
  bool ambiguous;   /* it mentions several of the node's data items */
  bool pointer;     /* the parameter is a pointer (or an array, adjusted) */
  bool writes;      /* ... to non-const data: the callee may write through it */
  bool opaque;      /* an array or a pointer to arrays: captured as void * (a member
                       cannot have its type when its bounds are variables) */
  const char *type; /* the parameter's type, spelled (malloc'ed) */
} RwArg;

typedef struct RwCall {
  int node;    /* XNode index of the task */
  RwArg *args; /* [nargs] */
  int nargs;
  bool variadic;  /* the callee takes more arguments than it declares */
  char *via_type; /* a call through a pointer: the pointer's type, spelled */
} RwCall;

typedef struct RwFunc {
  const char *name;  /* borrowed from the unit */
  size_t begin, end; /* the definition: its first byte, one past its closing brace */
  size_t *returns;   /* [2 * nreturns]: begin and end of each return statement */
  int nreturns;
  size_t *exits; /* [2 * nexits]: begin and end of each call of exit or quick_exit */
  int nexits;
  bool ends_with_return; /* the body's last statement is a return */
} RwFunc;

/* An expression in a statement's header (a loop's condition or increment,
 * an if's or switch's condition): host code there cannot be preceded by a
 * statement, so the rewriter wraps it in a comma expression. A declaration
 * initializing a for loop has its loop's start as `before`. */
typedef struct RwSlot {
  size_t begin, end;
  size_t before; /* for-init declarations: where a statement may go; else 0 */
  bool declaration;
} RwSlot;

/* Statements that matter for leaving a task region: loops and switches,
 * and the jumps that leave them. */
typedef enum RwJumpKind { RW_LOOP, RW_SWITCH, RW_BREAK, RW_CONTINUE, RW_GOTO } RwJumpKind;

typedef struct RwJump {
  size_t begin, end;
  RwJumpKind kind;
} RwJump;

typedef struct RwFacts {
  RwCall *calls; /* one per call task region, in node order */
  int ncalls;
  RwFunc *funcs; /* one per function holding tasks */
  int nfuncs;
  RwSlot *slots; /* header expressions of the functions holding tasks */
  int nslots, slots_cap;
  RwJump *jumps; /* loops, switches and jumps of the functions holding tasks */
  int njumps, jumps_cap;
} RwFacts;

/* Collects the facts of every task of x in t. Returns false when out of
 * memory. */
bool rw_facts_collect(const Tu *t, const XUnit *x, RwFacts *out);
void rw_facts_free(RwFacts *f);

/* The facts of the call region of node n, or NULL (a block region). */
const RwCall *rw_facts_call(const RwFacts *f, int node);
/* A jump in [begin, end) that leaves that range (a break or continue whose
 * loop or switch is outside it, any goto), or NULL. */
const RwJump *rw_facts_escape(const RwFacts *f, size_t begin, size_t end);
/* The header slot starting at begin, or NULL. Only a header expression
 * starts there: host code's span may run past it (a for loop's condition
 * takes its ';'). */
const RwSlot *rw_facts_slot(const RwFacts *f, size_t begin);
/* The facts of function name, or NULL. */
const RwFunc *rw_facts_func(const RwFacts *f, const char *name);

#endif
