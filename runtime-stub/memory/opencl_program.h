/* The opencl back end's programs and kernels (opencl_program.c): .cl
 * files found, built once per device context and cached with their
 * kernels for the run. ctx is an opencl context (mem_opencl.h). */
#ifndef ESCHED_RT_MEMORY_OPENCL_PROGRAM_H
#define ESCHED_RT_MEMORY_OPENCL_PROGRAM_H

/* Kernel `name` of .cl file `file`, whose program is built for the device
 * on first use (its build time counts as setup, rt_mem_add_setup) and
 * cached for the context with its kernels (the same cl_kernel each time),
 * or NULL with why saying what failed: the file cannot be found, the build
 * log (the first time only: a failed build is not retried), or no such
 * kernel. A relative file is looked up in ESCHED_OPENCL_PATH
 * (':'-separated folders), beside the executable, then in the working
 * directory; ESCHED_OPENCL_FLAGS adds build options. Thread safe. */
void *rt_opencl_kernel(void *ctx, const char *file, const char *name, char *why, int whylen);

#endif
