# Accelerator toolkits (docs/runtime.md, "Back ends"). The runtime loads
# libcudart, NVML and the OpenCL ICD loader at run time, so nothing here is
# linked into the runtime; what the build needs:
#   CL/cl.h         the Khronos headers (required: the opencl back end's types)
#   OpenCL::OpenCL  the ICD loader, for programs whose OpenCL launchers call it
#                   (optional: ESCHED_HAVE_OPENCL; the OpenCL examples)
#   ESCHED_NVCC     CUDA's compiler, for .cu launchers (optional: empty when
#                   the toolkit is missing; esched-cc and esched_add_executable
#                   then refuse .cu sources), and ESCHED_CUDART_LINK
#                   (cmake/EschedCuda.cmake)
find_path(ESCHED_OPENCL_INCLUDE_DIR CL/cl.h)
if(NOT ESCHED_OPENCL_INCLUDE_DIR)
  message(FATAL_ERROR "esched: CL/cl.h not found; install opencl-c-headers (scripts/deps.sh does)")
endif()
find_package(OpenCL QUIET)
set(ESCHED_HAVE_OPENCL OFF)
if(TARGET OpenCL::OpenCL)
  set(ESCHED_HAVE_OPENCL ON)
  message(STATUS "esched: OpenCL ICD loader found: OpenCL examples enabled")
else()
  message(STATUS "esched: OpenCL ICD loader not found: OpenCL examples disabled")
endif()
include(EschedCuda)
if(ESCHED_NVCC)
  message(STATUS "esched: nvcc found (CUDA ${CUDAToolkit_VERSION}): .cu launchers build")
else()
  message(STATUS "esched: nvcc not found: .cu launchers cannot be built")
endif()

# What tests running OpenCL kernels on PoCL set besides a writable kernel
# cache of their own (PoCL lists no device without one; lit's %opencl_env
# and esched_compare_test give each test its own): PoCL's ICD alone
# (OCL_ICD_VENDORS), so that another vendor's OpenCL on the machine changes
# neither the device a test runs on nor what loading the ICD loader costs;
# under LeakSanitizer the suppression of PoCL 3.1's leak when it compiles a
# kernel into a cold cache (test/pocl-lsan.supp; PoCL is built without frame
# pointers, so only the slow unwinder sees the frame it names), after the
# ASan options every test has (cmake/EschedWarnings.cmake).
find_file(ESCHED_POCL_ICD pocl.icd PATHS /etc/OpenCL/vendors NO_DEFAULT_PATH)
set(ESCHED_OPENCL_TEST_ENV)
if(ESCHED_POCL_ICD)
  list(APPEND ESCHED_OPENCL_TEST_ENV OCL_ICD_VENDORS=${ESCHED_POCL_ICD})
endif()
if(ESCHED_SANITIZE)
  list(APPEND ESCHED_OPENCL_TEST_ENV
       LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/test/pocl-lsan.supp
       ASAN_OPTIONS=${ESCHED_TEST_ASAN_OPTIONS}:fast_unwind_on_malloc=0)
endif()
