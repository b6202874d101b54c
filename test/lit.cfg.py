# lit configuration of esched's tests (test/pass, test/scheduler,
# test/runtime, test/diagnostics, test/layers, test/programs). Helper files live in Inputs/ folders,
# which are not tests.
import os
import shutil
import sys

import lit.formats

config.name = "esched"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".yaml", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "unit"]
config.test_source_root = os.path.dirname(__file__)
# ctest runs each lit file as its own lit process, in parallel. Every lit
# process rewrites .lit_test_times.txt in its exec root when it ends, and one
# that reads the file while another rewrites it dies on the half-written
# line; so each ctest test passes an exec root of its own.
config.test_exec_root = lit_config.params.get(
    "esched_exec_root", os.path.join(config.esched_obj_root, "test"))

# FileCheck, not and count come from the LLVM that provides libclang.
config.environment["PATH"] = os.pathsep.join(
    [config.esched_bin, config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ["HOME", "TMPDIR", "ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS",
            "LSAN_OPTIONS"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

# %esched_cc before %esched: lit substitutes in order, and %esched is its prefix.
config.substitutions.append(("%esched_cc", os.path.join(config.esched_bin, "esched-cc")))
config.substitutions.append(("%esched", os.path.join(config.esched_bin, "esched")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%src_root", config.esched_src_root))
config.substitutions.append(("%cc", config.c_compiler))
# Programs written as the rewriter emits them compile against the runtime:
# %cc %esrt_cflags prog.c -o prog %esrt_libs
config.substitutions.append(("%esrt_cflags", config.esrt_cflags))
config.substitutions.append(("%esrt_libs", config.esrt_libs))
config.substitutions.append(("%esrt_include", os.path.join(config.esched_src_root, "runtime-stub", "include")))
config.substitutions.append(("%annotations_include", os.path.join(config.esched_src_root, "annotations", "include")))
config.substitutions.append(("%nvcc", config.nvcc))
config.substitutions.append(("%cudart_link", config.cudart_link))
# Programs with OpenCL launchers: link %opencl_lib, run under %opencl_env,
# with a kernel cache of the test's own (%t.pocl, expanded after this
# substitution; PoCL lists no device without a writable one). PoCL's cache
# is not safe for two processes building one kernel at once (pocl/pocl#586,
# #1480), as two tests of one kernel would.
config.substitutions.append(("%opencl_lib", config.opencl_lib))
config.substitutions.append(("%fake_cuda", config.fake_cuda))
config.substitutions.append(("%opencl_env", "env " + config.opencl_env + " POCL_CACHE_DIR=%t.pocl"))
config.substitutions.append(("%sanitize_flags", config.sanitize_flags))
# test/programs: a program's whole matrix (run-program.sh); sanitizer builds
# instrument the programs too, and run a quick matrix; with StarPU (and no
# sanitizer: PoCL and OpenMPI are not instrumented) the starpu target too.
config.substitutions.append(("%run_program", "env CC='%s' PROGRAM_FLAGS='%s' PROGRAM_QUICK=%d PROGRAM_STARPU=%d bash %s %s" % (
    config.c_compiler, config.sanitize_flags, 1 if config.sanitize or config.tsan else 0,
    1 if getattr(config, "have_starpu", False) and not (config.sanitize or config.tsan) else 0,
    os.path.join(config.esched_src_root, "test", "programs", "run-program.sh"), config.esched_bin)))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%obj_root", config.esched_obj_root))
config.substitutions.append(("%python", sys.executable))
for var in ["ESCHED_PLATFORM", "ESCHED_PROFILE", "ESCHED_SCHEDULE", "ESCHED_EXECUTOR",
            "ESCHED_GPU", "ESCHED_DVFS", "ESCHED_TRACE", "ESCHED_SUMMARY", "ESCHED_ALGO",
            "ESCHED_OBJECTIVE", "ESCHED_DEFER_MAX", "ESCHED_CPUFREQ_ROOT", "ESCHED_PROFILE_OUT",
            "ESCHED_PROFILE_MODE", "ESCHED_ENERGY", "ESCHED_POWERCAP_ROOT", "ESCHED_TEST_POWERCAP",
            "ESCHED_STREAM_SKIP", "ESCHED_STREAM_DELAY", "ESCHED_OPENCL_DEVICE",
            "ESCHED_OPENCL_MEMORY", "ESCHED_OPENCL_PATH", "ESCHED_OPENCL_FLAGS",
            "ESCHED_OPENCL_LIB", "ESCHED_CUDART", "ESCHED_NVML", "ESCHED_TRACE_CLOCK",
            "ESCHED_NVCC", "ESCHED_STARPU_POLICY", "STARPU_SCHED", "STARPU_NCPU",
            "STARPU_OPENCL_ON_CPUS", "STARPU_PERF_MODEL_DIR", "STARPU_HOME"]:
    config.environment.pop(var, None)  # tests set what they need
# StarPU (the starpu target): quiet, never calibrating unless a test asks;
# each test gives StarPU a home of its own (STARPU_HOME=%t.home), where it
# calibrates its buses on the first run, and with OpenCL workers PoCL a
# kernel cache of its own beside it (as %opencl_env does); the shared one
# here serves the rest.
config.environment["STARPU_SILENT"] = "1"
config.environment["STARPU_CALIBRATE"] = "0"
config.environment["POCL_CACHE_DIR"] = os.path.join(config.esched_obj_root, "starpu-home", "pocl")
# StarPU loads OpenCL too: PoCL's ICD alone, as %opencl_env has it
# (cmake/EschedDevices.cmake).
if config.pocl_icd and not config.pocl_icd.endswith("-NOTFOUND"):
    config.environment["OCL_ICD_VENDORS"] = config.pocl_icd
# Two ranks on one machine, oversubscribed (CI has two cores), as root in
# containers; each rank one CPU worker, MPI yielding when it waits.
config.substitutions.append(("%mpirun2", "timeout 300 %s --allow-run-as-root --oversubscribe "
                             "-np 2 --mca mpi_yield_when_idle 1 -x STARPU_NCPU=1" % config.mpirun))

if config.have_glpk:
    config.available_features.add("glpk")
if getattr(config, "have_libxml2", False):
    config.available_features.add("libxml2")
if getattr(config, "have_jsonc", False):
    config.available_features.add("jsonc")
if config.sanitize:
    config.available_features.add("sanitize")
if config.tsan:
    config.available_features.add("tsan")
if config.have_cuda and config.nvcc:
    config.available_features.add("cuda")
if config.have_opencl:
    config.available_features.add("opencl")
if getattr(config, "have_starpu", False):
    config.available_features.add("starpu")
if getattr(config, "have_starpu_mpi", False):
    config.available_features.add("starpu-mpi")
# Graphviz lays out the DOT of esched report --dot, so that tests can check
# the picture, not only the text (scripts/deps.sh images installs it).
if shutil.which("dot", path=config.environment["PATH"]):
    config.available_features.add("graphviz")
