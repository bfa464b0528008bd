// Copyright 2026 The eddy Authors.
//
// Crc32: the CRC-32 that DynamoDB sends in `x-amz-crc32` (IEEE 802.3,
// reflected polynomial 0xEDB88320, initial value and final xor 0xFFFFFFFF; the
// same CRC as zlib's crc32()). The header carries it as a decimal unsigned
// number computed over the exact body bytes sent.
//
//   uint32_t c = eddy::server::Crc32("123456789");  // 0xCBF43926
//   uint32_t d = eddy::server::Crc32Extend(eddy::server::Crc32("1234"),
//                                          "56789");  // the same value
//
// Table-driven, eight bytes per step (slicing-by-8); the tables are built at
// compile time.
//
// Thread safety: pure functions.

#ifndef EDDY_TOOLS_EDDY_SERVER_CRC32_H_
#define EDDY_TOOLS_EDDY_SERVER_CRC32_H_

#include <cstdint>
#include <string_view>

namespace eddy::server {

// CRC-32 of `data`.
uint32_t Crc32(std::string_view data);

// The CRC-32 of A+B given `crc` = Crc32(A) and `data` = B.
uint32_t Crc32Extend(uint32_t crc, std::string_view data);

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_CRC32_H_
