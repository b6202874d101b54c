/* The entry points of esched_starpu.h that are not per task: a unit's
 * registration (StarPU starts, and stops at exit after the last region end
 * and the summary), and esrt_host, esrt_host_whole and esrt_region_end,
 * which the generated code calls as it does for the native runtime and
 * which act on StarPU's data handles here; esp_forget before free(). */
#define _GNU_SOURCE /* malloc_usable_size: the extent of memory about to be freed */
#include <malloc.h>
#include <stdlib.h>

#include "runtime-stub/starpu/sp_launch.h"
#include "runtime-stub/starpu/sp_mpi.h"
#include "runtime-stub/starpu/sp_state.h"
#include "runtime-stub/starpu/sp_summary.h"
#include "scheduler/base/vec.h"

static void stop(void);

void esp_register_unit(const EspUnit *u) {
  SpState *s = &sp_state;
  pthread_mutex_lock(&s->lock);
  bool known = false;
  for (int i = 0; i < s->nunits; i++)
    known |= s->units[i] == u;
  if (!known && !es_vec_reserve(&s->units, &s->units_cap, s->nunits + 1, sizeof *s->units))
    s->units[s->nunits++] = u;
  pthread_mutex_unlock(&s->lock);
  bool fresh = !s->pf;
  sp_start(u);
  if (fresh)
    atexit(stop);
}

void esrt_host(const void *ptr, size_t bytes, int mode) {
  if (sp_state.started)
    sp_data_host(&sp_state.reg, (uintptr_t)ptr, (uintptr_t)ptr + bytes, mode, false);
}

void esrt_host_whole(const void *ptr, int mode) {
  if (sp_state.started)
    sp_data_host(&sp_state.reg, (uintptr_t)ptr, (uintptr_t)ptr, mode, true);
}

void esp_forget(const void *ptr) {
  if (sp_state.started && ptr)
    sp_data_forget(&sp_state.reg, (uintptr_t)ptr, (uintptr_t)ptr + malloc_usable_size((void *)ptr));
}

void esrt_region_end(void) {
  if (sp_state.started)
    sp_data_end(&sp_state.reg);
}

/* At exit: the last region end, the summary, StarPU's shutdown. */
static void stop(void) {
  SpState *s = &sp_state;
  if (s->started)
    sp_data_end(&s->reg);
  if (s->summary) {
    fflush(stdout);
    sp_summary(s->summary);
    if (s->summary != stderr)
      fclose(s->summary);
  }
  if (s->mpi)
    sp_mpi_stop();
  else if (s->started)
    starpu_shutdown();
  sp_launch_close();
  s->started = false;
  rt_dvfs_close(&s->dvfs);
  for (int i = 0; i < s->ntasks; i++) {
    s->tasks[i]->t->rt = NULL;
    free(s->tasks[i]);
  }
  free(s->tasks);
  free(s->units);
  free(s->reg.v);
  es_platform_free(s->pf);
}
