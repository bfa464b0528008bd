// Copyright 2026 The eddy Authors.
//
// What every `eddy` command shares: help, usage errors that say what to do
// next, and flag parsing.
//
//   if (WantsHelp(args)) return ShowHelp(kRunUsage);
//   FlagParser flags("eddy model run", args);
//   while (flags.Next()) {
//     if (flags.Is("--scale")) { if (!flags.Int(1, 100000, &scale)) return 2; }
//     else if (flags.Positional()) file = flags.arg();
//     else return flags.Unknown({"--scale", "--seed"});
//   }
//
// Conventions: usage goes to stdout with exit 0 when asked for (--help, -h,
// `eddy help CMD`), to stderr with exit 2 after a bad command line; every
// error names the command, says what is wrong and what to do.
//
// Thread safety: not thread-safe (writes to stdout/stderr).

#ifndef EDDY_TOOLS_EDDY_CLI_H_
#define EDDY_TOOLS_EDDY_CLI_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace eddy::cli {

// True when an argument is --help or -h.
bool WantsHelp(const std::vector<std::string>& args);

// Prints `usage` on stdout; returns 0.
int ShowHelp(std::string_view usage);

// Prints "<command>: <message>" and "run '<command> --help' for its usage"
// on stderr; returns 2 (a bad command line).
int UsageError(std::string_view command, std::string_view message);

// Walks a command line: flags (--name, --name=value or --name value) and
// positional arguments.
class FlagParser {
 public:
  FlagParser(std::string command, const std::vector<std::string>& args)
      : command_(std::move(command)), args_(args) {}

  // Moves to the next argument; false after the last.
  bool Next();
  const std::string& arg() const { return name_; }
  // The current argument is this flag (with or without "=value").
  bool Is(std::string_view flag) const { return name_ == flag; }
  // The current argument is not a flag ("-" alone is positional).
  bool Positional() const;

  // The flag's value, from "=value" or the next argument; prints an error
  // and returns false when there is none.
  bool Value(std::string* out);
  // An integer value in [min, max]; prints an error and returns false
  // otherwise.
  bool Int(int64_t min, int64_t max, int64_t* out);
  // A finite number > 0.
  bool PositiveDouble(double* out);
  // A switch must not be given "=value": false (after printing) if it was.
  bool NoValue();

  // The error for an unknown flag (with "did you mean" among `known`) or an
  // unexpected positional argument; returns 2.
  int Unknown(const std::vector<std::string>& known);

 private:
  std::string command_;
  const std::vector<std::string>& args_;
  size_t next_ = 0;
  std::string name_;
  std::optional<std::string> inline_value_;
};

}  // namespace eddy::cli

#endif  // EDDY_TOOLS_EDDY_CLI_H_
