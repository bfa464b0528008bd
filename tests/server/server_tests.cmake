# eddy-server: unit tests of its pieces and its protocol over loopback
# (owned by the server work). cpp-httplib's client drives the server; its
# Debian build must be compiled against with the same definitions
# (pkg-config), which also pull in OpenSSL's headers.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
find_package(ZLIB REQUIRED)

eddy_test(server_test
  SOURCES server/http_parser_test.cc server/units_test.cc server/server_test.cc
          server/content_coding_test.cc server/compression_test.cc
          server/cors_test.cc server/shutdown_test.cc server/access_test.cc
          server/limits_log_test.cc
  DEPS eddy_server_lib PkgConfig::HTTPLIB ZLIB::ZLIB)

# The in-process endpoint (endpoint.h), as SDK tests use it.
eddy_test(endpoint_test
  SOURCES server/endpoint_test.cc
  DEPS eddy::server PkgConfig::HTTPLIB)

# Real clients against the real binary (started with --port 0, always
# stopped). python3 and node are looked up on PATH when the test runs; a
# missing AWS CLI, boto3, node or npm fails the test.
add_test(NAME server_aws_cli
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/aws_cli_test.py
          $<TARGET_FILE:eddy-server>)
add_test(NAME server_boto3
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/boto3_test.py
          $<TARGET_FILE:eddy-server>)
add_test(NAME server_node_sdk
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/server/node/run_sdk_test.sh
          $<TARGET_FILE:eddy-server>)
# DynamoDB Streams: the AWS CLI's dynamodbstreams commands, boto3's
# dynamodbstreams client, @aws-sdk/client-dynamodb-streams.
add_test(NAME server_streams_aws_cli
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/streams_clients_test.py
          $<TARGET_FILE:eddy-server> cli)
add_test(NAME server_streams_boto3
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/streams_clients_test.py
          $<TARGET_FILE:eddy-server> boto3)
add_test(NAME server_streams_node_sdk
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/server/node/run_sdk_test.sh
          $<TARGET_FILE:eddy-server> streams_sdk_test.mjs)
add_test(NAME server_boto3_compression
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/boto3_compression_test.py
          $<TARGET_FILE:eddy-server>)
add_test(NAME server_cli
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/cli_test.py
          $<TARGET_FILE:eddy-server>)
# eddy's control helpers (tools/clients/) from boto3 and the JS SDK:
# faults, strict eddy operations, --clock manual and EddyAdvanceClock.
add_test(NAME server_control_python
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/control_test.py
          $<TARGET_FILE:eddy-server>)
add_test(NAME server_control_node
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/server/node/run_sdk_test.sh
          $<TARGET_FILE:eddy-server> control_test.mjs)
# --load: a model, request lines and a snapshot (eddy snapshot save) before
# the ready line, and their errors.
add_test(NAME server_load
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/load_test.py
          $<TARGET_FILE:eddy-server> ${PROJECT_SOURCE_DIR} $<TARGET_FILE:eddy>)
set_tests_properties(server_control_python server_load PROPERTIES TIMEOUT 120)

# A bounded mixed soak (issue 26): 16 connections of transfers, audits,
# injected faults, hostile, slow, aborted and idle clients and health checks,
# with throttling off and on; the transfer invariant, UTF-8 JSON answers,
# bounded memory that comes back after the burst. 24 s in CI; by hand:
#   python3 tests/server/soak_test.py build/test/tools/eddy-server/eddy-server --seconds 1800
if(EDDY_SANITIZE OR EDDY_SANITIZE_THREAD OR EDDY_FUZZ)
  set(_soak_memory --no-memory-checks)  # sanitizer allocators keep memory
endif()
add_test(NAME server_soak
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/soak_test.py
          $<TARGET_FILE:eddy-server> --seconds 24 ${_soak_memory})
set_tests_properties(server_soak PROPERTIES TIMEOUT 180)
set_tests_properties(server_control_node PROPERTIES TIMEOUT 300)
# Each may install node_modules (npm ci) on a fresh checkout.
set_tests_properties(server_node_sdk server_control_node server_streams_node_sdk
  PROPERTIES RESOURCE_LOCK eddy_node_modules)
# CORS from headless Chromium; skipped (exit 77) where the Debian package
# chromium is not installed (tools/setup.sh does not install it).
add_test(NAME server_browser_cors
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/browser_cors_test.py
          $<TARGET_FILE:eddy-server>)
set_tests_properties(server_browser_cors PROPERTIES SKIP_RETURN_CODE 77
  TIMEOUT 300)
set_tests_properties(server_aws_cli server_boto3 server_boto3_compression
  server_cli server_streams_aws_cli server_streams_boto3 PROPERTIES TIMEOUT 120)
# The first run installs the pinned SDK from npm.
set_tests_properties(server_node_sdk server_streams_node_sdk PROPERTIES
  TIMEOUT 300)
# PartiQL (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction):
# the AWS CLI, boto3, and the JS SDK with @aws-sdk/lib-dynamodb's document
# client.
add_test(NAME server_partiql_aws_cli
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/partiql_clients_test.py
          $<TARGET_FILE:eddy-server> cli)
add_test(NAME server_partiql_boto3
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/partiql_clients_test.py
          $<TARGET_FILE:eddy-server> boto3)
add_test(NAME server_partiql_node_sdk
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/server/node/run_sdk_test.sh
          $<TARGET_FILE:eddy-server> partiql_sdk_test.mjs)
set_tests_properties(server_partiql_aws_cli server_partiql_boto3 PROPERTIES
  TIMEOUT 120)
set_tests_properties(server_partiql_node_sdk PROPERTIES TIMEOUT 300
  RESOURCE_LOCK eddy_node_modules)
# Continuous backups, export and import: the AWS CLI's commands against
# eddy-server --export-root.
add_test(NAME server_transfer_aws_cli
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/transfer_cli_test.py
          $<TARGET_FILE:eddy-server>)
# Backups and restores: the AWS CLI's create-backup, list-backups,
# describe-backup, restore-table-from-backup, restore-table-to-point-in-time
# and delete-backup against eddy-server -dbPath --clock manual, and a
# restart.
add_test(NAME server_backup_aws_cli
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/backup_cli_test.py
          $<TARGET_FILE:eddy-server>)
set_tests_properties(server_backup_aws_cli PROPERTIES TIMEOUT 180)
# INCREMENTAL_EXPORT through boto3 (eddy-server -dbPath --export-root
# --clock manual): the changes of a period, both view types, the layout,
# DescribeExport and the period errors (about a second).
add_test(NAME server_incremental_export_boto3
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/incremental_export_test.py
          $<TARGET_FILE:eddy-server>)
set_tests_properties(server_incremental_export_boto3 PROPERTIES TIMEOUT 60)

# -sharedDb (issue 21): a database per access key id and region by default,
# one with -sharedDb; in memory and in a data directory.
add_test(NAME server_shared_db
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/shared_db_test.py
          $<TARGET_FILE:eddy-server>)

# Table status windows (-delayTransientStatuses): boto3's and the AWS CLI's
# table waiters through CREATING and DELETING (about 3 s).
add_test(NAME server_lifecycle_waiters
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/lifecycle_waiter_test.py
          $<TARGET_FILE:eddy-server>)
set_tests_properties(server_lifecycle_waiters PROPERTIES TIMEOUT 60)

# DynamoDB's recorded answers to malformed requests (the public
# dynamodb-conformance captures, 2026-06..08): 37 probes over raw HTTP, each
# answer one DynamoDB gave (about a second).
add_test(NAME server_conformance_probes
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/conformance_probes_test.py
          $<TARGET_FILE:eddy-server>)
set_tests_properties(server_conformance_probes PROPERTIES TIMEOUT 60)
