# Sources of the expression module (owned by the expressions work).
set(EDDY_EXPR_SOURCES
  expr/ast.cc
  expr/condition_parser.cc
  expr/evaluate.cc
  expr/expression_kind.cc
  expr/internal/path_parser.cc
  expr/internal/path_tree.cc
  expr/key_condition.cc
  expr/lexer.cc
  expr/projection.cc
  expr/reserved_words.cc
  expr/resolve.cc
  expr/update.cc
  expr/update_apply.cc)
