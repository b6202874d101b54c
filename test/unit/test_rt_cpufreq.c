/* The cpufreq DVFS back end against a fake sysfs tree in a temporary
 * folder: the userspace governor's scaling_setspeed and another governor's
 * scaling_max_freq get the level's frequency in kHz, rounded to the nearest
 * available one; an unchanged level writes nothing; a tree without cpufreq
 * fails to open and leaves the sim back end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime-stub/power/dvfs.h"
#include "scheduler/base/error.h"
#include "test.h"
#include "test_files.h"

static void mkdirs(const char *rel) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", test_dir, rel);
  for (char *p = path + strlen(test_dir) + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      mkdir(path, 0755);
      *p = '/';
    }
  mkdir(path, 0755);
}

static void make_tree(void) {
  mkdirs("sys/devices/system/cpu/cpu0/cpufreq");
  mkdirs("sys/devices/system/cpu/cpu1/cpufreq");
  mkdirs("sys/devices/system/cpu/cpufreq"); /* not a CPU */
  mkdirs("sys/devices/system/cpu/cpu2");    /* a CPU without cpufreq */
  put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "userspace\n");
  put("sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed", "<unsupported>\n");
  put("sys/devices/system/cpu/cpu0/cpufreq/scaling_available_frequencies",
      "2400000 2000000 1600000 1200000 \n");
  put("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "schedutil\n");
  put("sys/devices/system/cpu/cpu1/cpufreq/scaling_max_freq", "2400000\n");
}

static EsPlatform *platform(void) {
  EsPlatform *p = es_platform_new("t");
  EsLevel cpu[3] = {{2.4e9, 90, 0}, {1.95e9, 60, 0}, {1.2e9, 30, 0}};
  EsLevel gpu[1] = {{1.4e9, 180, 0}};
  es_platform_add_device(p, "cpu", "cpu", cpu, 3, 0);
  es_platform_add_device(p, "gpu", "gpu", gpu, 1, 0);
  return p;
}

int main(void) {
  if (!test_dir_make("cpufreq"))
    return 77;
  make_tree();
  EsPlatform *pf = platform();
  RtDvfs d;
  char why[512] = "";
  ASSERT_EQ(rt_dvfs_open(&d, RT_DVFS_CPUFREQ, pf, test_dir, why, sizeof why), 0);
  ASSERT_EQ(d.kind, RT_DVFS_CPUFREQ);
  ASSERT_EQ(d.cpufreq.nfiles, 2);
  ASSERT_EQ(rt_dvfs_set(&d, 0, 1, why, sizeof why), 0);
  ASSERT_STREQ(get("sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed"), "2000000\n");
  ASSERT_STREQ(get("sys/devices/system/cpu/cpu1/cpufreq/scaling_max_freq"), "2000000\n");
  /* The same level again writes nothing. */
  put("sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed", "untouched\n");
  ASSERT_EQ(rt_dvfs_set(&d, 0, 1, why, sizeof why), 0);
  ASSERT_STREQ(get("sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed"), "untouched\n");
  ASSERT_EQ(rt_dvfs_set(&d, 0, 2, why, sizeof why), 0);
  ASSERT_STREQ(get("sys/devices/system/cpu/cpu0/cpufreq/scaling_setspeed"), "1200000\n");
  /* GPU levels are not cpufreq's. */
  ASSERT_EQ(rt_dvfs_set(&d, 1, 0, why, sizeof why), 0);
  ASSERT_STREQ(get("sys/devices/system/cpu/cpu1/cpufreq/scaling_max_freq"), "1200000\n");
  ASSERT_EQ(d.changes, 3);
  rt_dvfs_close(&d);

  /* No cpufreq under the root: open fails, the back end stays sim. */
  char empty[300];
  snprintf(empty, sizeof empty, "%s/sys/devices/system/cpu/cpu2", test_dir);
  ASSERT_EQ(rt_dvfs_open(&d, RT_DVFS_CPUFREQ, pf, empty, why, sizeof why), ES_ENOSUP);
  ASSERT_EQ(d.kind, RT_DVFS_SIM);
  ASSERT_TRUE(strstr(why, "no cpufreq interface") != NULL);
  ASSERT_EQ(rt_dvfs_set(&d, 0, 1, why, sizeof why), 0);
  rt_dvfs_close(&d);
  es_platform_free(pf);

  test_dir_remove();
  return test_summary();
}
