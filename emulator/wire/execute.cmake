# Sources of Execute(operation, json) (owned by the JSON API work), relative to emulator/.
set(EDDY_EXECUTE_SOURCES
  wire/execute.cc
  wire/internal/json_reader.cc
  wire/internal/serialization_errors.cc
  wire/internal/json_writer.cc
  wire/internal/request_reader.cc
  wire/internal/legacy_reader.cc
  wire/ops/common.cc
  wire/ops/tables.cc
  wire/ops/items.cc
  wire/ops/query_scan.cc
  wire/ops/batches.cc
  wire/ops/transactions.cc
  wire/ops/partiql.cc
  wire/ops/admin.cc
  wire/ops/streams.cc
  wire/ops/transfer.cc)
