/* The device of the variant a thread runs, and the setup time its call
 * spent (mem.h): thread local, so each executor thread sees its own. */
#include "runtime-stub/memory/mem.h"

static _Thread_local const RtMemOps *current_ops;
static _Thread_local void *current_ctx;
static _Thread_local double current_setup;

void rt_mem_set_current(const RtMemOps *ops, void *ctx) {
  current_ops = ops;
  current_ctx = ctx;
  current_setup = 0;
}

void rt_mem_add_setup(double seconds) { current_setup += seconds; }
double rt_mem_setup(void) { return current_setup; }

const RtMemOps *rt_mem_current(void **ctx) {
  *ctx = current_ctx;
  return current_ops;
}
