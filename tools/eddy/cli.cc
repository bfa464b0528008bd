// Copyright 2026 The eddy Authors.

#include "tools/eddy/cli.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "model/suggest.h"

namespace eddy::cli {

bool WantsHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

int ShowHelp(std::string_view usage) {
  std::fwrite(usage.data(), 1, usage.size(), stdout);
  std::fflush(stdout);
  return 0;
}

int UsageError(std::string_view command, std::string_view message) {
  std::fprintf(stderr, "%.*s: %.*s\nrun '%.*s --help' for its usage\n",
               static_cast<int>(command.size()), command.data(),
               static_cast<int>(message.size()), message.data(),
               static_cast<int>(command.size()), command.data());
  return 2;
}

bool FlagParser::Next() {
  if (next_ >= args_.size()) return false;
  const std::string& a = args_[next_++];
  inline_value_.reset();
  name_ = a;
  if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
    const size_t eq = a.find('=');
    if (eq != std::string::npos) {
      name_ = a.substr(0, eq);
      inline_value_ = a.substr(eq + 1);
    }
  }
  return true;
}

bool FlagParser::Positional() const {
  return name_.empty() || name_[0] != '-' || name_ == "-";
}

bool FlagParser::Value(std::string* out) {
  if (inline_value_) {
    *out = *inline_value_;
    return true;
  }
  if (next_ >= args_.size()) {
    UsageError(command_, name_ + " needs a value");
    return false;
  }
  *out = args_[next_++];
  return true;
}

bool FlagParser::Int(int64_t min, int64_t max, int64_t* out) {
  std::string text;
  if (!Value(&text)) return false;
  char* end = nullptr;
  errno = 0;
  const long long v = text.empty() ? 0 : std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || errno != 0 || *end != '\0' || v < min || v > max) {
    UsageError(command_, name_ + " takes a whole number from " +
                             std::to_string(min) + " to " +
                             std::to_string(max) + ", not '" + text + "'");
    return false;
  }
  *out = v;
  return true;
}

bool FlagParser::PositiveDouble(double* out) {
  std::string text;
  if (!Value(&text)) return false;
  char* end = nullptr;
  errno = 0;
  const double v = text.empty() ? 0 : std::strtod(text.c_str(), &end);
  if (text.empty() || errno != 0 || *end != '\0' || !std::isfinite(v) ||
      v <= 0) {
    UsageError(command_,
               name_ + " takes a number greater than 0, not '" + text + "'");
    return false;
  }
  *out = v;
  return true;
}

bool FlagParser::NoValue() {
  if (!inline_value_) return true;
  UsageError(command_, name_ + " is a switch and takes no value");
  return false;
}

int FlagParser::Unknown(const std::vector<std::string>& known) {
  if (Positional()) {
    return UsageError(command_, "unexpected argument '" + name_ + "'");
  }
  return UsageError(
      command_, "unknown option " + name_ + model::DidYouMean(name_, known));
}

}  // namespace eddy::cli
