# Runs `eddy exec` on INPUT and compares its stdout with EXPECTED, byte for
# byte. Usage: cmake -DEDDY=<eddy> -DINPUT=<jsonl> -DEXPECTED=<file> -P exec_smoke.cmake
execute_process(COMMAND ${EDDY} exec ${INPUT}
  OUTPUT_VARIABLE actual RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "eddy exec exited with ${rc}")
endif()
file(READ ${EXPECTED} expected)
# Everything is deterministic (manual clock, table ids derived from name and
# creation time), so the comparison is exact.
if(NOT actual STREQUAL expected)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/exec_smoke.actual "${actual}")
  message(FATAL_ERROR "eddy exec output differs from ${EXPECTED}; got:\n${actual}")
endif()
