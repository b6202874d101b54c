/* The RAPL energy meter over Linux powercap (energy.h). A zone is a folder
 * ROOT/intel-rapl:N[:M] with `name` (package-N, core, uncore, dram, psys),
 * `energy_uj` and `max_energy_range_uj`. Package zones already include
 * their cores and uncore, so the meter sums packages and DRAM only. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime-stub/power/energy.h"
#include "scheduler/base/error.h"

/* The number in a small sysfs file (read at offset 0), or -1. */
static double read_number(int fd) {
  char buf[64];
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0)
    return -1;
  buf[n] = 0;
  char *end;
  double v = strtod(buf, &end);
  return end == buf || v < 0 ? -1 : v;
}

static double read_file_number(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  double v = fd >= 0 ? read_number(fd) : -1;
  if (fd >= 0)
    close(fd);
  return v;
}

static void read_name(const char *dir, char *out, int len) {
  char path[4096];
  snprintf(path, sizeof path, "%s/name", dir);
  FILE *f = fopen(path, "r");
  out[0] = 0;
  if (f && fgets(out, len, f))
    out[strcspn(out, "\n")] = 0;
  if (f)
    fclose(f);
}

static bool wanted(const char *name) {
  return strncmp(name, "package-", 8) == 0 || strcmp(name, "dram") == 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Zone folders under root, sorted (intel-rapl:0 before intel-rapl:0:2). */
static int list_zones(const char *root, char ***out, int *n) {
  DIR *dir = opendir(root);
  *out = NULL, *n = 0;
  if (!dir)
    return ES_OK; /* no powercap: no zone */
  struct dirent *e;
  int rc = ES_OK;
  while (!rc && (e = readdir(dir)))
    if (strncmp(e->d_name, "intel-rapl:", 11) == 0 && *n < RT_RAPL_MAX * 4) {
      char **v = realloc(*out, sizeof *v * ((size_t)*n + 1));
      size_t len = strlen(root) + strlen(e->d_name) + 2;
      char *path = v ? malloc(len) : NULL;
      if (v)
        *out = v;
      if (!path) {
        rc = ES_ENOMEM;
        break;
      }
      snprintf(path, len, "%s/%s", root, e->d_name);
      (*out)[(*n)++] = path;
    }
  closedir(dir);
  if (*n)
    qsort(*out, (size_t)*n, sizeof **out, cmp_str);
  return rc;
}

static void cannot_read(const char *path, char *why, int whylen) {
  snprintf(why, (size_t)whylen, "cannot read %s: %s", path, errno ? strerror(errno) : "no number");
}

/* Opens one zone's counter; false with the reason when it cannot be read. */
static bool add_zone(RtRapl *r, const char *dir, const char *name, char *why, int whylen) {
  char path[4096];
  snprintf(path, sizeof path, "%s/max_energy_range_uj", dir);
  errno = 0;
  double range = read_file_number(path);
  if (range <= 0) {
    cannot_read(path, why, whylen);
    return false;
  }
  snprintf(path, sizeof path, "%s/energy_uj", dir);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  double now = fd >= 0 ? read_number(fd) : -1;
  if (now < 0) {
    cannot_read(path, why, whylen);
    if (fd >= 0)
      close(fd);
    return false;
  }
  r->fd[r->n] = fd;
  r->range[r->n] = range;
  r->last[r->n] = now;
  snprintf(r->name[r->n], sizeof r->name[r->n], "%s", name);
  r->n++;
  return true;
}

int rt_rapl_open(RtRapl *r, const char *root, char *why, int whylen) {
  memset(r, 0, sizeof *r);
  char **zones;
  int nzones, rc = list_zones(root, &zones, &nzones);
  for (int i = 0; i < nzones && !rc && r->n < RT_RAPL_MAX; i++) {
    char name[32];
    read_name(zones[i], name, sizeof name);
    if (wanted(name) && !add_zone(r, zones[i], name, why, whylen))
      rc = ES_EIO;
  }
  for (int i = 0; i < nzones; i++)
    free(zones[i]);
  free(zones);
  if (!rc && r->n == 0) {
    snprintf(why, (size_t)whylen, "no RAPL package or dram zone under %s", root);
    rc = ES_ENOSUP;
  }
  if (rc == ES_ENOMEM)
    snprintf(why, (size_t)whylen, "out of memory");
  if (rc)
    rt_rapl_close(r);
  return rc;
}

double rt_rapl_read(RtRapl *r) {
  for (int i = 0; i < r->n; i++) {
    double now = read_number(r->fd[i]);
    if (now < 0)
      return -1;
    double delta = now - r->last[i];
    if (delta < 0) /* wrapped at max_energy_range_uj */
      delta += r->range[i];
    r->total += delta * 1e-6;
    r->last[i] = now;
  }
  return r->total;
}

void rt_rapl_close(RtRapl *r) {
  for (int i = 0; i < r->n; i++)
    close(r->fd[i]);
  memset(r, 0, sizeof *r);
}
