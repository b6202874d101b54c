/* The deferred flush's cost on the static runtime, the one esched-cc links
 * into programs (bench_dispatch measures the shared libesched_rt.so, which
 * it must load beside libesched_starpu): the first region of the process
 * (fresh memory), then the table of flush_table.h.
 *
 * usage: bench_flush [TASKS]   (default 100000) */
#include <stdlib.h>

#include "flush_table.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  if (n < 1)
    n = 100000;
  setenv("ESCHED_SUMMARY", "none", 1);
  setenv("ESCHED_DEFER_MAX", "100000000", 1); /* one flush per region */
  FlushApi api = {esrt_submit, esrt_region_end};
  FlushCost first = flush_region(&api, &flush_t_cpu, n);
  printf("static runtime (libesched_rt.a)\n");
  printf("first region of %ld tasks, fresh memory: flush %.1f ns/task, %.4f page faults/task\n", n,
         first.flush * 1e9, first.faults);
  flush_table(&api, n, 0);
  return 0;
}
