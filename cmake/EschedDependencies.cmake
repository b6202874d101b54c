# Finds esched's external libraries and tools. Each is looked up once here so
# the folders below only link the imported targets:
#   esched::yaml    libyaml (required: every YAML file goes through it)
#   esched::glpk    GLPK's header (optional: exact ILP references; ESCHED_HAVE_GLPK);
#                   the library is loaded at run time (scheduler/lp), never linked
#   ZLIB::ZLIB      zlib (optional: reading gzip-compressed networks; ESCHED_HAVE_ZLIB)
#   esched::libclang  libclang's C API, located through llvm-config (required by pass/)
#   esched::iberty  GCC's libiberty (required by esched-cc: @FILE arguments read as GCC reads them)
# and, for tests, lit, FileCheck, not and count from the same LLVM.

find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)

pkg_check_modules(ESCHED_YAML REQUIRED IMPORTED_TARGET yaml-0.1)
add_library(esched::yaml ALIAS PkgConfig::ESCHED_YAML)

find_path(LIBIBERTY_INCLUDE_DIR libiberty/libiberty.h)
find_library(LIBIBERTY_LIBRARY NAMES libiberty.a iberty)
if(NOT LIBIBERTY_INCLUDE_DIR OR NOT LIBIBERTY_LIBRARY)
  message(FATAL_ERROR "esched: libiberty not found (Debian: libiberty-dev; scripts/deps.sh installs it)")
endif()
add_library(esched_iberty INTERFACE)
target_include_directories(esched_iberty INTERFACE ${LIBIBERTY_INCLUDE_DIR})
target_link_libraries(esched_iberty INTERFACE ${LIBIBERTY_LIBRARY})
add_library(esched::iberty ALIAS esched_iberty)

find_path(GLPK_INCLUDE_DIR glpk.h)
if(GLPK_INCLUDE_DIR)
  set(ESCHED_HAVE_GLPK ON)
  add_library(esched_glpk INTERFACE)
  target_include_directories(esched_glpk INTERFACE ${GLPK_INCLUDE_DIR})
  add_library(esched::glpk ALIAS esched_glpk)
  message(STATUS "esched: glpk.h found: ILP algorithms enabled where libglpk.so.40 loads")
else()
  set(ESCHED_HAVE_GLPK OFF)
  message(STATUS "esched: glpk.h not found (libglpk-dev): ILP algorithms disabled")
endif()

find_package(ZLIB)
if(ZLIB_FOUND)
  set(ESCHED_HAVE_ZLIB ON)
  message(STATUS "esched: zlib found: gzip-compressed networks readable")
else()
  set(ESCHED_HAVE_ZLIB OFF)
  message(STATUS "esched: zlib not found: gunzip networks before reading them")
endif()
# Importers of real task graphs (optional): libxml2 for Pegasus DAX and
# json-c for WfCommons JSON (Debian: libxml2-dev, libjson-c-dev).
pkg_check_modules(ESCHED_LIBXML2 IMPORTED_TARGET libxml-2.0)
pkg_check_modules(ESCHED_JSONC IMPORTED_TARGET json-c)
foreach(dep LIBXML2 JSONC)
  if(ESCHED_${dep}_FOUND)
    message(STATUS "esched: ${dep} found: esched import enabled for its format")
  else()
    message(STATUS "esched: ${dep} not found: its import format is disabled")
  endif()
endforeach()

# StarPU 1.3 (optional; Debian libstarpu-dev): the starpu target
# (runtime-stub/starpu, docs/starpu.md) and bench_dispatch. With StarPU-MPI
# (libstarpumpi-1.3-3) and OpenMPI (libopenmpi-dev), programs for platforms
# with nodes run on several ranks; with OpenCL (the ICD loader), gpu
# variants run on StarPU's OpenCL workers.
pkg_check_modules(ESCHED_STARPU QUIET IMPORTED_TARGET starpu-1.3)
set(ESCHED_HAVE_STARPU_MPI OFF)
if(ESCHED_STARPU_FOUND)
  pkg_check_modules(ESCHED_STARPUMPI QUIET IMPORTED_TARGET starpumpi-1.3)
  find_package(MPI QUIET COMPONENTS C)
  find_package(OpenCL QUIET)
  if(ESCHED_STARPUMPI_FOUND AND MPI_C_FOUND)
    set(ESCHED_HAVE_STARPU_MPI ON)
  endif()
  find_program(ESCHED_MPIRUN NAMES mpirun mpiexec)
  message(STATUS "esched: StarPU ${ESCHED_STARPU_VERSION} found: the starpu target is enabled "
                 "(StarPU-MPI: ${ESCHED_HAVE_STARPU_MPI}, OpenCL: ${OpenCL_FOUND})")
else()
  message(STATUS "esched: StarPU 1.3 not found (libstarpu-dev): the starpu target is disabled")
endif()

# LLVM: prefer the llvm-config named by the user, else the newest on PATH, with
# LLVM 14 (Debian 12's default) as the baseline.
if(NOT LLVM_CONFIG)
  find_program(LLVM_CONFIG NAMES llvm-config llvm-config-19 llvm-config-18
               llvm-config-17 llvm-config-16 llvm-config-15 llvm-config-14)
endif()
if(NOT LLVM_CONFIG)
  message(FATAL_ERROR "esched: llvm-config not found; install llvm-14 (scripts/deps.sh does)")
endif()
execute_process(COMMAND ${LLVM_CONFIG} --version OUTPUT_VARIABLE LLVM_VERSION
                OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${LLVM_CONFIG} --includedir OUTPUT_VARIABLE LLVM_INCLUDE_DIR
                OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${LLVM_CONFIG} --libdir OUTPUT_VARIABLE LLVM_LIB_DIR
                OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${LLVM_CONFIG} --bindir OUTPUT_VARIABLE LLVM_BIN_DIR
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(LLVM_VERSION VERSION_LESS 14)
  message(FATAL_ERROR "esched: LLVM ${LLVM_VERSION} is older than the baseline 14")
endif()
find_path(LIBCLANG_INCLUDE_DIR clang-c/Index.h HINTS ${LLVM_INCLUDE_DIR} NO_DEFAULT_PATH)
find_library(LIBCLANG_LIBRARY NAMES clang libclang HINTS ${LLVM_LIB_DIR} NO_DEFAULT_PATH)
if(NOT LIBCLANG_INCLUDE_DIR OR NOT LIBCLANG_LIBRARY)
  message(FATAL_ERROR "esched: libclang headers or library not found under ${LLVM_INCLUDE_DIR}; install libclang-dev")
endif()
add_library(esched_libclang INTERFACE)
target_include_directories(esched_libclang SYSTEM INTERFACE ${LIBCLANG_INCLUDE_DIR})
target_link_libraries(esched_libclang INTERFACE ${LIBCLANG_LIBRARY})
add_library(esched::libclang ALIAS esched_libclang)
# libclang needs the resource directory of its own clang to find stddef.h and
# friends; the pass passes it explicitly so that a newer system clang cannot
# shadow it.
execute_process(COMMAND ${LLVM_BIN_DIR}/clang -print-resource-dir
                OUTPUT_VARIABLE LIBCLANG_RESOURCE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
message(STATUS "esched: libclang ${LLVM_VERSION} (${LIBCLANG_LIBRARY}), resource dir ${LIBCLANG_RESOURCE_DIR}")

# Test tools from the same LLVM (Debian: llvm-N-tools).
find_program(FILECHECK FileCheck HINTS ${LLVM_BIN_DIR} NO_DEFAULT_PATH)
find_program(LLVM_NOT not HINTS ${LLVM_BIN_DIR} NO_DEFAULT_PATH)
find_program(LLVM_COUNT count HINTS ${LLVM_BIN_DIR} NO_DEFAULT_PATH)
get_filename_component(LLVM_PREFIX ${LLVM_BIN_DIR} DIRECTORY)
find_file(LIT_PY lit.py HINTS ${LLVM_PREFIX}/build/utils/lit NO_DEFAULT_PATH)
if(NOT LIT_PY)
  find_program(LIT_PY NAMES lit lit.py)
endif()
