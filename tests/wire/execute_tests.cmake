# JSON API test suites (owned by the JSON API work).
eddy_test(wire_execute_test
  SOURCES wire/behaviour_test.cc wire/behaviour_update_test.cc wire/behaviour_read_test.cc wire/behaviour_legacy_test.cc wire/behaviour_index_test.cc wire/behaviour_transact_test.cc
          wire/behaviour_admin_test.cc wire/behaviour_on_demand_test.cc
          wire/execute_test.cc
          wire/wire_client.cc
  DEPS eddy::wire)

# `eddy exec` on a small script, compared with its expected output.
if(TARGET eddy)
  add_test(NAME wire_exec_smoke
    COMMAND ${CMAKE_COMMAND} -DEDDY=$<TARGET_FILE:eddy>
      -DINPUT=${CMAKE_CURRENT_SOURCE_DIR}/wire/testdata/exec_smoke.jsonl
      -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/wire/testdata/exec_smoke.expected
      -P ${CMAKE_CURRENT_SOURCE_DIR}/wire/exec_smoke.cmake)
endif()
