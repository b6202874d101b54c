/* Loop bodies as graphs: the tasks a function runs in loops or recursion
 * (deferred: the native runtime schedules them when they run) taken once,
 * in program order, as if each were a static task of its scope. A target
 * that needs a plan for them before the program runs (StarPU's) schedules
 * these graphs: each pass of the body reads its data from the host and
 * leaves its results there, as the host code of a loop makes it do.
 */
#ifndef ESCHED_PASS_BODY_H
#define ESCHED_PASS_BODY_H

#include "pass/frontend/extract.h"
#include "pass/frontend/source.h"
#include "scheduler/model/graph.h"

/* The suffix of a body graph's name: scope "main" has body "main.body". */
#define BODY_SUFFIX ".body"

/* Appends one graph per scope of u holding deferred tasks, named
 * SCOPE.body, to out (depgraph.h's analysis over those tasks alone).
 * Returns 0 or ES_ENOMEM. */
int body_graphs_build(const XUnit *u, const Source *src, EsGraphList *out);

#endif
