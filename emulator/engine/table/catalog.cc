// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/catalog.h"

namespace eddy::engine {

std::shared_ptr<Table> Catalog::Find(const std::string& name) const {
  ReaderMutexLock lock(&mu_);
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

Status Catalog::Add(std::shared_ptr<Table> table) {
  MutexLock lock(&mu_);
  const std::string name = table->name();
  if (!tables_.emplace(name, std::move(table)).second) {
    return Status::ResourceInUse("Table already exists: " + name);
  }
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

std::vector<std::string> Catalog::Names() const {
  ReaderMutexLock lock(&mu_);
  std::vector<std::string> names;
  names.reserve(tables_.size());
  for (const auto& [name, table] : tables_) names.push_back(name);
  return names;
}

}  // namespace eddy::engine
