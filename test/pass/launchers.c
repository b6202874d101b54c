// Device variants that start kernels: `DEVICE(f: opencl)` and
// `DEVICE(f: cuda)` flag them in the task's descriptor (ESRT_VARIANT_OPENCL,
// ESRT_VARIANT_CUDA), so that the runtime runs each only on a back end of
// its kind; a plain variant keeps 0. Device clauses may name the
// platform's devices (ocl here), and the program is told the platform it
// was scheduled for, by its absolute path.
// RUN: %esched compile %s --platform %src_root/examples/opencl/three.yaml -o %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// RUN: %cc %esrt_cflags -fsyntax-only %t.c
// CHECK: static const EsrtVariant esrt_v0_[] = {{[{][{]}}"cpu", NULL, 0, 0, NULL}, {"ocl", NULL, 0, ESRT_VARIANT_OPENCL, NULL}, {"gpu", NULL, 0, ESRT_VARIANT_CUDA, NULL}};
// CHECK: static const EsrtVariant esrt_v1_[] = {{[{][{]}}"cpu", NULL, 0, 0, NULL}, {"gpu", NULL, 0, 0, NULL}};
// CHECK: static const EsrtUnit esrt_unit_ = {"{{.*}}launchers.c", esrt_unit_tasks_, 2, NULL, NULL, 0, "/{{.*}}/examples/opencl/three.yaml"};
//
// Under the default platform (cpu, gpu) the device ocl is unknown.
// RUN: not %esched compile %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOOCL
void scale(const float *x, float *y, int n);
void scale_cl(const float *x, float *y, int n);
void scale_cu(const float *x, float *y, int n);
void twice(float *y, int n);
void twice_sim(float *y, int n);
void f(const float *x, float *y, int n) {
// NOOCL: launchers.c:[[@LINE+1]]:44: error: unknown clause or device 'ocl'
#pragma esched task in(x[0:n]) out(y[0:n]) ocl(scale_cl: opencl) gpu(scale_cu: cuda)
  scale(x, y, n);
#pragma esched task inout(y[0:n]) gpu(twice_sim)
  twice(y, n);
}
