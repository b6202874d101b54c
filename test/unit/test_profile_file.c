/* Profile files kept by the build and the runtime (profile_file.c): a
 * missing file is a first run; a corrupt, truncated or foreign one gives a
 * warning with line and column and falls back to PATH.good, else to the
 * defaults; merging never touches a bad file; saving writes PATH.good. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scheduler/io/files.h"
#include "test.h"
#include "test_files.h"

static const char good[] = "esched_profile: 1\n"
                           "tasks:\n"
                           "  - key: mul\n"
                           "    runs:\n"
                           "      - {device: cpu, level: 0, count: 2, mean: 0.5}\n";
static const char truncated[] = "esched_profile: 1\n"
                                "tasks:\n"
                                "  - key: mul\n"
                                "    runs:\n"
                                "      - {device: cpu, level: 0, count: 2, mea";
static const char foreign[] = "devices:\n  - {name: cpu, kind: cpu}\n";
static const char bad_value[] = "esched_profile: 1\n"
                                "tasks:\n"
                                "  - key: mul\n"
                                "    runs:\n"
                                "      - {device: cpu, level: 0, count: -2, mean: 0.5}\n";

static void expect_warning(const char *text, int line, int col, const char *words) {
  put("p.yaml", text);
  EsProfile *p = NULL;
  EsProfileOrigin origin;
  EsError w = {0};
  ASSERT_EQ(es_profile_load_or_fallback(at("p.yaml"), &p, &origin, &w), ES_OK);
  ASSERT_EQ(origin, ES_PROFILE_DEFAULTS);
  ASSERT_TRUE(p == NULL);
  ASSERT_EQ(w.code, ES_EINVAL);
  ASSERT_EQ(w.line, line);
  ASSERT_EQ(w.col, col);
  ASSERT_STREQ(w.file, at("p.yaml"));
  if (!strstr(w.message, words))
    TEST_FAIL("'%s' lacks '%s'", w.message, words);
}

static void fallbacks(void) {
  EsProfile *p = NULL;
  EsProfileOrigin origin;
  EsError w = {0};
  /* Missing: a first run, no warning. */
  ASSERT_EQ(es_profile_load_or_fallback(at("p.yaml"), &p, &origin, &w), ES_OK);
  ASSERT_EQ(origin, ES_PROFILE_MISSING);
  ASSERT_TRUE(p == NULL && w.code == ES_OK);
  put("p.yaml", good);
  ASSERT_EQ(es_profile_load_or_fallback(at("p.yaml"), &p, &origin, &w), ES_OK);
  ASSERT_EQ(origin, ES_PROFILE_FROM_FILE);
  ASSERT_TRUE(p && es_profile_find(p, "mul"));
  es_profile_free(p);
  /* Bad files, no good copy: the defaults, and where the file went wrong. */
  expect_warning(truncated, 6, 1, "did not find expected");
  expect_warning(foreign, 1, 1, "not an esched profile");
  expect_warning(bad_value, 5, 40, "positive 'count'");
  expect_warning("", 1, 1, "empty profile file");
  /* With a good copy: that one, and the same warning. */
  put("p.yaml.good", good);
  put("p.yaml", foreign);
  memset(&w, 0, sizeof w);
  ASSERT_EQ(es_profile_load_or_fallback(at("p.yaml"), &p, &origin, &w), ES_OK);
  ASSERT_EQ(origin, ES_PROFILE_FROM_GOOD);
  ASSERT_TRUE(p && es_profile_find(p, "mul"));
  ASSERT_EQ(w.line, 1);
  es_profile_free(p);
  /* A bad good copy is no fallback. */
  put("p.yaml.good", truncated);
  memset(&w, 0, sizeof w);
  ASSERT_EQ(es_profile_load_or_fallback(at("p.yaml"), &p, &origin, &w), ES_OK);
  ASSERT_EQ(origin, ES_PROFILE_DEFAULTS);
  ASSERT_TRUE(p == NULL);
  ASSERT_EQ(w.line, 1); /* still about p.yaml */
  unlink(at("p.yaml"));
  unlink(at("p.yaml.good"));
}

static EsProfile *one_sample(const char *key, double t) {
  EsProfile *p = es_profile_new();
  EsProfileEntry *e = es_profile_entry(p, key);
  es_stats_add(&es_profile_run(p, e, "cpu", 0, -1)->time, t);
  return p;
}

static void merging(void) {
  EsProfile *run = one_sample("mul", 1.5);
  EsError err = {0};
  /* Missing: created, with its good copy. */
  ASSERT_EQ(es_profile_merge_file(at("m.yaml"), run, &err), ES_OK);
  char first[8192];
  snprintf(first, sizeof first, "%s", get("m.yaml"));
  ASSERT_TRUE(strstr(first, "key: mul") != NULL);
  ASSERT_STREQ(get("m.yaml.good"), first);
  ASSERT_TRUE(access(at("m.yaml.lock"), F_OK) == 0);
  /* Merged into the existing samples. */
  ASSERT_EQ(es_profile_merge_file(at("m.yaml"), run, &err), ES_OK);
  EsProfile *p = NULL;
  ASSERT_EQ(es_profile_read(at("m.yaml"), &p, &err), ES_OK);
  ASSERT_EQ(p ? es_profile_find(p, "mul")->runs[0].time.count : 0, 2);
  es_profile_free(p);
  /* A corrupt file is left byte for byte, and so is its good copy. */
  char before[8192];
  snprintf(before, sizeof before, "%s", get("m.yaml.good"));
  put("m.yaml", truncated);
  memset(&err, 0, sizeof err);
  ASSERT_EQ(es_profile_merge_file(at("m.yaml"), run, &err), ES_EINVAL);
  ASSERT_EQ(err.line, 6); /* libyaml: the end of the input */
  ASSERT_STREQ(get("m.yaml"), truncated);
  ASSERT_STREQ(get("m.yaml.good"), before);
  es_profile_free(run);
}

int main(void) {
  if (!test_dir_make("profile-file"))
    return 77;
  fallbacks();
  merging();
  test_dir_remove();
  return test_summary();
}
