# cmake -DPLAIN=prog -DPROGRAM=prog [-DEXECUTOR=serial|concurrent]
#       [-DARGS=a|b|...] [-DENV=VAR=value|...] -P EschedCompareOutputs.cmake
# Runs the unannotated program and the scheduled one (with the executor and
# the environment given; both with the arguments ARGS, separated by |) and
# fails unless both succeed and their standard outputs are identical.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${PLAIN} ${args} OUTPUT_VARIABLE expected RESULT_VARIABLE plain_rc)
set(ENV{ESCHED_EXECUTOR} ${EXECUTOR})
string(REPLACE "|" ";" env "${ENV}")
foreach(assignment ${env})
  string(REGEX MATCH "^([^=]+)=(.*)$" matched "${assignment}")
  set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
endforeach()
execute_process(COMMAND ${PROGRAM} ${args} OUTPUT_VARIABLE actual ERROR_VARIABLE summary
                RESULT_VARIABLE rc)
if(NOT plain_rc EQUAL 0 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "exit status: unannotated ${plain_rc}, scheduled ${rc}\n${summary}")
endif()
if(NOT expected STREQUAL actual)
  message(FATAL_ERROR "outputs differ\n--- unannotated\n${expected}--- scheduled\n${actual}")
endif()
message(STATUS "same output (${EXECUTOR}):\n${actual}${summary}")
