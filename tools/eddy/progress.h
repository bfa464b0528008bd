// Copyright 2026 The eddy Authors.
//
// Progress of long CLI work (model run, model generate, scenario run) on
// stderr, phase by phase:
//
//   Progress p(Progress::Choose(force, quiet), "eddy model run");
//   p.Phase("load", total_items, "items");
//   for (...) p.Update(done);          // cheap: redraws at most 10 times/s
//   p.Phase("verify", runs, "runs");   // ends "load"
//   p.Done();
//
// Modes:
// - kBar (stderr is a terminal, or --progress): one line redrawn in place,
//   "load      [#########.........]  45%  487,000/1,081,477 items
//   135,000 items/s  ETA 4 s"; the phase's final state stays on screen when
//   the next phase begins.
// - kLines (stderr is not a terminal): one line per finished phase,
//   "eddy model run: load: 1,081,477 items in 7.96 s (135,821 items/s)".
// - kOff (--quiet): nothing.
// A total of 0 means "not known": the count and rate are shown, no bar and
// no ETA. Times are wall-clock (steady_clock).
//
// Thread safety: not thread-safe; one thread drives it.

#ifndef EDDY_TOOLS_EDDY_PROGRESS_H_
#define EDDY_TOOLS_EDDY_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace eddy::cli {

class Progress {
 public:
  enum class Mode { kOff, kLines, kBar };
  // kOff when quiet; kBar when forced or stderr is a terminal; else kLines.
  static Mode Choose(bool force, bool quiet);

  Progress(Mode mode, std::string command, std::FILE* out = stderr);
  ~Progress();  // Done()
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Ends the current phase, if any, and starts `name` with `total` units
  // to do (0: unknown).
  void Phase(std::string name, int64_t total, std::string unit);
  // `done` units of the current phase are done; `total` (when >= 0)
  // revises the phase's total.
  void Update(int64_t done, int64_t total = -1);
  // Ends the current phase (kLines prints its line now).
  void Done();

  Mode mode() const { return mode_; }

 private:
  using SteadyClock = std::chrono::steady_clock;
  void Draw(bool final);
  double Elapsed() const;

  Mode mode_;
  std::string command_;
  std::FILE* out_;
  bool active_ = false;
  std::string phase_, unit_;
  int64_t done_ = 0, total_ = 0;
  SteadyClock::time_point started_, drawn_;
  bool ever_drawn_ = false;
};

// 1234567 -> "1,234,567".
std::string GroupDigits(int64_t n);

}  // namespace eddy::cli

#endif  // EDDY_TOOLS_EDDY_PROGRESS_H_
