// Copyright 2026 The eddy Authors.
//
// The lexer's tokens and positions (DynamoDB quotes `line:column:length`).

#include "emulator/partiql/lexer.h"

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gtest/gtest.h"

namespace eddy::partiql {
namespace {

std::string Dump(std::string_view text) {
  StatusOr<std::vector<Token>> tokens = Tokenize(text);
  if (!tokens.ok()) return "error: " + std::string(tokens.status().message());
  std::string out;
  for (const Token& t : *tokens) {
    if (!out.empty()) out += " ";
    out += std::string(TokenTypeName(t.type)) + "(" + t.text + ")@" +
           std::to_string(t.span.line) + ":" + std::to_string(t.span.column) +
           ":" + std::to_string(t.span.length);
  }
  return out;
}

TEST(PartiqlLexerTest, KeywordsIdentifiersAndLiterals) {
  EXPECT_EQ(Dump("SELECT a FROM \"T\""),
            "KEYWORD(select)@1:1:6 IDENTIFIER(a)@1:8:1 KEYWORD(from)@1:10:4 "
            "QUOTED_IDENTIFIER(T)@1:15:3 EOF()@1:18:0");
  EXPECT_EQ(Dump("x = 'it''s' AND y <> 1.5e3"),
            "IDENTIFIER(x)@1:1:1 OPERATOR(=)@1:3:1 LITERAL(it's)@1:5:7 "
            "OPERATOR(and)@1:13:3 IDENTIFIER(y)@1:17:1 OPERATOR(<>)@1:19:2 "
            "LITERAL(1.5e3)@1:22:5 EOF()@1:27:0");
  EXPECT_EQ(Dump("a != b"),
            "IDENTIFIER(a)@1:1:1 OPERATOR(<>)@1:3:2 IDENTIFIER(b)@1:6:1 "
            "EOF()@1:7:0");
}

TEST(PartiqlLexerTest, MultiWordKeywordsKeepTheFirstPosition) {
  EXPECT_EQ(
      Dump("a IS NOT MISSING"),
      "IDENTIFIER(a)@1:1:1 OPERATOR(is_not)@1:3:2 MISSING(missing)@1:10:7 "
      "EOF()@1:17:0");
  EXPECT_EQ(Dump("insert  into t"),
            "KEYWORD(insert_into)@1:1:6 IDENTIFIER(t)@1:14:1 EOF()@1:15:0");
  EXPECT_EQ(Dump("RETURNING all OLD *"),
            "KEYWORD(returning)@1:1:9 KEYWORD(all_old)@1:11:3 STAR(*)@1:19:1 "
            "EOF()@1:20:0");
}

TEST(PartiqlLexerTest, LinesAndColumnsCountCodePoints) {
  EXPECT_EQ(Dump("a\nb\r\nc\rd"),
            "IDENTIFIER(a)@1:1:1 IDENTIFIER(b)@2:1:1 IDENTIFIER(c)@3:1:1 "
            "IDENTIFIER(d)@4:1:1 EOF()@4:2:0");
  // 'é' is one code point (two bytes).
  EXPECT_EQ(Dump("'é' x"), "LITERAL(é)@1:1:3 IDENTIFIER(x)@1:5:1 EOF()@1:6:0");
}

TEST(PartiqlLexerTest, CommentsAreBlanks) {
  EXPECT_EQ(Dump("a -- b\nc /* d\n */ e"),
            "IDENTIFIER(a)@1:1:1 IDENTIFIER(c)@2:1:1 IDENTIFIER(e)@3:5:1 "
            "EOF()@3:6:0");
}

TEST(PartiqlLexerTest, ParametersAreNumbered) {
  StatusOr<std::vector<Token>> tokens = Tokenize("? ? ?");
  ASSERT_THAT(tokens, IsOk());
  EXPECT_EQ((*tokens)[0].parameter, 1);
  EXPECT_EQ((*tokens)[2].parameter, 3);
}

TEST(PartiqlLexerTest, NumbersAsDynamoDbReadsThem) {
  EXPECT_EQ(Dump(".5 1. 1e+5 7E-3"),
            "LITERAL(.5)@1:1:2 LITERAL(1.)@1:4:2 LITERAL(1e+5)@1:7:4 "
            "LITERAL(7E-3)@1:12:4 EOF()@1:16:0");
  // An exponent Java's BigDecimal cannot hold.
  EXPECT_EQ(Dump("1e2147483648"), "error: " + std::string(kNotWellFormed));
  EXPECT_EQ(Dump("1e2147483647"), "LITERAL(1e2147483647)@1:1:12 EOF()@1:13:0");
  EXPECT_EQ(Dump("1e"), "error: " + std::string(kNotWellFormed));
}

TEST(PartiqlLexerTest, WhatNoTokenStartsWith) {
  for (const char* text : {"#", "a & b", "!", "|", "^", "é", "'open", "\"open",
                           "/* open", "`open"}) {
    EXPECT_EQ(Dump(text), "error: " + std::string(kNotWellFormed)) << text;
  }
}

TEST(PartiqlLexerTest, KeywordTableIsConsistent) {
  EXPECT_TRUE(IsKeyword("select"));
  EXPECT_TRUE(IsKeyword("size"));
  EXPECT_TRUE(IsKeyword("value"));
  EXPECT_FALSE(IsKeyword("name"));
  EXPECT_FALSE(IsKeyword("begins_with"));
}

}  // namespace
}  // namespace eddy::partiql
