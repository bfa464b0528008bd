// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/database_set.h"

#include <cstring>

namespace eddy::server {
namespace {

constexpr std::string_view kInjectFault = "EddyInjectFault";
constexpr std::string_view kClearFaults = "EddyClearFaults";

}  // namespace

DatabaseSet::DatabaseSet(Options options, bool shared, Database* external)
    : options_(std::move(options)) {
  if (external != nullptr) {
    shared_ = external;
  } else if (shared) {
    owned_shared_ = std::make_unique<Database>(options_);
    shared_ = owned_shared_.get();
  }
}

std::string DatabaseSet::DirectoryName(std::string_view access_key_id,
                                       std::string_view region) {
  std::string name(access_key_id);
  name += '_';
  name += region;
  return name;
}

StatusOr<Database*> DatabaseSet::For(std::string_view access_key_id,
                                     std::string_view region) {
  if (shared_ != nullptr) return shared_;
  {
    // Every request looks its database up: the usual short name is built
    // on the stack, not allocated.
    char buffer[96];
    std::string long_name;
    std::string_view key;
    if (access_key_id.size() + region.size() + 1 <= sizeof(buffer)) {
      std::memcpy(buffer, access_key_id.data(), access_key_id.size());
      buffer[access_key_id.size()] = '_';
      std::memcpy(buffer + access_key_id.size() + 1, region.data(),
                  region.size());
      key = std::string_view(buffer, access_key_id.size() + region.size() + 1);
    } else {
      long_name = DirectoryName(access_key_id, region);
      key = long_name;
    }
    std::shared_lock<std::shared_mutex> lock(mu_);
    auto it = databases_.find(key);
    if (it != databases_.end()) return it->second.get();
  }
  const std::string name = DirectoryName(access_key_id, region);
  std::unique_lock<std::shared_mutex> lock(mu_);
  auto it = databases_.find(name);
  if (it != databases_.end()) return it->second.get();
  Options options = options_;
  options.region = std::string(region);
  std::unique_ptr<Database> db;
  if (!options.persistence.data_dir.empty()) {
    options.persistence.data_dir += "/" + name;
    StatusOr<std::unique_ptr<Database>> opened = Database::Open(options);
    if (!opened.ok()) {
      return Status(ErrorCode::kInternalServerError,
                    "Cannot open the database of access key id '" +
                        std::string(access_key_id) + "' and region '" +
                        std::string(region) + "' in " +
                        options.persistence.data_dir + ": " +
                        std::string(opened.status().message()));
    }
    db = *std::move(opened);
  } else {
    db = std::make_unique<Database>(options);
  }
  for (const auto& [operation, body] : controls_) {
    Execute(*db, operation, body);
  }
  Database* raw = db.get();
  databases_.emplace(name, std::move(db));
  return raw;
}

WireResponse DatabaseSet::ExecuteControl(Database* caller,
                                         std::string_view operation,
                                         std::string_view body) {
  WireResponse answer = Execute(*caller, operation, body);
  if (shared_ != nullptr || answer.error != ErrorCode::kOk) return answer;
  if (operation != kInjectFault && operation != kClearFaults) return answer;
  std::unique_lock<std::shared_mutex> lock(mu_);
  for (auto& [name, db] : databases_) {
    if (db.get() != caller) Execute(*db, operation, body);
  }
  if (operation == kClearFaults) {
    controls_.clear();  // it clears every fault: nothing left to replay
  } else {
    controls_.emplace_back(std::string(operation), std::string(body));
  }
  return answer;
}

}  // namespace eddy::server
