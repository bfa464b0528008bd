// Copyright 2026 The eddy Authors.
//
// The small operations clients and tools probe (issue 17 item 15):
// DescribeLimits, DescribeEndpoints, and the Contributor Insights setting
// (DescribeContributorInsights, UpdateContributorInsights,
// ListContributorInsights). The setting lives in each table's state; the
// top keys it would show are the simulator's (Database::GetTopKeys).

#include <algorithm>
#include <mutex>
#include <vector>

#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/catalog.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

// Index names follow the table-name rules (3..255 of [a-zA-Z0-9_.-]).
void CheckNames(const std::string& table_name,
                const std::optional<std::string>& index_name,
                ValidationErrors& errors) {
  errors.CheckTableName(table_name);
  if (index_name) errors.CheckTableName(*index_name, "indexName");
}

// The table, and the index when one is named (ResourceNotFoundException
// otherwise). REQUIRES: the table's lock held by the caller afterwards.
StatusOr<std::shared_ptr<Table>> FindTarget(
    Context& ctx, const std::string& table_name,
    const std::optional<std::string>& index_name) {
  std::shared_ptr<Table> table = ctx.catalog->Find(table_name);
  if (table == nullptr)
    return TableNotFound(table_name, /*describe_form=*/true);
  if (index_name) {
    ReaderMutexLock lock(&table->mu());
    if (table->FindIndex(*index_name) == nullptr) {
      return Status(ErrorCode::kResourceNotFound,
                    "Requested resource not found: Index: " + *index_name +
                        " not found for table: " + table_name);
    }
  }
  return table;
}

// DynamoDB's rule names: partition keys most accessed (PKC) and most
// throttled (PKT), and with a sort key the same for whole keys (SKC, SKT).
std::vector<std::string> RuleNames(const Table& table,
                                   const std::string& index_name,
                                   bool has_sort_key, int64_t since_micros) {
  const std::string suffix = "-" + table.name() +
                             (index_name.empty() ? "" : "-" + index_name) +
                             "-" + std::to_string(since_micros / 1000);
  std::vector<std::string> rules = {"DynamoDBContributorInsights-PKC" + suffix,
                                    "DynamoDBContributorInsights-PKT" + suffix};
  if (has_sort_key) {
    rules.push_back("DynamoDBContributorInsights-SKC" + suffix);
    rules.push_back("DynamoDBContributorInsights-SKT" + suffix);
  }
  return rules;
}

}  // namespace

StatusOr<DescribeLimitsResponse> DescribeLimits(
    Context& ctx, const DescribeLimitsRequest& /*request*/) {
  const capacity::SimulatorOptions& q = ctx.options->throttle;
  DescribeLimitsResponse r;
  r.account_max_read_capacity_units = q.account_read_quota_units;
  r.account_max_write_capacity_units = q.account_write_quota_units;
  r.table_max_read_capacity_units = q.table_read_quota_units;
  r.table_max_write_capacity_units = q.table_write_quota_units;
  return r;
}

StatusOr<DescribeEndpointsResponse> DescribeEndpoints(
    Context& ctx, const DescribeEndpointsRequest& request) {
  DescribeEndpointsResponse r;
  Endpoint e;
  e.address = request.host.empty()
                  ? "dynamodb." + ctx.options->region + ".amazonaws.com"
                  : request.host;
  r.endpoints.push_back(std::move(e));
  return r;
}

StatusOr<DescribeContributorInsightsResponse> DescribeContributorInsights(
    Context& ctx, const DescribeContributorInsightsRequest& request) {
  ValidationErrors errors;
  CheckNames(request.table_name, request.index_name, errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(
      std::shared_ptr<Table> table,
      FindTarget(ctx, request.table_name, request.index_name));
  ReaderMutexLock lock(&table->mu());
  DescribeContributorInsightsResponse r;
  r.table_name = table->name();
  r.index_name = request.index_name;
  const std::string key = request.index_name.value_or("");
  const auto& settings = table->state().contributor_insights;
  auto it = settings.find(key);
  if (it == settings.end()) return r;  // never enabled: DISABLED
  r.contributor_insights_status = it->second.enabled
                                      ? ContributorInsightsStatus::kEnabled
                                      : ContributorInsightsStatus::kDisabled;
  r.last_update_date_time =
      static_cast<double>(it->second.updated_micros) / 1e6;
  if (it->second.enabled) {
    bool has_sort_key = table->range_key().has_value();
    if (const SecondaryIndex* index =
            key.empty() ? nullptr : table->FindIndex(key)) {
      has_sort_key = !index->range_keys().empty();
    }
    r.contributor_insights_rule_list =
        RuleNames(*table, key, has_sort_key, it->second.updated_micros);
  }
  return r;
}

StatusOr<UpdateContributorInsightsResponse> UpdateContributorInsights(
    Context& ctx, const UpdateContributorInsightsRequest& request) {
  ValidationErrors errors;
  CheckNames(request.table_name, request.index_name, errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(
      std::shared_ptr<Table> table,
      FindTarget(ctx, request.table_name, request.index_name));
  MutexLock lock(&table->mu());
  const bool enable =
      request.contributor_insights_action == ContributorInsightsAction::kEnable;
  auto& setting = table->mutable_state()
                      .contributor_insights[request.index_name.value_or("")];
  if (setting.enabled != enable || setting.updated_micros == 0) {
    setting.enabled = enable;
    setting.updated_micros = ctx.options->clock->NowMicros();
    LogSettingsChange(*table);
  }
  UpdateContributorInsightsResponse r;
  r.table_name = table->name();
  r.index_name = request.index_name;
  r.contributor_insights_status = enable
                                      ? ContributorInsightsStatus::kEnabling
                                      : ContributorInsightsStatus::kDisabling;
  return r;
}

StatusOr<ListContributorInsightsResponse> ListContributorInsights(
    Context& ctx, const ListContributorInsightsRequest& request) {
  ValidationErrors errors;
  if (request.table_name) errors.CheckTableName(*request.table_name);
  if (request.max_results &&
      (*request.max_results < 0 || *request.max_results > 100)) {
    errors.Add("'" + std::to_string(*request.max_results) + "'", "maxResults",
               *request.max_results < 0
                   ? "Member must have value greater than or equal to 0"
                   : "Member must have value less than or equal to 100");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::vector<std::string> names;
  if (request.table_name) {
    if (ctx.catalog->Find(*request.table_name) == nullptr) {
      return TableNotFound(*request.table_name, /*describe_form=*/true);
    }
    names.push_back(*request.table_name);
  } else {
    names = ctx.catalog->Names();
    std::sort(names.begin(), names.end());
  }
  // Every table or index whose setting was ever changed, in (table, index)
  // order; NextToken is the position of the next one ("table/index").
  std::vector<ContributorInsightsSummary> all;
  for (const std::string& name : names) {
    std::shared_ptr<Table> table = ctx.catalog->Find(name);
    if (table == nullptr) continue;
    ReaderMutexLock lock(&table->mu());
    for (const auto& [index, setting] : table->state().contributor_insights) {
      ContributorInsightsSummary s;
      s.table_name = name;
      if (!index.empty()) s.index_name = index;
      s.contributor_insights_status =
          setting.enabled ? ContributorInsightsStatus::kEnabled
                          : ContributorInsightsStatus::kDisabled;
      all.push_back(std::move(s));
    }
  }
  auto position = [](const ContributorInsightsSummary& s) {
    return s.table_name + "/" + s.index_name.value_or("");
  };
  size_t first = 0;
  if (request.next_token) {
    while (first < all.size() && position(all[first]) < *request.next_token) {
      ++first;
    }
  }
  const size_t max = request.max_results && *request.max_results > 0
                         ? *request.max_results
                         : 100;
  ListContributorInsightsResponse r;
  for (size_t i = first; i < all.size(); ++i) {
    if (r.contributor_insights_summaries.size() == max) {
      r.next_token = position(all[i]);
      break;
    }
    r.contributor_insights_summaries.push_back(all[i]);
  }
  return r;
}

}  // namespace eddy::engine
