# The engine's behaviour suites: each runs over the typed API and over the
# JSON API (wire_client.h), so both must behave as DynamoDB does.
eddy_test(engine_behaviour_test
  SOURCES engine/behaviour_test.cc engine/behaviour_update_test.cc
          engine/behaviour_read_test.cc engine/behaviour_legacy_test.cc
          engine/behaviour_index_test.cc engine/behaviour_transact_test.cc
          engine/behaviour_admin_test.cc engine/behaviour_on_demand_test.cc
          engine/behaviour_upsert_test.cc engine/behaviour_multi_key_test.cc
          engine/wire_client.cc
  DEPS eddy::wire)

# The change feed: records per write path, commit order, concurrency.
eddy_test(engine_change_feed_test
  SOURCES engine/change_feed_test.cc
  DEPS eddy::api)
