// Copyright 2026 The eddy Authors.
//
// The scenario document: parsing and validation (model/lab/README.md has
// the format). Every member is checked, unknown members are errors (a typo
// would otherwise silently run another scenario), and an error names the
// member by its JSON pointer.

#include "model/lab/scenario.h"

#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

#include "model/internal/json_text.h"
#include "nlohmann/json.hpp"

namespace eddy::lab {
namespace {

using Json = nlohmann::json;

// Provisioned throughput is bounded by the table quota (CheckTableQuota), not
// here.
constexpr int64_t kMaxProvisionedUnits = int64_t{1} << 40;

// Reads one JSON object, remembering which members were used.
class Reader {
 public:
  Reader(const Json& object, std::string pointer)
      : object_(object), pointer_(std::move(pointer)) {}

  const std::string& pointer() const { return pointer_; }
  std::string At(std::string_view member) const {
    return pointer_ + "/" + std::string(member);
  }

  const Json* Get(std::string_view member) {
    used_.push_back(std::string(member));
    auto it = object_.find(std::string(member));
    return it == object_.end() ? nullptr : &*it;
  }

  Status String(std::string_view member, std::string* out,
                bool required = false) {
    const Json* v = Get(member);
    if (v == nullptr) {
      return required ? Error(At(member), "is required") : Status::OK();
    }
    if (!v->is_string()) return Error(At(member), "must be a string");
    *out = v->get<std::string>();
    return Status::OK();
  }
  Status Bool(std::string_view member, bool* out) {
    const Json* v = Get(member);
    if (v == nullptr) return Status::OK();
    if (!v->is_boolean()) return Error(At(member), "must be true or false");
    *out = v->get<bool>();
    return Status::OK();
  }
  Status Number(std::string_view member, double* out, double min, double max) {
    const Json* v = Get(member);
    if (v == nullptr) return Status::OK();
    if (!v->is_number()) return Error(At(member), "must be a number");
    const double d = v->get<double>();
    if (!(d >= min && d <= max)) {
      return Error(At(member), "must be a number from " + Format(min) + " to " +
                                   Format(max));
    }
    *out = d;
    return Status::OK();
  }
  template <typename Int>
  Status Integer(std::string_view member, Int* out, int64_t min, int64_t max) {
    const Json* v = Get(member);
    if (v == nullptr) return Status::OK();
    if (!v->is_number_integer()) {
      return Error(At(member), "must be an integer");
    }
    const int64_t i = v->get<int64_t>();
    if (i < min || i > max) {
      return Error(At(member), "must be an integer from " +
                                   std::to_string(min) + " to " +
                                   std::to_string(max));
    }
    *out = static_cast<Int>(i);
    return Status::OK();
  }

  // Unknown members are errors.
  Status Finish() const {
    for (auto it = object_.begin(); it != object_.end(); ++it) {
      bool known = it.key().rfind("_comment", 0) == 0;
      for (const std::string& u : used_) known = known || u == it.key();
      if (!known) return Error(At(it.key()), "unknown member");
    }
    return Status::OK();
  }

  static Status Error(const std::string& pointer, std::string_view message) {
    return Status::Validation((pointer.empty() ? "(document)" : pointer) +
                              ": " + std::string(message));
  }
  static std::string Format(double d) {
    std::ostringstream s;
    s << d;
    return s.str();
  }

 private:
  const Json& object_;
  std::string pointer_;
  std::vector<std::string> used_;
};

Status ExpectObject(const Json& v, const std::string& pointer) {
  if (!v.is_object()) return Reader::Error(pointer, "must be an object");
  return Status::OK();
}

Status ReadBilling(Reader& r, BillingMode* out) {
  std::string mode;
  EDDY_RETURN_IF_ERROR(r.String("billingMode", &mode));
  if (mode.empty()) return Status::OK();
  if (mode == "PAY_PER_REQUEST") {
    *out = BillingMode::kPayPerRequest;
  } else if (mode == "PROVISIONED") {
    *out = BillingMode::kProvisioned;
  } else {
    return Reader::Error(r.At("billingMode"),
                         "must be PAY_PER_REQUEST or PROVISIONED");
  }
  return Status::OK();
}

Status ReadIndex(const Json& v, const std::string& at, bool global,
                 IndexSpec* out) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader x(v, at);
  IndexSpec& spec = *out;
  EDDY_RETURN_IF_ERROR(x.String("name", &spec.name, /*required=*/true));
  if (global) {
    EDDY_RETURN_IF_ERROR(
        x.String("partitionKey", &spec.partition_key, /*required=*/true));
    EDDY_RETURN_IF_ERROR(x.String("sortKey", &spec.sort_key));
    EDDY_RETURN_IF_ERROR(x.Integer("readCapacityUnits",
                                   &spec.read_capacity_units, 1,
                                   kMaxProvisionedUnits));
    EDDY_RETURN_IF_ERROR(x.Integer("writeCapacityUnits",
                                   &spec.write_capacity_units, 1,
                                   kMaxProvisionedUnits));
    EDDY_RETURN_IF_ERROR(x.Integer("maxReadRequestUnits",
                                   &spec.max_read_request_units, 1, 40000));
    EDDY_RETURN_IF_ERROR(x.Integer("maxWriteRequestUnits",
                                   &spec.max_write_request_units, 1, 40000));
  } else {
    EDDY_RETURN_IF_ERROR(
        x.String("sortKey", &spec.sort_key, /*required=*/true));
  }
  std::string projection = "KEYS_ONLY";
  EDDY_RETURN_IF_ERROR(x.String("projection", &projection));
  if (projection == "ALL") {
    spec.projection = ProjectionType::kAll;
  } else if (projection == "KEYS_ONLY") {
    spec.projection = ProjectionType::kKeysOnly;
  } else {
    return Reader::Error(x.At("projection"), "must be ALL or KEYS_ONLY");
  }
  return x.Finish();
}

Status ReadIndexes(Reader& r, std::string_view member, bool global,
                   std::vector<IndexSpec>* out) {
  const Json* list = r.Get(member);
  if (list == nullptr) return Status::OK();
  if (!list->is_array()) return Reader::Error(r.At(member), "must be a list");
  for (size_t i = 0; i < list->size(); ++i) {
    IndexSpec spec;
    EDDY_RETURN_IF_ERROR(ReadIndex(
        (*list)[i], r.At(member) + "/" + std::to_string(i), global, &spec));
    out->push_back(std::move(spec));
  }
  return Status::OK();
}

// Provisioned throughput above the per-table quota (the simulator's
// tableRead/WriteQuotaUnits, 40,000 by default, 0 for none) is an error, as
// DynamoDB refuses it; a scenario raises the quota as AWS does on request.
Status CheckTableQuota(const Scenario& s) {
  const int64_t read = s.simulator.table_read_quota_units;
  const int64_t write = s.simulator.table_write_quota_units;
  auto check = [&](const std::string& at, int64_t rcu, int64_t wcu) {
    auto over = [](int64_t units, int64_t quota) {
      return quota > 0 && units > quota;
    };
    if (over(rcu, read)) {
      return Reader::Error(at + "/readCapacityUnits",
                           "must be an integer from 1 to " +
                               std::to_string(read) +
                               " (simulator.tableReadQuotaUnits)");
    }
    if (over(wcu, write)) {
      return Reader::Error(at + "/writeCapacityUnits",
                           "must be an integer from 1 to " +
                               std::to_string(write) +
                               " (simulator.tableWriteQuotaUnits)");
    }
    return Status::OK();
  };
  EDDY_RETURN_IF_ERROR(check("/table", s.table.read_capacity_units,
                             s.table.write_capacity_units));
  for (size_t i = 0; i < s.table.global_secondary_indexes.size(); ++i) {
    const IndexSpec& g = s.table.global_secondary_indexes[i];
    EDDY_RETURN_IF_ERROR(
        check("/table/globalSecondaryIndexes/" + std::to_string(i),
              g.read_capacity_units, g.write_capacity_units));
  }
  for (size_t i = 0; i < s.updates.size(); ++i) {
    EDDY_RETURN_IF_ERROR(check("/updates/" + std::to_string(i),
                               s.updates[i].read_capacity_units,
                               s.updates[i].write_capacity_units));
  }
  return Status::OK();
}

Status ReadTable(const Json& v, const std::string& at, TableSpec* t) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  EDDY_RETURN_IF_ERROR(r.String("name", &t->name));
  EDDY_RETURN_IF_ERROR(r.String("partitionKey", &t->partition_key));
  EDDY_RETURN_IF_ERROR(r.String("sortKey", &t->sort_key));
  EDDY_RETURN_IF_ERROR(ReadBilling(r, &t->billing_mode));
  EDDY_RETURN_IF_ERROR(r.Integer("readCapacityUnits", &t->read_capacity_units,
                                 1, kMaxProvisionedUnits));
  EDDY_RETURN_IF_ERROR(r.Integer("writeCapacityUnits", &t->write_capacity_units,
                                 1, kMaxProvisionedUnits));
  EDDY_RETURN_IF_ERROR(
      r.Integer("maxReadRequestUnits", &t->max_read_request_units, 1, 40000));
  EDDY_RETURN_IF_ERROR(
      r.Integer("maxWriteRequestUnits", &t->max_write_request_units, 1, 40000));
  EDDY_RETURN_IF_ERROR(ReadIndexes(r, "globalSecondaryIndexes", true,
                                   &t->global_secondary_indexes));
  EDDY_RETURN_IF_ERROR(ReadIndexes(r, "localSecondaryIndexes", false,
                                   &t->local_secondary_indexes));
  std::string view;
  EDDY_RETURN_IF_ERROR(r.String("streamViewType", &view));
  if (view == "KEYS_ONLY") {
    t->stream_view_type = StreamViewType::kKeysOnly;
  } else if (view == "NEW_IMAGE") {
    t->stream_view_type = StreamViewType::kNewImage;
  } else if (view == "OLD_IMAGE") {
    t->stream_view_type = StreamViewType::kOldImage;
  } else if (view == "NEW_AND_OLD_IMAGES") {
    t->stream_view_type = StreamViewType::kNewAndOldImages;
  } else if (!view.empty()) {
    return Reader::Error(r.At("streamViewType"),
                         "must be KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or "
                         "NEW_AND_OLD_IMAGES");
  }
  EDDY_RETURN_IF_ERROR(r.Finish());
  if (t->name.empty() || t->partition_key.empty()) {
    return Reader::Error(at, "needs a name and a partitionKey");
  }
  const bool provisioned = t->billing_mode == BillingMode::kProvisioned;
  if (provisioned &&
      (t->read_capacity_units < 1 || t->write_capacity_units < 1)) {
    return Reader::Error(at,
                         "a PROVISIONED table needs readCapacityUnits and "
                         "writeCapacityUnits");
  }
  auto has_max = [](int64_t read, int64_t write) { return read || write; };
  if (provisioned &&
      has_max(t->max_read_request_units, t->max_write_request_units)) {
    return Reader::Error(at,
                         "maxReadRequestUnits and maxWriteRequestUnits are for "
                         "PAY_PER_REQUEST tables");
  }
  for (const IndexSpec& g : t->global_secondary_indexes) {
    if (provisioned &&
        (g.read_capacity_units < 1 || g.write_capacity_units < 1)) {
      return Reader::Error(at + "/globalSecondaryIndexes",
                           "on a PROVISIONED table each GSI needs "
                           "readCapacityUnits and writeCapacityUnits");
    }
    if (provisioned &&
        has_max(g.max_read_request_units, g.max_write_request_units)) {
      return Reader::Error(at + "/globalSecondaryIndexes",
                           "maxReadRequestUnits and maxWriteRequestUnits are "
                           "for PAY_PER_REQUEST tables");
    }
  }
  if (!t->local_secondary_indexes.empty() && t->sort_key.empty()) {
    return Reader::Error(at, "a table with an LSI needs a sortKey");
  }
  return Status::OK();
}

// Simulator options, each under its camelCase name.
Status ReadSimulator(const Json& v, const std::string& at, ThrottleOptions* o) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  std::string mode;
  EDDY_RETURN_IF_ERROR(r.String("mode", &mode));
  if (mode == "off") {
    o->mode = ThrottleMode::kOff;
  } else if (mode.empty() || mode == "simulate") {
    o->mode = ThrottleMode::kSimulate;
  } else {
    return Reader::Error(r.At("mode"), "must be \"simulate\" or \"off\"");
  }
  constexpr int64_t kBig = int64_t{1} << 40;
  EDDY_RETURN_IF_ERROR(
      r.Integer("partitionReadUnits", &o->partition_read_units, 1, kBig));
  EDDY_RETURN_IF_ERROR(
      r.Integer("partitionWriteUnits", &o->partition_write_units, 1, kBig));
  EDDY_RETURN_IF_ERROR(r.Integer("eventuallyConsistentReadPartitionUnits",
                                 &o->eventually_consistent_read_partition_units,
                                 1, kBig));
  EDDY_RETURN_IF_ERROR(r.Integer("partitionBucketSeconds",
                                 &o->partition_bucket_seconds, 1, 3600));
  EDDY_RETURN_IF_ERROR(r.Bool("adaptiveCapacity", &o->adaptive_capacity));
  EDDY_RETURN_IF_ERROR(
      r.Integer("burstWindowSeconds", &o->burst_window_seconds, 1, 86400));
  EDDY_RETURN_IF_ERROR(r.Integer("onDemandWarmReadUnits",
                                 &o->on_demand_warm_read_units, 1, kBig));
  EDDY_RETURN_IF_ERROR(r.Integer("onDemandWarmWriteUnits",
                                 &o->on_demand_warm_write_units, 1, kBig));
  EDDY_RETURN_IF_ERROR(r.Integer("onDemandPeakWindowSeconds",
                                 &o->on_demand_peak_window_seconds, 1, 86400));
  EDDY_RETURN_IF_ERROR(r.Integer("onDemandDoublingSeconds",
                                 &o->on_demand_doubling_seconds, 0, 86400));
  EDDY_RETURN_IF_ERROR(r.Integer("onDemandBucketSeconds",
                                 &o->on_demand_bucket_seconds, 1, 3600));
  EDDY_RETURN_IF_ERROR(
      r.Integer("tableReadQuotaUnits", &o->table_read_quota_units, 0, kBig));
  EDDY_RETURN_IF_ERROR(
      r.Integer("tableWriteQuotaUnits", &o->table_write_quota_units, 0, kBig));
  EDDY_RETURN_IF_ERROR(r.Integer("accountReadQuotaUnits",
                                 &o->account_read_quota_units, 0, kBig));
  EDDY_RETURN_IF_ERROR(r.Integer("accountWriteQuotaUnits",
                                 &o->account_write_quota_units, 0, kBig));
  EDDY_RETURN_IF_ERROR(r.Bool("splitForHeat", &o->split_for_heat));
  EDDY_RETURN_IF_ERROR(
      r.Number("splitThreshold", &o->split_threshold, 0.01, 1.0));
  EDDY_RETURN_IF_ERROR(
      r.Integer("splitWindowSeconds", &o->split_window_seconds, 1, 3600));
  EDDY_RETURN_IF_ERROR(r.Integer("splitDetectionSeconds",
                                 &o->split_detection_seconds, 1, 86400));
  EDDY_RETURN_IF_ERROR(
      r.Integer("splitDelaySeconds", &o->split_delay_seconds, 0, 86400));
  EDDY_RETURN_IF_ERROR(r.Number("monotonicWriteFraction",
                                &o->monotonic_write_fraction, 0.0, 1.0));
  EDDY_RETURN_IF_ERROR(r.Integer("partitionSizeBytes", &o->partition_size_bytes,
                                 1024, int64_t{1} << 50));
  EDDY_RETURN_IF_ERROR(r.Integer("maxPartitionsPerResource",
                                 &o->max_partitions_per_resource, 1, 65536));
  EDDY_RETURN_IF_ERROR(r.Finish());
  return Status::OK();
}

Status ReadKeys(const Json& v, const std::string& at, KeySpec* k) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  std::string distribution = "uniform";
  EDDY_RETURN_IF_ERROR(r.String("distribution", &distribution));
  if (distribution == "uniform") {
    k->distribution = Distribution::kUniform;
  } else if (distribution == "zipf") {
    k->distribution = Distribution::kZipf;
  } else if (distribution == "hotKey") {
    k->distribution = Distribution::kHotKey;
  } else if (distribution == "sequential") {
    k->distribution = Distribution::kSequential;
  } else {
    return Reader::Error(r.At("distribution"),
                         "must be uniform, zipf, hotKey or sequential");
  }
  EDDY_RETURN_IF_ERROR(r.Integer("count", &k->count, 1, 10'000'000));
  EDDY_RETURN_IF_ERROR(r.Number("zipfExponent", &k->zipf_exponent, 0, 10));
  EDDY_RETURN_IF_ERROR(r.String("prefix", &k->prefix));
  EDDY_RETURN_IF_ERROR(r.String("hotKey", &k->hot_key));
  EDDY_RETURN_IF_ERROR(r.Number("hotFraction", &k->hot_fraction, 0, 1));
  std::string sort_keys = "none";
  EDDY_RETURN_IF_ERROR(r.String("sortKeys", &sort_keys));
  if (sort_keys == "none") {
    k->sort_keys = SortKeys::kNone;
  } else if (sort_keys == "random") {
    k->sort_keys = SortKeys::kRandom;
  } else if (sort_keys == "monotonic") {
    k->sort_keys = SortKeys::kMonotonic;
  } else {
    return Reader::Error(r.At("sortKeys"), "must be none, random or monotonic");
  }
  EDDY_RETURN_IF_ERROR(
      r.Integer("sortKeyCount", &k->sort_key_count, 1, 1'000'000'000));
  EDDY_RETURN_IF_ERROR(r.String("fixedSortKey", &k->fixed_sort_key));
  EDDY_RETURN_IF_ERROR(r.Integer("shards", &k->shards, 0, 100'000));
  EDDY_RETURN_IF_ERROR(r.Finish());
  if (k->hot_key.empty() || k->fixed_sort_key.empty()) {
    return Reader::Error(at, "hotKey and fixedSortKey must not be empty");
  }
  return Status::OK();
}

Status ReadStream(const Json& v, const std::string& at, Stream* s) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  EDDY_RETURN_IF_ERROR(r.String("name", &s->name, /*required=*/true));
  std::string op = "PutItem";
  EDDY_RETURN_IF_ERROR(r.String("operation", &op));
  bool found = false;
  for (Operation o :
       {Operation::kPutItem, Operation::kUpdateItem, Operation::kDeleteItem,
        Operation::kGetItem, Operation::kQuery, Operation::kBatchWriteItem,
        Operation::kBatchGetItem}) {
    if (op == OperationName(o)) {
      s->operation = o;
      found = true;
    }
  }
  if (!found) {
    return Reader::Error(r.At("operation"),
                         "must be PutItem, UpdateItem, DeleteItem, GetItem, "
                         "Query, BatchWriteItem or BatchGetItem");
  }
  if (const Json* keys = r.Get("keys")) {
    EDDY_RETURN_IF_ERROR(ReadKeys(*keys, r.At("keys"), &s->keys));
  }
  if (const Json* values = r.Get("values")) {
    if (!values->is_array()) {
      return Reader::Error(r.At("values"), "must be a list");
    }
    for (size_t i = 0; i < values->size(); ++i) {
      const std::string vat = r.At("values") + "/" + std::to_string(i);
      EDDY_RETURN_IF_ERROR(ExpectObject((*values)[i], vat));
      Reader x((*values)[i], vat);
      ValueSpec spec;
      EDDY_RETURN_IF_ERROR(
          x.String("attribute", &spec.attribute, /*required=*/true));
      const Json* list = x.Get("values");
      if (list == nullptr || !list->is_array() || list->empty()) {
        return Reader::Error(x.At("values"),
                             "must be a non-empty list of strings");
      }
      for (const Json& e : *list) {
        if (!e.is_string() || e.get<std::string>().empty()) {
          return Reader::Error(x.At("values"),
                               "must be a non-empty list of strings");
        }
        spec.values.push_back(e.get<std::string>());
      }
      if (const Json* w = x.Get("weights")) {
        if (!w->is_array() || w->size() != spec.values.size()) {
          return Reader::Error(x.At("weights"),
                               "must list one number per value");
        }
        double sum = 0;
        for (const Json& e : *w) {
          if (!e.is_number() || e.get<double>() < 0) {
            return Reader::Error(x.At("weights"), "must be numbers >= 0");
          }
          spec.weights.push_back(e.get<double>());
          sum += e.get<double>();
        }
        if (!(sum > 0)) {
          return Reader::Error(x.At("weights"), "must not all be 0");
        }
      }
      EDDY_RETURN_IF_ERROR(x.Finish());
      s->values.push_back(std::move(spec));
    }
  }
  EDDY_RETURN_IF_ERROR(r.Integer("itemBytes", &s->item_bytes, 1, 400 * 1024));
  EDDY_RETURN_IF_ERROR(r.Bool("consistentRead", &s->consistent_read));
  EDDY_RETURN_IF_ERROR(r.String("index", &s->index));
  EDDY_RETURN_IF_ERROR(r.Integer("batchSize", &s->batch_size, 1, 100));
  const Json* rate = r.Get("rate");
  if (rate == nullptr || !rate->is_array() || rate->empty()) {
    return Reader::Error(r.At("rate"),
                         "must be a non-empty list of {atSecond, perSecond}");
  }
  for (size_t i = 0; i < rate->size(); ++i) {
    const std::string rat = r.At("rate") + "/" + std::to_string(i);
    EDDY_RETURN_IF_ERROR(ExpectObject((*rate)[i], rat));
    Reader x((*rate)[i], rat);
    RatePoint p;
    EDDY_RETURN_IF_ERROR(x.Integer("atSecond", &p.at_second, 0, 30 * 86400));
    EDDY_RETURN_IF_ERROR(x.Number("perSecond", &p.per_second, 0, 1e6));
    EDDY_RETURN_IF_ERROR(x.Finish());
    if (!s->rate.empty() && p.at_second <= s->rate.back().at_second) {
      return Reader::Error(x.At("atSecond"),
                           "must be later than the previous point's");
    }
    s->rate.push_back(p);
  }
  EDDY_RETURN_IF_ERROR(r.Finish());
  if ((s->operation == Operation::kBatchWriteItem ||
       s->operation == Operation::kBatchGetItem) &&
      s->batch_size > (s->operation == Operation::kBatchWriteItem ? 25 : 100)) {
    return Reader::Error(r.At("batchSize"),
                         "must be at most 25 (BatchWriteItem) or 100 "
                         "(BatchGetItem)");
  }
  return Status::OK();
}

Status ReadRetry(const Json& v, const std::string& at, RetryPolicy* p) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  EDDY_RETURN_IF_ERROR(r.Integer("maxAttempts", &p->max_attempts, 1, 100));
  EDDY_RETURN_IF_ERROR(r.Number("baseMillis", &p->base_millis, 0, 3.6e6));
  EDDY_RETURN_IF_ERROR(r.Number("growth", &p->growth, 1, 10));
  EDDY_RETURN_IF_ERROR(r.Number("capMillis", &p->cap_millis, 0, 3.6e6));
  EDDY_RETURN_IF_ERROR(r.Bool("jitter", &p->jitter));
  return r.Finish();
}

Status ReadMigration(const Json& v, const std::string& at, MigrationSpec* m) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  EDDY_RETURN_IF_ERROR(r.String("fromVersion", &m->from_version));
  EDDY_RETURN_IF_ERROR(r.String("toVersion", &m->to_version));
  EDDY_RETURN_IF_ERROR(
      r.Integer("dualWriteAtSecond", &m->dual_write_at_second, 0, 30 * 86400));
  if (r.Get("cutoverAtSecond") != nullptr) {
    int64_t c = 0;
    EDDY_RETURN_IF_ERROR(r.Integer("cutoverAtSecond", &c, 0, 30 * 86400));
    m->cutover_at_second = c;
  }
  EDDY_RETURN_IF_ERROR(r.Bool("verifyReads", &m->verify_reads));
  const Json* b = r.Get("backfill");
  if (b == nullptr) return Reader::Error(r.At("backfill"), "is required");
  EDDY_RETURN_IF_ERROR(ExpectObject(*b, r.At("backfill")));
  Reader x(*b, r.At("backfill"));
  BackfillSpec& f = m->backfill;
  EDDY_RETURN_IF_ERROR(x.Integer("atSecond", &f.at_second, 0, 30 * 86400));
  EDDY_RETURN_IF_ERROR(x.Number("perSecond", &f.per_second, 0, 1e6));
  EDDY_RETURN_IF_ERROR(x.Integer("workers", &f.workers, 1, 1000));
  EDDY_RETURN_IF_ERROR(x.Number("callMillis", &f.call_millis, 0.01, 60000));
  EDDY_RETURN_IF_ERROR(x.Integer("scanPageItems", &f.scan_page_items, 1, 1000));
  EDDY_RETURN_IF_ERROR(x.Finish());
  return r.Finish();
}

Status ReadOnlineIndex(const Json& v, const std::string& at,
                       OnlineIndexSpec* o) {
  EDDY_RETURN_IF_ERROR(ExpectObject(v, at));
  Reader r(v, at);
  EDDY_RETURN_IF_ERROR(r.Integer("atSecond", &o->at_second, 0, 30 * 86400));
  EDDY_RETURN_IF_ERROR(
      r.Number("itemsPerSecond", &o->items_per_second, 1, 1e7));
  const Json* index = r.Get("index");
  if (index == nullptr) return Reader::Error(r.At("index"), "is required");
  EDDY_RETURN_IF_ERROR(ReadIndex(*index, r.At("index"), true, &o->index));
  return r.Finish();
}

// Text nested too deeply to parse (model/internal/json_text.h), as
// "<at>: ...".
Status TooDeep(std::string_view at) {
  return Status::Validation(std::string(at) + ": nested more than " +
                            std::to_string(model::internal::kMaxJsonDepth) +
                            " levels deep");
}

}  // namespace

std::string_view OperationName(Operation op) {
  switch (op) {
    case Operation::kPutItem:
      return "PutItem";
    case Operation::kUpdateItem:
      return "UpdateItem";
    case Operation::kDeleteItem:
      return "DeleteItem";
    case Operation::kGetItem:
      return "GetItem";
    case Operation::kQuery:
      return "Query";
    case Operation::kBatchWriteItem:
      return "BatchWriteItem";
    case Operation::kBatchGetItem:
      return "BatchGetItem";
  }
  return "?";
}

StatusOr<MigrationSpec> ParseMigrationSpec(std::string_view json,
                                           const std::string& at) {
  if (model::internal::JsonNestingDepth(json) >
      model::internal::kMaxJsonDepth) {
    return TooDeep(at);
  }
  const Json doc = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Status::Validation(at + ": not valid JSON");
  MigrationSpec m;
  EDDY_RETURN_IF_ERROR(ReadMigration(doc, at, &m));
  return m;
}

StatusOr<Scenario> ParseScenario(std::string_view json,
                                 std::string_view default_name) {
  if (model::internal::JsonNestingDepth(json) >
      model::internal::kMaxJsonDepth) {
    return TooDeep("(document)");
  }
  const Json doc = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    return Status::Validation("(document): not valid JSON");
  }
  EDDY_RETURN_IF_ERROR(ExpectObject(doc, ""));
  Reader r(doc, "");
  Scenario s;
  s.name = std::string(default_name);
  s.simulator.mode = ThrottleMode::kSimulate;
  EDDY_RETURN_IF_ERROR(r.String("name", &s.name));
  EDDY_RETURN_IF_ERROR(r.String("description", &s.description));
  EDDY_RETURN_IF_ERROR(r.String("expect", &s.expect));
  EDDY_RETURN_IF_ERROR(
      r.Integer("seed", &s.seed, 0, std::numeric_limits<int64_t>::max()));
  EDDY_RETURN_IF_ERROR(
      r.Integer("durationSeconds", &s.duration_seconds, 1, 7 * 86400));
  std::string simulation;
  EDDY_RETURN_IF_ERROR(r.String("simulation", &simulation));
  if (simulation == "aggregate") {
    s.simulation = Simulation::kAggregate;
  } else if (!simulation.empty() && simulation != "per-call") {
    return Reader::Error("/simulation", "must be per-call or aggregate");
  }
  const Json* table = r.Get("table");
  if (table == nullptr) return Reader::Error("/table", "is required");
  EDDY_RETURN_IF_ERROR(ReadTable(*table, "/table", &s.table));
  if (const Json* updates = r.Get("updates")) {
    if (!updates->is_array()) {
      return Reader::Error("/updates", "must be a list");
    }
    for (size_t i = 0; i < updates->size(); ++i) {
      const std::string at = "/updates/" + std::to_string(i);
      EDDY_RETURN_IF_ERROR(ExpectObject((*updates)[i], at));
      Reader x((*updates)[i], at);
      TableUpdate u;
      EDDY_RETURN_IF_ERROR(x.Integer("atSecond", &u.at_second, 0, 30 * 86400));
      BillingMode mode = BillingMode::kProvisioned;
      const bool has_mode = x.Get("billingMode") != nullptr;
      EDDY_RETURN_IF_ERROR(ReadBilling(x, &mode));
      if (has_mode) u.billing_mode = mode;
      EDDY_RETURN_IF_ERROR(x.Integer("readCapacityUnits",
                                     &u.read_capacity_units, 1,
                                     kMaxProvisionedUnits));
      EDDY_RETURN_IF_ERROR(x.Integer("writeCapacityUnits",
                                     &u.write_capacity_units, 1,
                                     kMaxProvisionedUnits));
      EDDY_RETURN_IF_ERROR(x.Finish());
      s.updates.push_back(u);
    }
  }
  if (const Json* sim = r.Get("simulator")) {
    EDDY_RETURN_IF_ERROR(ReadSimulator(*sim, "/simulator", &s.simulator));
  }
  EDDY_RETURN_IF_ERROR(CheckTableQuota(s));
  if (const Json* retry = r.Get("retry")) {
    EDDY_RETURN_IF_ERROR(ReadRetry(*retry, "/retry", &s.retry));
  }
  if (const Json* m = r.Get("migration")) {
    s.migration.emplace();
    EDDY_RETURN_IF_ERROR(ReadMigration(*m, "/migration", &*s.migration));
  }
  if (const Json* o = r.Get("onlineIndex")) {
    s.online_index.emplace();
    EDDY_RETURN_IF_ERROR(ReadOnlineIndex(*o, "/onlineIndex", &*s.online_index));
  }
  const Json* streams = r.Get("streams");
  if (streams == nullptr || !streams->is_array() || streams->empty()) {
    return Reader::Error("/streams", "must be a non-empty list");
  }
  for (size_t i = 0; i < streams->size(); ++i) {
    Stream stream;
    EDDY_RETURN_IF_ERROR(
        ReadStream((*streams)[i], "/streams/" + std::to_string(i), &stream));
    for (const Stream& other : s.streams) {
      if (other.name == stream.name) {
        return Reader::Error("/streams/" + std::to_string(i) + "/name",
                             "duplicate stream name \"" + stream.name + "\"");
      }
    }
    s.streams.push_back(std::move(stream));
  }
  EDDY_RETURN_IF_ERROR(r.Finish());
  return s;
}

StatusOr<Scenario> LoadScenarioFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::ResourceNotFound("cannot read scenario file " + path);
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string stem = path.substr(path.find_last_of('/') + 1);
  stem = stem.substr(0, stem.find('.'));
  StatusOr<Scenario> s = ParseScenario(text.str(), stem);
  if (!s.ok()) return s.status().WithMessagePrefix(path + ": ");
  return s;
}

}  // namespace eddy::lab
