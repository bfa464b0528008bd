// Copyright 2026 The eddy Authors.
//
// Number: DynamoDB's N type. An exact decimal with at most 38 significant
// digits and a magnitude between 1E-130 and
// 9.9999999999999999999999999999999999999E+125 (negatives mirror it; zero is
// allowed).
//
// Numbers are normalized when made: "00042" is 42, "1.0" is 1, "-0" is 0,
// "1.5E2" is 150. So two Numbers are equal exactly when their values are, and
// ToString() prints the plain decimal DynamoDB returns (never an exponent).
//
//   StatusOr<Number> a = Number::Parse("1.50");   // 1.5
//   StatusOr<Number> b = Number::Parse("abc");    // ValidationException
//   StatusOr<Number> sum = Number::Add(*a, Number::FromInt64(1));  // 2.5
//
// Representation: sign, a coefficient below 10^38 with no trailing zeros, and
// a power-of-ten exponent. Compare and Add are exact and allocation-free on the
// common path.
//
// Thread safety: a Number is an immutable value type.

#ifndef EDDY_EMULATOR_TYPES_NUMBER_H_
#define EDDY_EMULATOR_TYPES_NUMBER_H_

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "emulator/base/status.h"

namespace eddy {

class Number {
 public:
  // Zero.
  Number() = default;

  // Parses DynamoDB's textual number form: optional sign, digits with an
  // optional point (".5" and "5." are fine), optional exponent ("1e+5").
  // Errors (ValidationException), checked in this order:
  //   "The parameter cannot be converted to a numeric value: <text>"
  //   "Number overflow. Attempting to store a number with magnitude larger
  //    than supported range"
  //   "Number underflow. Attempting to store a number with magnitude smaller
  //    than supported range"
  //   "Attempting to store more than 38 significant digits in a Number"
  static StatusOr<Number> Parse(std::string_view text);

  static Number FromInt64(int64_t value);

  // Exact a + b and a - b. Results out of range, or needing more than 38
  // digits, fail with DynamoDB's overflow message (DynamoDB uses it for the
  // precision case too); results too close to zero with the underflow message.
  static StatusOr<Number> Add(const Number& a, const Number& b);
  static StatusOr<Number> Subtract(const Number& a, const Number& b);

  Number Negated() const;

  // Plain decimal: "-12.5", "1000", "0.001".
  std::string ToString() const;
  void AppendTo(std::string* out) const;

  // The value as an int64 when it is an integer that fits.
  bool ToInt64(int64_t* out) const;
  // Nearest double (for reports and TTL arithmetic; not used for storage).
  double ToDouble() const;

  bool is_zero() const { return lo_ == 0 && hi_ == 0; }
  bool is_negative() const { return negative_; }
  // Significant digits (0 for zero).
  int digits() const;
  // Power of ten of the last significant digit: 150 -> 1, 0.25 -> -2.
  int exponent() const { return exponent_; }

  // DynamoDB's billing size in bytes: 1 for zero; otherwise the significant
  // digits grouped in base-100 pairs aligned on the decimal point, plus one,
  // plus one if negative, at most 21.
  int SizeBytes() const;
  // SizeBytes of a non-zero number of `digits` significant digits whose
  // leading digit is at power of ten `top`.
  static int SizeBytesOf(bool negative, int top, int digits);

  // The normalized representation, for binary codecs (emulator/storage).
  // FromRaw trusts its input: it must come from raw() of a valid Number.
  struct Raw {
    uint64_t lo;
    uint64_t hi;
    int16_t exponent;
    bool negative;
  };
  Raw raw() const { return Raw{lo_, hi_, exponent_, negative_}; }
  static Number FromRaw(const Raw& raw) {
    Number n;
    n.lo_ = raw.lo;
    n.hi_ = raw.hi;
    n.exponent_ = raw.exponent;
    n.negative_ = raw.negative;
    return n;
  }

  // Appends bytes whose unsigned lexicographic order is the numeric order
  // (for sort keys in storage). Equal numbers encode identically.
  void AppendOrderedBytes(std::string* out) const;

  // Numeric order: -1, 0 or 1.
  int Compare(const Number& other) const;
  friend bool operator==(const Number& a, const Number& b) {
    return a.lo_ == b.lo_ && a.hi_ == b.hi_ && a.exponent_ == b.exponent_ &&
           a.negative_ == b.negative_;
  }
  friend std::strong_ordering operator<=>(const Number& a, const Number& b) {
    int c = a.Compare(b);
    return c < 0   ? std::strong_ordering::less
           : c > 0 ? std::strong_ordering::greater
                   : std::strong_ordering::equal;
  }

  // Consistent with ==: equal values hash equally.
  template <typename H>
  friend H AbslHashValue(H h, const Number& n) {
    return H::combine(std::move(h), n.lo_, n.hi_, n.exponent_, n.negative_);
  }

 private:
  using u128 = unsigned __int128;
  u128 coefficient() const { return (static_cast<u128>(hi_) << 64) | lo_; }
  // Builds a normalized number from a coefficient (< 2*10^38) and exponent;
  // checks range and precision with the arithmetic error messages.
  static StatusOr<Number> FromParts(bool negative, u128 coefficient,
                                    int64_t exponent);
  static StatusOr<Number> AddSlow(const Number& a, const Number& b);

  uint64_t lo_ = 0;
  uint64_t hi_ = 0;
  int16_t exponent_ = 0;
  bool negative_ = false;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_NUMBER_H_
