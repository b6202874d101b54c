# CUDA's compiler for .cu launchers (esched_add_executable, esched-cc):
#   ESCHED_NVCC         nvcc, or empty when the CUDA toolkit is missing
#   ESCHED_CUDART_LINK  the flags linking what launchers compiled by nvcc
#                       need: the shared libcudart (the runtime finds that
#                       same instance at run time: docs/runtime.md, "Back
#                       ends") and the C++ library of nvcc's host code
# Used by the build (cmake/EschedDevices.cmake) and by find_package(esched).
find_package(CUDAToolkit QUIET)
set(ESCHED_NVCC "")
set(ESCHED_CUDART_LINK "")
if(CUDAToolkit_NVCC_EXECUTABLE AND EXISTS "${CUDAToolkit_NVCC_EXECUTABLE}")
  set(ESCHED_NVCC ${CUDAToolkit_NVCC_EXECUTABLE})
  set(ESCHED_CUDART_LINK "-L${CUDAToolkit_LIBRARY_DIR} -lcudart -Wl,-rpath,${CUDAToolkit_LIBRARY_DIR} -lstdc++")
endif()
