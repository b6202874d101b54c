#ifndef STATS_H
#define STATS_H
double mean(const double *v, int n);
double spread(const double *v, int n);
#endif
