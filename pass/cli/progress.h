/* A progress line for long solves (ilp) on a terminal, rewritten in place
 * about once a second and erased when the solve ends:
 *   esched: ilp: 12 s, best 1.234, bound 1.2, gap 2.8%
 * Off when stderr is not a terminal, and under -q. */
#ifndef ESCHED_PASS_CLI_PROGRESS_H
#define ESCHED_PASS_CLI_PROGRESS_H

#include "scheduler/model/solution.h"

/* Sets o->progress when the line is wanted. */
void cli_progress_attach(EsAlgoOptions *o);
/* Erases the line if one was printed. */
void cli_progress_end(void);

#endif
