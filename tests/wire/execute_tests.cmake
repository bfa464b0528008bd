# The JSON API: Execute's request decoding, error bodies and responses.
eddy_test(wire_execute_test
  SOURCES wire/execute_test.cc
  DEPS eddy::wire)

# `eddy exec` on a small script, compared with its expected output.
if(TARGET eddy)
  add_test(NAME wire_exec_smoke
    COMMAND ${CMAKE_COMMAND} -DEDDY=$<TARGET_FILE:eddy>
      -DINPUT=${CMAKE_CURRENT_SOURCE_DIR}/wire/testdata/exec_smoke.jsonl
      -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/wire/testdata/exec_smoke.expected
      -P ${CMAKE_CURRENT_SOURCE_DIR}/wire/exec_smoke.cmake)
endif()
