/* Atomic outputs (scheduler/io/output.c) and the error's file name:
 * - a temporary file whose writer is alive (it holds the file's flock) is
 *   not removed by another writer of the same path; one whose writer is
 *   gone is, and so are only names of the PATH.tmpXXXXXX form;
 * - an aborted write leaves the old file and no temporary file;
 * - EsError keeps its own copy of the file name: readers that fail free the
 *   graph, platform or network that held it before the caller prints it. */
#define _DEFAULT_SOURCE /* flock, mkdtemp */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "scheduler/io/files.h"
#include "scheduler/io/import.h"
#include "scheduler/sumproduct/network.h"
#include "test.h"
#include "test_files.h"

static int files_in_dir(void) {
  int n = 0;
  DIR *d = opendir(test_dir);
  for (struct dirent *e; d && (e = readdir(d));)
    n += e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

static bool write_text(const char *name, const char *text) {
  EsOutput o;
  EsError err = {0};
  if (es_output_open(&o, at(name), &err) != ES_OK)
    return false;
  fputs(text, o.f);
  return es_output_commit(&o, &err) == ES_OK;
}

static void stale_and_live(void) {
  put("out.yaml", "old\n");
  put("out.yaml.tmpDEAD01", "a killed writer's\n");
  put("out.yaml.tmpLIVE01", "a live writer's\n");
  put("out.yaml.tmp", "not ours\n");
  put("out.yaml.tmpSHORT", "not ours\n");
  int live = open(at("out.yaml.tmpLIVE01"), O_RDONLY);
  ASSERT_TRUE(live >= 0 && flock(live, LOCK_EX) == 0);
  ASSERT_TRUE(write_text("out.yaml", "new\n"));
  ASSERT_TRUE(access(at("out.yaml.tmpDEAD01"), F_OK) != 0);
  ASSERT_TRUE(access(at("out.yaml.tmpLIVE01"), F_OK) == 0);
  ASSERT_TRUE(access(at("out.yaml.tmp"), F_OK) == 0);
  ASSERT_TRUE(access(at("out.yaml.tmpSHORT"), F_OK) == 0);
  close(live); /* its writer is gone now */
  ASSERT_TRUE(write_text("out.yaml", "newer\n"));
  ASSERT_TRUE(access(at("out.yaml.tmpLIVE01"), F_OK) != 0);
  unlink(at("out.yaml.tmp"));
  unlink(at("out.yaml.tmpSHORT"));
}

static void aborted(void) {
  EsOutput o;
  EsError err = {0};
  int before = files_in_dir();
  ASSERT_EQ(es_output_open(&o, at("out.yaml"), &err), ES_OK);
  fputs("half", o.f);
  es_output_abort(&o);
  ASSERT_EQ(files_in_dir(), before);
}

/* The failing readers free the object naming the file before returning. */
static void error_file_names(void) {
  EsError err = {0};
  EsPlatform *p = NULL;
  put("bad-platform.yaml", "devices:\n  - {name: cpu, kind: cpu, levels: [{freq: x}]}\n");
  ASSERT_TRUE(es_platform_read(at("bad-platform.yaml"), &p, &err) != ES_OK);
  ASSERT_STREQ(err.file, at("bad-platform.yaml"));
  es_error_clear(&err);
  EsGraph *g = NULL;
  EsImportOptions opt = {ES_IMPORT_STG, 1, 0};
  put("bad.stg", "2\n0 0 0\n");
  ASSERT_TRUE(es_import(at("bad.stg"), &opt, &g, &err) != ES_OK);
  ASSERT_STREQ(err.file, at("bad.stg"));
  es_error_clear(&err);
  EsNetwork *n = NULL;
  ASSERT_TRUE(es_network_read_uai_buffer("MARKOV 1 2 1 1 0 3", 18, "net.uai", &n, &err) != ES_OK);
  ASSERT_STREQ(err.file, "net.uai");
}

int main(void) {
  if (!test_dir_make("output"))
    return 77;
  stale_and_live();
  aborted();
  error_file_names();
  test_dir_remove();
  return test_summary();
}
