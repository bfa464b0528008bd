// Copyright 2026 The eddy Authors.
//
// Key templates: parsing (a table of inputs and their piece dumps or exact
// errors), rendering and its value domain, and the overlap analysis
// (positive cases with their witness strings, negative cases).

#include "model/key_template.h"

#include <string>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy::model {
namespace {

// "lit(v1#)ph(x)lit(#a)" — the pieces of a template.
std::string Dump(const KeyTemplate& t) {
  std::string out;
  for (const KeyTemplate::Piece& p : t.pieces()) {
    out += (p.placeholder ? "ph(" : "lit(") + p.text + ")";
  }
  return out;
}

KeyTemplate T(std::string_view text) {
  StatusOr<KeyTemplate> t = KeyTemplate::Parse(text);
  EXPECT_THAT(t, IsOk()) << text;
  return t.ok() ? *t : KeyTemplate();
}

struct ParseCase {
  const char* text;
  const char* dump;  // or the exact error message
  bool ok;
};

const ParseCase kParseCases[] = {
    {"metadata", "lit(metadata)", true},
    {"${version}#store#storeULID#${storeULID}",
     "ph(version)lit(#store#storeULID#)ph(storeULID)", true},
    {"${a}", "ph(a)", true},
    {"a$b}c", "lit(a$b}c)", true},  // '$' without '{' and '}' are literal
    {"price$", "lit(price$)", true},
    {"${_x1}#${y_2}", "ph(_x1)lit(#)ph(y_2)", true},
    {"", "empty template", false},
    {"v#${store", "unterminated placeholder at offset 2", false},
    {"${}", "empty placeholder name at offset 0", false},
    {"a#${1x}",
     "invalid placeholder name \"1x\" at offset 2: use letters, digits and "
     "'_', not starting with a digit",
     false},
    {"${a b}",
     "invalid placeholder name \"a b\" at offset 0: use letters, digits and "
     "'_', not starting with a digit",
     false},
    {"${a${b}}",
     "invalid placeholder name \"a${b\" at offset 0: use letters, digits and "
     "'_', not starting with a digit",
     false},
    {"x#${a}${b}",
     "placeholders ${a} and ${b} are adjacent at offset 6: separate them with "
     "literal text",
     false},
};

TEST(KeyTemplateTest, ParseTable) {
  for (const ParseCase& c : kParseCases) {
    StatusOr<KeyTemplate> t = KeyTemplate::Parse(c.text);
    if (c.ok) {
      ASSERT_THAT(t, IsOk()) << c.text;
      EXPECT_EQ(Dump(*t), c.dump) << c.text;
      EXPECT_EQ(t->text(), c.text);
    } else {
      EXPECT_THAT(t, StatusIsExactly(ErrorCode::kValidation, c.dump)) << c.text;
    }
  }
}

TEST(KeyTemplateTest, PlaceholdersAndPrefix) {
  KeyTemplate t = T("${v}#rental#${id}#${v}");
  EXPECT_THAT(t.placeholders(), ::testing::ElementsAre("v", "id"));
  EXPECT_FALSE(t.is_literal());
  EXPECT_EQ(t.LiteralPrefix(), "");
  EXPECT_EQ(T("inventory#${id}").LiteralPrefix(), "inventory#");
  EXPECT_TRUE(T("metadata").is_literal());
  EXPECT_EQ(T("metadata").LiteralPrefix(), "metadata");
}

TEST(KeyTemplateTest, RenderUsesValuesThenFallback) {
  Bindings values;
  values.Set("storeULID", "01HK0000000000000000000000");
  Bindings constants;
  constants.Set("version", "v1");
  constants.Set("storeULID", "ignored: values come first");
  std::string out;
  ASSERT_THAT(T("${version}#store#storeULID#${storeULID}")
                  .Render(values, &constants, &out),
              IsOk());
  EXPECT_EQ(out, "v1#store#storeULID#01HK0000000000000000000000");
}

TEST(KeyTemplateTest, RenderErrors) {
  Bindings values;
  std::string out;
  EXPECT_THAT(T("${version}#x").Render(values, nullptr, &out),
              StatusIsExactly(ErrorCode::kValidation,
                              "no value for placeholder ${version}"));
  values.Set("id", "a#b");
  EXPECT_THAT(T("x#${id}").Render(values, nullptr, &out),
              StatusIsExactly(ErrorCode::kValidation,
                              "placeholder ${id} has value \"a#b\": values "
                              "must be non-empty and must not contain '#'"));
  values.Set("id", "");
  EXPECT_THAT(T("x#${id}").Render(values, nullptr, &out),
              StatusIs(ErrorCode::kValidation, "must be non-empty"));
}

TEST(KeyTemplateTest, BindingsSetReplaces) {
  Bindings b;
  b.Set("a", "1");
  b.Set("b", "2");
  b.Set("a", "3");
  EXPECT_EQ(b.size(), 2u);
  EXPECT_EQ(*b.Find("a"), "3");
  EXPECT_EQ(b.Find("c"), nullptr);
}

struct OverlapCase {
  const char* a;
  const char* b;
  bool collide;
  const char* witness;  // the shortest common rendering, when they collide
};

const OverlapCase kOverlapCases[] = {
    // Identical shapes collide.
    {"${v}#store#${id}", "${v}#store#${id2}", true, "x#store#x"},
    // Different literal segments never collide: placeholders cannot hold '#'.
    {"${v}#store#storeULID#${s}", "${v}#person#personULID#${p}", false, ""},
    {"metadata", "employee#metadata#personULID#${p}", false, ""},
    {"metadata", "metadata", true, "metadata"},
    // A placeholder can take a literal's value within one segment.
    {"${v}#stores", "v1#${x}", true, "v1#stores"},
    {"user#${id}", "user#admin", true, "user#admin"},
    // Different numbers of segments never collide.
    {"a#${x}", "a#${x}#${y}", false, ""},
    // Mixed literal and placeholder inside one segment.
    {"id-${n}", "${m}-7", true, "id-7"},
    {"id-${n}", "x${m}", false, ""},
    // Placeholders are non-empty.
    {"a${x}", "a", false, ""},
    {"${x}b", "ab", true, "ab"},
};

TEST(KeyTemplateTest, OverlapTable) {
  for (const OverlapCase& c : kOverlapCases) {
    std::string witness;
    EXPECT_EQ(TemplatesMayCollide(T(c.a), T(c.b), &witness), c.collide)
        << c.a << " vs " << c.b;
    EXPECT_EQ(TemplatesMayCollide(T(c.b), T(c.a)), c.collide)
        << "symmetric: " << c.b << " vs " << c.a;
    if (c.collide) {
      EXPECT_EQ(witness, c.witness) << c.a << " vs " << c.b;
    }
  }
}

// The witness really is a rendering of both templates.
TEST(KeyTemplateTest, WitnessRendersBothTemplates) {
  std::string witness;
  KeyTemplate a = T("${v}#rental#${id}");
  KeyTemplate b = T("v2#${kind}#r-${n}");
  ASSERT_TRUE(TemplatesMayCollide(a, b, &witness));
  EXPECT_EQ(witness, "v2#rental#r-x");
  Bindings ab;
  ab.Set("v", "v2");
  ab.Set("id", "r-x");
  std::string ra;
  ASSERT_THAT(a.Render(ab, nullptr, &ra), IsOk());
  Bindings bb;
  bb.Set("kind", "rental");
  bb.Set("n", "x");
  std::string rb;
  ASSERT_THAT(b.Render(bb, nullptr, &rb), IsOk());
  EXPECT_EQ(ra, witness);
  EXPECT_EQ(rb, witness);
}

TEST(KeyTemplateTest, BeginsWith) {
  std::string witness;
  EXPECT_TRUE(TemplateMayBeginWith(T("inventory#metadata#inventoryULID#${i}"),
                                   T("inventory#metadata#inventoryULID#"),
                                   &witness));
  EXPECT_EQ(witness, "inventory#metadata#inventoryULID#x");
  EXPECT_FALSE(TemplateMayBeginWith(T("employee#metadata#personULID#${p}"),
                                    T("inventory#")));
  EXPECT_FALSE(TemplateMayBeginWith(T("metadata"), T("metadata#")));
  // The prefix may end inside a placeholder's value, and the rest of the key
  // may hold '#'.
  EXPECT_TRUE(TemplateMayBeginWith(T("${v}#a#b#c"), T("v1#a")));
  EXPECT_TRUE(TemplateMayBeginWith(T("user#${id}"), T("user#ab")));
}

}  // namespace
}  // namespace eddy::model
