// Copyright 2026 The eddy Authors.

#include "emulator/types/number.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <vector>

#include "emulator/types/limits.h"

namespace eddy {
namespace {

using u128 = unsigned __int128;

constexpr std::string_view kNotNumeric =
    "The parameter cannot be converted to a numeric value";
constexpr std::string_view kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than "
    "supported range";
constexpr std::string_view kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller "
    "than supported range";
constexpr std::string_view kPrecision =
    "Attempting to store more than 38 significant digits in a Number";

constexpr std::array<u128, 40> MakePowersOfTen() {
  std::array<u128, 40> p{};
  p[0] = 1;
  for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
  return p;
}
constexpr std::array<u128, 40> kPow10 = MakePowersOfTen();  // 10^0 .. 10^39
constexpr uint64_t kTen19 = 10'000'000'000'000'000'000ULL;

// Number of decimal digits of v (0 for 0). v < 10^39.
int CountDigits(u128 v) {
  int d = 0;
  // Skip ahead by 19 digits when the value does not fit in 64 bits.
  if (v >= kPow10[19]) d = 19;
  while (d < 39 && v >= kPow10[d]) ++d;
  return d;
}

// Floor division by 2 for possibly negative numbers.
int64_t FloorHalf(int64_t x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); }

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

Status NotNumeric(std::string_view text) {
  // ": <text>" even for an empty text (us-east-1 since 2026-08,
  // dynamodb-conformance captures/2026-08-12-wording-drift.json: NS [""]).
  std::string msg(kNotNumeric);
  msg += ": ";
  msg += text;
  return Status::Validation(std::move(msg));
}

// Writes the decimal digits of v (v < 10^39) into buf, returns the count.
int WriteDigits(u128 v, char* buf) {
  char tmp[40];
  int n = 0;
  uint64_t high = static_cast<uint64_t>(v / kTen19);
  uint64_t low = static_cast<uint64_t>(v % kTen19);
  if (high == 0) {
    do {
      tmp[n++] = static_cast<char>('0' + low % 10);
      low /= 10;
    } while (low != 0);
  } else {
    for (int i = 0; i < 19; ++i) {
      tmp[n++] = static_cast<char>('0' + low % 10);
      low /= 10;
    }
    while (high != 0) {
      tmp[n++] = static_cast<char>('0' + high % 10);
      high /= 10;
    }
  }
  for (int i = 0; i < n; ++i) buf[i] = tmp[n - 1 - i];
  return n;
}

}  // namespace

StatusOr<Number> Number::Parse(std::string_view text) {
  const size_t n = text.size();
  if (n == 0) return NotNumeric(text);
  size_t i = 0;
  bool negative = false;
  if (text[0] == '+' || text[0] == '-') {
    negative = text[0] == '-';
    i = 1;
  }
  const size_t int_begin = i;
  while (i < n && IsDigit(text[i])) ++i;
  const size_t int_end = i;
  size_t frac_begin = i, frac_end = i;
  if (i < n && text[i] == '.') {
    frac_begin = ++i;
    while (i < n && IsDigit(text[i])) ++i;
    frac_end = i;
  }
  if (int_end == int_begin && frac_end == frac_begin) return NotNumeric(text);
  int64_t exp = 0;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
      exp_negative = text[i] == '-';
      ++i;
    }
    const size_t exp_begin = i;
    while (i < n && IsDigit(text[i])) {
      // Saturate: anything this large is out of range whatever the mantissa.
      if (exp < 1'000'000'000'000LL) exp = exp * 10 + (text[i] - '0');
      ++i;
    }
    if (i == exp_begin) return NotNumeric(text);
    if (exp_negative) exp = -exp;
  }
  if (i != n) return NotNumeric(text);

  // The mantissa digits, integer part then fraction, as one sequence.
  const int64_t int_len = static_cast<int64_t>(int_end - int_begin);
  const int64_t total = int_len + static_cast<int64_t>(frac_end - frac_begin);
  auto digit_at = [&](int64_t k) -> int {
    return k < int_len ? text[int_begin + k] - '0'
                       : text[frac_begin + (k - int_len)] - '0';
  };
  int64_t first = 0;
  while (first < total && digit_at(first) == 0) ++first;
  if (first == total) return Number();  // zero, whatever the exponent
  int64_t last = total - 1;
  while (digit_at(last) == 0) --last;

  // Power of ten of mantissa digit k is (int_len - 1 - k) + exp.
  const int64_t top = int_len - 1 - first + exp;
  const int64_t bottom = int_len - 1 - last + exp;
  if (top > limits::kMaxNumberExponent) {
    return Status::Validation(std::string(kOverflow));
  }
  if (top < limits::kMinNumberExponent) {
    return Status::Validation(std::string(kUnderflow));
  }
  if (last - first + 1 > limits::kMaxNumberDigits) {
    return Status::Validation(std::string(kPrecision));
  }
  u128 coefficient = 0;
  for (int64_t k = first; k <= last; ++k) {
    coefficient = coefficient * 10 + static_cast<unsigned>(digit_at(k));
  }
  Number out;
  out.lo_ = static_cast<uint64_t>(coefficient);
  out.hi_ = static_cast<uint64_t>(coefficient >> 64);
  out.exponent_ = static_cast<int16_t>(bottom);
  out.negative_ = negative;
  return out;
}

Number Number::FromInt64(int64_t value) {
  if (value == 0) return Number();
  bool negative = value < 0;
  u128 magnitude =
      negative ? static_cast<u128>(-(value + 1)) + 1 : static_cast<u128>(value);
  // Always in range and within 38 digits.
  return *FromParts(negative, magnitude, 0);
}

StatusOr<Number> Number::FromParts(bool negative, u128 coefficient,
                                   int64_t exponent) {
  if (coefficient == 0) return Number();
  while (coefficient % 10 == 0) {
    coefficient /= 10;
    ++exponent;
  }
  const int d = CountDigits(coefficient);
  const int64_t top = exponent + d - 1;
  // DynamoDB reports a result that needs more than 38 digits as an overflow.
  if (top > limits::kMaxNumberExponent || d > limits::kMaxNumberDigits) {
    return Status::Validation(std::string(kOverflow));
  }
  if (top < limits::kMinNumberExponent) {
    return Status::Validation(std::string(kUnderflow));
  }
  Number out;
  out.lo_ = static_cast<uint64_t>(coefficient);
  out.hi_ = static_cast<uint64_t>(coefficient >> 64);
  out.exponent_ = static_cast<int16_t>(exponent);
  out.negative_ = negative;
  return out;
}

StatusOr<Number> Number::Add(const Number& a, const Number& b) {
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  const Number& x = a.exponent_ >= b.exponent_ ? a : b;  // larger exponent
  const Number& y = a.exponent_ >= b.exponent_ ? b : a;
  const int shift = x.exponent_ - y.exponent_;
  if (x.digits() + shift <= limits::kMaxNumberDigits) {
    // Both operands below 10^38 at a common exponent: the sum fits in 128 bits.
    const u128 cx = x.coefficient() * kPow10[shift];
    const u128 cy = y.coefficient();
    if (x.negative_ == y.negative_) {
      return FromParts(x.negative_, cx + cy, y.exponent_);
    }
    if (cx >= cy) return FromParts(x.negative_, cx - cy, y.exponent_);
    return FromParts(y.negative_, cy - cx, y.exponent_);
  }
  return AddSlow(a, b);
}

// Digit-by-digit addition for operands whose exponents are far apart. The
// digit span is bounded by the number range (about 300 digits).
StatusOr<Number> Number::AddSlow(const Number& a, const Number& b) {
  const int64_t low = std::min<int64_t>(a.exponent_, b.exponent_);
  const int64_t high =
      std::max<int64_t>(a.exponent_ + a.digits(), b.exponent_ + b.digits());
  const size_t len = static_cast<size_t>(high - low + 1);
  std::vector<int> da(len, 0), db(len, 0);
  auto spread = [&](const Number& v, std::vector<int>& out) {
    char buf[40];
    const int n = WriteDigits(v.coefficient(), buf);
    for (int k = 0; k < n; ++k) {
      out[static_cast<size_t>(v.exponent_ - low + (n - 1 - k))] = buf[k] - '0';
    }
  };
  spread(a, da);
  spread(b, db);

  std::vector<int> result(len, 0);
  bool negative;
  if (a.negative_ == b.negative_) {
    negative = a.negative_;
    int carry = 0;
    for (size_t k = 0; k < len; ++k) {
      int s = da[k] + db[k] + carry;
      result[k] = s % 10;
      carry = s / 10;
    }
  } else {
    // Subtract the smaller magnitude from the larger.
    const Number abs_a = a.negative_ ? a.Negated() : a;
    const Number abs_b = b.negative_ ? b.Negated() : b;
    const bool a_larger = abs_a.Compare(abs_b) >= 0;
    const std::vector<int>& big = a_larger ? da : db;
    const std::vector<int>& small = a_larger ? db : da;
    negative = a_larger ? a.negative_ : b.negative_;
    int borrow = 0;
    for (size_t k = 0; k < len; ++k) {
      int s = big[k] - small[k] - borrow;
      borrow = s < 0;
      result[k] = s + (borrow ? 10 : 0);
    }
  }
  int64_t first = static_cast<int64_t>(len) - 1;
  while (first >= 0 && result[static_cast<size_t>(first)] == 0) --first;
  if (first < 0) return Number();
  int64_t last = 0;
  while (result[static_cast<size_t>(last)] == 0) ++last;
  if (first - last + 1 > limits::kMaxNumberDigits) {
    return Status::Validation(std::string(kOverflow));
  }
  u128 coefficient = 0;
  for (int64_t k = first; k >= last; --k) {
    coefficient = coefficient * 10 +
                  static_cast<unsigned>(result[static_cast<size_t>(k)]);
  }
  return FromParts(negative, coefficient, low + last);
}

StatusOr<Number> Number::Subtract(const Number& a, const Number& b) {
  return Add(a, b.Negated());
}

Number Number::Negated() const {
  Number out = *this;
  if (!is_zero()) out.negative_ = !negative_;
  return out;
}

int Number::digits() const { return CountDigits(coefficient()); }

int Number::SizeBytes() const {
  if (is_zero()) return 1;
  return SizeBytesOf(negative_, exponent_ + digits() - 1, digits());
}

int Number::SizeBytesOf(bool negative, int top, int digits) {
  const int64_t bottom = static_cast<int64_t>(top) - digits + 1;
  const int64_t pairs = FloorHalf(top) - FloorHalf(bottom) + 1;
  const int64_t size = pairs + 1 + (negative ? 1 : 0);
  return static_cast<int>(std::min<int64_t>(size, limits::kMaxNumberSizeBytes));
}

int Number::Compare(const Number& other) const {
  const int sa = is_zero() ? 0 : (negative_ ? -1 : 1);
  const int sb = other.is_zero() ? 0 : (other.negative_ ? -1 : 1);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  // Same sign: compare magnitudes, then flip for negatives.
  const int da = digits(), db = other.digits();
  const int top_a = exponent_ + da - 1, top_b = other.exponent_ + db - 1;
  int magnitude;
  if (top_a != top_b) {
    magnitude = top_a < top_b ? -1 : 1;
  } else {
    // Same leading power: align the coefficients (both end up with
    // max(da, db) <= 38 digits).
    u128 ca = coefficient(), cb = other.coefficient();
    if (exponent_ > other.exponent_) {
      ca *= kPow10[exponent_ - other.exponent_];
    } else {
      cb *= kPow10[other.exponent_ - exponent_];
    }
    magnitude = ca < cb ? -1 : (ca > cb ? 1 : 0);
  }
  return sa < 0 ? -magnitude : magnitude;
}

void Number::AppendTo(std::string* out) const {
  if (is_zero()) {
    out->push_back('0');
    return;
  }
  if (negative_) out->push_back('-');
  char buf[40];
  const int n = WriteDigits(coefficient(), buf);
  if (exponent_ >= 0) {
    out->append(buf, static_cast<size_t>(n));
    out->append(static_cast<size_t>(exponent_), '0');
  } else if (-exponent_ < n) {
    const int point = n + exponent_;
    out->append(buf, static_cast<size_t>(point));
    out->push_back('.');
    out->append(buf + point, static_cast<size_t>(n - point));
  } else {
    out->append("0.");
    out->append(static_cast<size_t>(-exponent_ - n), '0');
    out->append(buf, static_cast<size_t>(n));
  }
}

std::string Number::ToString() const {
  std::string out;
  AppendTo(&out);
  return out;
}

bool Number::ToInt64(int64_t* out) const {
  if (is_zero()) {
    *out = 0;
    return true;
  }
  if (exponent_ < 0 || digits() + exponent_ > 19) return false;
  const u128 magnitude = coefficient() * kPow10[exponent_];
  const u128 limit = static_cast<u128>(std::numeric_limits<int64_t>::max()) +
                     (negative_ ? 1 : 0);
  if (magnitude > limit) return false;
  *out = negative_ ? -static_cast<int64_t>(magnitude - 1) - 1
                   : static_cast<int64_t>(magnitude);
  return true;
}

void Number::AppendOrderedBytes(std::string* out) const {
  // Tag byte: 0 negative, 1 zero, 2 positive. Then the leading power of ten
  // biased to 16 bits, then the digits. Negatives invert every byte after the
  // tag and end with 0xff so that a longer magnitude sorts first.
  if (is_zero()) {
    out->push_back('\x01');
    return;
  }
  char digits[40];
  const int n = WriteDigits(coefficient(), digits);
  const uint16_t top = static_cast<uint16_t>(exponent_ + n - 1 + 1000);
  const unsigned char flip = negative_ ? 0xff : 0x00;
  out->push_back(negative_ ? '\x00' : '\x02');
  out->push_back(static_cast<char>((top >> 8) ^ flip));
  out->push_back(static_cast<char>((top & 0xff) ^ flip));
  for (int i = 0; i < n; ++i)
    out->push_back(static_cast<char>(digits[i] ^ flip));
  if (negative_) out->push_back('\xff');
}

double Number::ToDouble() const {
  return std::strtod(ToString().c_str(), nullptr);
}

}  // namespace eddy
