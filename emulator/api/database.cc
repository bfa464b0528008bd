// Copyright 2026 The eddy Authors.

#include "emulator/api/database.h"

#include <shared_mutex>

#include "emulator/engine/operations.h"

namespace eddy {

Database::Database(Options options)
    : options_(std::move(options)),
      catalog_(std::make_unique<engine::Catalog>()) {}

Database::~Database() = default;

#define EDDY_FORWARD(Op)                                            \
  StatusOr<Op##Response> Database::Op(const Op##Request& request) { \
    engine::Context ctx{catalog_.get(), &options_};                 \
    return engine::Op(ctx, request);                                \
  }

EDDY_FORWARD(CreateTable)
EDDY_FORWARD(DescribeTable)
EDDY_FORWARD(ListTables)
EDDY_FORWARD(DeleteTable)
EDDY_FORWARD(UpdateTable)
EDDY_FORWARD(PutItem)
EDDY_FORWARD(GetItem)
EDDY_FORWARD(DeleteItem)
EDDY_FORWARD(UpdateItem)
EDDY_FORWARD(Query)
EDDY_FORWARD(BatchGetItem)
EDDY_FORWARD(BatchWriteItem)
#undef EDDY_FORWARD

StatusOr<ScanResponse> Database::Scan(const ScanRequest& request) {
  engine::Context ctx{catalog_.get(), &options_};
  return engine::Scan(ctx, request);
}

StatusOr<std::vector<uint64_t>> Database::DescribePartitions(
    const std::string& table_name) {
  std::shared_ptr<engine::Table> table = catalog_->Find(table_name);
  if (table == nullptr)
    return engine::TableNotFound(table_name, /*describe_form=*/true);
  std::shared_lock lock(table->mu);
  return table->partitions.starts();
}

}  // namespace eddy
