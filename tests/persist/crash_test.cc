// Copyright 2026 The eddy Authors.
//
// Crash safety (issue 21): a child process (crash_child.cc) writes to a data
// directory and reports each acknowledged write; the test kills it with
// SIGKILL at a random moment, reopens the directory, and checks that
//   - under --sync always, every acknowledged write is there;
//   - under batch, every write acknowledged more than a window (plus
//     scheduling slack) before the kill is there;
//   - a transaction is there in both tables or in neither;
// round after round on the same directory (each round's writes survive the
// later rounds' crashes too).
//
// EDDY_CRASH_ROUNDS sets the number of kills per policy (default 25: CI
// runs 50 kills in all; run it with more by hand). Under the sanitizers,
// whose builds run the same kills several times slower, the default is 10.

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "tests/persist/persist_testing.h"

extern char** environ;

namespace eddy {
namespace {

using json = nlohmann::json;

struct Ack {
  long index;
  long long micros;
};

int64_t SteadyMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Runs the child until it has acknowledged `acks` writes (or died), kills
// it, and returns what it acknowledged and when the kill was sent.
std::vector<Ack> RunAndKill(const std::string& dir, const std::string& sync,
                            int round, int acks, int64_t* killed_at) {
  int out[2];
  EXPECT_EQ(::pipe(out), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  const std::string round_text = "r" + std::to_string(round);
  std::vector<char*> argv = {const_cast<char*>(EDDY_CRASH_CHILD),
                             const_cast<char*>(dir.c_str()),
                             const_cast<char*>(sync.c_str()),
                             const_cast<char*>(round_text.c_str()), nullptr};
  pid_t pid;
  EXPECT_EQ(posix_spawn(&pid, EDDY_CRASH_CHILD, &actions, nullptr, argv.data(),
                        environ),
            0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  std::vector<Ack> seen;
  std::string pending;
  char buf[4096];
  while (static_cast<int>(seen.size()) < acks) {
    const ssize_t n = ::read(out[0], buf, sizeof(buf));
    if (n <= 0) break;  // the child died on its own: the test fails below
    pending.append(buf, static_cast<size_t>(n));
    size_t nl;
    while ((nl = pending.find('\n')) != std::string::npos) {
      Ack a{};
      std::sscanf(pending.c_str(), "%ld %lld", &a.index, &a.micros);
      seen.push_back(a);
      pending.erase(0, nl + 1);
    }
  }
  *killed_at = SteadyMicros();
  ::kill(pid, SIGKILL);
  // Acknowledgements already in the pipe were acknowledged before the kill.
  while (true) {
    const ssize_t n = ::read(out[0], buf, sizeof(buf));
    if (n <= 0) break;
    pending.append(buf, static_cast<size_t>(n));
  }
  size_t nl;
  while ((nl = pending.find('\n')) != std::string::npos) {
    Ack a{};
    if (std::sscanf(pending.c_str(), "%ld %lld", &a.index, &a.micros) == 2) {
      seen.push_back(a);
    }
    pending.erase(0, nl + 1);
  }
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status)) << "the child exited by itself";
  return seen;
}

std::set<std::string> Keys(Database& db, const std::string& table) {
  std::set<std::string> keys;
  for (const auto& item : persist_testing::AllItems(db, table)) {
    keys.insert(item["k"]["S"].get<std::string>());
  }
  return keys;
}

int Rounds() {
  const char* env = std::getenv("EDDY_CRASH_ROUNDS");
#ifdef EDDY_SANITIZE
  constexpr int kDefaultRounds = 10;
#else
  constexpr int kDefaultRounds = 25;
#endif
  return env != nullptr ? std::max(1, std::atoi(env)) : kDefaultRounds;
}

void CrashRounds(const std::string& sync, int64_t window_micros) {
  persist_testing::ScratchDir dir;
  std::mt19937 rng(static_cast<unsigned>(sync.size() * 7919));
  std::map<int, std::vector<Ack>> history;
  std::map<int, int64_t> kills;
  for (int round = 0; round < Rounds(); ++round) {
    const int acks = std::uniform_int_distribution<int>(1, 400)(rng);
    int64_t killed_at = 0;
    history[round] = RunAndKill(dir.path(), sync, round, acks, &killed_at);
    kills[round] = killed_at;
    ASSERT_FALSE(history[round].empty()) << "round " << round;

    auto db =
        persist_testing::OpenOrDie(persist_testing::DirOptions(dir.path()));
    ASSERT_NE(db, nullptr);
    EXPECT_TRUE(db->recovery_report().damage.empty())
        << db->recovery_report().damage[0];
    const std::set<std::string> a = Keys(*db, "aaa");
    const std::set<std::string> b = Keys(*db, "bbb");
    for (const auto& [r, seen] : history) {
      for (const Ack& ack : seen) {
        const std::string k =
            "r" + std::to_string(r) + "-" + std::to_string(ack.index);
        // Everything acknowledged (always), or acknowledged longer ago
        // than the window and 200 ms of scheduling slack (batch).
        const bool must = window_micros == 0 ||
                          ack.micros < kills[r] - window_micros - 200'000;
        if (must) {
          EXPECT_TRUE(a.count(k)) << sync << " lost " << k;
        }
      }
    }
    // Transactions: in both tables or in neither.
    for (const std::string& k : b) EXPECT_TRUE(a.count(k)) << k;
    for (const std::string& k : a) {
      const long index = std::stol(k.substr(k.find('-') + 1));
      if (index % 4 == 3) {
        EXPECT_TRUE(b.count(k)) << "half a transaction " << k;
      }
    }
  }
}

TEST(PersistCrashTest, SyncAlwaysLosesNoAcknowledgedWrite) {
  CrashRounds("always", 0);
}

TEST(PersistCrashTest, SyncBatchLosesNothingOlderThanItsWindow) {
  CrashRounds("batch", 20'000);
}

}  // namespace
}  // namespace eddy
