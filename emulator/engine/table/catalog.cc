// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/catalog.h"

namespace eddy::engine {

std::shared_ptr<Table> Catalog::Find(const std::string& name) const {
  ReaderMutexLock lock(&mu_);
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

Status Catalog::Add(std::shared_ptr<Table> table, int max_tables,
                    const std::function<void()>& on_added) {
  MutexLock lock(&mu_);
  const std::string name = table->name();
  if (tables_.count(name) != 0) {
    return Status::ResourceInUse("Table already exists: " + name);
  }
  if (tables_.size() >= static_cast<size_t>(max_tables)) {
    // DynamoDB's text, recorded when the quota was 256 (Terraform's AWS
    // provider, pull request 2274); the number is the quota in force.
    return Status(ErrorCode::kLimitExceeded,
                  "Subscriber limit exceeded: There is a limit of " +
                      std::to_string(max_tables) + " tables per subscriber");
  }
  if (on_added) on_added();
  tables_.emplace(name, std::move(table));
  return Status::OK();
}

std::shared_ptr<Table> Catalog::Remove(const std::string& name) {
  MutexLock lock(&mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return nullptr;
  std::shared_ptr<Table> t = std::move(it->second);
  tables_.erase(it);
  return t;
}

Status Catalog::CheckOperationQuota(int64_t now_micros, int max_operations,
                                    int max_indexed_creations,
                                    bool indexed_creation) {
  int64_t in_progress =
      static_cast<int64_t>(deleting_.Names(now_micros).size());
  int64_t indexed_creating = 0;
  {
    ReaderMutexLock lock(&mu_);
    for (const auto& [name, table] : tables_) {
      const TableStatus status = StatusAt(*table, now_micros);
      if (status == TableStatus::kActive) continue;
      ++in_progress;
      indexed_creating +=
          status == TableStatus::kCreating && table->created_with_indexes();
    }
  }
  if (in_progress >= max_operations) {
    return Status(ErrorCode::kLimitExceeded,
                  "Subscriber limit exceeded: Only " +
                      std::to_string(max_operations) +
                      " tables can be created, updated, or deleted "
                      "simultaneously");
  }
  if (indexed_creation && indexed_creating >= max_indexed_creations) {
    return Status(ErrorCode::kLimitExceeded,
                  "Subscriber limit exceeded: You have exceeded the maximum "
                  "number of indexed tables that can be created "
                  "simultaneously");
  }
  return Status::OK();
}

std::vector<std::string> Catalog::Names() const {
  ReaderMutexLock lock(&mu_);
  std::vector<std::string> names;
  names.reserve(tables_.size());
  for (const auto& [name, table] : tables_) names.push_back(name);
  return names;
}

}  // namespace eddy::engine
