# Sources of the PartiQL front end (lexer, parser, planner).
set(EDDY_PARTIQL_SOURCES
  partiql/ast.cc
  partiql/internal/keywords.cc
  partiql/internal/parse_cache.cc
  partiql/internal/parse_expression.cc
  partiql/internal/plan_cache.cc
  partiql/internal/planner_common.cc
  partiql/internal/request_expressions.cc
  partiql/internal/select_planner.cc
  partiql/internal/translate.cc
  partiql/internal/values.cc
  partiql/internal/where_branches.cc
  partiql/internal/write_planner.cc
  partiql/lexer.cc
  partiql/parser.cc
  partiql/plan.cc
  partiql/plan_format.cc)
