/* StarPU history models, version 45 (starpu_model.h). A file is a list of
 * numbers separated by white space, '#' lines being comments:
 *
 *   model = "45" ncombs { comb }
 *   comb  = ndevices { type devid ncores } nimpls { impl }
 *   impl  = nentries linreg(9 numbers) nlreg(3) ncoeffs { coeff } { entry }
 *   entry = footprint(hex) size flops mean_us dev_us sum sum2 n
 *
 * type is 0 for a CPU, 1 for CUDA, 2 for OpenCL; dev_us is the population
 * spread sqrt(sum2 / n - mean^2); StarPU reads it with fscanf, so line
 * breaks are layout only. What export writes is what StarPU 1.3.10 writes.
 */
#include "scheduler/io/starpu_model.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scheduler/io/files.h"
#include "scheduler/io/textfile.h"

enum { VERSION = 45, TYPE_CPU = 0, TYPE_CUDA = 1, TYPE_OPENCL = 2 };

/* ---- export ---- */

static void comb(FILE *f, int i, int type, const char *arch) {
  fprintf(f,
          "####################\n# COMB_%d\n# number of types devices\n1\n"
          "####################\n# DEV_0\n# device type (CPU - 0, CUDA - 1, OPENCL - 2, MIC - 3, "
          "MPI_MS - 5)\n%d\n####################\n# DEV_0\n# device id \n0\n"
          "####################\n# DEV_0\n# number of cores \n1\n"
          "##########\n# number of implementations\n1\n#####\n# Model for %s (Comb%d)\n",
          i, type, arch, i);
}

/* One architecture's block: the runs of device `device` at level 0 with a
 * known size, one entry each. */
static void arch_entries(FILE *f, const EsProfileEntry *e, const char *device) {
  int n = 0;
  for (int i = 0; i < e->nruns; i++)
    n += e->runs[i].level == 0 && e->runs[i].size > 0 && !strcmp(e->runs[i].device, device);
  fprintf(f,
          "# number of entries\n%d\n"
          "# sumlnx\tsumlnx2\t\tsumlny\t\tsumlnxlny\talpha\t\tbeta\t\tn\tminx\t\tmaxx\n"
          "0.000000e+00   \t0.000000e+00   \t0.000000e+00   \t0.000000e+00   \tnan        "
          "    \tnan            \t0\t0              \t0              \n"
          "# a\t\tb\t\tc\nnan            \tnan            \tnan            \n"
          "# not multiple-regression-base\n0\n"
          "# hash\t\tsize\t\tflops\t\tmean (us)\tdev (us)\tsum\t\tsum2\t\tn\n",
          n);
  for (int i = 0; i < e->nruns; i++) {
    const EsProfileRun *r = &e->runs[i];
    if (r->level != 0 || !(r->size > 0) || strcmp(r->device, device) != 0)
      continue;
    double mean = r->time.mean * 1e6;
    double dev = r->time.count > 0 ? sqrt(r->time.m2 / (double)r->time.count) * 1e6 : 0;
    long count =
        r->time.count > ES_STARPU_CALIBRATE_MINIMUM ? r->time.count : ES_STARPU_CALIBRATE_MINIMUM;
    fprintf(f, "%08x\t%-15.0f\t%-15e\t%-15e\t%-15e\t%-15e\t%-15e\t%ld\n",
            es_starpu_footprint(r->size), r->size, 0.0, mean, dev, mean * (double)count,
            (double)count * (dev * dev + mean * mean), count);
  }
  fputc('\n', f);
}

static bool has_runs(const EsProfileEntry *e, const char *device) {
  for (int i = 0; i < e->nruns; i++)
    if (e->runs[i].level == 0 && e->runs[i].size > 0 && !strcmp(e->runs[i].device, device))
      return true;
  return false;
}

/* The model of entry e: the CPU, then the GPU as OpenCL and as CUDA. */
static void model(FILE *f, const EsProfileEntry *e, const char *gpu) {
  bool cpu = has_runs(e, "cpu"), dev = gpu && has_runs(e, gpu);
  fprintf(f,
          "##################\n# Performance Model Version\n%d\n\n"
          "####################\n# COMBs\n# number of combinations\n%d\n",
          VERSION, cpu + 2 * dev);
  int i = 0;
  if (cpu) {
    comb(f, i++, TYPE_CPU, "cpu0_impl0");
    arch_entries(f, e, "cpu");
  }
  if (dev) {
    comb(f, i++, TYPE_OPENCL, "opencl0_impl0");
    arch_entries(f, e, gpu);
    comb(f, i, TYPE_CUDA, "cuda0_impl0");
    arch_entries(f, e, gpu);
  }
}

/* mkdir -p of dir/codelets/45, into path. */
static int make_dirs(const char *dir, char *path, size_t len, EsError *err) {
  const char *parts[] = {"", "/codelets", "/45"};
  path[0] = '\0';
  for (int i = 0; i < 3; i++) {
    snprintf(path + strlen(path), len - strlen(path), "%s%s", i ? "" : dir, parts[i]);
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
      return es_error_set(err, ES_EIO, dir, 0, 0, "cannot create '%s': %s", path, strerror(errno));
  }
  return ES_OK;
}

int es_starpu_export(const EsProfile *p, const char *dir, const char *gpu, int *written,
                     int *sizeless, EsError *err) {
  char folder[4096], path[4400], symbol[256];
  *written = *sizeless = 0;
  int rc = make_dirs(dir, folder, sizeof folder, err);
  for (int k = 0; !rc && k < p->nentries; k++) {
    const EsProfileEntry *e = &p->entries[k];
    for (int i = 0; i < e->nruns; i++)
      *sizeless += e->runs[i].level == 0 && !(e->runs[i].size > 0) &&
                   (!strcmp(e->runs[i].device, "cpu") || (gpu && !strcmp(e->runs[i].device, gpu)));
    if (!has_runs(e, "cpu") && !(gpu && has_runs(e, gpu)))
      continue;
    es_starpu_symbol(e->key, symbol, sizeof symbol);
    snprintf(path, sizeof path, "%s/%s", folder, symbol);
    EsOutput o;
    if ((rc = es_output_open(&o, path, err)) != ES_OK)
      break;
    model(o.f, e, gpu);
    if ((rc = es_output_commit(&o, err)) == ES_OK)
      (*written)++;
  }
  return rc;
}

/* ---- import ---- */

typedef struct Reader {
  const char *p, *start, *end, *file;
  int line, col; /* where the last token began */
  const char *line_start;
  EsError *err;
} Reader;

/* The next token (skipping white space and '#' lines) into tok. */
static bool token(Reader *r, char *tok, size_t len) {
  for (;;) {
    while (r->p < r->end && strchr(" \t\r\n", *r->p)) {
      if (*r->p == '\n')
        r->line++, r->line_start = r->p + 1;
      r->p++;
    }
    if (r->p < r->end && *r->p == '#' && r->p == r->line_start) {
      while (r->p < r->end && *r->p != '\n')
        r->p++;
      continue;
    }
    break;
  }
  r->col = (int)(r->p - r->line_start) + 1;
  size_t n = 0;
  while (r->p < r->end && !strchr(" \t\r\n", *r->p)) {
    if (n + 1 < len)
      tok[n++] = *r->p;
    r->p++;
  }
  tok[n] = '\0';
  return n > 0;
}

/* The next number (base 10, or 16 for footprints). */
static bool number(Reader *r, const char *what, int base, double *out) {
  char tok[64], *end;
  if (!token(r, tok, sizeof tok)) {
    es_error_set(r->err, ES_EINVAL, r->file, r->line, r->col,
                 "StarPU model: expected %s, found the end of the file", what);
    return false;
  }
  *out = base == 16 ? (double)strtoul(tok, &end, 16) : strtod(tok, &end);
  if (*end || end == tok) {
    es_error_set(r->err, ES_EINVAL, r->file, r->line, r->col, "StarPU model: expected %s, found '%s'",
                 what, tok);
    return false;
  }
  return true;
}

/* An integer in [0, max]. */
static bool count(Reader *r, const char *what, long max, long *out) {
  double v;
  if (!number(r, what, 10, &v))
    return false;
  if (v != floor(v) || v < 0 || v > (double)max) {
    es_error_set(r->err, ES_EINVAL, r->file, r->line, r->col,
                 "StarPU model: %s must be an integer from 0 to %ld", what, max);
    return false;
  }
  *out = (long)v;
  return true;
}

/* Whether v, the last token, is a size in bytes or a time in microseconds:
 * finite, not negative (a NaN size would never match itself when
 * profiles merge). */
static bool amount(Reader *r, const char *what, double v) {
  if (isfinite(v) && v >= 0)
    return true;
  es_error_set(r->err, ES_EINVAL, r->file, r->line, r->col,
               "StarPU model: %s must be a finite number, not negative", what);
  return false;
}

static bool skip(Reader *r, int n, const char *what) {
  double v;
  for (int i = 0; i < n; i++)
    if (!number(r, what, 10, &v))
      return false;
  return true;
}

/* One entry: a run of `device` at its size (read only, when p is NULL). */
static int entry(Reader *r, EsProfile *p, EsProfileEntry *e, const char *device) {
  double fp, size, flops, mean, dev, sum, sum2;
  long n;
  if (!number(r, "a footprint", 16, &fp) || !number(r, "a size", 10, &size) ||
      !amount(r, "a size", size) || !number(r, "flops", 10, &flops) ||
      !number(r, "a mean", 10, &mean) || !amount(r, "a mean", mean) ||
      !number(r, "a deviation", 10, &dev))
    return ES_EINVAL;
  /* StarPU derives the spread from its sums, and rounding can make one
   * sample's spread -nan: that is 0 */
  if (isnan(dev))
    dev = 0;
  if (!amount(r, "a deviation", dev) || !number(r, "a sum", 10, &sum) ||
      !number(r, "a sum of squares", 10, &sum2) || !count(r, "a count", ES_STATS_MAX_COUNT, &n))
    return ES_EINVAL;
  if (!p || n == 0)
    return ES_OK; /* n 0: StarPU's placeholder before its first kept sample */
  EsProfileRun *run = es_profile_run(p, e, device, 0, size);
  if (!run)
    return ES_ENOMEM;
  (void)sum, (void)sum2; /* dev is their spread, printed more precisely */
  EsStats s = {n, mean * 1e-6, dev * dev * 1e-12 * (double)n, mean * 1e-6, mean * 1e-6};
  es_stats_merge(&run->time, &s);
  run->source = "measured";
  return ES_OK;
}

static int impl(Reader *r, EsProfile *p, EsProfileEntry *e, const char *device) {
  long nentries, ncoeffs;
  if (!count(r, "the number of entries", 1L << 30, &nentries) ||
      !skip(r, 12, "a regression figure") ||
      !count(r, "the number of coefficients", 64, &ncoeffs) ||
      !skip(r, (int)ncoeffs, "a coefficient"))
    return ES_EINVAL;
  for (long i = 0; i < nentries; i++) {
    int rc = entry(r, p, e, device);
    if (rc)
      return rc;
  }
  return ES_OK;
}

/* A combination: one architecture's implementations. gpu_type is the GPU
 * architecture read first (-1 before): export writes the GPU device as
 * both OpenCL and CUDA, so a second GPU architecture is read but not
 * counted again. */
static int combination(Reader *r, EsProfile *p, EsProfileEntry *e, const char *gpu,
                       long *gpu_type) {
  long ndev, type = 0, devid, ncores, nimpls;
  if (!count(r, "the number of devices", 64, &ndev) || ndev < 1)
    return ES_EINVAL;
  for (long i = 0; i < ndev; i++) {
    long t;
    if (!count(r, "a device type", 16, &t) || !count(r, "a device id", 1L << 20, &devid) ||
        !count(r, "a number of cores", 1L << 20, &ncores))
      return ES_EINVAL;
    if (i == 0)
      type = t;
  }
  if (!count(r, "the number of implementations", 64, &nimpls))
    return ES_EINVAL;
  if (type != TYPE_CPU && *gpu_type < 0)
    *gpu_type = type;
  EsProfile *into = type == TYPE_CPU || type == *gpu_type ? p : NULL;
  const char *device = type == TYPE_CPU ? "cpu" : gpu;
  for (long i = 0; i < nimpls; i++) {
    int rc = impl(r, into, e, device);
    if (rc)
      return rc;
  }
  return ES_OK;
}

int es_starpu_import(const char *path, const char *gpu, EsProfile *p, EsError *err) {
  char *buf;
  size_t len;
  int rc = es_textfile_read(path, &buf, &len, err);
  if (rc)
    return rc;
  Reader r = {buf, buf, buf + len, path, 1, 1, buf, err};
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  const char *key = strncmp(base, "esched.", 7) ? base : base + 7;
  EsProfileEntry *e = es_profile_entry(p, key);
  long version, ncombs, gpu_type = -1;
  rc = !e ? ES_ENOMEM : count(&r, "the model's version", 1000, &version) ? ES_OK : ES_EINVAL;
  if (!rc && version != VERSION)
    rc = es_error_set(err, ES_EINVAL, path, 1, 1,
                      "StarPU model version %ld; esched reads version %d (StarPU 1.3)", version,
                      VERSION);
  if (!rc && !count(&r, "the number of combinations", 1024, &ncombs))
    rc = ES_EINVAL;
  for (long i = 0; !rc && i < ncombs; i++)
    rc = combination(&r, p, e, gpu, &gpu_type);
  free(buf);
  return rc;
}
