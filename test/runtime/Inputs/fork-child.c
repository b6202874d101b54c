/* A child made by fork() after tasks ran, while another thread of the
 * parent runs tasks of its own: the child and the parent both run tasks
 * afterwards, and the child ends with exit, which runs the runtime's
 * atexit handler in it. Then a fork inside a region, with data only the
 * device holds and tasks pending (test/runtime/fork-child.test). */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t, fork under -std=c11 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void twice(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
static void twice_gpu(double *x, int n) { twice(x, n); }

static double run(double *x) {
  for (int k = 0; k < 2; k++) {
#pragma esched task inout(x[0:3]) gpu(twice_gpu)
    twice(x, 3);
  }
  return x[0] + x[1] + x[2];
}

/* x is on the device alone at the fork (the static task), with two tasks
 * pending; both processes run those and two more. */
static double across(double *x, pid_t *pid) {
#pragma esched task inout(x[0:3]) gpu(twice_gpu)
  twice(x, 3);
  for (int k = 0; k < 2; k++) {
#pragma esched task inout(x[0:3]) gpu(twice_gpu)
    twice(x, 3);
  }
  *pid = fork();
  for (int k = 0; k < 2; k++) {
#pragma esched task inout(x[0:3]) gpu(twice_gpu)
    twice(x, 3);
  }
  return x[0] + x[1] + x[2];
}

static pthread_barrier_t started; /* the thread runs tasks before the fork */
static double background;

static void *other(void *arg) {
  (void)arg;
  for (int i = 0; i < 400; i++) {
    double y[3] = {1, 2, 3};
    background += run(y);
    if (i == 0)
      pthread_barrier_wait(&started);
  }
  return NULL;
}

int main(void) {
  double x[3] = {1, 1, 1};
  pthread_t th;
  printf("parent %g\n", run(x));
  fflush(stdout);
  pthread_barrier_init(&started, NULL, 2);
  if (pthread_create(&th, NULL, other, NULL))
    return 1;
  pthread_barrier_wait(&started);
  pid_t pid = fork();
  if (pid == 0) {
    double y[3] = {1, 2, 3};
    printf("child %g", run(x));
    printf(" %g\n", run(y));
    fflush(stdout);
    exit(0);
  }
  double z[3] = {2, 2, 2};
  double after = run(z);
  int status = 1;
  if (pid > 0)
    waitpid(pid, &status, 0);
  pthread_join(th, NULL);
  printf("parent %g, other thread %g, child exit %d\n", after, background,
         WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  fflush(stdout);
  double w[3] = {1, 1, 1};
  double sum = across(w, &pid);
  if (pid == 0) {
    printf("child across %g\n", sum);
    exit(0);
  }
  if (pid > 0)
    waitpid(pid, &status, 0);
  printf("parent across %g, child exit %d\n", sum, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 0;
}
