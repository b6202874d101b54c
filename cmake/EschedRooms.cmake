# Rooms: one folder, one static library, dependencies only downward
# (docs/DESIGN.md, "Rooms and layering").
#
#   esched_room(<target> SOURCES a.c b.c [USES room...] [LIBS lib...] [PUBLIC_LIBS lib...])
#
# A room's headers are included by their path from the project's root
# ("scheduler/model/graph.h"), and that path resolves only for the room
# itself and the rooms that USE it (directly or through rooms they use):
# each room's include root is a folder of the build tree holding a single
# link, <root>/<part>/<room> -> the room's source folder. The project's root
# is on no include path, so a header of a room not below this one is not
# found and the include fails to compile.
function(esched_room target)
  cmake_parse_arguments(R "" "" "SOURCES;USES;LIBS;PUBLIC_LIBS" ${ARGN})
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  set(root ${PROJECT_BINARY_DIR}/rooms/${target})
  get_filename_component(parent ${root}/${rel} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  if(NOT EXISTS ${root}/${rel})
    file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR} ${root}/${rel} SYMBOLIC)
  endif()
  add_library(${target} STATIC ${R_SOURCES})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${root}>)
  target_link_libraries(${target} PUBLIC ${R_USES} ${R_PUBLIC_LIBS} PRIVATE ${R_LIBS})
  set_property(GLOBAL APPEND PROPERTY ESCHED_ROOMS ${target})
endfunction()
