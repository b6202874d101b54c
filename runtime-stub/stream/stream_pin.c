/* Pinning a stream's core thread to a CPU, so that the frequency the
 * cpufreq back end sets for that CPU is the one the thread runs at. Only
 * Linux can do it (pthread_setaffinity_np, a GNU extension: hence
 * _GNU_SOURCE in this file alone); elsewhere the threads float and the
 * frequencies are per CPU all the same. Best effort: a failure leaves the
 * thread where the kernel puts it. */
#if defined(__linux__)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#endif

#include "runtime-stub/stream/stream_pin.h"
#include "scheduler/base/error.h"

int rt_pin_cpu(int cpu) {
#if defined(__linux__)
  cpu_set_t set;
  if (cpu < 0 || cpu >= CPU_SETSIZE)
    return ES_EINVAL;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0 ? ES_OK : ES_EIO;
#else
  (void)cpu;
  return ES_ENOSUP;
#endif
}
