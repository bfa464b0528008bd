# Helpers that give every eddy target the same language level and warnings,
# without touching the global CMAKE_CXX_FLAGS (a project that add_subdirectory()s
# eddy keeps its own flags).

add_library(eddy_build_flags INTERFACE)
set_target_properties(eddy_build_flags PROPERTIES EXPORT_NAME build_flags)
target_compile_features(eddy_build_flags INTERFACE cxx_std_20)
target_compile_options(eddy_build_flags INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wno-sign-compare -Wno-missing-field-initializers>)
# clang checks the locking discipline (absl thread-safety annotations on the
# engine's tables, docs/architecture.md "Locking").
target_compile_options(eddy_build_flags INTERFACE
  $<$<CXX_COMPILER_ID:Clang>:-Wthread-safety>)
if(EDDY_WERROR)
  target_compile_options(eddy_build_flags INTERFACE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Werror>)
endif()
if(EDDY_SANITIZE)
  target_compile_options(eddy_build_flags INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(eddy_build_flags INTERFACE -fsanitize=address,undefined)
  # Long-running tests (the throttling scenarios) shrink their workloads.
  target_compile_definitions(eddy_build_flags INTERFACE EDDY_SANITIZE=1)
  # GCC's -Wmaybe-uninitialized misfires on ASan-instrumented code at -O1
  # (std::optional<std::string> destructors); the -O2 build keeps the check.
  target_compile_options(eddy_build_flags INTERFACE
    $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
endif()

if(EDDY_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "EDDY_FUZZ needs clang (-DCMAKE_CXX_COMPILER=clang++)")
  endif()
  # Coverage for libFuzzer and the sanitizers that catch what it finds;
  # harnesses add -fsanitize=fuzzer at link time (tests/fuzz).
  target_compile_options(eddy_build_flags INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
    -fno-omit-frame-pointer)
  target_link_options(eddy_build_flags INTERFACE -fsanitize=address,undefined)
  # The same build runs the test suites under ASan + UBSan (tools/test.sh):
  # long-running tests shrink their workloads as in EDDY_SANITIZE builds.
  target_compile_definitions(eddy_build_flags INTERFACE EDDY_FUZZ=1 EDDY_SANITIZE=1)
endif()

if(EDDY_SANITIZE_THREAD)
  target_compile_options(eddy_build_flags INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(eddy_build_flags INTERFACE -fsanitize=thread)
  target_compile_definitions(eddy_build_flags INTERFACE EDDY_SANITIZE=1)
endif()

# eddy_module(NAME SOURCES ... DEPS ...): one static library per emulator module,
# with includes rooted at the repository top ("emulator/types/number.h").
function(eddy_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(eddy_${name} STATIC ${ARG_SOURCES})
  add_library(eddy::${name} ALIAS eddy_${name})
  target_include_directories(eddy_${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/eddy>)
  target_link_libraries(eddy_${name} PUBLIC ${ARG_DEPS} PRIVATE $<BUILD_INTERFACE:eddy_build_flags>)
  set_target_properties(eddy_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON EXPORT_NAME ${name})
  target_compile_features(eddy_${name} PUBLIC cxx_std_20)
  set_property(GLOBAL APPEND PROPERTY EDDY_MODULES eddy_${name})
endfunction()
