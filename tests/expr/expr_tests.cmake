# Expression test suites (owned by the expressions work).
eddy_test(expr_test
  SOURCES expr/condition_parser_test.cc expr/resolve_test.cc
          expr/evaluate_test.cc expr/key_condition_test.cc
          expr/update_test.cc expr/projection_test.cc
          expr/golden_test.cc
  DEPS eddy::expr)
# golden_test.cc reads (and with EDDY_GOLDEN_REWRITE=1 rewrites) the files here.
target_compile_definitions(expr_test PRIVATE
  EDDY_GOLDEN_TESTDATA_DIR="${CMAKE_CURRENT_LIST_DIR}/testdata")
