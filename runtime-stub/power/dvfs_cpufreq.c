/* The cpufreq DVFS back end: Linux's sysfs interface
 * (ROOT/sys/devices/system/cpu/cpuN/cpufreq/). With the userspace governor
 * the level's frequency goes to scaling_setspeed; with any other governor it
 * caps scaling_max_freq. Frequencies are in kHz there, rounded to the nearest
 * of scaling_available_frequencies when the kernel lists them. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime-stub/power/dvfs_cpufreq.h"
#include "scheduler/base/error.h"
#include "scheduler/base/path.h"

static char *join(const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 2;
  char *s = malloc(n);
  if (s)
    snprintf(s, n, "%s/%s", a, b);
  return s;
}

/* The first line of file path into buf; false when unreadable. */
static bool read_line(const char *path, char *buf, int len) {
  FILE *f = fopen(path, "r");
  if (!f)
    return false;
  bool ok = fgets(buf, len, f) != NULL;
  fclose(f);
  buf[strcspn(buf, "\n")] = 0;
  return ok;
}

static bool is_cpu_dir(const char *name) {
  if (strncmp(name, "cpu", 3) != 0 || !name[3])
    return false;
  for (const char *p = name + 3; *p; p++)
    if (!isdigit((unsigned char)*p))
      return false;
  return true;
}

static int add_file(RtCpufreq *c, char *path, int cpu) {
  char **v = realloc(c->files, sizeof *v * ((size_t)c->nfiles + 1));
  if (v)
    c->files = v;
  int *n = v ? realloc(c->cpus, sizeof *n * ((size_t)c->nfiles + 1)) : NULL;
  if (!n) {
    free(path);
    return ES_ENOMEM;
  }
  c->cpus = n;
  c->files[c->nfiles] = path;
  c->cpus[c->nfiles++] = cpu;
  return ES_OK;
}

static void read_available(RtCpufreq *c, const char *cpufreq_dir) {
  char *path = join(cpufreq_dir, "scaling_available_frequencies");
  FILE *f = path ? fopen(path, "r") : NULL;
  long khz;
  while (f && fscanf(f, "%ld", &khz) == 1) {
    long *v = realloc(c->avail, sizeof *v * ((size_t)c->navail + 1));
    if (!v)
      break;
    c->avail = v;
    c->avail[c->navail++] = khz;
  }
  if (f)
    fclose(f);
  free(path);
}

/* Adds the control file of one CPU's cpufreq folder. */
static int add_cpu(RtCpufreq *c, const char *cpufreq_dir, int cpu, char *why, int whylen) {
  char gov[64] = "";
  char *gpath = join(cpufreq_dir, "scaling_governor");
  bool have_gov = gpath && read_line(gpath, gov, sizeof gov);
  free(gpath);
  char *file =
      join(cpufreq_dir, strcmp(gov, "userspace") == 0 ? "scaling_setspeed" : "scaling_max_freq");
  if (!file)
    return ES_ENOMEM;
  if (!have_gov && access(file, F_OK) != 0) {
    free(file);
    return ES_OK; /* no cpufreq for this CPU */
  }
  if (access(file, W_OK) != 0) {
    snprintf(why, (size_t)whylen, "cannot write %s: %s", file, strerror(errno));
    free(file);
    return ES_EIO;
  }
  if (c->navail == 0) /* the first CPU that lists them (readdir's order is arbitrary) */
    read_available(c, cpufreq_dir);
  return add_file(c, file, cpu);
}

/* Files in increasing CPU order (readdir's order is arbitrary), so that a
 * stream's core m maps to the m-th CPU. Insertion sort: few CPUs. */
static void sort_by_cpu(RtCpufreq *c) {
  for (int i = 1; i < c->nfiles; i++)
    for (int k = i; k > 0 && c->cpus[k - 1] > c->cpus[k]; k--) {
      int n = c->cpus[k];
      char *f = c->files[k];
      c->cpus[k] = c->cpus[k - 1], c->files[k] = c->files[k - 1];
      c->cpus[k - 1] = n, c->files[k - 1] = f;
    }
}

int rt_cpufreq_open(RtCpufreq *c, const char *root, char *why, int whylen) {
  memset(c, 0, sizeof *c);
  /* The files are written until exit: after a change of directory a
   * relative root would name other files. */
  char *abs = es_path_absolute(root);
  char *base = join(abs ? abs : root, "sys/devices/system/cpu");
  free(abs);
  DIR *dir = base ? opendir(base) : NULL;
  int rc = ES_OK;
  struct dirent *e;
  while (dir && !rc && (e = readdir(dir)))
    if (is_cpu_dir(e->d_name)) {
      char *cpu = join(base, e->d_name), *freq = cpu ? join(cpu, "cpufreq") : NULL;
      rc = freq ? add_cpu(c, freq, atoi(e->d_name + 3), why, whylen) : ES_ENOMEM;
      free(cpu);
      free(freq);
    }
  if (dir)
    closedir(dir);
  if (!rc && c->nfiles == 0) {
    snprintf(why, (size_t)whylen, "no cpufreq interface under %s", base ? base : root);
    rc = ES_ENOSUP;
  }
  free(base);
  if (rc)
    rt_cpufreq_close(c);
  else
    sort_by_cpu(c);
  return rc;
}

static long nearest(const RtCpufreq *c, long khz) {
  long best = khz;
  for (int i = 0; i < c->navail; i++)
    if (i == 0 || labs(c->avail[i] - khz) < labs(best - khz))
      best = c->avail[i];
  return best;
}

int rt_cpufreq_set_one(const RtCpufreq *c, int i, double hz, char *why, int whylen) {
  long khz = nearest(c, lround(hz / 1000));
  FILE *f = fopen(c->files[i], "w");
  bool ok = f && fprintf(f, "%ld\n", khz) > 0;
  if (f && fclose(f) != 0)
    ok = false;
  if (!ok) {
    snprintf(why, (size_t)whylen, "cannot write %s: %s", c->files[i], strerror(errno));
    return ES_EIO;
  }
  return ES_OK;
}

int rt_cpufreq_set(RtCpufreq *c, double hz, char *why, int whylen) {
  for (int i = 0; i < c->nfiles; i++) {
    int rc = rt_cpufreq_set_one(c, i, hz, why, whylen);
    if (rc)
      return rc;
  }
  return ES_OK;
}

void rt_cpufreq_close(RtCpufreq *c) {
  for (int i = 0; i < c->nfiles; i++)
    free(c->files[i]);
  free(c->files);
  free(c->cpus);
  free(c->avail);
  memset(c, 0, sizeof *c);
}
