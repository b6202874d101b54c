/* Finds a program beside /proc/self/exe, runs it and waits for it, as a
 * compiler driver runs its compiler proper. */
#include "pass/cli/run_beside.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pass/diag/diag.h"

static volatile sig_atomic_t child;

/* Signals that stop a command from outside, passed on to the program (it
 * would get them itself if esched had become it by exec). */
static const int passed_on[] = {SIGTERM, SIGHUP};

static void pass_on(int sig) {
  if (child > 0)
    kill((pid_t)child, sig);
}

/* Whether a program ended by sig was stopped from outside (an interrupt at
 * the terminal reaches the whole process group), not crashed. */
static bool stopped_from_outside(int sig) {
  return sig == SIGINT || sig == SIGQUIT || sig == SIGTERM || sig == SIGHUP || sig == SIGPIPE;
}

int pass_run_beside(const char *program, char **argv, const char *what) {
  char self[4096], path[4400];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  char *slash = n > 0 ? (self[n] = '\0', strrchr(self, '/')) : NULL;
  if (slash)
    *slash = '\0';
  snprintf(path, sizeof path, "%s/%s", slash ? self : ".", program);
  argv[0] = path;
  fflush(NULL);
  /* An interrupt at the terminal ends the program, and then esched as the
   * program ended, below (system(3) ignores them while it waits too). */
  struct sigaction ignore = {.sa_handler = SIG_IGN}, forward = {.sa_handler = pass_on}, old[4];
  sigaction(SIGINT, &ignore, &old[0]);
  sigaction(SIGQUIT, &ignore, &old[1]);
  sigset_t block, mask;
  sigemptyset(&block);
  for (int i = 0; i < 2; i++)
    sigaction(passed_on[i], &forward, &old[2 + i]), sigaddset(&block, passed_on[i]);
  sigprocmask(SIG_BLOCK, &block, &mask); /* held until child names the program to pass them to */
  pid_t pid = fork();
  if (pid == 0) {
    sigaction(SIGINT, &old[0], NULL);
    sigaction(SIGQUIT, &old[1], NULL);
    for (int i = 0; i < 2; i++)
      signal(passed_on[i], SIG_DFL);
    sigprocmask(SIG_SETMASK, &mask, NULL);
    execv(path, argv);
    diag(DIAG_ERROR, NULL, 0, 0, "%s: cannot run %s: %s", what, path, strerror(errno));
    _exit(1);
  }
  child = pid;
  sigprocmask(SIG_SETMASK, &mask, NULL);
  int status = 0, rc = pid > 0 ? 0 : -1;
  while (rc == 0 && waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      rc = -1;
  int error = errno;
  child = 0;
  sigaction(SIGINT, &old[0], NULL);
  sigaction(SIGQUIT, &old[1], NULL);
  for (int i = 0; i < 2; i++)
    sigaction(passed_on[i], &old[2 + i], NULL);
  if (rc < 0) {
    errno = error;
    diag(DIAG_ERROR, NULL, 0, 0, "%s: cannot run %s: %s", what, path, strerror(errno));
    return 1;
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  int sig = WTERMSIG(status);
  if (stopped_from_outside(sig)) { /* end as it ended, so the caller sees the signal */
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
  }
  diag(DIAG_ERROR, NULL, 0, 0, "%s: %s was terminated by signal %d (%s)", what, program, sig,
       strsignal(sig));
  if (sig == SIGKILL) /* what the kernel's out-of-memory killer sends */
    diag(DIAG_NOTE, NULL, 0, 0, "the system may have run out of memory");
  else
    diag(DIAG_NOTE, NULL, 0, 0,
         "this is a bug of esched or of a library it uses (libclang): please report it with the "
         "input and the command");
  return 1;
}
