/* Running a program of esched's that lies beside the running one (in
 * build/bin, or the installed bindir): esched-frontend for the commands
 * that parse C, esched-detect for `platform --detect`. Each keeps a
 * library out of the esched command (libclang, the runtime's back ends). */
#ifndef ESCHED_PASS_CLI_RUN_BESIDE_H
#define ESCHED_PASS_CLI_RUN_BESIDE_H

/* Runs program (a file name, e.g. "esched-detect") with argv
 * (NULL-terminated; argv[0] is replaced by the program's path) and waits
 * for it. Returns its exit status; 1, after an error naming what, when it
 * cannot be run or a signal ends it (a crash: the error names the signal).
 * SIGTERM and SIGHUP are passed on to it; when it ends by one of those, or
 * by an interrupt from the terminal (SIGINT, SIGQUIT) or SIGPIPE, this
 * process ends by the same signal, as it would have without the wait. */
int pass_run_beside(const char *program, char **argv, const char *what);

#endif
