// Copyright 2026 The eddy Authors.
//
// Internal to model/formats: the AWS MCP data model's projection,
// sparse-index and item-collection figures (aws_data_model_cost.h's
// AwsDataModelCost::projections, sparse, collections), priced from the
// loaded items' profile (aws_data_model_projection.h), and their text, JSON
// and HTML sections. aws_data_model_cost.cc calls these; nothing else
// should. Every section is empty when its list is (a model without
// secondary indexes prints what it printed before).
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_FORMATS_INTERNAL_AWS_SAVINGS_H_
#define EDDY_MODEL_FORMATS_INTERNAL_AWS_SAVINGS_H_

#include <string>

#include "model/cost.h"
#include "model/formats/aws_data_model.h"
#include "model/formats/aws_data_model_cost.h"
#include "nlohmann/json.hpp"

namespace eddy::model::formats_internal {

// REQUIRES: `cost` has its patterns and indexes priced from `report`, and
// report.model is set (else nothing is added).
void EstimateAwsSavings(const AwsRunReport& report, const RegionPrices& prices,
                        AwsDataModelCost* cost);

std::string FormatAwsSavingsText(const AwsDataModelCost& cost);
// Adds "projections", "sparse" and "collections" to `cost_json`, each only
// when it has entries.
void AddAwsSavingsJson(const AwsDataModelCost& cost,
                       nlohmann::ordered_json* cost_json);
std::string RenderAwsSavingsHtml(const AwsDataModelCost& cost);

}  // namespace eddy::model::formats_internal

#endif  // EDDY_MODEL_FORMATS_INTERNAL_AWS_SAVINGS_H_
