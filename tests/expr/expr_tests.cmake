# Expression test suites (owned by the expressions work).
eddy_test(expr_test
  SOURCES expr/condition_parser_test.cc expr/resolve_test.cc
          expr/evaluate_test.cc expr/key_condition_test.cc
          expr/update_test.cc expr/projection_test.cc
  DEPS eddy::expr)
