// Copyright 2026 The eddy Authors.
//
// RequestIdGenerator: the `x-amzn-RequestId` of each response, 52 characters
// of [A-Z0-9] as DynamoDB sends them, unique for the life of the generator.
//
//   RequestIdGenerator ids(/*seed=*/std::random_device{}());
//   char id[RequestIdGenerator::kLength];
//   ids.Next(id);
//
// The last 13 characters are a bijective 64-bit mix of a counter written in
// base 36 (36^13 > 2^64), so no two ids of one generator are equal; the first
// 39 are derived from the seed and the counter so that ids look random.
//
// Thread safety: Next may be called from many threads at once.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_REQUEST_ID_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_REQUEST_ID_H_

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace eddy::server::internal {

class RequestIdGenerator {
 public:
  static constexpr size_t kLength = 52;

  explicit RequestIdGenerator(uint64_t seed) : seed_(seed) {}

  // Writes the next id (kLength characters, no terminator) to `out`.
  void Next(char* out);

 private:
  const uint64_t seed_;
  std::atomic<uint64_t> counter_{0};
};

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_REQUEST_ID_H_
