# Endpoint mode (tools/endpoint/, issue 24): SigV4 against AWS's test
# vectors, credentials and region, the HTTP client, and the model runner
# against eddy-server as a separate process.
eddy_test(endpoint_client_test
  SOURCES client/sigv4_test.cc client/credentials_test.cc
  DEPS eddy_endpoint_lib)

# eddy model run --endpoint against the eddy-server binary (started with
# --port 0, always stopped), with and without --throttle simulate.
if(TARGET eddy AND TARGET eddy-server)
  add_test(NAME endpoint_model_run
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/client/endpoint_model_test.py
            $<TARGET_FILE:eddy> $<TARGET_FILE:eddy-server> ${PROJECT_SOURCE_DIR})
  set_tests_properties(endpoint_model_run PROPERTIES TIMEOUT 180)
  # eddy scenario run --endpoint: the simulator's prediction next to what
  # eddy-server under --throttle simulate did (about 8 s of wall time).
  add_test(NAME endpoint_scenario_run
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/client/endpoint_scenario_test.py
            $<TARGET_FILE:eddy> $<TARGET_FILE:eddy-server> ${PROJECT_SOURCE_DIR})
  set_tests_properties(endpoint_scenario_run PROPERTIES TIMEOUT 120)
endif()

# The HTTP client against a scripted server; the model runner's endpoint
# backend against eddy-server in-process.
if(TARGET eddy_server_lib)
  if(NOT TARGET PkgConfig::HTTPLIB)
    pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
  endif()
  eddy_test(endpoint_http_test
    SOURCES client/http_client_test.cc
    DEPS eddy_endpoint_lib eddy_server_lib PkgConfig::HTTPLIB)
  target_compile_definitions(endpoint_http_test PRIVATE
    EDDY_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()

# Issue 17 through real clients: multi-attribute GSI keys (4+4 and 2+1:
# create, write, sparse membership, Query left to right, paging) and
# DescribeLimits, DescribeEndpoints and Contributor Insights, with boto3 and
# the AWS CLI against the eddy-server binary.
if(TARGET eddy-server)
  add_test(NAME client_gsi_ops_boto3
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/client/gsi_ops_clients_test.py
            $<TARGET_FILE:eddy-server> boto3)
  add_test(NAME client_gsi_ops_aws_cli
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/client/gsi_ops_clients_test.py
            $<TARGET_FILE:eddy-server> cli)
  set_tests_properties(client_gsi_ops_boto3 client_gsi_ops_aws_cli
    PROPERTIES TIMEOUT 120)
endif()
