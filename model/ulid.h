// Copyright 2026 The eddy Authors.
//
// ULIDs (Universally Unique Lexicographically Sortable Identifiers) from a
// seeded generator: 26 characters of Crockford base32 encoding a 48-bit
// millisecond timestamp followed by 80 random bits. Because the timestamp
// comes first and the encoding preserves order, sort keys built from ULIDs
// sort by creation time — the property the kayak model relies on.
//
//   ManualClock clock(/*start_micros=*/1'704'067'200'000'000);  // 2024-01-01
//   UlidGenerator ulids(/*seed=*/7, &clock);
//   std::string a = ulids.Next();        // "01HK..." (26 characters)
//   clock.AdvanceMicros(1000);
//   std::string b = ulids.Next();        // a < b
//
// The same seed and the same clock readings give the same ULIDs, byte for
// byte, on every platform.
//
// Thread safety: a UlidGenerator is not thread-safe; EncodeUlid is pure.

#ifndef EDDY_MODEL_ULID_H_
#define EDDY_MODEL_ULID_H_

#include <cstdint>
#include <string>

#include "emulator/base/clock.h"
#include "model/internal/random.h"

namespace eddy::model {

// The 26-character ULID of `millis` (only the low 48 bits are used) and 80
// random bits (`random_high` supplies the top 16, `random_low` the rest).
std::string EncodeUlid(uint64_t millis, uint16_t random_high,
                       uint64_t random_low);

// The millisecond timestamp encoded in a ULID, or -1 if `ulid` is not 26
// Crockford base32 characters.
int64_t UlidMillis(const std::string& ulid);

class UlidGenerator {
 public:
  // `clock` is read (never advanced) on each Next(); not owned, must outlive
  // the generator.
  UlidGenerator(uint64_t seed, const Clock* clock)
      : random_(seed), clock_(clock) {}

  // A ULID for the clock's current millisecond and 80 fresh random bits.
  std::string Next();

 private:
  model::internal::Random random_;
  const Clock* clock_;
};

}  // namespace eddy::model

#endif  // EDDY_MODEL_ULID_H_
