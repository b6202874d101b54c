# Adds esched's own inputs to a dependency file the compiler wrote (-MM):
#   cmake -DDEPFILE=F -DTARGET=T "-DINPUTS=a;b" -P EschedDepfile.cmake
# Each input becomes a prerequisite of T and a phony target of its own (as
# -MP writes for headers), so that an input that does not exist yet (the
# profile the profiling run will write) is no error, and its appearing or
# changing reschedules the source. Paths are escaped as make reads them.
function(_esched_make_escaped path out)
  string(REPLACE "$" "$$" path "${path}")
  string(REPLACE "#" "\\#" path "${path}")
  string(REPLACE " " "\\ " path "${path}")
  set(${out} "${path}" PARENT_SCOPE)
endfunction()

_esched_make_escaped("${TARGET}" target)
set(text "")
foreach(input IN LISTS INPUTS)
  _esched_make_escaped("${input}" input)
  string(APPEND text "${target}: ${input}\n${input}:\n")
endforeach()
file(APPEND "${DEPFILE}" "\n${text}")
