/* Found only through -I: a command that loses its flags cannot compile
 * the sources. */
#ifndef SCALE_H
#define SCALE_H
#define FACTOR 2.0
double twice(int n);
double thrice(int n);
#endif
