/* CUDA launchers among esched-cc's inputs (docs/annotations.md,
 * "Launchers"): .cu files compiled by nvcc ($ESCHED_NVCC, else the one found
 * when esched was built) into objects, and what a program linking them
 * needs: the shared libcudart, whose instance the runtime then finds in the
 * process, and the C++ library of nvcc's host code. */
#ifndef ESCHED_PASS_DRIVER_CUDA_H
#define ESCHED_PASS_DRIVER_CUDA_H

#include <stdbool.h>

#include "pass/driver/argv.h"
#include "pass/driver/layout.h"

/* Whether path is CUDA source (.cu). */
bool cuda_is_source(const char *path);
/* nvcc -c src -o obj with the -I, -D and -U among flags (cc's C dialect
 * options are not nvcc's) and esched's public headers; the exit status. */
int cuda_compile(const Layout *l, const Argv *flags, const char *src, const char *obj);
/* Adds what a program with CUDA launchers links. */
void cuda_push_link(Argv *cc);

#endif
