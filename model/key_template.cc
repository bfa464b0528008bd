// Copyright 2026 The eddy Authors.

#include "model/key_template.h"

#include <algorithm>
#include <array>
#include <deque>

namespace eddy::model {
namespace {

bool IsNameStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool IsNameChar(char c) { return IsNameStart(c) || (c >= '0' && c <= '9'); }

// The automaton view of a template (see the header's overlap analysis).
struct Token {
  enum Kind { kChar, kPlaceholder, kAnyTail } kind;
  char c = 0;
};
using Tokens = std::vector<Token>;

Tokens ToTokens(const KeyTemplate& t) {
  Tokens out;
  for (const KeyTemplate::Piece& p : t.pieces()) {
    if (p.placeholder) {
      out.push_back({Token::kPlaceholder});
    } else {
      for (char c : p.text) out.push_back({Token::kChar, c});
    }
  }
  return out;
}

// NFA over one token list. State s = 2 * i + inside: before token i
// (inside = 0), or within placeholder token i having read at least one byte
// (inside = 1). The trailing kAnyTail token reads anything, '#' included.
class Nfa {
 public:
  explicit Nfa(const Tokens& tokens) : t_(tokens) {}

  int start() const { return 0; }
  int state_count() const { return 2 * (static_cast<int>(t_.size()) + 1); }

  bool Accepting(int s) const {
    const size_t i = s / 2;
    if (i == t_.size()) return true;
    return s % 2 == 0 && t_[i].kind == Token::kAnyTail;
  }
  // The state reachable without reading, or -1.
  int Epsilon(int s) const {
    const size_t i = s / 2;
    if (s % 2 == 1 && i < t_.size() && t_[i].kind == Token::kPlaceholder) {
      return static_cast<int>(2 * (i + 1));
    }
    return -1;
  }
  // The state after reading `c`, or -1.
  int Step(int s, char c) const {
    const size_t i = s / 2;
    if (i == t_.size()) return -1;
    const Token& tok = t_[i];
    switch (tok.kind) {
      case Token::kChar:
        return (s % 2 == 0 && tok.c == c) ? static_cast<int>(2 * (i + 1)) : -1;
      case Token::kPlaceholder:
        return c != kKeyDelimiter ? static_cast<int>(2 * i + 1) : -1;
      case Token::kAnyTail:
        return s;
    }
    return -1;
  }

 private:
  const Tokens& t_;
};

// Breadth-first search of the product of the two automata; true when a
// string both accept exists (the shortest one goes to *witness).
bool Intersect(const Tokens& a, const Tokens& b, std::string* witness) {
  // The alphabet: every literal byte, the delimiter, and one byte that
  // appears in neither template (standing for all such bytes).
  std::array<bool, 256> used{};
  for (const Tokens* ts : {&a, &b}) {
    for (const Token& t : *ts) {
      if (t.kind == Token::kChar) used[static_cast<unsigned char>(t.c)] = true;
    }
  }
  // The stand-in byte first, so witnesses read "x#store#x".
  std::vector<char> alphabet;
  constexpr std::string_view kOther =
      "x0123456789abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  bool have_other = false;
  for (char c : kOther) {
    if (!used[static_cast<unsigned char>(c)]) {
      alphabet.push_back(c);
      have_other = true;
      break;
    }
  }
  for (int c = 1; !have_other && c < 256; ++c) {
    if (!used[c] && c != kKeyDelimiter) {
      alphabet.push_back(static_cast<char>(c));
      have_other = true;
    }
  }
  if (!used[static_cast<unsigned char>(kKeyDelimiter)]) {
    alphabet.push_back(kKeyDelimiter);
  }
  for (int c = 0; c < 256; ++c) {
    if (used[c]) alphabet.push_back(static_cast<char>(c));
  }
  const Nfa na(a), nb(b);
  const int width = nb.state_count();
  const int total = na.state_count() * width;
  // 0-1 breadth-first search: epsilon moves cost nothing, bytes cost one, so
  // the first accepting pair popped ends a shortest common string.
  struct Visit {
    int dist = -1;    // bytes read to get here; -1: unvisited
    int parent = -1;  // -1: the start
    int byte = -1;    // the byte read to get here; -1 for an epsilon move
  };
  std::vector<Visit> seen(total);
  std::deque<int> queue;
  const int start = na.start() * width + nb.start();
  seen[start].dist = 0;
  queue.push_back(start);
  auto relax = [&](int from, int sa, int sb, int byte) {
    if (sa < 0 || sb < 0) return;
    const int id = sa * width + sb;
    const int d = seen[from].dist + (byte >= 0 ? 1 : 0);
    if (seen[id].dist >= 0 && seen[id].dist <= d) return;
    seen[id] = {d, from, byte};
    if (byte >= 0) {
      queue.push_back(id);
    } else {
      queue.push_front(id);
    }
  };
  std::vector<bool> done(total, false);
  while (!queue.empty()) {
    const int id = queue.front();
    queue.pop_front();
    if (done[id]) continue;
    done[id] = true;
    const int sa = id / width, sb = id % width;
    if (na.Accepting(sa) && nb.Accepting(sb)) {
      if (witness != nullptr) {
        witness->clear();
        for (int at = id; at != start; at = seen[at].parent) {
          if (seen[at].byte >= 0)
            witness->push_back(static_cast<char>(seen[at].byte));
        }
        std::reverse(witness->begin(), witness->end());
      }
      return true;
    }
    relax(id, na.Epsilon(sa), sb, -1);
    relax(id, sa, nb.Epsilon(sb), -1);
    for (char c : alphabet) {
      relax(id, na.Step(sa, c), nb.Step(sb, c), static_cast<unsigned char>(c));
    }
  }
  return false;
}

}  // namespace

void Bindings::Set(std::string name, std::string value) {
  for (auto& [n, v] : entries_) {
    if (n == name) {
      v = std::move(value);
      return;
    }
  }
  entries_.emplace_back(std::move(name), std::move(value));
}

const std::string* Bindings::Find(std::string_view name) const {
  for (const auto& [n, v] : entries_) {
    if (n == name) return &v;
  }
  return nullptr;
}

Status ValidatePlaceholderValue(std::string_view name, std::string_view value) {
  if (value.empty() || value.find(kKeyDelimiter) != std::string_view::npos) {
    return Status::Validation(
        "placeholder ${" + std::string(name) + "} has value \"" +
        std::string(value) +
        "\": values must be non-empty and must not contain '#'");
  }
  return Status::OK();
}

StatusOr<KeyTemplate> KeyTemplate::Parse(std::string_view text) {
  if (text.empty()) return Status::Validation("empty template");
  KeyTemplate t;
  t.text_ = std::string(text);
  size_t i = 0;
  std::string literal;
  bool last_was_placeholder = false;
  while (i < text.size()) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      const size_t close = text.find('}', i + 2);
      const std::string offset = std::to_string(i);
      if (close == std::string_view::npos) {
        return Status::Validation("unterminated placeholder at offset " +
                                  offset);
      }
      const std::string_view name = text.substr(i + 2, close - i - 2);
      if (name.empty()) {
        return Status::Validation("empty placeholder name at offset " + offset);
      }
      const bool valid = IsNameStart(name[0]) &&
                         std::all_of(name.begin(), name.end(), IsNameChar);
      if (!valid) {
        return Status::Validation(
            "invalid placeholder name \"" + std::string(name) +
            "\" at offset " + offset +
            ": use letters, digits and '_', not starting with a digit");
      }
      if (!literal.empty()) {
        t.pieces_.push_back({false, std::move(literal)});
        literal.clear();
      } else if (last_was_placeholder) {
        return Status::Validation("placeholders ${" + t.pieces_.back().text +
                                  "} and ${" + std::string(name) +
                                  "} are adjacent at offset " + offset +
                                  ": separate them with literal text");
      }
      t.pieces_.push_back({true, std::string(name)});
      if (std::find(t.names_.begin(), t.names_.end(), name) == t.names_.end()) {
        t.names_.emplace_back(name);
      }
      last_was_placeholder = true;
      i = close + 1;
    } else {
      literal.push_back(text[i]);
      last_was_placeholder = false;
      ++i;
    }
  }
  if (!literal.empty()) t.pieces_.push_back({false, std::move(literal)});
  return t;
}

std::string KeyTemplate::LiteralPrefix() const {
  if (pieces_.empty() || pieces_[0].placeholder) return "";
  return pieces_[0].text;
}

Status KeyTemplate::Render(const Bindings& values, const Bindings* fallback,
                           std::string* out) const {
  for (const Piece& p : pieces_) {
    if (!p.placeholder) {
      out->append(p.text);
      continue;
    }
    const std::string* v = values.Find(p.text);
    if (v == nullptr && fallback != nullptr) v = fallback->Find(p.text);
    if (v == nullptr) {
      return Status::Validation("no value for placeholder ${" + p.text + "}");
    }
    EDDY_RETURN_IF_ERROR(ValidatePlaceholderValue(p.text, *v));
    out->append(*v);
  }
  return Status::OK();
}

bool TemplatesMayCollide(const KeyTemplate& a, const KeyTemplate& b,
                         std::string* witness) {
  return Intersect(ToTokens(a), ToTokens(b), witness);
}

bool TemplateMayBeginWith(const KeyTemplate& key, const KeyTemplate& prefix,
                          std::string* witness) {
  Tokens p = ToTokens(prefix);
  p.push_back({Token::kAnyTail});
  return Intersect(ToTokens(key), p, witness);
}

}  // namespace eddy::model
