// Copyright 2026 The eddy Authors.
//
// Standard base64 (RFC 4648, with padding), as DynamoDB uses for B values.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_BASE_BASE64_H_
#define EDDY_EMULATOR_BASE_BASE64_H_

#include <string>
#include <string_view>

namespace eddy {

std::string Base64Encode(std::string_view bytes);
void Base64EncodeTo(std::string_view bytes, std::string* out);

// Strict decoding: the length must be a multiple of 4, only the standard
// alphabet, '=' only as trailing padding, and unused trailing bits zero.
// On failure returns false and describes the problem in *error (the wording
// DynamoDB appends after "can not be converted to a Blob: ").
bool Base64Decode(std::string_view text, std::string* out, std::string* error);

}  // namespace eddy

#endif  // EDDY_EMULATOR_BASE_BASE64_H_
