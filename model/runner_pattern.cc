// Copyright 2026 The eddy Authors.
//
// One access pattern's runs: the Query (or the PartiQL statement) with each
// run's parameters, every page followed, verified against the ground truth,
// its units and latencies in the pattern's report (model/internal/runner.h).

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

#include "emulator/storage/record.h"
#include "model/internal/random.h"
#include "model/internal/runner.h"

namespace eddy::model::internal {

std::string Runner::RunStatement(const PartiqlStatement& statement,
                                 const Bindings& params,
                                 std::optional<int> limit, bool consistent,
                                 std::vector<Item>* items, double* units,
                                 int64_t* elapsed, int64_t* pages) {
  ExecuteStatementRequest request;
  request.statement = statement.statement;
  request.limit = limit;
  request.consistent_read = consistent;
  request.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  if (!statement.parameters.empty()) {
    std::vector<AttributeValue> values;
    for (const AttributeValue& v : statement.parameters) {
      if (!v.is(AttributeType::kS)) {
        values.push_back(v);
        continue;
      }
      StatusOr<KeyTemplate> tmpl = KeyTemplate::Parse(v.s());
      std::string text;
      Status rendered = tmpl.ok()
                            ? tmpl->Render(params, &workload_.constants, &text)
                            : tmpl.status();
      if (!rendered.ok()) return std::string(rendered.message());
      if (!read_to_.empty() &&
          text.compare(0, read_from_.size(), read_from_) == 0) {
        text = read_to_ + text.substr(read_from_.size());  // VerifyAt
      }
      values.push_back(AttributeValue::S(std::move(text)));
    }
    request.parameters = std::move(values);
  }
  for (int page = 0;; ++page) {
    if (page == 1'000'000) return "more than 1,000,000 pages";
    const int64_t start = now_();
    StatusOr<ExecuteStatementResponse> resp =
        backend_->ExecuteStatement(request);
    *elapsed += now_() - start;
    ++*pages;
    if (!resp.ok()) return "ExecuteStatement: " + resp.status().ToString();
    if (resp->consumed_capacity) {
      *units += resp->consumed_capacity->capacity_units;
    }
    for (Item& item : resp->items) items->push_back(std::move(item));
    if (!resp->next_token) return "";
    request.next_token = std::move(resp->next_token);
  }
}

Status Runner::MultiKeyCondition(
    const AccessPattern& p, const IndexDefinition& def, const Bindings& params,
    std::string* kce_out, ExpressionAttributeNames* names,
    ExpressionAttributeValues* values, std::string* pk,
    std::vector<std::string>* sk_values, AccessPattern* rendered) const {
  // Names #pk, #pk_1, ... and #sk, #sk_1, ...; values likewise, and :sk2
  // for BETWEEN's high end (the loader keeps filters off them).
  auto suffix = [](size_t i) {
    return i == 0 ? std::string() : "_" + std::to_string(i);
  };
  auto typed = [&](const KeyTemplate& t, const KeyAttribute& a,
                   AttributeValue* out, std::string* text) -> Status {
    std::string v;
    EDDY_RETURN_IF_ERROR(t.Render(params, &workload_.constants, &v));
    *text = v;
    StatusOr<AttributeValue> value = TypedKeyValue(a.type, std::move(v));
    if (!value.ok()) {
      return value.status().WithMessagePrefix(a.name + ": ");
    }
    *out = *std::move(value);
    return Status::OK();
  };
  std::string kce;
  std::vector<AttributeValue> pk_values;
  rendered->executable = true;
  rendered->index_name = p.index_name;
  for (size_t i = 0; i < p.partition_parts.size(); ++i) {
    const KeyAttribute& a = def.partition_attributes[i];
    AttributeValue v;
    std::string text;
    EDDY_RETURN_IF_ERROR(typed(p.partition_parts[i], a, &v, &text));
    const std::string n = "#pk" + suffix(i), c = ":pk" + suffix(i);
    kce += (kce.empty() ? "" : " AND ") + n + " = " + c;
    (*names)[n] = a.name;
    values->Set(c, v);
    pk_values.push_back(std::move(v));
    StatusOr<KeyTemplate> shown = KeyTemplate::Parse(text);
    if (shown.ok()) rendered->partition_parts.push_back(*std::move(shown));
  }
  *pk = MultiKeyText(pk_values);
  sk_values->clear();
  std::string prefix;  // the composite bytes of the "=" conditions so far
  for (size_t i = 0; i < p.sort_parts.size(); ++i) {
    const SortKeyCondition& cond = p.sort_parts[i];
    const KeyAttribute& a = def.sort_attributes[i];
    const std::string n = "#sk" + suffix(i), c = ":sk" + suffix(i);
    (*names)[n] = a.name;
    AttributeValue v;
    std::string text;
    EDDY_RETURN_IF_ERROR(typed(cond.value, a, &v, &text));
    values->Set(c, v);
    SortKeyCondition shown{cond.op, {}, std::nullopt};
    if (StatusOr<KeyTemplate> t = KeyTemplate::Parse(text); t.ok()) {
      shown.value = *std::move(t);
    }
    kce += " AND ";
    const bool last = i + 1 == p.sort_parts.size();
    if (last) sk_values->push_back(prefix);
    switch (cond.op) {
      case SortKeyOp::kBeginsWith:
        kce += "begins_with(" + n + ", " + c + ")";
        storage::AppendEscapedKeyBytes(storage::KeyBytes(v), &prefix);
        break;
      case SortKeyOp::kBetween: {
        AttributeValue high;
        std::string high_text;
        EDDY_RETURN_IF_ERROR(typed(*cond.high, a, &high, &high_text));
        values->Set(":sk2", high);
        kce += n + " BETWEEN " + c + " AND :sk2";
        std::string high_bytes = prefix;
        storage::AppendCompositeKeyBytes(high, &high_bytes);
        storage::AppendCompositeKeyBytes(v, &prefix);
        sk_values->push_back(prefix);
        sk_values->push_back(std::move(high_bytes));
        if (StatusOr<KeyTemplate> t = KeyTemplate::Parse(high_text); t.ok()) {
          shown.high = *std::move(t);
        }
        rendered->sort_parts.push_back(std::move(shown));
        continue;
      }
      default:
        kce += n + " " + std::string(SortKeyOpName(cond.op)) + " " + c;
        storage::AppendCompositeKeyBytes(v, &prefix);
    }
    if (last) sk_values->push_back(prefix);
    rendered->sort_parts.push_back(std::move(shown));
  }
  *kce_out = std::move(kce);
  return Status::OK();
}

void Runner::RunPattern(int number, const AccessPattern& p, RunReport* report) {
  PatternReport r;
  r.number = number;
  r.name = p.name;
  r.executable = p.executable;
  if (!p.executable) {
    report->patterns.push_back(std::move(r));
    return;
  }
  const TableDefinition& t = model_.table;
  r.index = p.index_name.empty() ? "table" : p.index_name;
  r.key_condition = p.KeyConditionText(t);
  r.matching_entity_types = p.matching_entity_types;
  if (!p.index_name.empty() && !indexes_created_) {
    r.skipped = "the table was created without its indexes";
    report->patterns.push_back(std::move(r));
    return;
  }
  const IndexTruth& truth = *Truth(p.index_name);

  // The items whose bindings supply the parameters.
  std::vector<int32_t> pool;
  if (!p.parameters_from.empty()) {
    for (size_t e = 0; e < workload_.entries.size(); ++e) {
      const GeneratorEntry& entry = workload_.entries[e];
      if (entry.name == p.parameters_from) {
        pool = data_.by_entry[e];
        break;
      }
      if (entry.entity_type == p.parameters_from) {
        pool.insert(pool.end(), data_.by_entry[e].begin(),
                    data_.by_entry[e].end());
      }
    }
    if (pool.empty()) {
      r.skipped = Quoted(p.parameters_from) + " has no generated items";
      report->patterns.push_back(std::move(r));
      return;
    }
  }
  const int runs = runs_override_ > 0 ? runs_override_
                                      : options_.runs.value_or(workload_.runs);
  Random rng(data_.seed * 1'000'003ULL + static_cast<uint64_t>(number) +
             static_cast<uint64_t>(verify_round_) * 104'729ULL);
  std::vector<int64_t> latencies;
  latencies.reserve(runs);
  static const Bindings kNoParams;
  static const std::vector<int32_t> kNothing;
  absl::flat_hash_map<std::string, std::vector<int32_t>> expect_local;
  const absl::flat_hash_map<std::string, std::vector<int32_t>>* expect_index =
      &expect_local;
  if (p.expect && verify_round_ > 0) {
    // VerifyAt runs every pattern again and again: its index is kept.
    auto [cached, fresh] = expect_cache_.try_emplace(number);
    if (fresh) cached->second = ExpectIndex(*p.expect);
    expect_index = &cached->second;
  } else if (p.expect) {
    expect_local = ExpectIndex(*p.expect);
  }
  // One run: its request, then its answer. A backend with concurrency()
  // above 1 is given a window of runs to make at once (RunBackend::ForEach);
  // their answers are verified and added up in run order, so the report is
  // the one-at-a-time run's.
  struct OneRun {
    int run = 0;
    Bindings params;
    QueryRequest q;
    std::string pk;
    std::vector<std::string> sk_values;
    std::optional<std::string> unrendered;  // the parameters' failure
    std::vector<Item> items;
    double units = 0;
    int64_t elapsed = 0, pages = 0;
    std::string failure;
  };
  const int concurrency = std::max(1, backend_->concurrency());
  const int window = concurrency == 1 ? 1 : 4 * concurrency;
  std::vector<OneRun> made;
  made.reserve(static_cast<size_t>(window));
  for (int base = 0; base < runs; base += window) {
    made.clear();
    for (int run = base; run < std::min(runs, base + window); ++run) {
      OneRun& one = made.emplace_back();
      one.run = run;
      one.params =
          pool.empty() ? kNoParams : BindingsOf(pool[rng.Uniform(pool.size())]);
      const Bindings& params = one.params;
      QueryRequest& q = one.q;
      q.table_name = t.name;
      if (!p.index_name.empty()) q.index_name = p.index_name;
      ExpressionAttributeNames names = {{"#pk", truth.pk_attr}};
      ExpressionAttributeValues values;
      std::string& pk = one.pk;
      std::vector<std::string>& sk_values = one.sk_values;
      std::string kce = "#pk = :pk";
      AccessPattern multi_rendered;
      if (truth.multi) names.clear();
      Status s =
          truth.multi
              ? MultiKeyCondition(p, *truth.def, params, &kce, &names, &values,
                                  &pk, &sk_values, &multi_rendered)
              : p.partition_key.Render(params, &workload_.constants, &pk);
      if (s.ok() && p.sort_key && !truth.multi) {
        names["#sk"] = truth.sk_attr;
        sk_values.emplace_back();
        s = p.sort_key->value.Render(params, &workload_.constants,
                                     &sk_values[0]);
        if (s.ok() && p.sort_key->high) {
          sk_values.emplace_back();
          s = p.sort_key->high->Render(params, &workload_.constants,
                                       &sk_values[1]);
        }
        switch (p.sort_key->op) {
          case SortKeyOp::kBeginsWith:
            kce += " AND begins_with(#sk, :sk)";
            break;
          case SortKeyOp::kBetween:
            kce += " AND #sk BETWEEN :sk AND :sk2";
            break;
          default:
            kce += " AND #sk " + std::string(SortKeyOpName(p.sort_key->op)) +
                   " :sk";
        }
      }
      if (!s.ok()) {
        one.unrendered = std::string(s.message());
        continue;
      }
      if (!truth.multi) {
        values.Set(":pk", AttributeValue::S(pk));
        if (!sk_values.empty()) {
          values.Set(":sk", AttributeValue::S(sk_values[0]));
        }
        if (sk_values.size() > 1) {
          values.Set(":sk2", AttributeValue::S(sk_values[1]));
        }
      }
      if (p.filter) {
        q.filter_expression = p.filter->expression;
        for (const auto& [k, v] : p.filter->names) names[k] = v;
        for (const auto& [k, v] : p.filter->values) {
          if (v.is(AttributeType::kS)) {
            StatusOr<KeyTemplate> tmpl = KeyTemplate::Parse(v.s());
            std::string text;
            if (tmpl.ok() &&
                tmpl->Render(params, &workload_.constants, &text).ok()) {
              values.Set(k, AttributeValue::S(std::move(text)));
              continue;
            }
          }
          values.Set(k, v);
        }
      }
      q.key_condition_expression = kce;
      q.expression_attribute_names = std::move(names);
      q.expression_attribute_values = std::move(values);
      q.scan_index_forward = p.scan_index_forward;
      q.consistent_read = p.consistent_read;
      if (options_.page_size) {
        q.limit = options_.page_size;
      } else if (p.limit) {
        q.limit = p.limit;
      }
      q.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
      if (!read_to_.empty() && q.expression_attribute_values) {
        // VerifyAt: the reads go to the version read_to_ names.
        q.expression_attribute_values = WithVersionPrefix(
            *q.expression_attribute_values, read_from_, read_to_);
      }
      if (r.example.empty() && truth.multi) {
        if (multi_rendered.partition_parts.size() == p.partition_parts.size() &&
            multi_rendered.sort_parts.size() == p.sort_parts.size()) {
          r.example = multi_rendered.KeyConditionText(t);
        }
      } else if (r.example.empty()) {
        // The key condition with this run's values in place of the templates
        // (rendered values are never empty, so they parse).
        StatusOr<KeyTemplate> pk_text = KeyTemplate::Parse(pk);
        AccessPattern rendered;
        rendered.executable = true;
        rendered.index_name = p.index_name;
        bool parsed = pk_text.ok();
        if (parsed) rendered.partition_key = *std::move(pk_text);
        if (p.sort_key) {
          rendered.sort_key =
              SortKeyCondition{p.sort_key->op, {}, std::nullopt};
          for (size_t v = 0; v < sk_values.size() && parsed; ++v) {
            StatusOr<KeyTemplate> t = KeyTemplate::Parse(sk_values[v]);
            parsed = t.ok();
            if (!parsed) break;
            (v == 0 ? rendered.sort_key->value
                    : rendered.sort_key->high.emplace()) = *std::move(t);
          }
        }
        if (parsed) r.example = rendered.KeyConditionText(t);
      }
    }
    // The window's calls: each run's pages in turn; runs at once.
    backend_->ForEach(made.size(), [&](size_t k) {
      OneRun& one = made[k];
      if (one.unrendered) return;
      if (p.partiql) {
        // The statement in place of the Query; verified as the Query would be.
        one.failure =
            RunStatement(*p.partiql, one.params, one.q.limit, p.consistent_read,
                         &one.items, &one.units, &one.elapsed, &one.pages);
        return;
      }
      for (int page = 0;; ++page) {
        if (page == 1'000'000) {
          one.failure = "more than 1,000,000 pages";
          break;
        }
        const int64_t start = now_();
        StatusOr<QueryResponse> resp = backend_->Query(one.q);
        one.elapsed += now_() - start;
        ++one.pages;
        if (!resp.ok()) {
          one.failure = "Query: " + resp.status().ToString();
          break;
        }
        if (resp->consumed_capacity)
          one.units += resp->consumed_capacity->capacity_units;
        for (Item& item : resp->items) one.items.push_back(std::move(item));
        if (!resp->last_evaluated_key) break;
        one.q.exclusive_start_key = std::move(resp->last_evaluated_key);
      }
    });
    for (OneRun& one : made) {
      const int run = one.run;
      if (one.unrendered) {
        if (r.failures.size() < kMaxFailuresKept) {
          r.failures.push_back("run " + std::to_string(run + 1) + ": " +
                               *one.unrendered);
        }
        ++r.runs;
        continue;
      }
      const Bindings& params = one.params;
      const std::string& pk = one.pk;
      const std::vector<std::string>& sk_values = one.sk_values;
      if (!read_to_.empty()) {
        // Back to the old version the ground truth holds.
        for (Item& item : one.items) {
          item = WithVersionPrefix(item, read_to_, read_from_);
        }
      }
      const std::vector<Item>& items = one.items;
      const double units = one.units;
      const int64_t elapsed = one.elapsed;
      std::string& failure = one.failure;
      r.pages_total += one.pages;
      if (failure.empty() && p.expect) {
        bool complete;
        const std::string key = MatchKey(p.expect->match, params, &complete);
        auto found = expect_index->find(key);
        failure =
            Verify(p, truth, pk, sk_values, items,
                   found == expect_index->end() ? &kNothing : &found->second);
      } else if (failure.empty()) {
        failure = Verify(p, truth, pk, sk_values, items, nullptr);
      }
      const int64_t n = static_cast<int64_t>(items.size());
      if (r.runs == 0) {
        r.items_min = r.items_max = n;
        r.read_units_min = r.read_units_max = units;
      }
      ++r.runs;
      r.items_total += n;
      r.items_min = std::min(r.items_min, n);
      r.items_max = std::max(r.items_max, n);
      r.read_units_total += units;
      r.read_units_min = std::min(r.read_units_min, units);
      r.read_units_max = std::max(r.read_units_max, units);
      latencies.push_back(elapsed);
      auto& heat = traffic_[{truth.name, pk}];
      heat.first += units;
      heat.second += 1;
      if (options_.on_progress && read_from_.empty() &&
          ++runs_done_ % 16 == 0) {
        options_.on_progress("verify", runs_done_, total_runs_);
      }
      if (failure.empty()) {
        ++r.verified;
      } else if (r.failures.size() < kMaxFailuresKept) {
        std::string params_text;
        for (const auto& [k, v] : params.entries()) {
          if (truth.multi) {
            // Every template of the key condition is in its text.
            if (r.key_condition.find("${" + k + "}") == std::string::npos) {
              continue;
            }
            params_text += (params_text.empty() ? "" : ", ") + k + "=" + v;
            continue;
          }
          if (p.partition_key.text().find("${" + k + "}") ==
                  std::string::npos &&
              (!p.sort_key || p.sort_key->value.text().find("${" + k + "}") ==
                                  std::string::npos)) {
            continue;
          }
          params_text += (params_text.empty() ? "" : ", ") + k + "=" + v;
        }
        r.failures.push_back("run " + std::to_string(run + 1) + " (" +
                             params_text + "): " + failure);
      }
    }
  }
  if (!latencies.empty()) {
    std::sort(latencies.begin(), latencies.end());
    auto rank = [&](double q) {
      // Nearest rank: the smallest value with at least q of the runs at or
      // below it.
      size_t k = static_cast<size_t>(std::ceil(q * latencies.size()));
      k = std::clamp<size_t>(k, 1, latencies.size());
      return static_cast<double>(latencies[k - 1]) / 1000.0;
    };
    r.p50_micros = rank(0.50);
    r.p99_micros = rank(0.99);
    double sum = 0;
    for (int64_t l : latencies) sum += static_cast<double>(l);
    r.mean_micros = sum / static_cast<double>(latencies.size()) / 1000.0;
  }
  report->patterns.push_back(std::move(r));
}

}  // namespace eddy::model::internal
