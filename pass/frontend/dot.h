/* Task graphs as Graphviz DOT (`esched extract --dot`): one cluster per
 * graph; data edges are labelled with their item, order edges dashed, input
 * and host nodes drawn apart from task regions. */
#ifndef ESCHED_PASS_DOT_H
#define ESCHED_PASS_DOT_H

#include <stdbool.h>
#include <stdio.h>

#include "scheduler/model/graph.h"

/* Returns false when writing failed. */
bool dot_write(FILE *f, const EsGraph *const *graphs, int n);

#endif
