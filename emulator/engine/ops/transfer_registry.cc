// Copyright 2026 The eddy Authors.
//
// TransferRegistry and the helpers the export and import operations share.

#include <charconv>

#include "emulator/engine/ops/transfer_ops.h"

namespace eddy::engine {
namespace {

// A ClientToken is honoured for 8 hours after its request.
constexpr double kTokenWindowSeconds = 8 * 3600;

}  // namespace

void TransferRegistry::PutExport(ExportEntry e) {
  MutexLock lock(&mu_);
  for (ExportEntry& x : exports_) {
    if (x.description.export_arn == e.description.export_arn) {
      x = std::move(e);
      return;
    }
  }
  exports_.push_back(std::move(e));
}

void TransferRegistry::PutImport(ImportEntry e) {
  MutexLock lock(&mu_);
  for (ImportEntry& x : imports_) {
    if (x.description.import_arn == e.description.import_arn) {
      x = std::move(e);
      return;
    }
  }
  imports_.push_back(std::move(e));
}

std::optional<TransferRegistry::ExportEntry> TransferRegistry::FindExport(
    const std::string& arn) const {
  MutexLock lock(&mu_);
  for (const ExportEntry& x : exports_) {
    if (x.description.export_arn == arn) return x;
  }
  return std::nullopt;
}

std::optional<TransferRegistry::ImportEntry> TransferRegistry::FindImport(
    const std::string& arn) const {
  MutexLock lock(&mu_);
  for (const ImportEntry& x : imports_) {
    if (x.description.import_arn == arn) return x;
  }
  return std::nullopt;
}

std::optional<TransferRegistry::ExportEntry>
TransferRegistry::FindExportByToken(const std::string& token,
                                    double now_seconds) const {
  MutexLock lock(&mu_);
  for (const ExportEntry& x : exports_) {
    if (x.description.client_token == token &&
        now_seconds - x.description.start_time < kTokenWindowSeconds) {
      return x;
    }
  }
  return std::nullopt;
}

std::optional<TransferRegistry::ImportEntry>
TransferRegistry::FindImportByToken(const std::string& token,
                                    double now_seconds) const {
  MutexLock lock(&mu_);
  for (const ImportEntry& x : imports_) {
    if (x.description.client_token == token &&
        now_seconds - x.description.start_time < kTokenWindowSeconds) {
      return x;
    }
  }
  return std::nullopt;
}

std::vector<ExportDescription> TransferRegistry::Exports() const {
  MutexLock lock(&mu_);
  std::vector<ExportDescription> out;
  for (const ExportEntry& x : exports_) out.push_back(x.description);
  return out;
}

std::vector<ImportTableDescription> TransferRegistry::Imports() const {
  MutexLock lock(&mu_);
  std::vector<ImportTableDescription> out;
  for (const ImportEntry& x : imports_) out.push_back(x.description);
  return out;
}

Status NoExportRoot(std::string_view operation) {
  return Status::Validation(
      std::string(operation) +
      " needs a directory that stands in for S3: set Options::export_root "
      "(eddy-server --export-root DIR)");
}

StatusOr<size_t> PageStart(const std::optional<std::string>& next_token,
                           size_t size) {
  if (!next_token) return size_t{0};
  size_t start = 0;
  const std::string& t = *next_token;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), start);
  if (ec != std::errc() || end != t.data() + t.size() || start > size) {
    return Status::Validation("Invalid NextToken: " + t);
  }
  return start;
}

}  // namespace eddy::engine
