# esched_add_executable(NAME SOURCES src...
#                       [PLATFORM name|file] [PROFILE file]
#                       [VARIANTS variant...] [LIBRARIES lib...] [TARGET native|starpu]
#                       [PROFILE_GENERATE dir] [PROFILE_USE file])
#
# Builds NAME from annotated C sources: each .c source goes through
# `esched compile` (extract, schedule, rewrite) at build time, and the result
# is compiled and linked with the esched runtime. With VARIANTS (energy, time,
# cpu-only, gpu-only, greedy), NAME is the first variant and NAME-VARIANT each
# of the others: several scheduled programs from one source. LIBRARIES are
# linked into every variant (target_link_libraries, PRIVATE): their include
# folders and definitions reach esched's parse too.
#
# Device launchers among the SOURCES (docs/annotations.md, "Launchers"):
# .cu files are compiled by nvcc (ESCHED_NVCC; a .cu source without the CUDA
# toolkit is an error) and the program links the shared libcudart they
# need; .cl files (OpenCL kernels, loaded at run time) are copied beside
# the program, where the runtime looks for them. Programs whose OpenCL
# launchers call OpenCL link it: LIBRARIES OpenCL::OpenCL.
#
# TARGET starpu rewrites the tasks into StarPU submissions and links
# libesched_starpu (StarPU, and StarPU-MPI for a PLATFORM with nodes;
# docs/starpu.md) instead of esched's runtime.
#
# PROFILE gives measured task times to schedule from. PROFILE_GENERATE builds
# programs that measure every task and merge the samples into DIR/
# esched-profile.yaml when they exit; PROFILE_USE reschedules from such a
# profile (a missing or corrupt one is a warning, and the build goes on with
# default costs), as GCC's -fprofile-generate / -fprofile-use do.
#
# Relative paths are those of the calling CMakeLists.txt: PLATFORM and
# PROFILE against CMAKE_CURRENT_SOURCE_DIR (inputs), PROFILE_GENERATE against
# CMAKE_CURRENT_BINARY_DIR (an output), PROFILE_USE against the source folder
# when the file is there at configure time, else the build folder (so
# PROFILE_GENERATE prof and PROFILE_USE prof name one folder). A source is
# rescheduled when it, a header it includes, the profile or the platform file
# changes, and when the PROFILE_USE file appears (until then, at every build).
#
# Expects ESCHED_EXECUTABLE, ESCHED_RUNTIME_TARGET and
# ESCHED_ANNOTATIONS_INCLUDE, and for TARGET starpu ESCHED_STARPU_RUNTIME_TARGET
# (esched-config.cmake sets them; the esched source tree sets them for its
# own examples).

function(_esched_compile_flags target out)
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(std "$<TARGET_PROPERTY:${target},C_STANDARD>")
  set(${out}
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
      "$<$<BOOL:${std}>:-std=c${std}>"
      PARENT_SCOPE)
endfunction()

# The object nvcc makes of CUDA launcher src for target, in out.
function(_esched_cuda_object target src out)
  if(NOT ESCHED_NVCC)
    message(FATAL_ERROR "esched_add_executable(${target}): ${src} is CUDA, and nvcc was not "
                        "found (install the CUDA toolkit, or set CUDAToolkit_ROOT)")
  endif()
  get_filename_component(base ${src} NAME)
  set(obj ${CMAKE_CURRENT_BINARY_DIR}/esched/${target}/${base}.o)
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  add_custom_command(
    OUTPUT ${obj}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/esched/${target}
    COMMAND ${ESCHED_NVCC} -c ${src} -o ${obj} -Xcompiler -fPIC
            "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
    DEPENDS ${src}
    COMMENT "esched: nvcc ${base} (${target})"
    COMMAND_EXPAND_LISTS VERBATIM)
  set(${out} ${obj} PARENT_SCOPE)
endfunction()

# OpenCL C file src, copied beside target's program when it changes.
function(_esched_copy_kernels target src)
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${src} $<TARGET_FILE_DIR:${target}>
    VERBATIM)
endfunction()

# The device launchers of target among srcs: .cu objects join it (and
# libcudart its link), .cl files are copied beside it.
function(_esched_launchers target)
  set(cuda FALSE)
  foreach(src ${ARGN})
    if(src MATCHES "\\.cu$")
      _esched_cuda_object(${target} ${src} obj)
      target_sources(${target} PRIVATE ${obj})
      set(cuda TRUE)
    elseif(src MATCHES "\\.cl$")
      _esched_copy_kernels(${target} ${src})
    endif()
  endforeach()
  if(cuda)
    separate_arguments(link UNIX_COMMAND "${ESCHED_CUDART_LINK}")
    target_link_libraries(${target} PRIVATE ${link})
  endif()
endfunction()

# The esched options of one variant, and the files they make it read.
set(_ESCHED_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

function(_esched_variant_options variant out_options out_deps out_later)
  cmake_parse_arguments(V "" "PLATFORM;PROFILE;PROFILE_GENERATE;PROFILE_USE;TARGET" "" ${ARGN})
  set(options --variant ${variant})
  if(V_TARGET STREQUAL "starpu")
    list(APPEND options --target starpu)
  endif()
  set(deps ${ESCHED_EXECUTABLE_DEPENDS})
  if(V_PLATFORM)
    # A file of the project, else a preset's name.
    get_filename_component(file ${V_PLATFORM} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    if(EXISTS ${file})
      set(V_PLATFORM ${file})
      list(APPEND deps ${file})
    endif()
    list(APPEND options --platform ${V_PLATFORM})
  endif()
  if(V_PROFILE)
    get_filename_component(file ${V_PROFILE} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND options --profile ${file})
    list(APPEND deps ${file})
  endif()
  if(V_PROFILE_GENERATE)
    get_filename_component(dir ${V_PROFILE_GENERATE} ABSOLUTE BASE_DIR
                           ${CMAKE_CURRENT_BINARY_DIR})
    list(APPEND options --profile-generate=${dir})
  endif()
  # The profile PROFILE_USE names may appear only after a first build (the
  # profiling run writes it): a dependency through the dependency file,
  # which tolerates a missing file, not through DEPENDS, which does not.
  # A relative PROFILE_USE is the project's file when it has one, else the
  # build folder's, where a relative PROFILE_GENERATE writes it: the same
  # name in both finds what the profiling run wrote, as with GCC's options.
  set(later)
  if(V_PROFILE_USE)
    get_filename_component(file ${V_PROFILE_USE} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    if(NOT EXISTS ${file})
      get_filename_component(file ${V_PROFILE_USE} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
    endif()
    list(APPEND options --profile-use=${file})
    list(APPEND later ${file})
  endif()
  set(${out_options} ${options} PARENT_SCOPE)
  set(${out_deps} ${deps} PARENT_SCOPE)
  set(${out_later} ${later} PARENT_SCOPE)
endfunction()

function(_esched_variant_target name variant first)
  cmake_parse_arguments(V "" "PLATFORM;PROFILE;PROFILE_GENERATE;PROFILE_USE;TARGET"
                        "SOURCES;LIBRARIES" ${ARGN})
  set(target ${name})
  if(NOT first)
    set(target ${name}-${variant})
  endif()
  _esched_variant_options(${variant} options deps later PLATFORM "${V_PLATFORM}"
                          PROFILE "${V_PROFILE}"
                          PROFILE_GENERATE "${V_PROFILE_GENERATE}" PROFILE_USE "${V_PROFILE_USE}"
                          TARGET "${V_TARGET}")
  set(runtime ${ESCHED_RUNTIME_TARGET})
  if(V_TARGET STREQUAL "starpu")
    set(runtime ${ESCHED_STARPU_RUNTIME_TARGET})
  endif()
  set(generated)
  set(others)
  set(launchers)
  _esched_compile_flags(${target} flags)
  foreach(src ${V_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE)
    if(abs MATCHES "\\.(cu|cl)$")
      list(APPEND launchers ${abs})
      continue()
    elseif(NOT abs MATCHES "\\.c$")
      list(APPEND others ${abs})
      continue()
    endif()
    # A source outside this folder (../common/stage.c) stays inside the
    # target's own: every variant rewrites it for itself.
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR} ${abs})
    string(REPLACE "../" "__/" inside "${rel}")
    set(out ${CMAKE_CURRENT_BINARY_DIR}/esched/${target}/${inside})
    get_filename_component(out_dir ${out} DIRECTORY)
    # The compiler lists the headers the source includes (-MM): editing one
    # reschedules the source.
    add_custom_command(
      OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
      COMMAND ${ESCHED_EXECUTABLE} compile ${abs} ${options} -o ${out} -- ${flags}
      COMMAND ${CMAKE_C_COMPILER} -MM -MT ${out} -MF ${out}.d ${flags}
              -I${ESCHED_ANNOTATIONS_INCLUDE} ${abs}
      COMMAND ${CMAKE_COMMAND} -DDEPFILE=${out}.d -DTARGET=${out} "-DINPUTS=${later}"
              -P ${_ESCHED_CMAKE_DIR}/EschedDepfile.cmake
      DEPENDS ${abs} ${deps}
      DEPFILE ${out}.d
      COMMENT "esched: scheduling ${rel} (${variant})"
      COMMAND_EXPAND_LISTS VERBATIM)
    list(APPEND generated ${out})
    # The rewritten file lives in the build tree: its quoted includes still
    # resolve against its original's folder first, as cc's would.
    get_filename_component(src_dir ${abs} DIRECTORY)
    set_property(SOURCE ${out} APPEND PROPERTY COMPILE_OPTIONS -iquote ${src_dir})
  endforeach()
  add_executable(${target} ${generated} ${others})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}
                                               ${ESCHED_ANNOTATIONS_INCLUDE})
  target_link_libraries(${target} PRIVATE ${runtime} ${V_LIBRARIES})
  _esched_launchers(${target} ${launchers})
endfunction()

function(esched_add_executable name)
  cmake_parse_arguments(E "" "PLATFORM;PROFILE;PROFILE_GENERATE;PROFILE_USE;TARGET"
                        "SOURCES;VARIANTS;LIBRARIES" ${ARGN})
  if(NOT E_SOURCES)
    message(FATAL_ERROR "esched_add_executable(${name}): no SOURCES")
  endif()
  if(E_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "esched_add_executable(${name}): unknown arguments "
                        "'${E_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT E_VARIANTS)
    set(E_VARIANTS energy)
  endif()
  if(E_TARGET AND NOT E_TARGET MATCHES "^(native|starpu)$")
    message(FATAL_ERROR "esched_add_executable(${name}): unknown TARGET '${E_TARGET}' (native, starpu)")
  endif()
  if(E_TARGET STREQUAL "starpu" AND NOT ESCHED_STARPU_RUNTIME_TARGET)
    message(FATAL_ERROR "esched_add_executable(${name}): TARGET starpu, but esched was built "
                        "without StarPU (libstarpu-dev)")
  endif()
  set(first TRUE)
  foreach(variant ${E_VARIANTS})
    if(NOT variant MATCHES "^(energy|time|cpu-only|gpu-only|greedy)$")
      message(FATAL_ERROR "esched_add_executable(${name}): unknown variant '${variant}' "
                          "(energy, time, cpu-only, gpu-only, greedy)")
    endif()
    _esched_variant_target(${name} ${variant} ${first} SOURCES ${E_SOURCES}
                           LIBRARIES ${E_LIBRARIES}
                           PLATFORM "${E_PLATFORM}" PROFILE "${E_PROFILE}"
                           PROFILE_GENERATE "${E_PROFILE_GENERATE}" PROFILE_USE "${E_PROFILE_USE}"
                           TARGET "${E_TARGET}")
    set(first FALSE)
  endforeach()
endfunction()
