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

static char root[256];

static void put(const char *rel, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(text, f);
    fclose(f);
  }
}

static const char *get(const char *rel) {
  static char buf[128];
  char path[512];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  FILE *f = fopen(path, "r");
  buf[0] = 0;
  if (f) {
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
  }
  return buf;
}

static void mkdirs(const char *rel) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  for (char *p = path + strlen(root) + 1; *p; p++)
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
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(root, sizeof root, "%s/esched-cpufreq-XXXXXX", tmp);
  if (!mkdtemp(root))
    return 77;
  make_tree();
  EsPlatform *pf = platform();
  RtDvfs d;
  char why[512] = "";
  ASSERT_EQ(rt_dvfs_open(&d, RT_DVFS_CPUFREQ, pf, root, why, sizeof why), 0);
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
  snprintf(empty, sizeof empty, "%s/sys/devices/system/cpu/cpu2", root);
  ASSERT_EQ(rt_dvfs_open(&d, RT_DVFS_CPUFREQ, pf, empty, why, sizeof why), ES_ENOSUP);
  ASSERT_EQ(d.kind, RT_DVFS_SIM);
  ASSERT_TRUE(strstr(why, "no cpufreq interface") != NULL);
  ASSERT_EQ(rt_dvfs_set(&d, 0, 1, why, sizeof why), 0);
  rt_dvfs_close(&d);
  es_platform_free(pf);

  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd) != 0)
    fprintf(stderr, "could not remove %s\n", root);
  return test_summary();
}
