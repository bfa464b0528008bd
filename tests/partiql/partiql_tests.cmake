# PartiQL front-end tests.
eddy_test(partiql_test
  SOURCES partiql/golden_test.cc partiql/lexer_test.cc partiql/robustness_test.cc
          partiql/parse_cache_test.cc partiql/plan_cache_test.cc
  DEPS eddy::partiql)
# golden_test.cc reads (and with EDDY_GOLDEN_REWRITE=1 rewrites) the files here.
target_compile_definitions(partiql_test PRIVATE
  EDDY_PARTIQL_TESTDATA_DIR="${CMAKE_CURRENT_LIST_DIR}/testdata")

# ExecuteStatement through the typed API and Execute, and generated
# statements against a live table (engine_robustness_test.cc).
eddy_test(partiql_execute_test
  SOURCES partiql/execute_statement_test.cc partiql/engine_robustness_test.cc
  DEPS eddy::wire)

# The execution-case table: which operation each statement runs as, and the
# ConsumedCapacity it reports.
eddy_test(partiql_execution_cases_test
  SOURCES partiql/execution_cases_test.cc
  DEPS eddy::api eddy::partiql)
