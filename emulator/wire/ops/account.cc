// Copyright 2026 The eddy Authors.
//
// DescribeLimits, DescribeEndpoints and the Contributor Insights trio
// (engine/ops/account.cc has their rules).

#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

std::string_view StatusName(ContributorInsightsStatus s) {
  switch (s) {
    case ContributorInsightsStatus::kEnabling:
      return "ENABLING";
    case ContributorInsightsStatus::kEnabled:
      return "ENABLED";
    case ContributorInsightsStatus::kDisabling:
      return "DISABLING";
    case ContributorInsightsStatus::kDisabled:
      return "DISABLED";
    case ContributorInsightsStatus::kFailed:
      return "FAILED";
  }
  return "DISABLED";
}

void TableAndIndex(JsonWriter& w, const std::string& table,
                   const std::optional<std::string>& index) {
  w.Key("TableName");
  w.String(table);
  if (index) {
    w.Key("IndexName");
    w.String(*index);
  }
}

}  // namespace

StatusOr<std::string> DescribeLimitsOp(Database& db, ObjectReader& r) {
  EDDY_RETURN_IF_ERROR(r.errors()->ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeLimitsResponse resp,
                        db.DescribeLimits(DescribeLimitsRequest{}));
  JsonWriter w;
  w.BeginObject();
  w.Key("AccountMaxReadCapacityUnits");
  w.Int(resp.account_max_read_capacity_units);
  w.Key("AccountMaxWriteCapacityUnits");
  w.Int(resp.account_max_write_capacity_units);
  w.Key("TableMaxReadCapacityUnits");
  w.Int(resp.table_max_read_capacity_units);
  w.Key("TableMaxWriteCapacityUnits");
  w.Int(resp.table_max_write_capacity_units);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeEndpointsOp(Database& db, ObjectReader& r,
                                          std::string_view host) {
  EDDY_RETURN_IF_ERROR(r.errors()->ToStatus());
  DescribeEndpointsRequest req;
  req.host = std::string(host);
  EDDY_ASSIGN_OR_RETURN(DescribeEndpointsResponse resp,
                        db.DescribeEndpoints(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("Endpoints");
  w.BeginArray();
  for (const Endpoint& e : resp.endpoints) {
    w.BeginObject();
    w.Key("Address");
    w.String(e.address);
    w.Key("CachePeriodInMinutes");
    w.Int(e.cache_period_in_minutes);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeEndpointsOp(Database& db, ObjectReader& r) {
  return DescribeEndpointsOp(db, r, "");
}

StatusOr<std::string> DescribeContributorInsightsOp(Database& db,
                                                    ObjectReader& r) {
  DescribeContributorInsightsRequest req;
  req.table_name = r.TableName();
  req.index_name = r.String("IndexName");
  EDDY_RETURN_IF_ERROR(r.errors()->ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeContributorInsightsResponse resp,
                        db.DescribeContributorInsights(req));
  JsonWriter w;
  w.BeginObject();
  TableAndIndex(w, resp.table_name, resp.index_name);
  if (!resp.contributor_insights_rule_list.empty()) {
    w.Key("ContributorInsightsRuleList");
    w.BeginArray();
    for (const std::string& rule : resp.contributor_insights_rule_list) {
      w.String(rule);
    }
    w.EndArray();
  }
  w.Key("ContributorInsightsStatus");
  w.String(StatusName(resp.contributor_insights_status));
  if (resp.last_update_date_time) {
    w.Key("LastUpdateDateTime");
    w.Double(*resp.last_update_date_time);
  }
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> UpdateContributorInsightsOp(Database& db,
                                                  ObjectReader& r) {
  UpdateContributorInsightsRequest req;
  req.table_name = r.TableName();
  req.index_name = r.String("IndexName");
  req.contributor_insights_action =
      r.Enum<ContributorInsightsAction>(
           "ContributorInsightsAction",
           {{"ENABLE", ContributorInsightsAction::kEnable},
            {"DISABLE", ContributorInsightsAction::kDisable}},
           /*required=*/true)
          .value_or(ContributorInsightsAction::kEnable);
  EDDY_RETURN_IF_ERROR(r.errors()->ToStatus());
  EDDY_ASSIGN_OR_RETURN(UpdateContributorInsightsResponse resp,
                        db.UpdateContributorInsights(req));
  JsonWriter w;
  w.BeginObject();
  TableAndIndex(w, resp.table_name, resp.index_name);
  w.Key("ContributorInsightsStatus");
  w.String(StatusName(resp.contributor_insights_status));
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ListContributorInsightsOp(Database& db, ObjectReader& r) {
  ListContributorInsightsRequest req;
  req.table_name = r.String("TableName");
  req.next_token = r.String("NextToken");
  req.max_results = r.Integer("MaxResults");
  EDDY_RETURN_IF_ERROR(r.errors()->ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListContributorInsightsResponse resp,
                        db.ListContributorInsights(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("ContributorInsightsSummaries");
  w.BeginArray();
  for (const ContributorInsightsSummary& s :
       resp.contributor_insights_summaries) {
    w.BeginObject();
    TableAndIndex(w, s.table_name, s.index_name);
    w.Key("ContributorInsightsStatus");
    w.String(StatusName(s.contributor_insights_status));
    w.EndObject();
  }
  w.EndArray();
  if (resp.next_token) {
    w.Key("NextToken");
    w.String(*resp.next_token);
  }
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
