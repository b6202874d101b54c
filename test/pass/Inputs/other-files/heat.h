/* A heat equation split over files, as such programs are: the grid in
 * file-scope variables every file sees, the time loop in kern.c, the
 * diagnostics and the report in diag.c. */
#ifndef HEAT_H
#define HEAT_H
#define NX 256
extern double u[NX], unew[NX];
extern int nx;
void diagnostics(int step);
void heat_run(int nsteps, double nu, void (*report)(int));
void report(int step);
#endif
