// Copyright 2026 The eddy Authors.

#include "model/lab/traffic.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "emulator/types/attribute_value.h"

namespace eddy::lab::internal {
namespace {

// The attribute that pads a written item to the stream's item size.
constexpr char kPadding[] = "data";

std::string Padded(uint64_t n, int width) {
  std::string digits = std::to_string(n);
  if (static_cast<int>(digits.size()) < width) {
    digits.insert(0, static_cast<size_t>(width) - digits.size(), '0');
  }
  return digits;
}

}  // namespace

Generator::Generator(const Stream& stream, const TableSpec& table,
                     uint64_t seed)
    : stream_(stream), table_(table), rng_(seed) {
  const KeySpec& k = stream.keys;
  if (k.distribution == Distribution::kZipf) {
    cdf_.resize(static_cast<size_t>(k.count));
    double sum = 0;
    for (int64_t r = 1; r <= k.count; ++r) {
      sum += 1.0 / std::pow(static_cast<double>(r), k.zipf_exponent);
      cdf_[static_cast<size_t>(r - 1)] = sum;
    }
    for (double& c : cdf_) c /= sum;
  }
  for (const ValueSpec& v : stream.values) {
    std::vector<double> cumulative;
    double s = 0;
    for (size_t i = 0; i < v.values.size(); ++i) {
      s += v.weights.empty() ? 1.0 : v.weights[i];
      cumulative.push_back(s);
    }
    value_cdfs_.push_back(std::move(cumulative));
  }
}

std::string Generator::PartitionKey() {
  const KeySpec& k = stream_.keys;
  std::string pk;
  switch (k.distribution) {
    case Distribution::kUniform:
      pk = k.prefix + std::to_string(rng_.Below(k.count));
      break;
    case Distribution::kZipf: {
      const double u = rng_.Unit();
      const size_t r = static_cast<size_t>(
          std::lower_bound(cdf_.begin(), cdf_.end(), u) - cdf_.begin());
      pk = k.prefix + std::to_string(std::min(r, cdf_.size() - 1));
      break;
    }
    case Distribution::kHotKey:
      pk = k.hot_fraction >= 1.0 || rng_.Unit() < k.hot_fraction
               ? k.hot_key
               : k.prefix + std::to_string(rng_.Below(k.count));
      break;
    case Distribution::kSequential:
      pk = k.prefix + std::to_string(1 + sequence_ % k.count);
      break;
  }
  if (k.shards > 0) pk += "." + std::to_string(1 + rng_.Below(k.shards));
  return pk;
}

std::string Generator::SortKey() {
  const KeySpec& k = stream_.keys;
  switch (k.sort_keys) {
    case SortKeys::kNone:
      return k.fixed_sort_key;
    case SortKeys::kRandom:
      return "s#" + Padded(rng_.Below(k.sort_key_count), 10);
    case SortKeys::kMonotonic:
      return Padded(sequence_, 16);
  }
  return k.fixed_sort_key;
}

Item Generator::Next(bool whole_item) {
  Item item;
  item.Set(table_.partition_key, AttributeValue::S(PartitionKey()));
  if (!table_.sort_key.empty()) {
    item.Set(table_.sort_key, AttributeValue::S(SortKey()));
  }
  if (whole_item) {
    for (size_t i = 0; i < stream_.values.size(); ++i) {
      const ValueSpec& v = stream_.values[i];
      const std::vector<double>& c = value_cdfs_[i];
      const double u = rng_.Unit() * c.back();
      const size_t j =
          std::min<size_t>(std::upper_bound(c.begin(), c.end(), u) - c.begin(),
                           v.values.size() - 1);
      item.Set(v.attribute, AttributeValue::S(v.values[j]));
    }
    // An LSI's sort key: the request's sequence number.
    for (const IndexSpec& l : table_.local_secondary_indexes) {
      if (item.Find(l.sort_key) == nullptr) {
        item.Set(l.sort_key, AttributeValue::S(Padded(sequence_, 16)));
      }
    }
    const int64_t size = ItemSizeBytes(item);
    const int64_t room =
        stream_.item_bytes - size - static_cast<int64_t>(sizeof(kPadding) - 1);
    if (room > 0) {
      item.Set(kPadding,
               AttributeValue::S(std::string(static_cast<size_t>(room), 'x')));
    }
  }
  ++sequence_;
  return item;
}

}  // namespace eddy::lab::internal
