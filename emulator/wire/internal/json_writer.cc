// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "emulator/wire/internal/attribute_codec.h"

namespace eddy::wire::internal {

std::string FormatJavaDouble(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  // Shortest round-trip digits and exponent from "d.dddde±x".
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), value,
                                 std::chars_format::scientific);
  if (ec != std::errc()) return "0.0";
  std::string sci(buf, end);
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  const size_t e = sci.find('e');
  const int exponent = std::atoi(sci.c_str() + e + 1);
  std::string digits;
  for (size_t i = 0; i < e; ++i) {
    if (sci[i] != '.') digits.push_back(sci[i]);
  }
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    std::string out;
    if (exponent >= 0) {
      const size_t int_len = static_cast<size_t>(exponent) + 1;
      while (digits.size() < int_len) digits.push_back('0');
      out = digits.substr(0, int_len) + ".";
      out += digits.size() > int_len ? digits.substr(int_len) : "0";
    } else {
      out =
          "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string mantissa = digits.substr(0, 1) + ".";
  mantissa += digits.size() > 1 ? digits.substr(1) : "0";
  return sign + mantissa + "E" + std::to_string(exponent);
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (depth_ > 0) {
    const uint64_t bit = uint64_t{1} << (depth_ - 1);
    if (needs_comma_ & bit) out_.push_back(',');
    needs_comma_ |= bit;
  }
}

void JsonWriter::BeginObject() {
  BeforeValue();
  out_.push_back('{');
  needs_comma_ &= ~(uint64_t{1} << depth_);
  ++depth_;
}

void JsonWriter::EndObject() {
  out_.push_back('}');
  --depth_;
}

void JsonWriter::BeginArray() {
  BeforeValue();
  out_.push_back('[');
  needs_comma_ &= ~(uint64_t{1} << depth_);
  ++depth_;
}

void JsonWriter::EndArray() {
  out_.push_back(']');
  --depth_;
}

void JsonWriter::Key(std::string_view key) {
  BeforeValue();
  AppendJsonString(key, &out_);
  out_.push_back(':');
  after_key_ = true;
}

void JsonWriter::String(std::string_view s) {
  BeforeValue();
  AppendJsonString(s, &out_);
}

void JsonWriter::Int(int64_t n) {
  BeforeValue();
  char buf[24];
  out_.append(buf, std::to_chars(buf, buf + sizeof(buf), n).ptr);
}

void JsonWriter::Double(double d) {
  BeforeValue();
  out_ += FormatJavaDouble(d);
}

void JsonWriter::Bool(bool b) {
  BeforeValue();
  out_ += b ? "true" : "false";
}

void JsonWriter::Item(const AttributeMap& item) {
  BeforeValue();
  AppendItemJson(item, &out_);
}

}  // namespace eddy::wire::internal
