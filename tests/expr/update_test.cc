// Copyright 2026 The eddy Authors.
//
// UpdateExpression: {expression -> canonical dump} and {expression -> exact
// error} tables, apply tables {item, update, values -> item after,
// UPDATED_OLD, UPDATED_NEW}, runtime errors, the key check, a print/parse
// round trip and robustness against deep or random input.

#include "emulator/expr/update.h"

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/expr/expr_test_util.h"
#include "tests/expr/item_notation.h"

namespace eddy::expr {
namespace {

using testing::ParseItem;
using testing::TestNames;
using testing::TestValues;

StatusOr<ResolvedUpdate> Compile(std::string_view text) {
  PlaceholderUsage usage;
  return CompileUpdate(text, &TestNames(), &TestValues(), &usage);
}

std::string Repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out.append(s);
  return out;
}

// --- Grammar ---------------------------------------------------------------

struct ParseCase {
  const char* expression;
  const char* dump;
};

const ParseCase kParseCases[] = {
    // SET value forms.
    {"SET a = :v", "(set a :v)"},
    {"set a = :v", "(set a :v)"},
    {"SeT a=:v", "(set a :v)"},
    {"  SET\ta\n=\r:v  ", "(set a :v)"},
    {"SET a = b", "(set a b)"},
    {"SET a = :v, b = :w", "(set a :v) (set b :w)"},
    {"SET a = a + :n", "(set a (+ a :n))"},
    {"SET a = :n - a", "(set a (- :n a))"},
    {"SET a=b+c", "(set a (+ b c))"},
    {"SET a = b - c", "(set a (- b c))"},
    {"SET a = (a + :n)", "(set a (+ a :n))"},
    {"SET a = (a) + (:n)", "(set a (+ a :n))"},
    {"SET a = ((a) + :n)", "(set a (+ a :n))"},
    {"SET a = (b)", "(set a b)"},
    {"SET a = ((b))", "(set a b)"},
    {"SET a = if_not_exists(a, :v)", "(set a (if_not_exists a :v))"},
    {"SET a = list_append(a, :l)", "(set a (list_append a :l))"},
    {"SET a = list_append(:l, a)", "(set a (list_append :l a))"},
    {"SET a = if_not_exists(a, :z) + :n",
     "(set a (+ (if_not_exists a :z) :n))"},
    {"SET a = :n + if_not_exists(a, :z)",
     "(set a (+ :n (if_not_exists a :z)))"},
    {"SET a = list_append(if_not_exists(a, :e), :l)",
     "(set a (list_append (if_not_exists a :e) :l))"},
    {"SET a = if_not_exists(b, if_not_exists(c, :v))",
     "(set a (if_not_exists b (if_not_exists c :v)))"},
    {"SET a = if_not_exists((b), (:v))", "(set a (if_not_exists b :v))"},
    {"SET a = if_not_exists (b , :v)", "(set a (if_not_exists b :v))"},
    // Paths on both sides.
    {"SET a.b[1].c = :v", "(set a.b[1].c :v)"},
    {"SET a . b [ 1 ] = :v", "(set a.b[1] :v)"},
    {"SET #n = #a", "(set #n #a)"},
    {"SET #123 = :123", "(set #123 :123)"},
    {"SET a = :Alpha_Numeric_1", "(set a :Alpha_Numeric_1)"},
    {"SET Alpha_Numeric_123 = :v", "(set Alpha_Numeric_123 :v)"},
    {"SET a[0] = :v, a[2] = :w", "(set a[0] :v) (set a[2] :w)"},
    {"SET a.b.c = a.b.c", "(set a.b.c a.b.c)"},
    {"SET a[007] = :v", "(set a[7] :v)"},
    {"SET z = a.c[1].#n.y[1]", "(set z a.c[1].#n.y[1])"},
    // REMOVE, ADD, DELETE.
    {"REMOVE a", "(remove a)"},
    {"remove a", "(remove a)"},
    {"REMOVE a, b.c, d[3]", "(remove a) (remove b.c) (remove d[3])"},
    {"REMOVE l[0], l[1], l[2]", "(remove l[0]) (remove l[1]) (remove l[2])"},
    {"ADD a :n", "(add a :n)"},
    {"add a :n, s :ss", "(add a :n) (add s :ss)"},
    {"ADD m.a.c :inc", "(add m.a.c :inc)"},
    {"DELETE s :ss", "(delete s :ss)"},
    {"delete s :ss, m.t :ss", "(delete s :ss) (delete m.t :ss)"},
    // Clauses in any order, each once.
    {"SET a = :v REMOVE b ADD c :n DELETE d :ss",
     "(set a :v) (remove b) (add c :n) (delete d :ss)"},
    {"DELETE d :ss ADD c :n REMOVE b SET a = :v",
     "(delete d :ss) (add c :n) (remove b) (set a :v)"},
    {"remove a add b :n", "(remove a) (add b :n)"},
    {"REMOVE a SET b = a", "(remove a) (set b a)"},
    {"SET a = :v, b = c + :n REMOVE d, e",
     "(set a :v) (set b (+ c :n)) (remove d) (remove e)"},
    // Overlaps are found by the resolver, not the parser.
    {"SET a = :v REMOVE a", "(set a :v) (remove a)"},
    {"SET a = :v, a = :w", "(set a :v) (set a :w)"},
    // Keywords of conditions are fine as function-free values here.
    {"SET a = :v, b = :v", "(set a :v) (set b :v)"},
};

TEST(UpdateParserTest, ParseTable) {
  for (const ParseCase& c : kParseCases) {
    StatusOr<ParsedUpdate> parsed = ParseUpdate(c.expression);
    ASSERT_THAT(parsed, IsOk()) << c.expression;
    EXPECT_EQ(parsed->DebugString(), c.dump) << c.expression;
  }
}

TEST(UpdateParserTest, PrintParseRoundTrip) {
  for (const ParseCase& c : kParseCases) {
    StatusOr<ParsedUpdate> parsed = ParseUpdate(c.expression);
    ASSERT_THAT(parsed, IsOk()) << c.expression;
    std::string printed = parsed->ToExpression();
    StatusOr<ParsedUpdate> again = ParseUpdate(printed);
    ASSERT_THAT(again, IsOk()) << printed;
    EXPECT_EQ(again->DebugString(), parsed->DebugString()) << printed;
    EXPECT_EQ(again->ToExpression(), printed);
  }
}

struct ErrorCase {
  const char* expression;
  const char* error;  // without the "Invalid UpdateExpression: " prefix
};

const ErrorCase kErrorCases[] = {
    // Empty and syntax.
    {"", "The expression can not be empty;"},
    {"   ", "The expression can not be empty;"},
    {"SET", "Syntax error; token: \"<EOF>\", near: \"SET\""},
    {"SET a", "Syntax error; token: \"<EOF>\", near: \"a\""},
    {"SET a =", "Syntax error; token: \"<EOF>\", near: \"=\""},
    {"SET a = :n + :n + :n", "Syntax error; token: \"+\", near: \":n + :n\""},
    {"SET a = (:n + :n) + :n", "Syntax error; token: \"+\", near: \") + :n\""},
    {"SET a = b c", "Syntax error; token: \"c\", near: \"b c\""},
    {"HELLO b = :v", "Syntax error; token: \"HELLO\", near: \"HELLO b\""},
    {"SET :a = :b", "Syntax error; token: \":a\", near: \"SET :a =\""},
    {"SET a[:x] = :v", "Syntax error; token: \":x\", near: \"[:x]\""},
    {"SET a[#x] = :v", "Syntax error; token: \"#x\", near: \"[#x]\""},
    {"SET a[-1] = :v", "Syntax error; token: \"-\", near: \"[-1\""},
    {"SET a.b. = :v", "Syntax error; token: \"=\", near: \". = :v\""},
    {"SET a = :v,", "Syntax error; token: \"<EOF>\", near: \",\""},
    {"REMOVE", "Syntax error; token: \"<EOF>\", near: \"REMOVE\""},
    {"REMOVE a b", "Syntax error; token: \"b\", near: \"a b\""},
    {"REMOVE a = :v", "Syntax error; token: \"=\", near: \"a = :v\""},
    {"ADD a", "Syntax error; token: \"<EOF>\", near: \"a\""},
    {"ADD a b", "Syntax error; token: \"b\", near: \"a b\""},
    {"ADD a :n + :n", "Syntax error; token: \"+\", near: \":n + :n\""},
    {"DELETE a = :ss", "Syntax error; token: \"=\", near: \"a = :ss\""},
    {"SET a = if_not_exists(a :v)",
     "Syntax error; token: \":v\", near: \"a :v)\""},
    {"SET a = if_not_exists(a, :v",
     "Syntax error; token: \"<EOF>\", near: \":v\""},
    {"SET a = list_append()", "Syntax error; token: \")\", near: \"()\""},
    {"SET c = if_not_exists(c, :n + :n)",
     "Syntax error; token: \"+\", near: \":n + :n\""},
    {"SET a = (((b)))", "Syntax error; token: \"(\", near: \"((b\""},
    {"SET a = _f(b)", "Syntax error; token: \"_f\", near: \"= _f(\""},
    {"SET a = 1", "Syntax error; token: \"1\", near: \"= 1\""},
    {"SET set = :v", "Syntax error; token: \"set\", near: \"SET set =\""},
    {"SET a = :v SET", "Syntax error; token: \"<EOF>\", near: \"SET\""},
    {"SET a = :v, REMOVE b",
     "Syntax error; token: \"REMOVE\", near: \", REMOVE b\""},
    {"SET a = b!", "Syntax error; token: \"!\", near: \"b!\""},
    {"SET a = :v AND b = :v",
     "Syntax error; token: \"AND\", near: \":v AND b\""},
    {"SET a = -:n", "Syntax error; token: \"-\", near: \"= -:n\""},
    {"SET a == :v", "Syntax error; token: \"=\", near: \"== :v\""},
    // Deferred parse errors, by priority: reserved word, function, section.
    {"SET name = :v",
     "Attribute name is a reserved keyword; reserved keyword: name"},
    {"SET a = Size",
     "Attribute name is a reserved keyword; reserved keyword: Size"},
    {"REMOVE a.#n, b.status",
     "Attribute name is a reserved keyword; reserved keyword: status"},
    {"SET a = f(b)", "Invalid function name; function: f"},
    {"SET a = f123_hi(b, c, d)", "Invalid function name; function: f123_hi"},
    {"SET a = LIST_APPEND(a, :l)",
     "Invalid function name; function: LIST_APPEND"},
    {"SET a = If_Not_Exists(a, :l)",
     "Invalid function name; function: If_Not_Exists"},
    {"SET a = size(b)", "The function is not allowed in an update expression"},
    {"SET a = attribute_exists(b)",
     "The function is not allowed in an update expression"},
    {"SET a = begins_with(b, :s) + :n",
     "The function is not allowed in an update expression"},
    {"SET a = :v SET b = :v",
     "The \"SET\" section can only be used once in an update expression;"},
    {"SET a = :v REMOVE b SET c = :v",
     "The \"SET\" section can only be used once in an update expression;"},
    {"REMOVE a REMOVE b",
     "The \"REMOVE\" section can only be used once in an update expression;"},
    {"ADD a :n ADD b :n",
     "The \"ADD\" section can only be used once in an update expression;"},
    {"delete a :ss DELETE b :ss",
     "The \"DELETE\" section can only be used once in an update expression;"},
    {"SET a = :v SET name = :v",
     "Attribute name is a reserved keyword; reserved keyword: name"},
    {"SET a = f(b) SET c = :v", "Invalid function name; function: f"},
    {"SET name = f(b)",
     "Attribute name is a reserved keyword; reserved keyword: name"},
    // Placeholders (names before values), then overlaps and conflicts.
    {"SET #undefined = :v",
     "An expression attribute name used in the document path is not "
     "defined; attribute name: #undefined"},
    {"SET a = #undefined",
     "An expression attribute name used in the document path is not "
     "defined; attribute name: #undefined"},
    {"SET a = :undefined",
     "An expression attribute value used in expression is not defined; "
     "attribute value: :undefined"},
    {"ADD a :undefined",
     "An expression attribute value used in expression is not defined; "
     "attribute value: :undefined"},
    {"SET a = :undefined, #undefined = :n",
     "An expression attribute name used in the document path is not "
     "defined; attribute name: #undefined"},
    {"SET a = :v SET b = :undefined",
     "The \"SET\" section can only be used once in an update expression;"},
    {"SET a = :n, a = :s",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a]"},
    {"SET a.b = :n, a = :s",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a]"},
    {"SET a = :n, a.b = :s",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a, b]"},
    {"SET l[0] = :n REMOVE l[0]",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [l, [0]], path two: [l, [0]]"},
    {"REMOVE a SET a = :s",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a]"},
    {"SET #a = :n, a = :s",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a]"},
    {"SET a[1][1][1][1] = :n, a[1][1] = :s",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a, [1], [1], [1], [1]], path two: [a, [1], "
     "[1]]"},
    {"ADD a.b :n DELETE a.b.c :ss",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a, b, c]"},
    {"SET #n.#dot = :n REMOVE #n",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [name, x.y], path two: [name]"},
    {"SET a.b = :n, a[1] = :s",
     "Two document paths conflict with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a, [1]]"},
    {"SET a.b.c = :n, a.b[2] = :s",
     "Two document paths conflict with each other; must remove or rewrite one "
     "of these paths; path one: [a, b, c], path two: [a, b, [2]]"},
    {"SET a.b = :n, a[1] = :s, a.b = :n",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a, b]"},
    // ADD / DELETE literal types.
    {"ADD a :s",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: STRING"},
    {"ADD a :b",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: BINARY"},
    {"ADD a :bool",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: BOOLEAN"},
    {"ADD a :null",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: NULL"},
    {"ADD a :l",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: LIST"},
    {"ADD a :m",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: MAP"},
    {"DELETE a :n",
     "Incorrect operand type for operator or function; operator: DELETE, "
     "operand type: NUMBER"},
    {"DELETE a :s",
     "Incorrect operand type for operator or function; operator: DELETE, "
     "operand type: STRING"},
    {"ADD a :ns, b :s, c :l",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: STRING"},
    // Functions and arithmetic.
    {"SET a = :s + :n",
     "Incorrect operand type for operator or function; operator or function: "
     "+, operand type: S"},
    {"SET a = :n - :l",
     "Incorrect operand type for operator or function; operator or function: "
     "-, operand type: L"},
    {"SET a = :ss + b",
     "Incorrect operand type for operator or function; operator or function: "
     "+, operand type: SS"},
    {"SET a = list_append(:s, a)",
     "Incorrect operand type for operator or function; operator or function: "
     "list_append, operand type: S"},
    {"SET a = list_append(a, :m)",
     "Incorrect operand type for operator or function; operator or function: "
     "list_append, operand type: M"},
    {"SET a = list_append(:l)",
     "Incorrect number of operands for operator or function; operator or "
     "function: list_append, number of operands: 1"},
    {"SET a = list_append(:l, :l, :l)",
     "Incorrect number of operands for operator or function; operator or "
     "function: list_append, number of operands: 3"},
    {"SET a = if_not_exists(a)",
     "Incorrect number of operands for operator or function; operator or "
     "function: if_not_exists, number of operands: 1"},
    {"SET a = if_not_exists(:n, :n)",
     "Operator or function requires a document path; operator or function: "
     "if_not_exists"},
    {"SET a = if_not_exists(if_not_exists(a, :n), :n)",
     "Operator or function requires a document path; operator or function: "
     "if_not_exists"},
    {"SET a = list_append(list_append(:l, :l), :l)",
     "The function is not allowed to be used this way in an expression; "
     "function: list_append"},
    {"SET c = :s + :n ADD a :s",
     "Incorrect operand type for operator or function; operator: ADD, "
     "operand type: STRING"},
    {"SET a = :s + :n, a = :n",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a]"},
    {"SET a = if_not_exists(:n, :n) + :s",
     "Operator or function requires a document path; operator or function: "
     "if_not_exists"},
};

TEST(UpdateParserTest, ErrorTable) {
  for (const ErrorCase& c : kErrorCases) {
    EXPECT_THAT(
        Compile(c.expression),
        StatusIsExactly(ErrorCode::kValidation,
                        std::string("Invalid UpdateExpression: ") + c.error))
        << c.expression;
  }
}

// --- Resolution --------------------------------------------------------------

TEST(UpdateResolveTest, SubstitutesAndRecordsUsage) {
  PlaceholderUsage usage;
  StatusOr<ResolvedUpdate> update = CompileUpdate(
      "SET #n.#dot = if_not_exists(#a, :n) + :n3 REMOVE #b[1] ADD s :ss",
      &TestNames(), &TestValues(), &usage);
  ASSERT_THAT(update, IsOk());
  EXPECT_EQ(update->DebugString(),
            "(set `name`.`x.y` (+ (if_not_exists `a` {N:1}) {N:3})) "
            "(remove `b`[1]) (add s {SS:[\"x\",\"y\"]})");
  EXPECT_THAT(usage.names, ::testing::ElementsAre("#a", "#b", "#dot", "#n"));
  EXPECT_THAT(usage.values, ::testing::ElementsAre(":n", ":n3", ":ss"));
}

TEST(UpdateResolveTest, AbsentMapsMeanUndefined) {
  PlaceholderUsage usage;
  EXPECT_THAT(CompileUpdate("SET a = :v", nullptr, nullptr, &usage),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid UpdateExpression: An expression "
                              "attribute value used in expression is not "
                              "defined; attribute value: :v"));
  EXPECT_THAT(CompileUpdate("REMOVE #a", nullptr, nullptr, &usage),
              StatusIs(ErrorCode::kValidation, "attribute name: #a"));
  EXPECT_THAT(CompileUpdate("REMOVE a", nullptr, nullptr, &usage), IsOk());
}

TEST(UpdateKeyTest, KeyAttributesCannotBeWritten) {
  const std::vector<std::string> keys = {"pk", "sk"};
  const std::string message =
      "One or more parameter values were invalid: Cannot update attribute "
      "%s. This attribute is part of the key";
  struct Row {
    const char* expression;
    const char* key;  // null: allowed
  };
  const Row rows[] = {
      {"SET pk = :s", "pk"},     {"SET #sk = :s", "sk"},
      {"REMOVE pk", "pk"},       {"ADD sk :n", "sk"},
      {"DELETE pk :ss", "pk"},   {"SET pk.x = :s", "pk"},
      {"REMOVE sk[0]", "sk"},    {"SET a = :s, sk = :s", "sk"},
      {"SET a = pk", nullptr},   {"SET a = #pk, b = sk + :n", nullptr},
      {"SET pkx = :s", nullptr}, {"REMOVE a.pk", nullptr},
  };
  for (const Row& row : rows) {
    StatusOr<ResolvedUpdate> update = Compile(row.expression);
    ASSERT_THAT(update, IsOk()) << row.expression;
    Status status = CheckKeyAttributesUntouched(*update, keys);
    if (row.key == nullptr) {
      EXPECT_THAT(status, IsOk()) << row.expression;
    } else {
      std::string expected = message;
      expected.replace(expected.find("%s"), 2, row.key);
      EXPECT_THAT(status, StatusIsExactly(ErrorCode::kValidation, expected))
          << row.expression;
    }
  }
}

// --- Application -------------------------------------------------------------

struct ApplyCase {
  const char* item;  // item notation (item_notation.h); "" = no item
  const char* update;
  const char* values;  // ExpressionAttributeValues in item notation
  const char* after;
  const char* updated_old;
  const char* updated_new;
};

const ApplyCase kApplyCases[] = {
    // SET of values and copies; right-hand sides read the old item.
    {"{pk=\"k\"}", "SET a = :v", "{:v=1}", "{pk=\"k\", a=1}", "", "{a=1}"},
    {"", "SET a = :v, b = :w", "{:v=1, :w=\"x\"}", "{a=1, b=\"x\"}", "",
     "{a=1, b=\"x\"}"},
    {"{a=\"x\"}", "SET b = a", "", "{a=\"x\", b=\"x\"}", "", "{b=\"x\"}"},
    {"{a=1}", "SET a = :v, b = a", "{:v=2}", "{a=2, b=1}", "{a=1}",
     "{a=2, b=1}"},
    {"{a=\"h\"}", "REMOVE a SET b = a", "", "{b=\"h\"}", "{a=\"h\"}",
     "{b=\"h\"}"},
    {"{a=\"h\"}", "SET a = a", "", "{a=\"h\"}", "{a=\"h\"}", "{a=\"h\"}"},
    {"{m={x=7}}", "SET z = m.x", "", "{m={x=7}, z=7}", "", "{z=7}"},
    {"", "SET #dot = :v", "{:v=1}", "{\"x.y\"=1}", "", "{\"x.y\"=1}"},
    {"", "SET e = :e, f = :f", "{:e=\"\", :f=[]}", "{e=\"\", f=[]}", "",
     "{e=\"\", f=[]}"},
    // Arithmetic.
    {"{n=5}", "SET n = n + :one", "{:one=1}", "{n=6}", "{n=5}", "{n=6}"},
    {"{n=3}", "SET n = :ten - n", "{:ten=10}", "{n=7}", "{n=3}", "{n=7}"},
    {"{n=1.5}", "SET n = n + :d", "{:d=0.25}", "{n=1.75}", "{n=1.5}",
     "{n=1.75}"},
    {"{n=1}", "SET m = n - :d", "{:d=3}", "{n=1, m=-2}", "", "{m=-2}"},
    {"{a=2, b=17}", "SET a = b + a", "", "{a=19, b=17}", "{a=2}", "{a=19}"},
    // if_not_exists and list_append.
    {"{pk=\"k\"}", "SET c = if_not_exists(c, :z) + :one", "{:z=0, :one=1}",
     "{pk=\"k\", c=1}", "", "{c=1}"},
    {"{c=5}", "SET c = if_not_exists(c, :z) + :one", "{:z=0, :one=1}", "{c=6}",
     "{c=5}", "{c=6}"},
    {"{a=2}", "SET b = if_not_exists(a, :v)", "{:v=6}", "{a=2, b=2}", "",
     "{b=2}"},
    {"", "SET a = if_not_exists(b, if_not_exists(c, :v))", "{:v=3}", "{a=3}",
     "", "{a=3}"},
    {"{l=[1]}", "SET l = list_append(l, :x)", "{:x=[2, 3]}", "{l=[1, 2, 3]}",
     "{l=[1]}", "{l=[1, 2, 3]}"},
    {"{l=[1]}", "SET l = list_append(:x, l)", "{:x=[2, 3]}", "{l=[2, 3, 1]}",
     "{l=[1]}", "{l=[2, 3, 1]}"},
    {"", "SET l = list_append(if_not_exists(l, :e), :x)", "{:e=[], :x=[1]}",
     "{l=[1]}", "", "{l=[1]}"},
    // List elements: replace, append past the end in index order.
    {"{l=[\"a\", \"b\", \"c\"]}", "SET l[1] = :v", "{:v=\"z\"}",
     "{l=[\"a\", \"z\", \"c\"]}", "{l=[\"b\"]}", "{l=[\"z\"]}"},
    {"{l=[\"a\", \"b\", \"c\"]}", "SET l[7] = :v", "{:v=\"z\"}",
     "{l=[\"a\", \"b\", \"c\", \"z\"]}", "", ""},
    {"{l=[\"a\", \"b\", \"c\"]}", "SET l[84] = :a, l[37] = :b, l[17] = :c",
     "{:a=\"w\", :b=\"x\", :c=\"y\"}",
     "{l=[\"a\", \"b\", \"c\", \"y\", \"x\", \"w\"]}", "", ""},
    {"{l=[1, 2]}", "SET l[5] = :w, l[0] = :v", "{:v=8, :w=9}", "{l=[8, 2, 9]}",
     "{l=[1]}", "{l=[8]}"},
    {"{l=[{a=1}, {a=2}]}", "SET l[1].a = :v", "{:v=5}", "{l=[{a=1}, {a=5}]}",
     "{l=[{a=2}]}", "{l=[{a=5}]}"},
    // REMOVE: no-ops, shifting, original indexes.
    {"{a=1}", "REMOVE b", "", "{a=1}", "", ""},
    {"{a=1, b=2}", "REMOVE a", "", "{b=2}", "{a=1}", ""},
    {"{l=[1, 2]}", "REMOVE l[5]", "", "{l=[1, 2]}", "", ""},
    {"{l=[1, 2, 3, 4]}", "REMOVE l[1]", "", "{l=[1, 3, 4]}", "{l=[2]}",
     "{l=[3]}"},
    {"{l=[1, 2, 3, 4]}", "REMOVE l[2], l[0]", "", "{l=[2, 4]}", "{l=[1, 3]}",
     "{l=[2]}"},
    {"{l=[2, 3, 4, 5, 6, 7]}", "REMOVE l[1] SET l[3] = :v", "{:v=17}",
     "{l=[2, 4, 17, 6, 7]}", "{l=[3, 5]}", "{l=[4, 6]}"},
    {"{l=[2, 3, 4, 5, 6, 7]}", "SET l[3] = :v REMOVE l[1]", "{:v=17}",
     "{l=[2, 4, 17, 6, 7]}", "{l=[3, 5]}", "{l=[4, 6]}"},
    {"{a=[1]}", "REMOVE a[0]", "", "{a=[]}", "{a=[1]}", ""},
    {"{a={b=1}}", "REMOVE a.b", "", "{a={}}", "{a={b=1}}", ""},
    {"{a={x=3}, b=[\"hi\"]}", "REMOVE a.y, b[7], c", "",
     "{a={x=3}, b=[\"hi\"]}", "", ""},
    {"{a={b=3, c=[\"hi\", {x={y=[3, 5, 7]}, q=2}]}}",
     "REMOVE a.c[1].x.y[1], a.c[1].q", "",
     "{a={b=3, c=[\"hi\", {x={y=[3, 7]}}]}}", "{a={c=[{x={y=[5]}, q=2}]}}",
     "{a={c=[{x={y=[7]}}]}}"},
    {"", "REMOVE x.y, z[0]", "", "", "", ""},
    // Nested SET into maps.
    {"{a={b=3}}", "SET a.c = :v", "{:v=7}", "{a={b=3, c=7}}", "", "{a={c=7}}"},
    {"{a={b=3, c={one=1}}}", "SET a.c = :v", "{:v=7}", "{a={b=3, c=7}}",
     "{a={c={one=1}}}", "{a={c=7}}"},
    {"{a={x=3, y=4, c={y=3}}, b={x=1, y=2}}",
     "SET a.b = :v1, a.c.d = :v2, b.x = :v3 REMOVE a.x, b.y",
     "{:v1=10, :v2=\"dog\", :v3=17}",
     "{a={y=4, b=10, c={y=3, d=\"dog\"}}, b={x=17}}", "{a={x=3}, b={x=1, y=2}}",
     "{a={b=10, c={d=\"dog\"}}, b={x=17}}"},
    // ADD numbers and sets.
    {"{n=3}", "ADD n :v", "{:v=4}", "{n=7}", "{n=3}", "{n=7}"},
    {"{pk=\"k\"}", "ADD n :v", "{:v=4}", "{pk=\"k\", n=4}", "", "{n=4}"},
    {"{n=1}", "ADD n :v", "{:v=-1.5}", "{n=-0.5}", "{n=1}", "{n=-0.5}"},
    {"{m={a={c=3, d=1}}}", "ADD m.a.c :inc", "{:inc=1}", "{m={a={c=4, d=1}}}",
     "{m={a={c=3}}}", "{m={a={c=4}}}"},
    {"{s=<<\"a\", \"b\">>}", "ADD s :v", "{:v=<<\"b\", \"c\">>}",
     "{s=<<\"a\", \"b\", \"c\">>}", "{s=<<\"a\", \"b\">>}",
     "{s=<<\"a\", \"b\", \"c\">>}"},
    {"", "ADD s :v", "{:v=<<\"cat\">>}", "{s=<<\"cat\">>}", "",
     "{s=<<\"cat\">>}"},
    {"{ns=<<1, 2>>}", "ADD ns :v", "{:v=<<2, 3.0>>}", "{ns=<<1, 2, 3>>}",
     "{ns=<<1, 2>>}", "{ns=<<1, 2, 3>>}"},
    {"{bs=<<b\"a\">>}", "ADD bs :v", "{:v=<<b\"b\">>}",
     "{bs=<<b\"a\", b\"b\">>}", "{bs=<<b\"a\">>}", "{bs=<<b\"a\", b\"b\">>}"},
    {"{l=[1, 5]}", "ADD l[1] :v", "{:v=2}", "{l=[1, 7]}", "{l=[5]}", "{l=[7]}"},
    // DELETE from sets.
    {"{s=<<\"a\", \"b\", \"c\">>}", "DELETE s :v",
     "{:v=<<\"a\", \"c\", \"z\">>}", "{s=<<\"b\">>}",
     "{s=<<\"a\", \"b\", \"c\">>}", "{s=<<\"b\">>}"},
    {"{s=<<\"a\">>, k=1}", "DELETE s :v", "{:v=<<\"a\">>}", "{k=1}",
     "{s=<<\"a\">>}", ""},
    {"{k=1}", "DELETE s :v", "{:v=<<\"a\">>}", "{k=1}", "", ""},
    {"{ns=<<1, 2>>}", "DELETE ns :v", "{:v=<<2.0>>}", "{ns=<<1>>}",
     "{ns=<<1, 2>>}", "{ns=<<1>>}"},
    {"", "DELETE m.s :v", "{:v=<<\"a\">>}", "", "", ""},
    // All four clauses together.
    {"{a=0, b=1, c=2, d=<<\"x\", \"y\">>}",
     "SET a = :v REMOVE b ADD c :n DELETE d :s",
     "{:v=\"new\", :n=3, :s=<<\"y\">>}", "{a=\"new\", c=5, d=<<\"x\">>}",
     "{a=0, b=1, c=2, d=<<\"x\", \"y\">>}", "{a=\"new\", c=5, d=<<\"x\">>}"},
};

AttributeMap ValuesOf(const char* notation) { return ParseItem(notation); }

TEST(UpdateApplyTest, ApplyTable) {
  for (const ApplyCase& c : kApplyCases) {
    SCOPED_TRACE(std::string(c.update) + " on " + c.item);
    AttributeMap values = ValuesOf(c.values);
    PlaceholderUsage usage;
    StatusOr<ResolvedUpdate> update = CompileUpdate(
        c.update, &TestNames(), values.empty() ? nullptr : &values, &usage);
    ASSERT_THAT(update, IsOk());
    EXPECT_THAT(CheckAllPlaceholdersUsed(nullptr, &values, usage), IsOk());
    StatusOr<UpdateOutcome> outcome = ApplyUpdate(*update, ParseItem(c.item));
    ASSERT_THAT(outcome, IsOk());
    EXPECT_EQ(outcome->item, ParseItem(c.after));
    EXPECT_EQ(outcome->updated_old, ParseItem(c.updated_old));
    EXPECT_EQ(outcome->updated_new, ParseItem(c.updated_new));
  }
}

constexpr char kMissing[] =
    "The provided expression refers to an attribute that does not exist in "
    "the item";
constexpr char kBadPath[] =
    "The document path provided in the update expression is invalid for "
    "update";
constexpr char kBadType[] =
    "An operand in the update expression has an incorrect data type";
constexpr char kOverflow[] =
    "Number overflow. Attempting to store a number with magnitude larger "
    "than supported range";

struct ApplyErrorCase {
  const char* item;
  const char* update;
  const char* values;
  const char* error;
};

const ApplyErrorCase kApplyErrorCases[] = {
    // Missing attributes read by a SET value.
    {"{a=1}", "SET c = z", "", kMissing},
    {"", "SET c = z", "", kMissing},
    {"{a=1}", "SET z = z", "", kMissing},
    {"{pk=1}", "SET x = :v, y = x", "{:v=4}", kMissing},
    {"{a=1}", "SET a = b + :v", "{:v=1}", kMissing},
    {"{a=1}", "SET a = if_not_exists(b, c)", "", kMissing},
    {"{a=[1]}", "SET c = list_append(b, a)", "", kMissing},
    {"{a={b=1}}", "SET c = a.x", "", kMissing},
    // Runtime types.
    {"{b=\"s\"}", "SET a = b + :v", "{:v=1}", kBadType},
    {"{b=[1]}", "SET a = :v - b", "{:v=1}", kBadType},
    {"{b=7}", "SET a = list_append(b, :l)", "{:l=[1]}", kBadType},
    {"{b=<<1>>}", "SET a = list_append(:l, b)", "{:l=[1]}", kBadType},
    {"{b=\"hi\"}", "ADD b :v", "{:v=1}", kBadType},
    {"{s=<<\"a\">>}", "ADD s :v", "{:v=<<1>>}", kBadType},
    {"{a=[1, 2]}", "ADD a :v", "{:v=<<3>>}", kBadType},
    {"{n=1}", "ADD n :v", "{:v=<<1>>}", kBadType},
    {"{s=<<\"a\">>}", "DELETE s :v", "{:v=<<1>>}", kBadType},
    {"{n=5}", "DELETE n :v", "{:v=<<5>>}", kBadType},
    // Parents that are missing or of the wrong kind.
    {"{a=\"hello\"}", "SET a.c = :v", "{:v=7}", kBadPath},
    {"{b=[\"hi\"]}", "SET b.c = :v", "{:v=7}", kBadPath},
    {"{a=1}", "SET c.c = :v", "{:v=7}", kBadPath},
    {"", "SET c.c = :v", "{:v=7}", kBadPath},
    {"{a=\"hello\"}", "REMOVE a.c", "", kBadPath},
    {"{a=1}", "REMOVE c.c", "", kBadPath},
    {"{a=\"hello\"}", "SET a[0] = :v", "{:v=7}", kBadPath},
    {"{a={}}", "SET a[0] = :v", "{:v=7}", kBadPath},
    {"{a=1}", "REMOVE b[0]", "", kBadPath},
    {"{l=[1]}", "SET l[5].a = :v", "{:v=7}", kBadPath},
    {"{m={}}", "ADD m.x.y :v", "{:v=1}", kBadPath},
    {"", "ADD m.x :v", "{:v=1}", kBadPath},
    {"", "REMOVE x.y SET x.z = :v", "{:v=1}", kBadPath},
    // Number range.
    {"{n=9.9999999999999999999999999999999999999E+125}", "SET n = n + :v",
     "{:v=1E+125}", kOverflow},
    {"{n=9.9999999999999999999999999999999999999E+125}", "ADD n :v",
     "{:v=1E+125}", kOverflow},
    {"{n=1E+50}", "SET n = n + :v", "{:v=1}", kOverflow},
};

TEST(UpdateApplyTest, ErrorTable) {
  for (const ApplyErrorCase& c : kApplyErrorCases) {
    SCOPED_TRACE(std::string(c.update) + " on " + c.item);
    AttributeMap values = ValuesOf(c.values);
    PlaceholderUsage usage;
    StatusOr<ResolvedUpdate> update = CompileUpdate(
        c.update, &TestNames(), values.empty() ? nullptr : &values, &usage);
    ASSERT_THAT(update, IsOk());
    EXPECT_THAT(ApplyUpdate(*update, ParseItem(c.item)),
                StatusIsExactly(ErrorCode::kValidation, c.error));
  }
}

TEST(UpdateApplyTest, ResultNestingIsLimited) {
  // a.x.x...: 31 levels below a, so the written value sits at level 32.
  std::string path = "a";
  for (int i = 0; i < 30; ++i) path += ".x";
  AttributeValue inner = AttributeValue::M(AttributeMap());
  AttributeValue deep = AttributeValue::M(AttributeMap());
  for (int i = 0; i < 30; ++i) {
    deep = AttributeValue::M(AttributeMap{{"x", deep}});
  }
  Item item{{"a", deep}};
  AttributeMap values{
      {":scalar", AttributeValue::N(1)},
      {":map", AttributeValue::M(AttributeMap{{"y", AttributeValue::N(1)}})}};
  PlaceholderUsage usage;
  StatusOr<ResolvedUpdate> ok =
      CompileUpdate("SET " + path + ".x = :scalar", nullptr, &values, &usage);
  ASSERT_THAT(ok, IsOk());
  EXPECT_THAT(ApplyUpdate(*ok, item), IsOk());
  StatusOr<ResolvedUpdate> too_deep =
      CompileUpdate("SET " + path + ".x = :map", nullptr, &values, &usage);
  ASSERT_THAT(too_deep, IsOk());
  EXPECT_THAT(ApplyUpdate(*too_deep, item),
              StatusIsExactly(ErrorCode::kValidation,
                              "Nesting Levels have exceeded supported limits: "
                              "Attributes in the item have nested levels "
                              "beyond supported limit"));
  (void)inner;
}

// --- Limits and robustness
// -----------------------------------------------------

TEST(UpdateLimitsTest, SizeAndOperatorsAndDepth) {
  std::string padded = "SET a = :n" + std::string(4086, ' ');
  EXPECT_THAT(Compile(padded), IsOk());
  EXPECT_THAT(Compile(padded + " "),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid UpdateExpression: Expression size has "
                              "exceeded the maximum allowed size; expression "
                              "size: 4097"));
  auto sums = [](int n) {
    std::string text = "SET ";
    for (int i = 0; i < n; ++i) {
      if (i > 0) text += ",";
      text += "a" + std::to_string(i) + "=b+c";
    }
    return text;
  };
  EXPECT_THAT(Compile(sums(300)), IsOk());
  EXPECT_THAT(Compile(sums(301)),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid UpdateExpression: The expression "
                              "contains too many operators; operator count: "
                              "301"));
  std::string path32 = "a";
  for (int i = 1; i < 32; ++i) path32 += "[0]";
  EXPECT_THAT(Compile("REMOVE " + path32), IsOk());
  EXPECT_THAT(Compile("REMOVE " + path32 + ".b"),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid UpdateExpression: The document path has "
                              "too many nesting levels; nesting levels: 33"));
}

TEST(UpdateRobustnessTest, DeepFunctionNesting) {
  // 200 nested calls (as many as fit in 4 KB): within the operator limit,
  // and evaluation recurses as deep without trouble.
  std::string nested =
      "SET a = " + Repeat("if_not_exists(b, ", 200) + ":n" + Repeat(")", 200);
  StatusOr<ResolvedUpdate> update = Compile(nested);
  ASSERT_THAT(update, IsOk());
  StatusOr<UpdateOutcome> outcome = ApplyUpdate(*update, Item());
  ASSERT_THAT(outcome, IsOk());
  EXPECT_EQ(outcome->item, ParseItem("{a=1}"));
  EXPECT_THAT(Compile("SET a = " + Repeat("list_append(", 340)),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid UpdateExpression: The expression "
                              "contains too many operators; operator count: "
                              "301"));
  EXPECT_THAT(Compile("SET a = " + Repeat("f(", 2000)),
              StatusIs(ErrorCode::kValidation, "too many operators"));
  EXPECT_THAT(Compile("SET a = " + std::string(4000, '(')),
              StatusIs(ErrorCode::kValidation, "Syntax error"));
  EXPECT_THAT(Compile(std::string(4096, ')')),
              StatusIs(ErrorCode::kValidation, "Syntax error"));
}

TEST(UpdateRobustnessTest, RandomTokenSoupNeverCrashes) {
  const char* pieces[] = {"SET",
                          "REMOVE",
                          "ADD",
                          "DELETE",
                          "a",
                          "b",
                          ".",
                          "[",
                          "]",
                          "1",
                          "=",
                          "+",
                          "-",
                          "(",
                          ")",
                          ",",
                          ":n",
                          ":l",
                          "#a",
                          "if_not_exists(",
                          "list_append(",
                          "f(",
                          "\xFF",
                          " "};
  uint32_t state = 4242;
  int parsed_ok = 0;
  for (int i = 0; i < 5000; ++i) {
    std::string text;
    int length = 1 + static_cast<int>(state % 14);
    for (int j = 0; j < length; ++j) {
      state = state * 1103515245u + 12345u;
      text += pieces[(state >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
      text += ' ';
    }
    StatusOr<ParsedUpdate> parsed = ParseUpdate(text);
    if (!parsed.ok()) {
      EXPECT_TRUE(
          parsed.status().message().starts_with("Invalid UpdateExpression: "))
          << text;
      continue;
    }
    ++parsed_ok;
    StatusOr<ParsedUpdate> again = ParseUpdate(parsed->ToExpression());
    ASSERT_THAT(again, IsOk()) << text;
    EXPECT_EQ(again->DebugString(), parsed->DebugString()) << text;
    // Whatever resolves must also apply or fail cleanly.
    PlaceholderUsage usage;
    StatusOr<ResolvedUpdate> resolved =
        ResolveUpdate(*parsed, &TestNames(), &TestValues(), &usage);
    if (resolved.ok()) {
      StatusOr<UpdateOutcome> outcome =
          ApplyUpdate(*resolved, ParseItem("{a=[1, {b=2}], b=3}"));
      if (!outcome.ok()) {
        EXPECT_TRUE(outcome.status().IsValidation()) << text;
      }
    }
  }
  EXPECT_GT(parsed_ok, 0);
}

}  // namespace
}  // namespace eddy::expr
