/* bench_io: the YAML I/O paths on generated task trees and DAGs of 10^3 up
 * to 10^MAX_EXP tasks: reading a graph (es_graph_read), writing it
 * (es_graph_write), and `esched schedule` end to end (read, schedule, write
 * the schedule), each against the floor measured in the same run: a reader
 * that only walks libyaml's events of the same file. Prints CPU time per
 * task, the growth exponent from the size before, peak memory, and the
 * ratio to the floor (goal: schedule <= 2x, peak <= 400 MB at 10^6).
 *
 * Usage: bench_io [MAX_EXP]   (default 6; 7 writes 0.8 and 1.5 GB
 * files to $TMPDIR and takes minutes). Each measurement runs in a child
 * process of its own, so its peak memory is its own. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

#include "scheduler/io/files.h"

#ifndef ESCHED_BIN
#define ESCHED_BIN "build/bin/esched"
#endif

typedef struct Cost {
  double cpu; /* seconds: the measured part for in-process paths, the child for commands */
  double peak_mb;
} Cost;

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The floor: every event of the file parsed and freed, nothing kept. */
static int walk_events(const char *path) {
  FILE *f = fopen(path, "rb");
  yaml_parser_t p;
  if (!f || !yaml_parser_initialize(&p))
    return 1;
  yaml_parser_set_input_file(&p, f);
  yaml_event_t ev;
  int ok;
  long n = 0;
  while ((ok = yaml_parser_parse(&p, &ev)) && ev.type != YAML_STREAM_END_EVENT) {
    n++;
    yaml_event_delete(&ev);
  }
  if (ok)
    yaml_event_delete(&ev);
  yaml_parser_delete(&p);
  fclose(f);
  return ok && n > 0 ? 0 : 1;
}

typedef enum Path { FLOOR, READ, WRITE, SCHEDULE, NPATHS } Path;
static const char *const path_names[] = {"floor", "read", "write", "schedule"};

/* In the child: the measured part, its CPU seconds written to fd. */
static int run_in_child(Path what, const char *file, int fd) {
  double t0 = cpu_now(), t;
  if (what == FLOOR) {
    if (walk_events(file))
      return 1;
    t = cpu_now() - t0;
  } else {
    EsGraphList l = {0};
    EsError err = {0};
    if (es_graph_read(file, &l, &err)) {
      fprintf(stderr, "%s:%d:%d: %s\n", file, err.line, err.col, err.message);
      return 1;
    }
    t = cpu_now() - t0;
    if (what == WRITE) {
      FILE *f = fopen("/dev/null", "w");
      t0 = cpu_now();
      bool ok = es_graph_write(f, (const EsGraph *const *)l.v, l.len);
      t = cpu_now() - t0;
      fclose(f);
      if (!ok)
        return 1;
    }
  }
  return write(fd, &t, sizeof t) == sizeof t ? 0 : 1;
}

static bool measure(Path what, const char *file, bool physical, Cost *c) {
  int fds[2];
  if (pipe(fds))
    return false;
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    if (what == SCHEDULE) {
      if (!freopen("/dev/null", "w", stderr) || !freopen("/dev/null", "w", stdout))
        _exit(1);
      if (physical) /* times and bytes need a physical platform */
        execl(ESCHED_BIN, ESCHED_BIN, "schedule", file, "--platform", "silberstein2011",
              (char *)NULL);
      else
        execl(ESCHED_BIN, ESCHED_BIN, "schedule", file, (char *)NULL);
      _exit(127);
    }
    _exit(run_in_child(what, file, fds[1]));
  }
  close(fds[1]);
  int status;
  struct rusage ru;
  double t = 0;
  bool got = read(fds[0], &t, sizeof t) == sizeof t;
  close(fds[0]);
  if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    fprintf(stderr, "bench_io: %s of %s: status %#x\n", path_names[what], file, status);
    return false;
  }
  if (!got) /* a command: its whole CPU time */
    t = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
        (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
  c->cpu = t;
  c->peak_mb = (double)ru.ru_maxrss / 1024.0;
  return true;
}

static bool generate(const char *kind, long n, const char *file) {
  char tasks[32];
  snprintf(tasks, sizeof tasks, "%ld", n);
  pid_t pid = fork();
  if (pid == 0) {
    if (strcmp(kind, "dag") == 0)
      execl(ESCHED_BIN, ESCHED_BIN, "gen", "dag", "--tasks", tasks, "--physical", "-o", file,
            (char *)NULL);
    else
      execl(ESCHED_BIN, ESCHED_BIN, "gen", "tree", "--tasks", tasks, "-o", file, (char *)NULL);
    _exit(127);
  }
  int status;
  return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
         WEXITSTATUS(status) == 0;
}

/* The best of a few runs for small sizes, where timer noise dominates. */
static bool best_of(Path what, const char *file, bool physical, long n, Cost *c) {
  int runs = n <= 10000 ? 5 : n <= 100000 ? 3 : 1;
  for (int i = 0; i < runs; i++) {
    Cost one;
    if (!measure(what, file, physical, &one))
      return false;
    if (i == 0 || one.cpu < c->cpu)
      c->cpu = one.cpu;
    c->peak_mb = i == 0 || one.peak_mb > c->peak_mb ? one.peak_mb : c->peak_mb;
  }
  return true;
}

static void bench_kind(const char *kind, int max_exp) {
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char file[512];
  snprintf(file, sizeof file, "%s/bench_io_%s_%d.yaml", tmp, kind, (int)getpid());
  double prev[NPATHS] = {0};
  long prev_n = 0;
  for (int e = getenv("BENCH_IO_MIN") ? atoi(getenv("BENCH_IO_MIN")) : 3; e <= max_exp; e++) {
    long n = 1;
    for (int i = 0; i < e; i++)
      n *= 10;
    if (!generate(kind, n, file)) {
      fprintf(stderr, "bench_io: esched gen %s --tasks %ld failed\n", kind, n);
      break;
    }
    Cost c[NPATHS];
    int p = 0;
    while (p < NPATHS && best_of((Path)p, file, strcmp(kind, "dag") == 0, n, &c[p]))
      p++;
    if (p < NPATHS) {
      fprintf(stderr, "bench_io: %s failed on %s (%ld tasks)\n", path_names[p], kind, n);
      break;
    }
    for (p = 0; p < NPATHS; p++) {
      double per = c[p].cpu / (double)n * 1e6;
      char growth[16] = "-";
      if (prev_n && prev[p] > 0)
        snprintf(growth, sizeof growth, "%.2f", log(c[p].cpu / prev[p]) / log((double)n / prev_n));
      printf("%-5s %9ld  %-8s %9.3f %7s %9.1f %7.2f\n", kind, n, path_names[p], per, growth,
             c[p].peak_mb, c[p].cpu / c[FLOOR].cpu);
      prev[p] = c[p].cpu;
    }
    prev_n = n;
    fflush(stdout);
  }
  remove(file);
}

int main(int argc, char **argv) {
  int max_exp = argc > 1 ? atoi(argv[1]) : 6;
  printf("YAML I/O against a libyaml event-only reader of the same file (CPU time)\n");
  printf("%-5s %9s  %-8s %9s %7s %9s %7s\n", "kind", "tasks", "path", "us/task", "growth",
         "peak MB", "/floor");
  fflush(stdout); /* the children must not print it again */
  bench_kind("tree", max_exp);
  bench_kind("dag", max_exp);
  printf("goal: schedule/floor <= 2 and peak <= 400 MB at 10^6 tasks; 10^7 within memory\n");
  return 0;
}
