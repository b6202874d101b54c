#include "scheduler/algorithms.h"
int es_energy_deadline(const EsProblem *p, const EsAlgoOptions *opt, EsSolution *out, EsError *err) { (void)p; (void)opt; (void)out; return es_error_set(err, ES_ENOSUP, NULL, 0, 0, "todo"); }
