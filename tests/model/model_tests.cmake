# Access-pattern model suites (owned by the model work).
eddy_test(model_test
  SOURCES model/key_template_test.cc model/loader_test.cc model/ulid_test.cc
          model/generator_test.cc model/runner_test.cc
          model/design_patterns_test.cc model/civil_time_test.cc
          model/validator_test.cc model/partiql_pattern_test.cc
          model/multi_key_test.cc
  DEPS eddy::model eddy::wire)
target_compile_definitions(model_test PRIVATE EDDY_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

# The other formats (model/formats/): AWS MCP schema, NoSQL Workbench,
# conversion between them and the seed format.
eddy_test(model_formats_test
  SOURCES model/formats_test.cc model/pk_only_test.cc
          model/multi_key_formats_test.cc
  DEPS eddy::model eddy::wire)
target_compile_definitions(model_formats_test PRIVATE
  EDDY_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

# `eddy model validate` and `eddy model run` end to end through the CLI.
if(TARGET eddy)
  add_test(NAME model_cli_validate_kayak
    COMMAND eddy model validate ${PROJECT_SOURCE_DIR}/model/kayak.json)
  add_test(NAME model_cli_validate_seed
    COMMAND eddy model validate ${PROJECT_SOURCE_DIR}/tests/model/testdata/kayak_seed.json)
  add_test(NAME model_cli_patterns COMMAND eddy model patterns)
  # A multi-attribute GSI key (2+2, one N attribute): every pattern verified.
  add_test(NAME model_cli_run_orders_multikey
    COMMAND eddy model run ${PROJECT_SOURCE_DIR}/model/orders_multikey.json
      --runs 10)
  # A declared data-version migration (workload "migration"): every pattern
  # verified before, during and after it, answers paged.
  add_test(NAME model_cli_validate_library_migration
    COMMAND eddy model validate
      ${PROJECT_SOURCE_DIR}/model/library_migration.json)
  add_test(NAME model_cli_run_library_migration
    COMMAND eddy model run ${PROJECT_SOURCE_DIR}/model/library_migration.json
      --runs 10 --page-size 7)
  add_test(NAME model_cli_rejects_bad_model
    COMMAND eddy model validate ${PROJECT_SOURCE_DIR}/tests/model/testdata/bad_model.json)
  set_tests_properties(model_cli_rejects_bad_model PROPERTIES
    WILL_FAIL TRUE)
  # The other formats through the CLI: run an AWS schema (reads and writes
  # verified) and a Workbench model, and convert kayak both ways.
  add_test(NAME model_cli_run_aws_schema
    COMMAND eddy model run
      ${PROJECT_SOURCE_DIR}/tests/model/testdata/formats/shop_schema.json
      --runs 10)
  add_test(NAME model_cli_run_workbench
    COMMAND eddy model run
      ${PROJECT_SOURCE_DIR}/tests/model/testdata/formats/music_workbench.json
      --runs 10)
  add_test(NAME model_cli_convert_kayak_workbench
    COMMAND eddy model convert ${PROJECT_SOURCE_DIR}/model/kayak.json -
      --to workbench)
  add_test(NAME model_cli_convert_kayak_aws_schema
    COMMAND eddy model convert ${PROJECT_SOURCE_DIR}/model/kayak.json -
      --to aws-schema)
endif()

# The CLI as a user meets it: every --help and --version, errors that say
# what to do, the exec example, and progress output (forced, non-terminal,
# on a pty).
if(TARGET eddy)
  add_test(NAME eddy_cli
    COMMAND python3 ${PROJECT_SOURCE_DIR}/tests/cli/eddy_cli_test.py
            $<TARGET_FILE:eddy> ${PROJECT_SOURCE_DIR})
  set_tests_properties(eddy_cli PROPERTIES TIMEOUT 300)
  # eddy export / import / snapshot: the kayak model out and back in, item
  # for item, in both export formats; CSV; a data directory.
  add_test(NAME eddy_transfer_cli
    COMMAND python3 ${PROJECT_SOURCE_DIR}/tests/cli/transfer_cli_test.py
            $<TARGET_FILE:eddy> ${PROJECT_SOURCE_DIR})
  set_tests_properties(eddy_transfer_cli PROPERTIES TIMEOUT 300)
endif()

# eddy's own operations (strict EddyInjectFault / EddyClearFaults,
# EddyAdvanceClock and TTL) through `eddy exec`, compared with golden output.
if(TARGET eddy)
  add_test(NAME eddy_exec_eddy_ops
    COMMAND ${CMAKE_COMMAND} -DEDDY=$<TARGET_FILE:eddy>
      -DINPUT=${PROJECT_SOURCE_DIR}/tests/cli/testdata/eddy_ops.jsonl
      -DEXPECTED=${PROJECT_SOURCE_DIR}/tests/cli/testdata/eddy_ops.expected
      -P ${PROJECT_SOURCE_DIR}/tests/wire/exec_smoke.cmake)
endif()

# The AWS MCP server's data-model validation format: the `aws dynamodb`
# command-line parser and dynamodb_data_model.json run in-process.
eddy_test(model_aws_test
  SOURCES model/cli_command_test.cc model/aws_data_model_test.cc
          model/aws_data_model_cost_test.cc model/aws_data_model_index_test.cc
          model/aws_data_model_projection_test.cc
  DEPS eddy_model_aws eddy::wire nlohmann_json::nlohmann_json)
target_compile_definitions(model_aws_test PRIVATE
  EDDY_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
if(TARGET eddy)
  add_test(NAME model_cli_aws_validate_example
    COMMAND eddy model validate
            ${PROJECT_SOURCE_DIR}/model/formats/examples/dynamodb_data_model.json)
  add_test(NAME model_cli_aws_run
    COMMAND eddy model run
            ${PROJECT_SOURCE_DIR}/tests/model/testdata/aws_data_model_ok.json
            --result ${CMAKE_CURRENT_BINARY_DIR}/aws_data_model_ok.validation.json)
  add_test(NAME model_cli_aws_rejects_bad_model
    COMMAND eddy model run
            ${PROJECT_SOURCE_DIR}/tests/model/testdata/aws_data_model_bad.json
            --result ${CMAKE_CURRENT_BINARY_DIR}/aws_data_model_bad.validation.json)
  set_tests_properties(model_cli_aws_rejects_bad_model PROPERTIES
    WILL_FAIL TRUE)
  # The run flags that apply to the format: --html, --rps, --utilization.
  add_test(NAME model_cli_aws_run_cost_html
    COMMAND eddy model run
            ${PROJECT_SOURCE_DIR}/tests/model/testdata/aws_data_model_ok.json
            --result ${CMAKE_CURRENT_BINARY_DIR}/aws_data_model_cost.validation.json
            --html ${CMAKE_CURRENT_BINARY_DIR}/aws_data_model_cost.html
            --rps 2 --utilization 0.5 --json)
  set_tests_properties(model_cli_aws_run_cost_html PROPERTIES
    PASS_REGULAR_EXPRESSION "\"cost\":{\"region\":\"us-east-1\"")
  # Cost per table and index and the design review, in the JSON report.
  add_test(NAME model_cli_aws_index_cost_review
    COMMAND eddy model run
            ${PROJECT_SOURCE_DIR}/tests/model/testdata/aws_data_model_indexes.json
            --result ${CMAKE_CURRENT_BINARY_DIR}/aws_data_model_indexes.validation.json
            --rps 1=100 --rps 2=10 --json)
  set_tests_properties(model_cli_aws_index_cost_review PROPERTIES
    PASS_REGULAR_EXPRESSION "\"indexes\":\\[.*\"index\":\"ByStatus\".*\"review\":\\[\\{\"check\":\"hot-partition-key\"")
  # Projection choices, sparse indexes and LSI item collections in the text
  # report (the data model's pattern 2 fails, as in DynamoDB: exit 1).
  add_test(NAME model_cli_aws_projection_sparse_lsi
    COMMAND eddy model run
            ${PROJECT_SOURCE_DIR}/tests/model/testdata/aws_data_model_projections.json
            --result ${CMAKE_CURRENT_BINARY_DIR}/aws_data_model_projections.validation.json
            --rps 1=100 --rps 2=50 --rps 3=20 --rps 4=10)
  set_tests_properties(model_cli_aws_projection_sparse_lsi PROPERTIES
    PASS_REGULAR_EXPRESSION "INCLUDE \\(title\\) +W/entry +1.00.*\\[sparse-index\\] index Tickets/ByState.*\\[lsi-collection\\] table Tickets")
  add_test(NAME model_cli_aws_refuses_wps
    COMMAND eddy model run
            ${PROJECT_SOURCE_DIR}/tests/model/testdata/aws_data_model_ok.json
            --wps 1)
  set_tests_properties(model_cli_aws_refuses_wps PROPERTIES
    PASS_REGULAR_EXPRESSION "price its write patterns with --rps")
endif()

# The model's cost estimate, design review and HTML report
# (model/analysis.h): costs by hand, each review check, the reports.
eddy_test(model_analysis_test
  SOURCES model/analysis_test.cc model/lsi_cost_test.cc
  DEPS eddy::model eddy::wire nlohmann_json::nlohmann_json)
target_compile_definitions(model_analysis_test PRIVATE EDDY_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

# `eddy model run` with a traffic mix, the cost and review in the text
# report, and the HTML page written beside it.
if(TARGET eddy)
  add_test(NAME model_cli_run_users_html
    COMMAND eddy model run
      ${PROJECT_SOURCE_DIR}/tests/model/testdata/analysis/users.json
      --quiet --html ${CMAKE_CURRENT_BINARY_DIR}/model_users_report.html)
  set_tests_properties(model_cli_run_users_html PROPERTIES
    PASS_REGULAR_EXPRESSION "total: \\$68\\.99 on demand, \\$39\\.86 provisioned.*Design review: no findings.*HTML report: ")
endif()

# Every format takes the run's flags (it runs as a seed model): an AWS
# schema with --html, a traffic flag and the review's "scan" finding; a
# Workbench model with --wps and --json.
if(TARGET eddy)
  add_test(NAME model_cli_run_aws_schema_html_traffic
    COMMAND eddy model run
      ${PROJECT_SOURCE_DIR}/tests/model/testdata/formats/shop_schema.json
      --runs 5 --quiet --rps 10 --rps 1=50
      --html ${CMAKE_CURRENT_BINARY_DIR}/model_shop_report.html)
  set_tests_properties(model_cli_run_aws_schema_html_traffic PROPERTIES
    PASS_REGULAR_EXPRESSION "Cost.*scan.*pattern 6 \\(.*\\) is a Scan of the table.*HTML report: .*model_shop_report\\.html")
  add_test(NAME model_cli_run_workbench_traffic_json
    COMMAND eddy model run
      ${PROJECT_SOURCE_DIR}/tests/model/testdata/formats/music_workbench.json
      --runs 5 --quiet --wps 20 --json)
  set_tests_properties(model_cli_run_workbench_traffic_json PROPERTIES
    PASS_REGULAR_EXPRESSION "\"cost\".*\"review\"")
endif()
