/* esched-detect: writes this machine's platform file (detect.h); what
 * `esched platform --detect` runs. Part of the runtime's side, so that the
 * esched command links no runtime (docs/DESIGN.md, "Rooms and layering").
 *
 *   esched-detect [-o FILE] [--runs N] [--max-bytes SIZE] [--no-calibrate]
 *
 * The platform goes to FILE (written atomically) or stdout; what was found
 * and measured to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/detect/detect.h"
#include "scheduler/base/units.h"
#include "scheduler/io/files.h"

static const char help[] =
    "usage: esched platform --detect [-o FILE] [--runs N] [--max-bytes SIZE] [--no-calibrate]\n"
    "\n"
    "Writes a platform file for this machine: the CPU's DVFS levels (cpufreq), its\n"
    "idle power (RAPL, when readable), every OpenCL device (kind opencl: ocl, ocl1,\n"
    "...) and every CUDA GPU (kind cuda: gpu, gpu1, ...), and the links between\n"
    "the host and each of them, measured by timed copies in each direction.\n"
    "Figures that cannot be read are taken from a table by device kind and listed\n"
    "under `estimated:` (docs/formats.md, \"Detected platforms\"): replace them\n"
    "with measured ones and drop them from the list.\n"
    "\n"
    "options:\n"
    "  -o FILE          the platform file (default: standard output)\n"
    "  --runs N         calibration runs per link, the median kept (default 3)\n"
    "  --max-bytes SIZE the largest calibration copy (default 64MiB)\n"
    "  --no-calibrate   links get the table's figures\n"
    "\n"
    "ESCHED_CPUFREQ_ROOT (default /) roots /sys and /proc; ESCHED_POWERCAP_ROOT\n"
    "(default /sys/class/powercap) is where RAPL zones are read.\n";

static const char *env_or(const char *name, const char *fallback) {
  const char *v = getenv(name);
  return v && *v ? v : fallback;
}

/* Reads the options; 0 to go on, else the exit status. */
static int parse(int argc, char **argv, RtDetectOptions *o, const char **output) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    double bytes;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(help, stdout);
      return -1;
    } else if (!strcmp(a, "--no-calibrate")) {
      o->calibrate = false;
    } else if (!strcmp(a, "-o") && v) {
      *output = argv[++i];
    } else if (!strcmp(a, "--runs") && v && atoi(v) > 0) {
      o->runs = atoi(argv[++i]);
    } else if (!strcmp(a, "--max-bytes") && v && es_parse_quantity(v, ES_Q_BYTES, &bytes) &&
               bytes >= 64) {
      o->max_bytes = (size_t)bytes, i++;
    } else {
      fprintf(stderr, "esched: error: platform --detect: bad option '%s'%s\n", a,
              v && a[0] == '-' ? " or value" : "");
      fputs(help, stderr);
      return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  RtDetectOptions o = {env_or("ESCHED_CPUFREQ_ROOT", "/"),
                       env_or("ESCHED_POWERCAP_ROOT", "/sys/class/powercap"),
                       (size_t)64 << 20,
                       3,
                       true,
                       stderr};
  const char *output = "-";
  int rc = parse(argc, argv, &o, &output);
  if (rc)
    return rc < 0 ? 0 : rc;
  EsPlatform *p = NULL;
  EsError err = {0};
  EsOutput out;
  bool ok = rt_detect(&o, &p, &err) == ES_OK && es_output_open(&out, output, &err) == ES_OK;
  if (ok && !es_platform_write(out.f, p)) {
    es_output_abort(&out);
    ok = false;
    fprintf(stderr, "esched: error: platform --detect: cannot write the platform\n");
  } else if (ok) {
    ok = es_output_commit(&out, &err) == ES_OK;
  }
  if (err.code)
    fprintf(stderr, "esched: error: platform --detect: %s\n", err.message);
  es_error_clear(&err);
  es_platform_free(p);
  return ok ? 0 : 1;
}
