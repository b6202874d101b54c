# cmake -DPROGRAM=prog [-DARGS=a|b|...] [-DENV=VAR=value|...] [-DRC=status]
#       -DEXPECT=regex@@regex... -P check.cmake
# Runs the program with the arguments and the environment given and fails
# unless it exits with RC (default 0) and its standard output and error
# together match every regular expression of EXPECT.
string(REPLACE "|" ";" args "${ARGS}")
string(REPLACE "|" ";" env "${ENV}")
foreach(assignment ${env})
  string(REGEX MATCH "^([^=]+)=(.*)$" matched "${assignment}")
  set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
endforeach()
if(NOT DEFINED RC)
  set(RC 0)
endif()
execute_process(COMMAND ${PROGRAM} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
set(all "${out}${err}")
if(NOT rc EQUAL RC)
  message(FATAL_ERROR "exit status ${rc}, expected ${RC}\n${all}")
endif()
string(REPLACE "@@" ";" expect "${EXPECT}")
foreach(regex ${expect})
  if(NOT all MATCHES "${regex}")
    message(FATAL_ERROR "no match for '${regex}' in\n${all}")
  endif()
endforeach()
message(STATUS "${all}")
