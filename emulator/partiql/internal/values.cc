// Copyright 2026 The eddy Authors.

#include "emulator/partiql/internal/values.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "emulator/types/limits.h"
#include "emulator/types/number.h"

namespace eddy::partiql::internal {
namespace {

constexpr std::string_view kBagTypes =
    "Unsupported data type in Bag. DynamoDB only supports either numbers or "
    "strings in bags";

bool IsNumber(const Node& n) {
  return n.kind == NodeKind::kLiteral && (n.literal == LiteralKind::kInteger ||
                                          n.literal == LiteralKind::kDecimal);
}
bool IsString(const Node& n) {
  return n.kind == NodeKind::kLiteral && n.literal == LiteralKind::kString;
}

// DynamoDB appends the place to a data-type error unless the message ends
// with a period.
Status Under(const Status& status, std::string_view path) {
  std::string message(status.message());
  if (!message.empty() && message.back() == '.') {
    return Status::Validation(std::move(message));
  }
  return Status::Validation(message + " under " + std::string(path));
}

StatusOr<Number> ParseNumber(const Node& node, std::string_view path) {
  StatusOr<Number> n = Number::Parse(node.text);
  if (!n.ok()) return Under(n.status(), path);
  return n;
}

Status UnsupportedDataType(const Node& node, std::string_view path) {
  std::string type = node.kind == NodeKind::kLiteral
                         ? std::string(IonTypeName(node))
                         : std::string(NodeClassName(node));
  return Status::Validation("Unsupported data type: " + type + " under key " +
                            std::string(path) + At(node.span));
}

StatusOr<AttributeValue> Convert(const Node& node, int depth,
                                 const std::string& path);

StatusOr<AttributeValue> ConvertBag(const Node& node, const std::string& path) {
  if (node.children.empty()) {
    return Status::Validation("Empty bags are not supported");
  }
  const Node& first = *node.children[0];
  if (IsNumber(first)) {
    std::vector<Number> numbers;
    std::vector<std::string> written;
    for (const NodePtr& child : node.children) {
      if (child->kind == NodeKind::kNull) {
        return Status::Validation("Numeric sets may not contain null under " +
                                  path);
      }
      if (!IsNumber(*child)) return Status::Validation(std::string(kBagTypes));
      EDDY_ASSIGN_OR_RETURN(Number n, ParseNumber(*child, path));
      numbers.push_back(n);
      written.push_back(JavaDecimalString(child->text));
    }
    std::vector<Number> sorted = numbers;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      std::string list;
      for (size_t i = 0; i < written.size(); ++i) {
        if (i > 0) list.append(", ");
        list.append(written[i]);
      }
      return Status::Validation(
          "One or more parameter values were invalid: Input collection [" +
          list + "] contains duplicates! under " + path);
    }
    return AttributeValue::CanonicalNS(std::move(sorted));
  }
  if (IsString(first)) {
    std::vector<std::string> strings;
    for (const NodePtr& child : node.children) {
      if (!IsString(*child)) {
        // Unconfirmed wording for a NULL member (DynamoDB turns it into a
        // null string).
        return Status::Validation(std::string(kBagTypes) + At(child->span));
      }
      strings.push_back(child->text);
    }
    return AttributeValue::SS(std::move(strings));
  }
  return Status::Validation(std::string(kBagTypes) + At(first.span));
}

StatusOr<AttributeValue> ConvertStruct(const Node& node, int depth,
                                       const std::string& path) {
  AttributeMap map;
  for (size_t i = 0; i + 1 < node.children.size(); i += 2) {
    const Node& key = *node.children[i];
    EDDY_ASSIGN_OR_RETURN(std::string name, StructKeyName(key, path));
    if (map.Contains(name)) {
      return Status::Validation("Duplicate keys in tuple. Key: " + name +
                                " under " + path + At(key.span));
    }
    EDDY_ASSIGN_OR_RETURN(
        AttributeValue value,
        Convert(*node.children[i + 1], depth + 1, path + "." + name));
    map.Set(std::move(name), std::move(value));
  }
  return AttributeValue::M(std::move(map));
}

StatusOr<AttributeValue> Convert(const Node& node, int depth,
                                 const std::string& path) {
  if (depth >= limits::kMaxNestingDepth) {
    return Status::Validation(
        "Nesting Levels have exceeded supported limits under " + path);
  }
  switch (node.kind) {
    case NodeKind::kLiteral:
      switch (node.literal) {
        case LiteralKind::kString:
          return AttributeValue::S(node.text);
        case LiteralKind::kInteger:
        case LiteralKind::kDecimal: {
          EDDY_ASSIGN_OR_RETURN(Number n, ParseNumber(node, path));
          return AttributeValue::N(n);
        }
        case LiteralKind::kBool:
          return AttributeValue::Bool(node.text == "true");
        case LiteralKind::kNone:
          break;
      }
      return UnsupportedDataType(node, path);
    case NodeKind::kNull:
      return AttributeValue::Null();
    case NodeKind::kList: {
      std::vector<AttributeValue> list;
      list.reserve(node.children.size());
      for (size_t i = 0; i < node.children.size(); ++i) {
        EDDY_ASSIGN_OR_RETURN(AttributeValue v,
                              Convert(*node.children[i], depth + 1,
                                      path + "[" + std::to_string(i) + "]"));
        list.push_back(std::move(v));
      }
      return AttributeValue::L(std::move(list));
    }
    case NodeKind::kBag:
      return ConvertBag(node, path);
    case NodeKind::kStruct:
      return ConvertStruct(node, depth, path);
    case NodeKind::kIonLiteral:
      return Status::Validation(
          "Ion Literals are not supported: " + std::string(IonTypeName(node)) +
          " under key " + path + At(node.span));
    default:
      return UnsupportedDataType(node, path);
  }
}

}  // namespace

bool IsLiteralDocument(const Node& node) {
  switch (node.kind) {
    case NodeKind::kLiteral:
    case NodeKind::kNull:
    case NodeKind::kList:
    case NodeKind::kBag:
    case NodeKind::kStruct:
    case NodeKind::kIonLiteral:
      return true;
    default:
      return false;
  }
}

StatusOr<AttributeValue> LiteralToValue(const Node& node) {
  return Convert(node, 0, "root");
}

StatusOr<std::string> StructKeyName(const Node& key, std::string_view path) {
  if (key.kind == NodeKind::kIonLiteral) {
    return Status::Validation(
        "Ion Literals are not supported: " + std::string(IonTypeName(key)) +
        " under key " + std::string(path) + At(key.span));
  }
  if (!IsString(key)) {
    std::string type =
        key.kind == NodeKind::kLiteral || key.kind == NodeKind::kNull
            ? std::string(IonTypeName(key))
            : std::string(NodeClassName(key));
    return Status::Validation(
        "Tuple keys must be of type String. Actual type: " + type + " under " +
        std::string(path) + At(key.span));
  }
  if (key.text.empty()) {
    return Status::Validation("Path component cannot be an empty string");
  }
  return key.text;
}

std::string At(const SourceSpan& span) {
  if (!span.known()) return std::string();
  return " at " + std::to_string(span.line) + ":" +
         std::to_string(span.column) + ":" + std::to_string(span.length);
}

std::string NodeIdentifier(const Node& node) {
  switch (node.kind) {
    case NodeKind::kLiteral:
      if (node.literal == LiteralKind::kString) {
        return "\"" + node.text + "\"";
      }
      return node.text;
    case NodeKind::kNull:
      return "null";
    case NodeKind::kMissing:
      return "MISSING";
    case NodeKind::kIdentifier:
      return node.text;
    case NodeKind::kCall:
      return node.text;
    case NodeKind::kUnary:
    case NodeKind::kBinary:
      return node.negated ? "not" : node.text;
    case NodeKind::kBetween:
      return node.negated ? "not" : "between";
    case NodeKind::kIsType:
      return node.negated ? "not" : "IS";
    case NodeKind::kPath:
      return "PATH";
    case NodeKind::kSelect:
      return "SELECT";
    case NodeKind::kStruct:
      return "STRUCT";
    case NodeKind::kList:
      return "LIST";
    case NodeKind::kBag:
      return "BAG";
    case NodeKind::kParameter:
      return "PARAMETER";
    default:
      return "UNKNOWN";
  }
}

std::string_view NodeClassName(const Node& node) {
  switch (node.kind) {
    case NodeKind::kLiteral:
    case NodeKind::kNull:
      return "Literal";
    case NodeKind::kMissing:
      return "LiteralMissing";
    case NodeKind::kIonLiteral:
      return "Literal";
    case NodeKind::kIdentifier:
      return "VariableReference";
    case NodeKind::kParameter:
      return "Parameter";
    case NodeKind::kPath:
      return "Path";
    case NodeKind::kCall:
      return node.aggregate ? "CallAgg" : "NAry";
    case NodeKind::kUnary:
    case NodeKind::kBinary:
    case NodeKind::kBetween:
      return "NAry";
    case NodeKind::kIsType:
      return "Typed";
    case NodeKind::kList:
    case NodeKind::kBag:
      return "Seq";
    case NodeKind::kStruct:
      return "Struct";
    case NodeKind::kSelect:
      return "Select";
    case NodeKind::kDml:
      return "DataManipulation";
    case NodeKind::kUnsupported:
      return "ExprNode";
  }
  return "ExprNode";
}

std::string_view IonTypeName(const Node& node) {
  if (node.kind == NodeKind::kNull) return "NULL";
  if (node.kind == NodeKind::kIonLiteral) {
    // A rough reading of the Ion text, for the message only.
    std::string_view t = node.text;
    size_t b = t.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return "NULL";
    t = t.substr(b);
    char c = t[0];
    if (c == '"' || c == '\'')
      return t.size() > 2 && t.substr(0, 3) == "'''"
                 ? "STRING"
                 : (c == '"' ? "STRING" : "SYMBOL");
    if (c == '{') return t.size() > 1 && t[1] == '{' ? "BLOB" : "STRUCT";
    if (c == '[') return "LIST";
    if (c == '(') return "SEXP";
    if (t.substr(0, 4) == "true" || t.substr(0, 5) == "false") return "BOOL";
    if (t.substr(0, 4) == "null") return "NULL";
    if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
      if (t.find_first_of("eE") != std::string_view::npos) return "FLOAT";
      if (t.find_first_of(".dD") != std::string_view::npos) return "DECIMAL";
      if (t.find('T') != std::string_view::npos) return "TIMESTAMP";
      return "INT";
    }
    return "SYMBOL";
  }
  switch (node.literal) {
    case LiteralKind::kString:
      return "STRING";
    case LiteralKind::kInteger:
      return "INT";
    case LiteralKind::kDecimal:
      return "DECIMAL";
    case LiteralKind::kBool:
      return "BOOL";
    case LiteralKind::kNone:
      break;
  }
  return "NULL";
}

std::string JavaDecimalString(std::string_view literal) {
  bool negative = false;
  if (!literal.empty() && (literal[0] == '-' || literal[0] == '+')) {
    negative = literal[0] == '-';
    literal.remove_prefix(1);
  }
  size_t e = literal.find_first_of("eE");
  std::string_view mantissa = literal.substr(0, e);
  int64_t exponent = 0;
  if (e != std::string_view::npos) {
    std::string_view exp = literal.substr(e + 1);
    bool exp_negative = false;
    if (!exp.empty() && (exp[0] == '+' || exp[0] == '-')) {
      exp_negative = exp[0] == '-';
      exp.remove_prefix(1);
    }
    for (char c : exp) {
      if (exponent < 1'000'000'000'000LL) exponent = exponent * 10 + (c - '0');
    }
    if (exp_negative) exponent = -exponent;
  }
  std::string digits;
  int64_t fraction = 0;
  size_t point = mantissa.find('.');
  for (size_t i = 0; i < mantissa.size(); ++i) {
    if (mantissa[i] == '.') continue;
    digits.push_back(mantissa[i]);
  }
  if (point != std::string_view::npos) {
    fraction = static_cast<int64_t>(mantissa.size() - point - 1);
  }
  size_t nz = digits.find_first_not_of('0');
  digits = nz == std::string::npos ? "0" : digits.substr(nz);
  const int64_t scale = fraction - exponent;
  const bool zero = digits == "0";
  std::string out = negative && !zero ? "-" : "";
  const int64_t adjusted = -scale + static_cast<int64_t>(digits.size()) - 1;
  if (scale >= 0 && adjusted >= -6) {
    if (scale == 0) return out + digits;
    if (static_cast<int64_t>(digits.size()) > scale) {
      size_t int_len = digits.size() - static_cast<size_t>(scale);
      return out + digits.substr(0, int_len) + "." + digits.substr(int_len);
    }
    return out + "0." +
           std::string(static_cast<size_t>(scale) - digits.size(), '0') +
           digits;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  out += "E";
  out += adjusted >= 0 ? "+" : "-";
  out += std::to_string(adjusted >= 0 ? adjusted : -adjusted);
  return out;
}

}  // namespace eddy::partiql::internal
