# What `cmake --install` puts under the prefix besides the programs, the
# runtime and the headers (docs/install.md): find_package(esched) files,
# esched.pc for pkg-config, man pages made from --help by help2man, and bash
# completion. esched_link_options() turns the runtime's link dependencies
# into -l options (esched-cc's link line and esched.pc).

# The -l form of a list of libraries (full paths or -l options): -L only for
# folders the linker does not search anyway, no run paths.
function(esched_link_options out)
  set(opts "")
  foreach(dep ${ARGN})
    if(dep MATCHES "^-Wl,-rpath")
      continue()
    elseif(dep MATCHES "^(.*)/lib([^/]+)\\.(so|a)$")
      list(FIND CMAKE_C_IMPLICIT_LINK_DIRECTORIES "${CMAKE_MATCH_1}" implicit)
      if(implicit LESS 0)
        list(APPEND opts "-L${CMAKE_MATCH_1}")
      endif()
      list(APPEND opts "-l${CMAKE_MATCH_2}")
    else()
      list(APPEND opts "${dep}")
    endif()
  endforeach()
  list(JOIN opts " " opts)
  set(${out} "${opts}" PARENT_SCOPE)
endfunction()

function(esched_install_extras)
  # find_package(esched): the config file, the function, the version.
  include(CMakePackageConfigHelpers)
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/esched-config.cmake.in
    ${PROJECT_BINARY_DIR}/esched-config.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/esched
    PATH_VARS CMAKE_INSTALL_BINDIR ESCHED_INSTALL_PUBLIC_INCLUDEDIR)
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/esched-config-version.cmake
    COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/esched-config.cmake
                ${PROJECT_BINARY_DIR}/esched-config-version.cmake
                ${PROJECT_SOURCE_DIR}/cmake/EschedFunctions.cmake
                ${PROJECT_SOURCE_DIR}/cmake/EschedDepfile.cmake
                ${PROJECT_SOURCE_DIR}/cmake/EschedCuda.cmake
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/esched)

  # pkg-config: the headers and the runtime, relative to the .pc file so a
  # prefix can move.
  separate_arguments(deps UNIX_COMMAND "${ESCHED_RT_LINK_DEPS}")
  esched_link_options(ESCHED_PC_LIBS_PRIVATE ${deps})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/esched.pc.in ${PROJECT_BINARY_DIR}/esched.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/esched.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

  # Bash completion for esched and esched-cc.
  install(FILES ${PROJECT_SOURCE_DIR}/pass/cli/esched-completion.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME esched)
  install(FILES ${PROJECT_SOURCE_DIR}/pass/cli/esched-completion.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME esched-cc)

  # Man pages from --help (Debian's help2man): esched(1), one page per
  # command (esched-schedule(1), ...) and esched-cc(1).
  find_program(HELP2MAN help2man)
  if(NOT HELP2MAN)
    message(STATUS "esched: help2man not found: no man pages")
    return()
  endif()
  set(man ${PROJECT_BINARY_DIR}/man)
  set(pages "")
  set(h2m ${HELP2MAN} --no-info --no-discard-stderr --version-option=--version)
  add_custom_command(OUTPUT ${man}/esched.1
    COMMAND ${CMAKE_COMMAND} -E make_directory ${man}
    COMMAND ${h2m} "--name=an energy-aware build-time pass for C" --output=${man}/esched.1
            $<TARGET_FILE:esched>
    DEPENDS esched VERBATIM)
  list(APPEND pages ${man}/esched.1)
  # Each command's page is titled esched-COMMAND (help2man titles it by
  # the program, esched). The commands that parse C print esched-frontend's
  # help: a change there remakes their pages too.
  set(commands "extract|extract the task graphs of an annotated C file"
      "schedule|schedule a task graph for minimum energy"
      "rewrite|rewrite an annotated C file to follow a schedule"
      "compile|extract, schedule and rewrite in one step"
      "report|tables and pictures of schedules"
      "gen|generate task graphs" "platform|list or print platforms"
      "import|convert STG, Pegasus DAX or WfCommons JSON task graphs"
      "starpu|profiles as StarPU performance models and back")
  foreach(entry ${commands})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 cmd)
    list(GET entry 1 summary)
    set(page ${man}/esched-${cmd}.1)
    string(TOUPPER ${cmd} upper)
    add_custom_command(OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${man}
      COMMAND ${h2m} "--help-option=${cmd} --help" "--name=${summary}" --output=${page}
              $<TARGET_FILE:esched>
      COMMAND sed -i -e "s/^\\.TH ESCHED /.TH ESCHED-${upper} /"
              -e "s/^esched \\\\-/esched-${cmd} \\\\-/" ${page}
      DEPENDS esched esched-frontend VERBATIM)
    list(APPEND pages ${page})
  endforeach()
  add_custom_command(OUTPUT ${man}/esched-cc.1
    COMMAND ${CMAKE_COMMAND} -E make_directory ${man}
    COMMAND ${HELP2MAN} --no-info --help-option=--esched-help --version-option=--esched-version
            "--name=a C compiler that schedules annotated tasks for minimum energy"
            --output=${man}/esched-cc.1 $<TARGET_FILE:esched-cc>
    DEPENDS esched-cc VERBATIM)
  list(APPEND pages ${man}/esched-cc.1)
  add_custom_target(esched_man ALL DEPENDS ${pages})
  install(FILES ${pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()
