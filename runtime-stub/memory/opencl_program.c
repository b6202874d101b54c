/* The opencl back end's programs and kernels (opencl_program.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime-stub/memory/clock.h"
#include "runtime-stub/memory/mem.h"
#include "runtime-stub/memory/opencl_ctx.h"
#include "runtime-stub/memory/opencl_program.h"

/* The whole file, NUL-terminated, or NULL. */
static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *s = NULL;
  size_t n = 0, cap = 0, got = 1;
  while (f && got > 0) {
    if (n + 4097 > cap) {
      char *v = realloc(s, cap = 2 * cap + 8192);
      if (!v)
        break;
      s = v;
    }
    n += got = fread(s + n, 1, 4096, f);
  }
  if (f)
    fclose(f);
  if (!f || got > 0) { /* unreadable, or out of memory */
    free(s);
    return NULL;
  }
  s[n] = '\0';
  *len = n;
  return s;
}

/* Reads dir/file into *src, path naming it; false when it is not there. */
static bool try_dir(const char *dir, size_t dirlen, const char *file, char *path, size_t pathlen,
                    char **src, size_t *len) {
  int n = dirlen ? snprintf(path, pathlen, "%.*s/%s", (int)dirlen, dir, file)
                 : snprintf(path, pathlen, "%s", file);
  return n > 0 && (size_t)n < pathlen && (*src = read_all(path, len)) != NULL;
}

/* A .cl file: absolute, else in ESCHED_OPENCL_PATH, beside the executable,
 * in the working directory. */
static char *locate(const char *file, char *path, size_t pathlen, size_t *len) {
  char *src = NULL;
  if (file[0] == '/')
    return try_dir("", 0, file, path, pathlen, &src, len) ? src : NULL;
  for (const char *d = getenv("ESCHED_OPENCL_PATH"); d && *d; d += d[strcspn(d, ":")] ? 1 : 0) {
    size_t k = strcspn(d, ":");
    if (k && try_dir(d, k, file, path, pathlen, &src, len))
      return src;
    d += k;
  }
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
  if (slash && try_dir(exe, (size_t)(slash - exe), file, path, pathlen, &src, len))
    return src;
  return try_dir("", 0, file, path, pathlen, &src, len) ? src : NULL;
}

/* The build log of a failed build, or "". */
static void build_log(Ocl *c, cl_program p, char *why, int whylen, const char *path, cl_int e) {
  size_t n = 0;
  char *log = NULL;
  if (c->cl->GetProgramBuildInfo(p, c->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) == CL_SUCCESS &&
      (log = malloc(n + 1)) &&
      c->cl->GetProgramBuildInfo(p, c->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS)
    log[n] = '\0';
  else if (log)
    log[0] = '\0';
  snprintf(why, (size_t)whylen, "building %s failed (OpenCL error %d)%s%s", path, e,
           log && log[0] ? ":\n" : "", log ? log : "");
  free(log);
}

/* Builds file for the device; NULL with why when it cannot. */
static cl_program build(Ocl *c, const char *file, char *why, int whylen) {
  char path[4096];
  size_t len = 0;
  char *src = locate(file, path, sizeof path, &len);
  if (!src) {
    snprintf(why, (size_t)whylen,
             "cannot read %s (looked in ESCHED_OPENCL_PATH, beside the executable, in the "
             "working directory)",
             file);
    return NULL;
  }
  /* -I the .cl file's folder, so that its #includes resolve beside it */
  char opts[4600], *slash = strrchr(path, '/');
  const char *extra = getenv("ESCHED_OPENCL_FLAGS");
  snprintf(opts, sizeof opts, "-I%.*s %s", slash ? (int)(slash - path) : 1, slash ? path : ".",
           extra ? extra : "");
  cl_int e;
  const char *text = src;
  double t0 = rt_now();
  cl_program p = c->cl->CreateProgramWithSource(c->context, 1, &text, &len, &e);
  if (e == CL_SUCCESS)
    e = c->cl->BuildProgram(p, 1, &c->device, opts, NULL, NULL);
  rt_mem_add_setup(rt_now() - t0); /* not the task's time */
  if (e != CL_SUCCESS) {
    if (p)
      build_log(c, p, why, whylen, path, e), c->cl->ReleaseProgram(p);
    else
      snprintf(why, (size_t)whylen, "building %s failed (OpenCL error %d)", path, e);
    p = NULL;
  }
  free(src);
  return p;
}

/* The program of file, built on first use; c->lock held. NULL when out of
 * memory or when its build failed (why says so only the first time). */
static OclProgram *program_locked(Ocl *c, const char *file, char *why, int whylen) {
  for (int i = 0; i < c->nprograms; i++)
    if (!strcmp(c->programs[i].file, file))
      return &c->programs[i];
  OclProgram *v = realloc(c->programs, sizeof *v * ((size_t)c->nprograms + 1));
  char *name = strdup(file);
  if (!v || !name) {
    free(name);
    c->programs = v ? v : c->programs;
    snprintf(why, (size_t)whylen, "out of memory building %s", file);
    return NULL;
  }
  c->programs = v;
  OclProgram *p = &v[c->nprograms++];
  *p = (OclProgram){name, build(c, file, why, whylen), NULL, 0};
  return p;
}

/* Kernel name of program p, created once; c->lock held. */
static cl_kernel kernel_locked(Ocl *c, OclProgram *p, const char *name, char *why, int whylen) {
  for (int i = 0; i < p->nkernels; i++)
    if (!strcmp(p->kernels[i].name, name))
      return p->kernels[i].k;
  cl_int e;
  cl_kernel k = c->cl->CreateKernel(p->prog, name, &e);
  OclKernel *v = k ? realloc(p->kernels, sizeof *v * ((size_t)p->nkernels + 1)) : NULL;
  char *copy = v ? strdup(name) : NULL;
  if (v)
    p->kernels = v;
  if (!copy) {
    if (k)
      c->cl->ReleaseKernel(k);
    snprintf(why, (size_t)whylen, "no kernel '%s' in %s (OpenCL error %d)", name, p->file,
             k ? CL_OUT_OF_HOST_MEMORY : e);
    return NULL;
  }
  p->kernels[p->nkernels++] = (OclKernel){copy, k};
  return k;
}

void *rt_opencl_kernel(void *ctx, const char *file, const char *name, char *why, int whylen) {
  Ocl *c = ctx;
  pthread_mutex_lock(&c->lock);
  OclProgram *p = program_locked(c, file, why, whylen);
  cl_kernel k = p && p->prog ? kernel_locked(c, p, name, why, whylen) : NULL;
  pthread_mutex_unlock(&c->lock);
  return k;
}

void ocl_programs_free(Ocl *c) {
  for (int i = 0; i < c->nprograms; i++) {
    OclProgram *p = &c->programs[i];
    for (int k = 0; k < p->nkernels; k++) {
      c->cl->ReleaseKernel(p->kernels[k].k);
      free(p->kernels[k].name);
    }
    free(p->kernels);
    if (p->prog)
      c->cl->ReleaseProgram(p->prog);
    free(p->file);
  }
  free(c->programs);
  c->programs = NULL;
  c->nprograms = 0;
}
