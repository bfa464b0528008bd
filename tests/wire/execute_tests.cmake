# The JSON API: Execute's request decoding, error bodies and responses.
eddy_test(wire_execute_test
  SOURCES wire/execute_test.cc wire/execute_rejections_test.cc
  DEPS eddy::wire)

# The order of checks over the JSON API: request-only errors before the
# table lookup, for every operation (docs/validation-order.md); the
# malformed-request sweep (every operation x malformed member forms); and
# answers public suites pin against live DynamoDB; keys holding lists, maps
# and sets answered as before their compaction (issue #26).
eddy_test(wire_validation_order_test
  SOURCES wire/validation_order_test.cc wire/malformed_sweep_test.cc
          wire/pinned_answers_test.cc wire/key_compaction_test.cc
  DEPS eddy::wire nlohmann_json::nlohmann_json)

# The JSON reader on its own, against nlohmann/json.
eddy_test(wire_reader_test
  SOURCES wire/json_reader_test.cc
  DEPS eddy::wire)

# Mutated requests through Execute: every answer valid UTF-8 JSON, no 5xx.
eddy_test(wire_property_test
  SOURCES wire/execute_property_test.cc
  DEPS eddy::wire)

# Peak heap while decoding hostile 17 MB bodies (its own operator new, so a
# binary of its own).
eddy_test(wire_memory_test
  SOURCES wire/decode_memory_test.cc
  DEPS eddy::wire)

# `eddy exec` on a small script, compared with its expected output.
if(TARGET eddy)
  add_test(NAME wire_exec_smoke
    COMMAND ${CMAKE_COMMAND} -DEDDY=$<TARGET_FILE:eddy>
      -DINPUT=${CMAKE_CURRENT_SOURCE_DIR}/wire/testdata/exec_smoke.jsonl
      -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/wire/testdata/exec_smoke.expected
      -P ${CMAKE_CURRENT_SOURCE_DIR}/wire/exec_smoke.cmake)
endif()
