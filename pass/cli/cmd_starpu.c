/* esched starpu: profiles as StarPU history models and back
 * (scheduler/io/starpu_model.h; docs/starpu.md, "Performance models"). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pass/cli/args.h"
#include "pass/cli/commands.h"
#include "pass/diag/diag.h"
#include "scheduler/io/files.h"
#include "scheduler/io/starpu_model.h"

static const char help[] =
    "usage: esched starpu export PROFILE -o DIR [--gpu NAME]\n"
    "       esched starpu import MODEL|DIR... -o PROFILE [--gpu NAME]\n"
    "\n"
    "export writes DIR/codelets/45/esched.KEY, a StarPU 1.3 history model per\n"
    "task of PROFILE (its level-0 runs, one entry per size): run a program\n"
    "built with --target starpu under ESCHED_STARPU_POLICY=starpu with\n"
    "STARPU_PERF_MODEL_DIR=DIR, and dmda starts calibrated.\n"
    "import reads such models (from export, or measured by StarPU with\n"
    "STARPU_CALIBRATE=1: a folder is searched for esched.* files, also under\n"
    "codelets/45 and .starpu/sampling/codelets/45) and merges them into\n"
    "PROFILE (created when missing).\n"
    "\n"
    "options:\n"
    "  -o PATH          the folder (export) or the profile (import)\n"
    "  --gpu NAME       the profile's device that StarPU's OpenCL and CUDA\n"
    "                   workers stand for (default gpu); cpu is StarPU's CPUs\n";

static int export_models(const char *profile, const char *dir, const char *gpu) {
  EsProfile *p = NULL;
  EsError err;
  diag_error_init(&err);
  int written = 0, sizeless = 0;
  if (es_profile_read(profile, &p, &err) ||
      es_starpu_export(p, dir, gpu, &written, &sizeless, &err)) {
    es_profile_free(p);
    return 1;
  }
  if (sizeless)
    diag(DIAG_WARNING, profile, 0, 0,
         "%d run%s without a size left out: StarPU's history is per size (profiles the "
         "runtime writes record them)",
         sizeless, sizeless == 1 ? "" : "s");
  fprintf(stderr, "esched: wrote %d StarPU model%s to %s/codelets/45\n", written,
          written == 1 ? "" : "s", dir);
  es_profile_free(p);
  return 0;
}

/* The models of a folder: its esched.* files, or those of the first of
 * its sampling folders that has some. */
static int import_dir(const char *dir, const char *gpu, EsProfile *p, int *n) {
  static const char *const sub[] = {"", "/codelets/45", "/.starpu/sampling/codelets/45", NULL};
  for (int s = 0; sub[s] && *n == 0; s++) {
    char path[4096];
    snprintf(path, sizeof path, "%s%s", dir, sub[s]);
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d));) {
      char file[8192];
      if (strncmp(e->d_name, "esched.", 7) != 0)
        continue;
      snprintf(file, sizeof file, "%s/%s", path, e->d_name);
      EsError err;
      diag_error_init(&err);
      if (es_starpu_import(file, gpu, p, &err)) {
        closedir(d);
        return 1;
      }
      (*n)++;
    }
    if (d)
      closedir(d);
  }
  return 0;
}

static int import_models(char **paths, int npaths, const char *profile, const char *gpu) {
  EsProfile *p = es_profile_new();
  int n = 0, rc = p ? 0 : 1;
  for (int i = 0; !rc && i < npaths; i++) {
    struct stat st;
    EsError err;
    diag_error_init(&err);
    if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
      rc = import_dir(paths[i], gpu, p, &n);
    else if (es_starpu_import(paths[i], gpu, p, &err))
      rc = 1;
    else
      n++;
  }
  EsError err;
  diag_error_init(&err);
  if (!rc && n == 0) {
    diag(DIAG_ERROR, NULL, 0, 0, "starpu import: no esched.* model found");
    rc = 1;
  }
  if (!rc && es_profile_merge_file(profile, p, &err))
    rc = 1;
  if (!rc)
    fprintf(stderr, "esched: merged %d StarPU model%s into %s\n", n, n == 1 ? "" : "s", profile);
  es_profile_free(p);
  return rc;
}

int cmd_starpu(int argc, char **argv) {
  Args a;
  args_init(&a, "starpu", argc, argv);
  const char *arg, *action = NULL, *output = NULL, *gpu = "gpu";
  char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
  int ninputs = 0;
  ArgKind k;
  while (inputs && (k = args_next(&a, &arg)) != ARG_END && !a.failed) {
    if (k == ARG_OPTION && (!strcmp(arg, "--help") || !strcmp(arg, "-h"))) {
      fputs(help, stdout);
      free(inputs);
      return 0;
    } else if (k == ARG_OPTION && !strcmp(arg, "-o"))
      output = args_value(&a, arg);
    else if (k == ARG_OPTION && !strcmp(arg, "--gpu"))
      gpu = args_value(&a, arg);
    else if (k == ARG_OPTION)
      args_unknown(&a, arg);
    else if (!action)
      action = arg;
    else
      inputs[ninputs++] = (char *)arg;
  }
  int rc = 1;
  bool exporting = action && !strcmp(action, "export");
  if (!inputs || a.failed)
    ;
  else if (!action || (!exporting && strcmp(action, "import") != 0))
    diag(DIAG_ERROR, NULL, 0, 0, "starpu: expected export or import (see esched starpu --help)");
  else if (!output || !gpu || ninputs == 0 || (exporting && ninputs != 1))
    diag(DIAG_ERROR, NULL, 0, 0, "starpu %s: expected %s and -o %s", action,
         exporting ? "one profile" : "models", exporting ? "DIR" : "PROFILE");
  else
    rc = exporting ? export_models(inputs[0], output, gpu)
                   : import_models(inputs, ninputs, output, gpu);
  free(inputs);
  return rc;
}
