// Copyright 2026 The eddy Authors.
//
// ExportTableToPointInTime: a table's items as DynamoDB's export files
// (DYNAMODB_JSON or ION, gzip) with its manifests, under
// Options::export_root/<S3Bucket>/<S3Prefix>/AWSDynamoDB/<ExportId>/.
//
// A FULL_EXPORT of the table as it is now (ExportTime absent or within the
// clock's current second) is written during the call. A FULL_EXPORT at an
// ExportTime in the past is the table rebuilt from its point-in-time
// history (ReplayHistory, history/memory_history.h: the data directory's
// files, or the in-memory history without one), as
// RestoreTableToPointInTime rebuilds it. An INCREMENTAL_EXPORT
// (IncrementalExportSpecification: from, to, view type) also comes from that
// history (incremental_export.h): each item changed in the period is one line
// of DynamoDB's incremental format, Metadata.WriteTimestampMicros, Keys,
// OldImage (NEW_AND_OLD_IMAGES only; absent for an item created in the period)
// and NewImage (absent for an item deleted); its data files go to
// <S3Prefix>/AWSDynamoDB/data/, the folder DynamoDB's incremental exports
// share, and its manifest summary is DynamoDB's incremental one (version
// 2023-08-01, exportFromTime, exportToTime, outputView).

#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <random>
#include <regex>

#include "emulator/engine/history/incremental_export.h"
#include "emulator/engine/history/memory_history.h"
#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/persist/data_directory.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/persist/table_image.h"
#include "emulator/storage/record.h"
#include "emulator/transfer/formats.h"
#include "emulator/transfer/io.h"
#include "emulator/transfer/manifest.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

namespace fs = std::filesystem;

// Items per data file (DynamoDB writes at least one file per partition).
constexpr int64_t kItemsPerFile = 1'000'000;
// An incremental export covers 15 minutes to 24 hours.
constexpr double kMinIncrementalSeconds = 15 * 60;
constexpr double kMaxIncrementalSeconds = 24 * 3600;

std::string FormatName(ExportFormat f) {
  return f == ExportFormat::kIon ? "ION" : "DYNAMODB_JSON";
}
std::string ViewName(ExportViewType v) {
  return v == ExportViewType::kNewImage ? "NEW_IMAGE" : "NEW_AND_OLD_IMAGES";
}
// Epoch seconds (as the API carries them) to microseconds.
int64_t Micros(double seconds) {
  return static_cast<int64_t>(std::llround(seconds * 1e6));
}
std::string TypeName(ExportType t) {
  return t == ExportType::kIncrementalExport ? "INCREMENTAL_EXPORT"
                                             : "FULL_EXPORT";
}

// 26 lowercase base32 characters, like DynamoDB's data file names.
std::string RandomName(std::mt19937_64& rng) {
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string out;
  for (int i = 0; i < 26; ++i) out.push_back(kAlphabet[rng() % 32]);
  return out;
}

uint64_t Seed(int64_t now_micros) {
  static std::atomic<uint64_t> counter{0};
  return static_cast<uint64_t>(now_micros) * 0x9E3779B97F4A7C15ULL +
         counter.fetch_add(1) * 0xBF58476D1CE4E5B9ULL;
}

// "<14-digit milliseconds>-<8 hex>", as DynamoDB's export IDs.
std::string ExportId(int64_t now_micros, std::mt19937_64& rng) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%014lld-%08x",
                static_cast<long long>(now_micros / 1000),
                static_cast<unsigned>(rng() & 0xffffffffu));
  return buf;
}

std::string Fingerprint(const ExportTableToPointInTimeRequest& r) {
  std::string f =
      r.table_arn + '\n' + r.s3_bucket + '\n' + r.s3_prefix.value_or("") +
      '\n' + FormatName(r.export_format.value_or(ExportFormat::kDynamoDbJson)) +
      '\n' + TypeName(r.export_type.value_or(ExportType::kFullExport)) + '\n';
  if (r.export_time) f += std::to_string(*r.export_time);
  if (const auto& i = r.incremental_export_specification) {
    f += '\n' + std::to_string(i->export_from_time.value_or(-1)) + '\n' +
         std::to_string(i->export_to_time.value_or(-1)) + '\n' +
         ViewName(
             i->export_view_type.value_or(ExportViewType::kNewAndOldImages));
  }
  return f;
}

// A prefix that stays inside its bucket folder: no "." or ".." segments.
bool PrefixStaysInside(std::string_view prefix) {
  size_t start = 0;
  while (start <= prefix.size()) {
    size_t end = prefix.find('/', start);
    if (end == std::string_view::npos) end = prefix.size();
    const std::string_view seg = prefix.substr(start, end - start);
    if (seg == "." || seg == "..") return false;
    start = end + 1;
  }
  return true;
}

Status CheckRequest(const ExportTableToPointInTimeRequest& r) {
  ValidationErrors errors;
  if (r.table_arn.empty()) {
    errors.Add("''", "tableArn",
               "Member must have length greater than or equal to 1");
  } else if (r.table_arn.size() > 1024) {
    errors.Add("'" + r.table_arn + "'", "tableArn",
               "Member must have length less than or equal to 1024");
  }
  static const std::regex kBucket("^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
  if (r.s3_bucket.size() > 255) {
    errors.Add("'" + r.s3_bucket + "'", "s3Bucket",
               "Member must have length less than or equal to 255");
  } else if (!std::regex_match(r.s3_bucket, kBucket)) {
    errors.Add("'" + r.s3_bucket + "'", "s3Bucket",
               "Member must satisfy regular expression pattern: "
               "^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
  }
  if (r.s3_prefix && r.s3_prefix->size() > 1024) {
    errors.Add("'" + *r.s3_prefix + "'", "s3Prefix",
               "Member must have length less than or equal to 1024");
  }
  static const std::regex kOwner("[0-9]{12}");
  if (r.s3_bucket_owner && !std::regex_match(*r.s3_bucket_owner, kOwner)) {
    errors.Add("'" + *r.s3_bucket_owner + "'", "s3BucketOwner",
               "Member must satisfy regular expression pattern: [0-9]{12}");
  }
  if (r.client_token && (r.client_token->empty() ||
                         r.client_token->find('$') != std::string::npos)) {
    errors.Add("'" + *r.client_token + "'", "clientToken",
               "Member must satisfy regular expression pattern: ^[^\\$]+$");
  }
  if (r.s3_sse_kms_key_id &&
      (r.s3_sse_kms_key_id->empty() || r.s3_sse_kms_key_id->size() > 2048)) {
    errors.Add("'" + *r.s3_sse_kms_key_id + "'", "s3SseKmsKeyId",
               "Member must have length between 1 and 2048");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  const ExportType type = r.export_type.value_or(ExportType::kFullExport);
  if (type == ExportType::kFullExport && r.incremental_export_specification) {
    return Status::Validation(
        "IncrementalExportSpecification is only valid for an "
        "INCREMENTAL_EXPORT");
  }
  if (type == ExportType::kIncrementalExport && r.export_time) {
    return Status::Validation(
        "ExportTime is not valid for an INCREMENTAL_EXPORT; use "
        "IncrementalExportSpecification");
  }
  if (r.s3_prefix && !PrefixStaysInside(*r.s3_prefix)) {
    return Status::Validation(
        "S3Prefix must not contain '.' or '..' path segments (eddy writes "
        "exports to folders under its export root)");
  }
  return Status::OK();
}

// Checks an incremental export's window against the PITR window.
Status CheckIncremental(const ExportTableToPointInTimeRequest& r,
                        const PitrWindow& window, double now) {
  if (!r.incremental_export_specification ||
      !r.incremental_export_specification->export_from_time) {
    return Status::Validation(
        "IncrementalExportSpecification.ExportFromTime is required for an "
        "INCREMENTAL_EXPORT");
  }
  const IncrementalExportSpecification& s = *r.incremental_export_specification;
  const double from = *s.export_from_time;
  const double to = s.export_to_time.value_or(now);
  if (to <= from) {
    return Status::Validation("ExportToTime must be after ExportFromTime");
  }
  if (to - from < kMinIncrementalSeconds ||
      to - from > kMaxIncrementalSeconds) {
    return Status::Validation(
        "The incremental export period must be between 15 minutes and 24 "
        "hours");
  }
  if (from < window.earliest || to > now) {
    // eddy's text: DynamoDB's for this case is not on record.
    return Status(ErrorCode::kInvalidExportTime,
                  "The incremental export period must be within the point in "
                  "time recovery window");
  }
  return Status::OK();
}

// What the export wrote.
struct Written {
  int64_t item_count = 0;
  int64_t billed_bytes = 0;
  std::string manifest_key;  // relative to the bucket
};

// The export's data lines, one per call: false when there are no more.
// `billed` gets the bytes the line's item counts for.
using LineSource = std::function<bool(std::string* line, int64_t* billed)>;

// Writes the data files (under `data_key`, relative to the bucket) and the
// manifests and _started (under `folder_key`).
Status WriteFiles(const fs::path& bucket_dir, const std::string& folder_key,
                  const std::string& data_key, ExportFormat format,
                  const LineSource& source, std::mt19937_64& rng,
                  transfer::ManifestSummary summary, Written* out) {
  std::error_code ec;
  const fs::path folder = bucket_dir / folder_key;
  for (const fs::path& dir : {folder, bucket_dir / data_key}) {
    fs::create_directories(dir, ec);
    if (ec) {
      return Status::Validation("cannot create " + dir.string() + ": " +
                                ec.message());
    }
  }
  {
    EDDY_ASSIGN_OR_RETURN(
        auto started, transfer::LineWriter::Open(folder / "_started",
                                                 transfer::Compression::kNone));
    EDDY_RETURN_IF_ERROR(started->Close());
  }
  const bool ion = format == ExportFormat::kIon;
  std::string manifest_files;
  std::string line;
  int64_t billed = 0;
  bool have = source(&line, &billed);
  do {
    const std::string key =
        data_key + "/" + RandomName(rng) + (ion ? ".ion.gz" : ".json.gz");
    const fs::path path = bucket_dir / key;
    EDDY_ASSIGN_OR_RETURN(
        auto w, transfer::LineWriter::Open(path, transfer::Compression::kGzip));
    if (ion) EDDY_RETURN_IF_ERROR(w->Write("$ion_1_0 "));
    int64_t in_file = 0;
    for (; have && in_file < kItemsPerFile; have = source(&line, &billed)) {
      out->billed_bytes += billed;
      EDDY_RETURN_IF_ERROR(w->Append(line));
      ++in_file;
    }
    EDDY_RETURN_IF_ERROR(w->Close());
    out->item_count += in_file;
    EDDY_ASSIGN_OR_RETURN(auto digest, transfer::FileMd5(path.string()));
    manifest_files +=
        transfer::ManifestFilesLine({in_file, transfer::DigestBase64(digest),
                                     transfer::DigestHex(digest), key});
    manifest_files.push_back('\n');
  } while (have);

  auto write_with_checksum = [&](const std::string& name,
                                 const std::string& text) -> Status {
    const fs::path path = folder / (name + ".json");
    EDDY_ASSIGN_OR_RETURN(
        auto w, transfer::LineWriter::Open(path, transfer::Compression::kNone));
    EDDY_RETURN_IF_ERROR(w->Write(text));
    EDDY_RETURN_IF_ERROR(w->Close());
    transfer::Md5 md5;
    md5.Update(text);
    EDDY_ASSIGN_OR_RETURN(
        auto c, transfer::LineWriter::Open(folder / (name + ".checksum"),
                                           transfer::Compression::kNone));
    EDDY_RETURN_IF_ERROR(c->Write(transfer::DigestHex(md5.Finish())));
    return c->Close();
  };
  EDDY_RETURN_IF_ERROR(write_with_checksum("manifest-files", manifest_files));
  summary.manifest_files_key = folder_key + "/manifest-files.json";
  summary.item_count = out->item_count;
  summary.billed_size_bytes = out->billed_bytes;
  EDDY_RETURN_IF_ERROR(write_with_checksum(
      "manifest-summary", transfer::ManifestSummaryJson(summary)));
  out->manifest_key = folder_key + "/manifest-summary.json";
  return Status::OK();
}

}  // namespace

StatusOr<ExportTableToPointInTimeResponse> ExportTableToPointInTime(
    Context& ctx, TransferRegistry& registry,
    const ExportTableToPointInTimeRequest& request) {
  EDDY_RETURN_IF_ERROR(CheckRequest(request));
  if (ctx.options->export_root.empty()) {
    return NoExportRoot("ExportTableToPointInTime");
  }
  const int64_t now_micros = ctx.options->clock->NowMicros();
  const double now = static_cast<double>(now_micros) / 1e6;
  const std::string fingerprint = Fingerprint(request);
  if (request.client_token) {
    if (auto prior = registry.FindExportByToken(*request.client_token, now)) {
      if (prior->fingerprint != fingerprint) {
        return Status(ErrorCode::kExportConflict,
                      "There was a conflict when writing to the specified S3 "
                      "bucket: ClientToken " +
                          *request.client_token +
                          " was used for a different export");
      }
      return ExportTableToPointInTimeResponse{prior->description};
    }
  }
  std::shared_ptr<Table> table = FindTableByNameOrArn(ctx, request.table_arn);
  if (table == nullptr) {
    return Status(ErrorCode::kTableNotFound,
                  "Table not found: " + request.table_arn);
  }
  CatchUp(*table, *ctx.options->clock);
  const ExportType type = request.export_type.value_or(ExportType::kFullExport);
  std::vector<storage::RecordPtr> records;
  bool past = false;
  uint64_t number = 0;
  {
    ReaderMutexLock lock(&table->mu());
    const TableState& state = table->state();
    if (!state.pitr_enabled) {
      return Status(ErrorCode::kPointInTimeRecoveryUnavailable,
                    "Point in time recovery is not enabled for table '" +
                        table->name() + "'");
    }
    const PitrWindow window = PitrWindowOf(*table, now_micros);
    if (type == ExportType::kIncrementalExport) {
      EDDY_RETURN_IF_ERROR(CheckIncremental(request, window, now));
    } else if (request.export_time) {
      const double t = *request.export_time;
      if (t > now || t < std::floor(window.earliest)) {
        // DynamoDB's text, as recorded against the live service (ScyllaDB's
        // test/alternator/test_export.py,
        // test_export_table_invalid_export_time).
        return Status(ErrorCode::kInvalidExportTime, "Export Time is invalid");
      }
      past = std::floor(t) < std::floor(now);
    }
    if (!past && type == ExportType::kFullExport) {
      records.reserve(static_cast<size_t>(state.store.item_count()));
      for (const storage::Record& r : state.store) {
        records.push_back(storage::Retain(r));
      }
    }
    number = table->definition().journal_number;
  }
  std::vector<transfer::ItemChange> changes;
  std::optional<IncrementalExportSpecification> incremental;
  if (type == ExportType::kIncrementalExport) {
    incremental = *request.incremental_export_specification;
    incremental->export_to_time = incremental->export_to_time.value_or(now);
    incremental->export_view_type = incremental->export_view_type.value_or(
        ExportViewType::kNewAndOldImages);
    EDDY_ASSIGN_OR_RETURN(
        changes, internal::IncrementalChanges(
                     ctx, number, Micros(*incremental->export_from_time),
                     Micros(*incremental->export_to_time)));
  }
  if (past) {
    // The table as it was at the end of that second, built aside (never
    // published) under a name of its own.
    persist::Loader loader(ctx, /*renumber=*/false);
    loader.set_table_transform([&](persist::TableImage& image) {
      image.name += ".export";
      image.stream_view_type.reset();
      return Status::OK();
    });
    const int64_t until =
        static_cast<int64_t>(std::floor(*request.export_time)) * 1'000'000 +
        999'999;
    EDDY_RETURN_IF_ERROR(ReplayHistory(ctx, number, until, loader));
    for (const auto& [n, t] : loader.tables()) {
      ReaderMutexLock lock(&t->mu());
      for (const storage::Record& r : t->state().store) {
        records.push_back(storage::Retain(r));
      }
    }
  }

  std::mt19937_64 rng(Seed(now_micros));
  const std::string export_id = ExportId(now_micros, rng);
  const ExportFormat format =
      request.export_format.value_or(ExportFormat::kDynamoDbJson);
  ExportDescription d;
  d.export_arn = table->arn() + "/export/" + export_id;
  d.export_status = ExportStatus::kInProgress;
  d.start_time = now;
  d.table_arn = table->arn();
  d.table_id = table->definition().id;
  d.export_time = request.export_time.value_or(now);
  d.incremental_export_specification = incremental;
  d.client_token = request.client_token;
  d.s3_bucket = request.s3_bucket;
  d.s3_bucket_owner = request.s3_bucket_owner;
  d.s3_prefix = request.s3_prefix;
  d.s3_sse_algorithm = request.s3_sse_algorithm.value_or("AES256");
  d.s3_sse_kms_key_id = request.s3_sse_kms_key_id;
  d.export_format = format;
  d.export_type = type;
  const ExportDescription started = d;

  const std::string folder_key =
      transfer::ExportFolder(request.s3_prefix.value_or(""), export_id);
  const std::string data_key =
      incremental
          ? transfer::IncrementalDataFolder(request.s3_prefix.value_or(""))
          : folder_key + "/data";
  transfer::ManifestSummary summary;
  summary.export_arn = d.export_arn;
  summary.start_time = transfer::IsoTime(now_micros);
  summary.table_arn = d.table_arn;
  summary.table_id = d.table_id;
  summary.export_time = transfer::IsoTime(Micros(d.export_time));
  if (incremental) {
    summary.export_from_time =
        transfer::IsoTime(Micros(*incremental->export_from_time));
    summary.export_to_time =
        transfer::IsoTime(Micros(*incremental->export_to_time));
    summary.output_view = ViewName(*incremental->export_view_type);
  }
  summary.s3_bucket = d.s3_bucket;
  summary.s3_prefix = request.s3_prefix.value_or("");
  summary.s3_sse_algorithm = d.s3_sse_algorithm;
  summary.output_format = FormatName(format);
  summary.export_type = TypeName(type);
  summary.end_time = transfer::IsoTime(ctx.options->clock->NowMicros());
  Written written;
  size_t next = 0;
  const bool ion = format == ExportFormat::kIon;
  const bool old_images = incremental && incremental->export_view_type ==
                                             ExportViewType::kNewAndOldImages;
  LineSource source = [&](std::string* line, int64_t* billed) {
    if (incremental) {
      if (next == changes.size()) return false;
      const transfer::ItemChange& c = changes[next++];
      *billed = ItemSizeBytes(c.new_image ? *c.new_image : *c.old_image);
      *line = ion ? transfer::EncodeIncrementalIonLine(c, old_images)
                  : transfer::EncodeIncrementalJsonLine(c, old_images);
      return true;
    }
    if (next == records.size()) return false;
    storage::RecordPtr record = std::move(records[next++]);
    *billed = record->item_size();
    const Item item = record->Decode();
    record.reset();  // the handle goes as soon as it is written
    *line =
        ion ? transfer::EncodeIonLine(item) : transfer::EncodeJsonLine(item);
    return true;
  };
  const Status s =
      WriteFiles(fs::path(ctx.options->export_root) / request.s3_bucket,
                 folder_key, data_key, format, source, rng, summary, &written);
  d.end_time = static_cast<double>(ctx.options->clock->NowMicros()) / 1e6;
  if (s.ok()) {
    d.export_status = ExportStatus::kCompleted;
    d.item_count = written.item_count;
    d.billed_size_bytes = written.billed_bytes;
    d.export_manifest = written.manifest_key;
  } else {
    d.export_status = ExportStatus::kFailed;
    d.failure_code = "S3WriteFailed";
    d.failure_message = std::string(s.message());
  }
  registry.PutExport({d, fingerprint});
  return ExportTableToPointInTimeResponse{started};
}

}  // namespace eddy::engine
