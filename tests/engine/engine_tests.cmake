# The engine's behaviour suites: each runs over the typed API and over the
# JSON API (wire_client.h), so both must behave as DynamoDB does.
eddy_test(engine_behaviour_test
  SOURCES engine/behaviour_test.cc engine/behaviour_query_test.cc
          engine/behaviour_update_test.cc
          engine/behaviour_read_test.cc engine/behaviour_legacy_test.cc
          engine/behaviour_index_test.cc engine/behaviour_index_lifecycle_test.cc
          engine/behaviour_transact_test.cc
          engine/behaviour_admin_test.cc engine/behaviour_on_demand_test.cc
          engine/behaviour_upsert_test.cc engine/behaviour_multi_key_test.cc
          engine/behaviour_correctness_test.cc engine/behaviour_bounds_test.cc
          engine/behaviour_limits_test.cc engine/behaviour_order_test.cc
          engine/behaviour_lifecycle_test.cc engine/behaviour_batch_keys_test.cc
          engine/behaviour_consumed_capacity_test.cc
          engine/wire_client.cc
  DEPS eddy::wire)

# The change feed: records per write path, commit order, concurrency.
eddy_test(engine_change_feed_test
  SOURCES engine/change_feed_test.cc
  DEPS eddy::api)

# DynamoDB Streams over the typed API: records per view type and write
# path, shard lineage, retention and iterators, the API's errors, the
# consumer helpers (api/streams_reader.h), and a concurrency test.
eddy_test(engine_streams_test
  SOURCES engine/streams_records_test.cc engine/streams_lineage_test.cc
          engine/streams_api_test.cc
  DEPS eddy::api)
# The same over the JSON API (Execute / ExecuteStreams).
eddy_test(engine_streams_wire_test
  SOURCES engine/streams_wire_test.cc
  DEPS eddy::wire nlohmann_json::nlohmann_json)

# Legacy parameters with a million elements (issue 26). Linear work answers
# each case in about 3 s (under a minute with ASan); the quadratic
# translation it replaces took half an hour per request, so the timeout below
# fails such a regression.
add_executable(engine_legacy_scale_test
  engine/behaviour_legacy_scale_test.cc engine/wire_client.cc)
target_include_directories(engine_legacy_scale_test PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(engine_legacy_scale_test PRIVATE eddy::wire eddy_build_flags
  GTest::gmock GTest::gtest_main)
gtest_discover_tests(engine_legacy_scale_test DISCOVERY_TIMEOUT 60
  PROPERTIES TIMEOUT 600)

# Continuous backups (the PITR setting), export and import: typed API and
# Execute, the export layout, the export -> import round trip.
eddy_test(engine_transfer_test
  SOURCES engine/transfer_ops_test.cc
  DEPS eddy::wire eddy::transfer nlohmann_json::nlohmann_json)

# On-demand backups and restores, point-in-time restore (issue #21 items 4
# and 5): typed API and Execute, restarts, states at several instants.
eddy_test(engine_backup_test
  SOURCES engine/backup_ops_test.cc
  DEPS eddy::wire nlohmann_json::nlohmann_json)

# The SYSTEM backup of a table deleted with PITR on (issue #21): listing,
# describing, restoring, expiry; in memory and with a data directory.
eddy_test(engine_system_backup_test
  SOURCES engine/system_backup_test.cc
  DEPS eddy::wire nlohmann_json::nlohmann_json)

# INCREMENTAL_EXPORT (issue #21 item 6): changes in a period across
# checkpoints and restarts, DynamoDB's layout and manifests, validation.
eddy_test(engine_incremental_export_test
  SOURCES engine/incremental_export_test.cc
  DEPS eddy::wire eddy::transfer nlohmann_json::nlohmann_json)

# TableInUseException / BackupInUseException with table status windows:
# restores into CREATING or DELETING targets, DeleteBackup during a restore.
eddy_test(engine_backup_in_use_test
  SOURCES engine/backup_in_use_test.cc
  DEPS eddy::wire nlohmann_json::nlohmann_json)

# Point-in-time restore without a data directory (issue #21): the in-memory
# history, restores at several seconds, the window, PITR off and on, folding.
eddy_test(engine_memory_pitr_test
  SOURCES engine/memory_pitr_test.cc
  DEPS eddy::wire nlohmann_json::nlohmann_json)
