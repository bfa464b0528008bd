// Copyright 2026 The eddy Authors.
//
// The model loader's insides, shared by loader.cc (parsing, helpers and the
// passes), loader_table.cc (the table and its indexes), loader_entities.cc
// (entity shapes and their cross-checks), loader_patterns.cc (access
// patterns), loader_workload.cc (the workload section) and
// loader_traffic.cc. Not part of eddy's API: nlohmann/json stays behind
// LoadModel.

#ifndef EDDY_MODEL_INTERNAL_LOADER_H_
#define EDDY_MODEL_INTERNAL_LOADER_H_

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/model.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal {

using Json = nlohmann::ordered_json;

constexpr std::string_view kPatternsMember = "Access Patterns";
// Bounds that keep arithmetic on counts (× scale ≤ 100,000) and on the
// virtual clock far from overflow; the generator bounds the total separately.
constexpr int64_t kMaxCount = 1'000'000'000;
constexpr int64_t kMaxStepMillis = 86'400'000;  // one day

inline std::string Ptr(const std::string& base, std::string_view token) {
  return base + "/" + JsonPointerEscape(token);
}
inline std::string Ptr(const std::string& base, size_t index) {
  return base + "/" + std::to_string(index);
}

inline std::string Quote(std::string_view s) {
  return "\"" + std::string(s) + "\"";
}

inline std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

inline bool IsComment(std::string_view member) {
  return !member.empty() && member[0] == '_';
}

// "PK12" -> ("PK", 12); nullopt for anything else.
inline std::optional<std::pair<std::string, int>> SplitIndexKeyName(
    std::string_view member) {
  if (member.size() < 3) return std::nullopt;
  const std::string_view head = member.substr(0, 2);
  if (head != "PK" && head != "SK") return std::nullopt;
  const std::string_view digits = member.substr(2);
  if (digits[0] == '0' || digits.size() > 6) return std::nullopt;
  int n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return std::make_pair(std::string(head), n);
}

// Reads one model document into a Model, collecting every root error it
// finds (each with the JSON pointer of the member at fault) instead of
// stopping at the first.
//
// Root errors only: a part with an error (an index definition, an entity
// shape, a generator entry, an access pattern) is remembered as broken, and
// checks that would only repeat its error elsewhere are skipped — an entry
// that picks from a broken entry is not told that its bindings are
// missing, a pattern on a broken index is not told the index is undefined,
// a misspelt member is not also reported missing ("partitionkey" gets a
// "did you mean", not also "missing \"partitionKey\""), and an unknown
// entity type is reported once, where it is first named.
class Loader {
 public:
  explicit Loader(std::vector<ModelError>* errors) : errors_(errors) {}

  void Load(const Json& root, std::string_view default_name, Model* model);

 private:
  void Error(std::string pointer, std::string message) {
    errors_->push_back({std::move(pointer), std::move(message)});
  }
  // "missing \"<member>\"" at `at`, unless a misspelling of it was
  // reported there already.
  void Missing(const std::string& at, std::string_view member);
  // An entityType named at `at` that no shape has: reported once per name
  // (with a "did you mean"), and never for a type whose shape is broken.
  // Returns true when the type is known and sound.
  bool KnownEntityType(const Model& model, const std::string& type,
                       const std::string& at);
  // Prefixes the errors under "/Access Patterns/<i>" with "pattern <i+1>
  // (\"<name>\"): ", as the run's report numbers patterns.
  void NamePatterns(const Json& root);
  // Where `pointer` lies in the document: the position of each of its
  // tokens among its siblings (SIZE_MAX for an absent member), so that
  // errors sort in document order.
  static std::vector<size_t> DocumentOrder(const Json& root,
                                           const std::string& pointer);

  // Typed member access; each reports its own shape error.
  const std::string* String(const Json& obj, std::string_view member,
                            const std::string& at, bool required);
  std::optional<KeyTemplate> Template(const Json& value, const std::string& at);
  std::optional<CountRange> Count(const Json& value, const std::string& at,
                                  int64_t min_allowed,
                                  int64_t max_allowed = INT64_MAX);
  std::optional<std::vector<std::string>> StringList(const Json& value,
                                                     const std::string& at);
  std::optional<AttributeValue> Scalar(const Json& value,
                                       const std::string& at);
  void CheckMembers(const Json& obj, const std::string& at,
                    std::initializer_list<std::string_view> allowed,
                    std::string_view what);

  void LoadTable(const Json& t, const std::string& at, TableDefinition* table);
  void LoadLocalIndexes(const Json& t, const std::string& at,
                        TableDefinition* table);
  // An index definition's "projection" into *def (loader_table.cc).
  void LoadProjection(const Json& index, const std::string& at,
                      IndexDefinition* def);
  // One side ("partition" or "sort") of a multi-attribute GSI key; false
  // after reporting what is wrong with it.
  bool KeyAttributeList(const Json& value, const std::string& at,
                        std::string_view side, std::vector<KeyAttribute>* out);
  // Duplicate attributes within the key and type conflicts with the other
  // keys of the table (in *types, which gains this key's attributes).
  bool CheckKeyAttributes(
      const Json& g, const std::string& at, const IndexDefinition& def,
      std::map<std::string, std::pair<ScalarAttributeType, std::string>>*
          types);
  void LoadGroup(const std::string& group, const Json& value, Model* model);
  void LoadShape(const std::string& group, const KeyTemplate& pk,
                 const std::string& sk_text, const Json& desc,
                 const std::string& at, Model* model);
  void DeriveTable(Model* model);
  void CheckIndexKeys(Model* model);
  void FillMultiAttributeIndex(const IndexDefinition& def, size_t shape,
                               bool broken, Model* model);
  void CheckDuplicateTypes(const Model& model);
  void CheckOverlaps(const Model& model);
  void LoadPattern(const Json& value, const std::string& at, Model* model);
  // loader_patterns.cc: the key condition of a pattern on a
  // multi-attribute index; false after reporting what is wrong.
  bool LoadMultiPartition(const Json& value, const std::string& at,
                          const IndexDefinition& index, AccessPattern* p);
  bool LoadMultiSort(const Json& value, const std::string& at,
                     const IndexDefinition& index, AccessPattern* p);
  void LoadWorkload(const Json& w, const std::string& at, Model* model);
  void LoadEntry(const Json& e, const std::string& at, Model* model,
                 Workload* workload);
  std::optional<AttributeGenerator> LoadAttribute(const Json& value,
                                                  const std::string& at);
  void CheckPatternsAgainstWorkload(Model* model);
  // loader_traffic.cc: the "traffic" member (needs the patterns and
  // entities loaded).
  void LoadTraffic(const Json& t, const std::string& at, Model* model);

  // What is broken (see the class comment).
  bool table_broken_ = false;             // an index definition had an error
  std::set<size_t> broken_shapes_;        // indexes into Model::entities
  std::set<std::string> broken_types_;    // entity types of broken shapes
  std::set<std::string> broken_entries_;  // generator entry names
  std::set<std::string> broken_entry_types_;  // their entity types
  std::set<std::string> unknown_types_;       // reported once each
  std::set<std::string> broken_patterns_;  // pointers of patterns with errors
  // Object pointer -> members a misspelt member there was taken for.
  std::map<std::string, std::set<std::string>> misspelt_;

  // Raw index-key members of each shape, kept until the table is known.
  struct RawIndexKey {
    size_t shape;
    std::string member;
    std::string pointer;
    KeyTemplate value;
    bool valid = true;  // false: malformed (already reported)
  };
  std::vector<RawIndexKey> raw_index_keys_;
  std::vector<ModelError>* errors_;
};

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_LOADER_H_
