# eddy_version: an INTERFACE target whose include directory holds the
# generated header "eddy_version.h":
#   EDDY_VERSION     the project version ("0.1.0")
#   EDDY_GIT_COMMIT  `git rev-parse --short HEAD` at configure time, or
#                    "unknown" outside a git checkout
# The commit is read when CMake configures, so a build after new commits
# shows it only once CMake runs again. Include this file from any tool that
# prints its version (eddy-server, the eddy CLI); it defines the target
# once.
if(TARGET eddy_version)
  return()
endif()

set(EDDY_GIT_COMMIT "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(
    COMMAND "${GIT_EXECUTABLE}" rev-parse --short HEAD
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    OUTPUT_VARIABLE _eddy_commit
    RESULT_VARIABLE _eddy_git_result
    OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_QUIET)
  if(_eddy_git_result EQUAL 0 AND NOT _eddy_commit STREQUAL "")
    set(EDDY_GIT_COMMIT "${_eddy_commit}")
  endif()
endif()

set(EDDY_VERSION "${PROJECT_VERSION}")
configure_file("${CMAKE_CURRENT_LIST_DIR}/eddy_version.h.in"
               "${PROJECT_BINARY_DIR}/generated/eddy_version.h" @ONLY)
add_library(eddy_version INTERFACE)
target_include_directories(eddy_version INTERFACE
  "${PROJECT_BINARY_DIR}/generated")
