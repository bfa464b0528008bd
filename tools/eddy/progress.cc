// Copyright 2026 The eddy Authors.

#include "tools/eddy/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace eddy::cli {
namespace {

constexpr int kBarWidth = 24;
constexpr auto kRedrawInterval = std::chrono::milliseconds(100);

// "0.42 s", "12 s", "3 min 05 s", "1 h 02 min".
std::string Duration(double seconds) {
  char buf[48];
  if (seconds < 10) {
    std::snprintf(buf, sizeof(buf), "%.2f s", seconds);
  } else if (seconds < 60) {
    std::snprintf(buf, sizeof(buf), "%.0f s", seconds);
  } else if (seconds < 3600) {
    const int64_t s = std::llround(seconds);
    std::snprintf(buf, sizeof(buf), "%lld min %02lld s",
                  static_cast<long long>(s / 60),
                  static_cast<long long>(s % 60));
  } else {
    const int64_t m = std::llround(seconds / 60);
    std::snprintf(buf, sizeof(buf), "%lld h %02lld min",
                  static_cast<long long>(m / 60),
                  static_cast<long long>(m % 60));
  }
  return buf;
}

}  // namespace

std::string GroupDigits(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return n < 0 ? "-" + out : out;
}

Progress::Mode Progress::Choose(bool force, bool quiet) {
  if (quiet) return Mode::kOff;
  if (force || isatty(STDERR_FILENO) == 1) return Mode::kBar;
  return Mode::kLines;
}

Progress::Progress(Mode mode, std::string command, std::FILE* out)
    : mode_(mode), command_(std::move(command)), out_(out) {}

Progress::~Progress() { Done(); }

double Progress::Elapsed() const {
  return std::chrono::duration<double>(SteadyClock::now() - started_).count();
}

void Progress::Phase(std::string name, int64_t total, std::string unit) {
  Done();
  active_ = true;
  phase_ = std::move(name);
  unit_ = std::move(unit);
  total_ = std::max<int64_t>(0, total);
  done_ = 0;
  started_ = SteadyClock::now();
  ever_drawn_ = false;
}

void Progress::Update(int64_t done, int64_t total) {
  if (!active_) return;
  done_ = done;
  if (total >= 0) total_ = total;
  if (mode_ != Mode::kBar) return;
  const SteadyClock::time_point now = SteadyClock::now();
  if (ever_drawn_ && now - drawn_ < kRedrawInterval) return;
  drawn_ = now;
  Draw(/*final=*/false);
}

void Progress::Done() {
  if (!active_) return;
  active_ = false;
  if (mode_ == Mode::kOff) return;
  Draw(/*final=*/true);
}

void Progress::Draw(bool final) {
  const double elapsed = Elapsed();
  const double rate = elapsed > 0 ? static_cast<double>(done_) / elapsed : 0;
  char rate_text[64];
  std::snprintf(rate_text, sizeof(rate_text), "%s %s/s",
                GroupDigits(std::llround(rate)).c_str(), unit_.c_str());
  if (mode_ == Mode::kLines) {
    // One line per phase, when it ends.
    std::fprintf(out_, "%s: %s: %s %s in %s (%s)\n", command_.c_str(),
                 phase_.c_str(), GroupDigits(done_).c_str(), unit_.c_str(),
                 Duration(elapsed).c_str(), rate_text);
    std::fflush(out_);
    return;
  }
  std::string line;
  char head[64];
  std::snprintf(head, sizeof(head), "%-9s ", phase_.c_str());
  line += head;
  if (total_ > 0) {
    const double fraction = std::clamp(
        static_cast<double>(done_) / static_cast<double>(total_), 0.0, 1.0);
    const int filled = static_cast<int>(fraction * kBarWidth);
    line += "[" + std::string(filled, '#') +
            std::string(kBarWidth - filled, '.') + "] ";
    char percent[16];
    std::snprintf(percent, sizeof(percent), "%3d%%  ",
                  static_cast<int>(fraction * 100));
    line += percent;
    line += GroupDigits(done_) + "/" + GroupDigits(total_) + " " + unit_;
  } else {
    line += GroupDigits(done_) + " " + unit_;
  }
  line += "  ";
  line += rate_text;
  if (final) {
    line += "  in " + Duration(elapsed);
  } else if (total_ > 0 && rate > 0 && done_ < total_) {
    line += "  ETA " + Duration(static_cast<double>(total_ - done_) / rate);
  }
  // "\r" and erase-to-end-of-line redraw in place.
  std::fprintf(out_, "\r\033[K%s%s", line.c_str(), final ? "\n" : "");
  std::fflush(out_);
  ever_drawn_ = true;
}

}  // namespace eddy::cli
