// Copyright 2026 The eddy Authors.
//
// KeyTemplate: a key written as literal text and `${name}` placeholders, the
// way the access-pattern format writes every PK, SK, PKn and SKn:
//
//   StatusOr<KeyTemplate> t =
//       KeyTemplate::Parse("${version}#store#storeULID#${storeULID}");
//   Bindings values;
//   values.Set("version", "v1");
//   values.Set("storeULID", "01HK0000000000000000000000");
//   std::string key;
//   Status s = t->Render(values, /*fallback=*/nullptr, &key);
//   // key == "v1#store#storeULID#01HK0000000000000000000000"
//
// The value domain. Keys in this format are '#'-delimited paths, so eddy
// takes placeholder values to be non-empty strings without '#'. Render()
// enforces it, and the overlap analysis below is exact under it.
//
// Overlap analysis. TemplatesMayCollide(a, b) asks whether some assignment of
// placeholder values renders `a` and `b` to the same string. Each template is
// read as a regular language (literal bytes; a placeholder is [^#]+) and the
// question is whether the two languages intersect, decided by a search of the
// product automaton; a witness string is returned. The answer is exact when
// each placeholder name is assigned independently; a name that appears in
// both the PK and SK of one shape (or twice in one template) is treated as two
// independent values, which can only add collisions, never hide one. So the
// analysis is sound: if it says two shapes cannot collide, no values in the
// domain make them collide.
//
// Thread safety: KeyTemplate and Bindings are value types; const access from
// many threads is safe.

#ifndef EDDY_MODEL_KEY_TEMPLATE_H_
#define EDDY_MODEL_KEY_TEMPLATE_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"

namespace eddy::model {

// The delimiter placeholder values may not contain.
inline constexpr char kKeyDelimiter = '#';

// Placeholder values: a small list of (name, value), searched linearly
// (a template names a handful of placeholders).
class Bindings {
 public:
  // Inserts or replaces.
  void Set(std::string name, std::string value);
  // Null when absent.
  const std::string* Find(std::string_view name) const;
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  const std::vector<std::pair<std::string, std::string>>& entries() const {
    return entries_;
  }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

// OK, or ValidationException "placeholder ${name} has value \"...\": values
// must be non-empty and must not contain '#'".
Status ValidatePlaceholderValue(std::string_view name, std::string_view value);

class KeyTemplate {
 public:
  struct Piece {
    bool placeholder = false;
    std::string text;  // literal text, or the placeholder's name
  };

  KeyTemplate() = default;

  // Parses `text`. Errors (ValidationException), with 0-based byte offsets of
  // the offending '$':
  //   "empty template"
  //   "unterminated placeholder at offset N"
  //   "empty placeholder name at offset N"
  //   "invalid placeholder name \"x y\" at offset N: use letters, digits and
  //    '_', not starting with a digit"
  //   "placeholders ${a} and ${b} are adjacent at offset N: separate them with
  //    literal text"
  static StatusOr<KeyTemplate> Parse(std::string_view text);

  const std::string& text() const { return text_; }
  const std::vector<Piece>& pieces() const { return pieces_; }
  // Distinct placeholder names in order of first appearance.
  const std::vector<std::string>& placeholders() const { return names_; }
  bool is_literal() const { return names_.empty(); }
  // The literal text before the first placeholder (all of it if none).
  std::string LiteralPrefix() const;

  // Appends the rendering to *out, looking each placeholder up in `values`
  // and then in `fallback` (may be null). ValidationException when a
  // placeholder has no value ("no value for placeholder ${name}") or a value
  // is outside the domain (see ValidatePlaceholderValue).
  Status Render(const Bindings& values, const Bindings* fallback,
                std::string* out) const;

 private:
  std::string text_;
  std::vector<Piece> pieces_;
  std::vector<std::string> names_;
};

// Whether some placeholder values (each non-empty, without '#', assigned
// independently) render `a` and `b` to the same string. When they can and
// `witness` is non-null, *witness is one such string.
bool TemplatesMayCollide(const KeyTemplate& a, const KeyTemplate& b,
                         std::string* witness = nullptr);

// Whether some rendering of `key` begins with some rendering of `prefix`
// (the question begins_with(SK, prefix) asks of a key shape).
bool TemplateMayBeginWith(const KeyTemplate& key, const KeyTemplate& prefix,
                          std::string* witness = nullptr);

}  // namespace eddy::model

#endif  // EDDY_MODEL_KEY_TEMPLATE_H_
