// Copyright 2026 The eddy Authors.
//
// CRC-32C (Castagnoli, the polynomial 0x1EDC6F41 reflected): the checksum of
// every record and block eddy writes to disk (engine/persist/). The same
// function as iSCSI's, ext4's and leveldb's, so values can be checked with
// common tools. Uses the CPU's crc32 instruction when it has one (x86-64
// SSE4.2), a table otherwise; both give the same value.
//
//   uint32_t crc = crc32c::Value(data, size);
//   crc = crc32c::Extend(crc, more, more_size);  // == Value(data + more)
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_BASE_CRC32C_H_
#define EDDY_EMULATOR_BASE_CRC32C_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace eddy::crc32c {

// The CRC-32C of data[0, n) appended to data whose CRC-32C is `crc`.
uint32_t Extend(uint32_t crc, const char* data, size_t n);

// The CRC-32C of data[0, n).
inline uint32_t Value(const char* data, size_t n) { return Extend(0, data, n); }
inline uint32_t Value(std::string_view s) { return Value(s.data(), s.size()); }

// A stored CRC is masked, so that the CRC of a block holding CRCs (a log
// record inside a file whose tail is checksummed again) is not degenerate.
// leveldb's rotation-plus-constant scheme.
inline uint32_t Mask(uint32_t crc) {
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}
inline uint32_t Unmask(uint32_t masked) {
  const uint32_t rot = masked - 0xa282ead8u;
  return (rot >> 17) | (rot << 15);
}

}  // namespace eddy::crc32c

#endif  // EDDY_EMULATOR_BASE_CRC32C_H_
