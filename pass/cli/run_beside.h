/* Running a program of esched's that lies beside the running one (in
 * build/bin, or the installed bindir): esched-frontend for the commands
 * that parse C, esched-detect for `platform --detect`. Each keeps a
 * library out of the esched command (libclang, the runtime's back ends). */
#ifndef ESCHED_PASS_CLI_RUN_BESIDE_H
#define ESCHED_PASS_CLI_RUN_BESIDE_H

/* Replaces this process by program (a file name, e.g. "esched-detect")
 * with argv (NULL-terminated; argv[0] is replaced by the program's path).
 * Returns only when it cannot be run: 1, after an error naming what. */
int pass_run_beside(const char *program, char **argv, const char *what);

#endif
