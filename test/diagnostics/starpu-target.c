// What the starpu target cannot submit: a task that is not one call (StarPU
// runs outlined implementations), data without a size (StarPU registers
// ranges) and CUDA launchers (Debian's StarPU has no CUDA workers); OpenCL
// launchers are fine. Every error is reported, and nothing is written.
// RUN: not %esched compile --target starpu %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
void scale(double *x, int n);
void scale_ocl(double *x, int n);
void scale_cuda(double *x, int n);
void f(double *x, double *y, int n) {
// CHECK: starpu-target.c:[[@LINE+2]]:3: error: task 'block' must be one function call for the starpu target: StarPU runs it as outlined implementations
#pragma esched task name(block) inout(x[0:n])
  {
    scale(x, n);
    scale(x, n);
  }
// Without clauses the access comes from scale's prototype, without a size.
// CHECK: starpu-target.c:[[@LINE+2]]:3: error: task 'whole' is submitted to StarPU, so the size of its data must be known, and 'y' has none; name it with sections (in(p[0:n]))
#pragma esched task name(whole)
  scale(y, n);
// CHECK: starpu-target.c:[[@LINE+2]]:3: error: task 'cuda' has a CUDA launcher (scale_cuda), but the starpu target runs gpu variants on StarPU's OpenCL workers (Debian's StarPU 1.3 has no CUDA); build it without --target starpu
#pragma esched task name(cuda) inout(x[0:n]) gpu(scale_cuda: cuda)
  scale(x, n);
// An OpenCL launcher is StarPU's OpenCL function: no error.
#pragma esched task name(opencl) inout(x[0:n]) gpu(scale_ocl: opencl)
  scale(x, n);
}
// RUN: not %esched compile --target starpi %s -o %t.c 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: compile: unknown target 'starpi' (native, starpu)
// RUN: not %esched compile --target starpu --profile-generate %s -o %t.c 2>&1 | FileCheck %s --check-prefix=PROFILING
// PROFILING: error: compile: StarPU measures programs built for it (STARPU_CALIBRATE=1, then esched starpu import); --profile-generate is for the native target
