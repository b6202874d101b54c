/* What the executors ask of a device: its DVFS level, running a variant on
 * it, and waiting for its queued work (device.h). */
#include "runtime-stub/exec/device.h"

void rt_exec_set_level_locked(RtState *s, int dev, int level) {
  char why[512]; /* not zeroed: this runs for every task, and why is written only on failure */
  why[0] = '\0';
  if (rt_dvfs_set(&s->dvfs, dev, level, why, sizeof why)) {
    rt_warn_locked(s, "ESCHED_DVFS=%s: %s; levels are simulated from now on",
                   rt_dvfs_name(s->dvfs.kind), why);
    rt_dvfs_to_sim(&s->dvfs);
  }
}

void rt_exec_sync(RtState *s, int device) {
  int sp = s->dev_space[device];
  if (sp > 0)
    s->reg.space[sp].ops->sync(s->reg.space[sp].ctx);
}

void rt_exec_enter(const RtState *s, int dev) {
  int sp = dev >= 0 ? s->dev_space[dev] : -1;
  if (sp > 0)
    rt_mem_set_current(s->reg.space[sp].ops, s->reg.space[sp].ctx);
  else
    rt_mem_set_current(NULL, NULL);
}

RtRan rt_exec_run(RtState *s, int dev, EsrtFn fn, void *const *ptr, const void *args,
                  bool measure) {
  rt_exec_enter(s, dev);
  RtRan r = {measure ? rt_now() : 0, 0, 0};
  fn(ptr, args);
  rt_exec_sync(s, dev);
  if (measure) {
    r.wall = rt_now() - r.start;
    r.setup = rt_mem_setup();
  }
  rt_exec_enter(s, -1);
  return r;
}
