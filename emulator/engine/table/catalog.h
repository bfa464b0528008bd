// Copyright 2026 The eddy Authors.
//
// Catalog: the tables of one Database, by name.
//
// Thread safety: internally synchronized. Its mutex is never held while a
// table's lock is taken, or the other way round: Find returns the table and
// releases the catalog first.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_CATALOG_H_
#define EDDY_EMULATOR_ENGINE_TABLE_CATALOG_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine {

class Catalog {
 public:
  // Null when there is no such table.
  std::shared_ptr<Table> Find(const std::string& name) const;
  // ResourceInUseException "Table already exists: <name>" for a duplicate;
  // LimitExceededException when `max_tables` are there already. When it
  // succeeds, `on_added` (if given) runs under the catalog's lock before
  // anyone can find the table: CreateTable logs the table there
  // (table/journal.h). It must not lock a table.
  Status Add(std::shared_ptr<Table> table, int max_tables,
             const std::function<void()>& on_added = nullptr);
  // Null when there is no such table.
  std::shared_ptr<Table> Remove(const std::string& name);
  // Sorted names.
  std::vector<std::string> Names() const;

  // OK unless `max_operations` table operations are in progress at
  // `now_micros` (tables CREATING or UPDATING, and tables DELETING), or
  // `indexed_creation` and `max_indexed_creations` tables created with
  // secondary indexes are CREATING. LimitExceededException with DynamoDB's
  // texts: "Subscriber limit exceeded: Only <max_operations> tables can be
  // created, updated, or deleted simultaneously" and "Subscriber limit
  // exceeded: You have exceeded the maximum number of indexed tables that
  // can be created simultaneously" (both recorded from the service by
  // Terraform's AWS provider, issues 1776 and 2146, when the quotas were
  // lower). The count is a moment's: two operations checked at once may
  // both pass at the limit. Takes no table lock.
  Status CheckOperationQuota(int64_t now_micros, int max_operations,
                             int max_indexed_creations, bool indexed_creation);

  // Tables removed by DeleteTable that are still DELETING
  // (table/lifecycle.h); empty unless Options::transient_statuses has a
  // deletion window.
  DeletingTables& deleting() { return deleting_; }

 private:
  DeletingTables deleting_;
  mutable Mutex mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_ ABSL_GUARDED_BY(mu_);
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_CATALOG_H_
