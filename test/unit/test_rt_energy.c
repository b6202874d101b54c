/* The RAPL meter against a fake powercap tree in a temporary folder: it
 * opens package and dram zones only (in zone order), sums their counters in
 * joules, unfolds a wrap at max_energy_range_uj, and refuses a tree without
 * zones, an unreadable counter and (when not root) one without permission. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime-stub/power/energy.h"
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

static void zone(const char *dir, const char *name, const char *range, const char *now) {
  char path[512], rel[128];
  snprintf(path, sizeof path, "%s/%s", root, dir);
  mkdir(path, 0755);
  snprintf(rel, sizeof rel, "%s/name", dir);
  put(rel, name);
  snprintf(rel, sizeof rel, "%s/max_energy_range_uj", dir);
  put(rel, range);
  snprintf(rel, sizeof rel, "%s/energy_uj", dir);
  put(rel, now);
}

static void counters(void) {
  zone("intel-rapl:1", "package-1\n", "1000000000\n", "500\n");
  zone("intel-rapl:0", "package-0\n", "1000000000\n", "999000000\n");
  zone("intel-rapl:0:0", "core\n", "1000000000\n", "7\n");
  zone("intel-rapl:0:1", "dram\n", "65532610987\n", "1000\n");
  zone("intel-rapl:2", "psys\n", "1000000000\n", "9\n");
  RtRapl r;
  char why[512] = "";
  ASSERT_EQ(rt_rapl_open(&r, root, why, sizeof why), ES_OK);
  ASSERT_EQ(r.n, 3);
  ASSERT_STREQ(r.name[0], "package-0");
  ASSERT_STREQ(r.name[1], "dram");
  ASSERT_STREQ(r.name[2], "package-1");
  ASSERT_NEAR(rt_rapl_read(&r), 0, 0);
  /* package-0 wraps: 999000000 -> 1000000 is 2 J; dram +0.5 J; package-1
   * +1 J; core and psys are not counted. */
  put("intel-rapl:0/energy_uj", "1000000\n");
  put("intel-rapl:0:1/energy_uj", "501000\n");
  put("intel-rapl:1/energy_uj", "1000500\n");
  put("intel-rapl:0:0/energy_uj", "90000007\n");
  put("intel-rapl:2/energy_uj", "90000009\n");
  ASSERT_NEAR(rt_rapl_read(&r), 3.5, 1e-12);
  put("intel-rapl:0/energy_uj", "3000000\n");
  ASSERT_NEAR(rt_rapl_read(&r), 5.5, 1e-12);
  ASSERT_NEAR(rt_rapl_read(&r), 5.5, 1e-12); /* no change, no energy */
  rt_rapl_close(&r);
}

static void refusals(void) {
  RtRapl r;
  char why[512] = "", path[512];
  snprintf(path, sizeof path, "%s/none", root);
  ASSERT_EQ(rt_rapl_open(&r, path, why, sizeof why), ES_ENOSUP);
  ASSERT_TRUE(strstr(why, "no RAPL package or dram zone") != NULL);
  mkdir(path, 0755);
  ASSERT_EQ(rt_rapl_open(&r, path, why, sizeof why), ES_ENOSUP);
  /* A counter that does not read as a number. */
  put("intel-rapl:0/energy_uj", "n/a\n");
  ASSERT_EQ(rt_rapl_open(&r, root, why, sizeof why), ES_EIO);
  ASSERT_TRUE(strstr(why, "intel-rapl:0/energy_uj") != NULL);
  ASSERT_EQ(r.n, 0);
  put("intel-rapl:0/energy_uj", "5\n");
  if (geteuid() != 0) { /* root reads anything: no permission test */
    snprintf(path, sizeof path, "%s/intel-rapl:0/energy_uj", root);
    chmod(path, 0);
    ASSERT_EQ(rt_rapl_open(&r, root, why, sizeof why), ES_EIO);
    ASSERT_TRUE(strstr(why, "Permission denied") != NULL);
    chmod(path, 0644);
  }
  ASSERT_EQ(rt_rapl_open(&r, root, why, sizeof why), ES_OK);
  rt_rapl_close(&r);
}

int main(void) {
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(root, sizeof root, "%s/esched-powercap-XXXXXX", tmp);
  if (!mkdtemp(root))
    return 77;
  counters();
  refusals();
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd) != 0)
    fprintf(stderr, "could not remove %s\n", root);
  return test_summary();
}
