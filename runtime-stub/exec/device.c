/* What the executors ask of a device besides running a variant (device.h). */
#include "runtime-stub/exec/device.h"

void rt_exec_set_level_locked(RtState *s, int dev, int level) {
  char why[512] = "";
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
