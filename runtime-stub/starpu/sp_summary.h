/* The summary of a run on StarPU (sp_summary.c). */
#ifndef ESCHED_RT_STARPU_SUMMARY_H
#define ESCHED_RT_STARPU_SUMMARY_H

#include <stdio.h>

/* Writes this process's (this rank's) summary to f. */
void sp_summary(FILE *f);

#endif
