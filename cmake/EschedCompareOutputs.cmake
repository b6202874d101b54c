# cmake -DPLAIN=prog -DPROGRAM=prog [-DEXECUTOR=serial|concurrent] -P EschedCompareOutputs.cmake
# Runs the unannotated program and the scheduled one (with the executor
# given) and fails unless their standard outputs are identical.
execute_process(COMMAND ${PLAIN} OUTPUT_VARIABLE expected RESULT_VARIABLE plain_rc)
set(ENV{ESCHED_EXECUTOR} ${EXECUTOR})
execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE actual ERROR_VARIABLE summary
                RESULT_VARIABLE rc)
if(NOT plain_rc EQUAL 0 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "exit status: unannotated ${plain_rc}, scheduled ${rc}\n${summary}")
endif()
if(NOT expected STREQUAL actual)
  message(FATAL_ERROR "outputs differ\n--- unannotated\n${expected}--- scheduled\n${actual}")
endif()
message(STATUS "same output (${EXECUTOR}):\n${actual}${summary}")
