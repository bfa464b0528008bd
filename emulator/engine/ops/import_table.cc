// Copyright 2026 The eddy Authors.
//
// ImportTable: creates the table (TableCreationParameters, with its GSIs)
// and loads every file under Options::export_root/<S3Bucket> whose path
// (relative to the bucket) starts with S3KeyPrefix, in path order, through
// PutItem, so indexes stay consistent. A line or record that does not decode,
// or an item PutItem refuses (no key, too large, wrong key type), counts in
// ErrorCount and the import goes on, as DynamoDB's does.

#include <algorithm>
#include <filesystem>
#include <regex>

#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/transfer/formats.h"
#include "emulator/transfer/io.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

namespace fs = std::filesystem;

std::string Fingerprint(const ImportTableRequest& r) {
  return r.s3_bucket_source.s3_bucket + '\n' +
         r.s3_bucket_source.s3_key_prefix.value_or("") + '\n' +
         std::to_string(static_cast<int>(r.input_format)) + '\n' +
         std::to_string(static_cast<int>(r.input_compression_type)) + '\n' +
         r.table_creation_parameters.table_name;
}

Status CheckRequest(const ImportTableRequest& r) {
  ValidationErrors errors;
  const S3BucketSource& src = r.s3_bucket_source;
  static const std::regex kBucket("^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
  if (src.s3_bucket.size() > 255) {
    errors.Add("'" + src.s3_bucket + "'", "s3BucketSource.s3Bucket",
               "Member must have length less than or equal to 255");
  } else if (!std::regex_match(src.s3_bucket, kBucket)) {
    errors.Add("'" + src.s3_bucket + "'", "s3BucketSource.s3Bucket",
               "Member must satisfy regular expression pattern: "
               "^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
  }
  if (src.s3_key_prefix && src.s3_key_prefix->size() > 1024) {
    errors.Add("'" + *src.s3_key_prefix + "'", "s3BucketSource.s3KeyPrefix",
               "Member must have length less than or equal to 1024");
  }
  if (r.client_token && (r.client_token->empty() ||
                         r.client_token->find('$') != std::string::npos)) {
    errors.Add("'" + *r.client_token + "'", "clientToken",
               "Member must satisfy regular expression pattern: ^[^\\$]+$");
  }
  if (r.input_format_options && r.input_format_options->csv) {
    const CsvOptions& csv = *r.input_format_options->csv;
    static const std::regex kDelimiter("[,;:|\\t ]");
    if (csv.delimiter && !std::regex_match(*csv.delimiter, kDelimiter)) {
      errors.Add("'" + *csv.delimiter + "'", "inputFormatOptions.csv.delimiter",
                 "Member must satisfy regular expression pattern: "
                 "[,;:|\\t ]");
    }
    if (csv.header_list &&
        (csv.header_list->empty() || csv.header_list->size() > 255)) {
      errors.Add("[...]", "inputFormatOptions.csv.headerList",
                 "Member must have length between 1 and 255");
    }
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (r.input_format_options && r.input_format_options->csv &&
      r.input_format != InputFormat::kCsv) {
    return Status::Validation(
        "InputFormatOptions.Csv is only valid with InputFormat CSV");
  }
  const CreateTableRequest& t = r.table_creation_parameters;
  if (!t.local_secondary_indexes.empty() || !t.tags.empty() ||
      t.stream_specification) {
    return Status::Validation(
        "TableCreationParameters takes no LocalSecondaryIndexes, Tags or "
        "StreamSpecification");
  }
  return Status::OK();
}

transfer::Compression CompressionOf(InputCompressionType t) {
  switch (t) {
    case InputCompressionType::kGzip:
      return transfer::Compression::kGzip;
    case InputCompressionType::kZstd:
      return transfer::Compression::kZstd;
    case InputCompressionType::kNone:
      return transfer::Compression::kNone;
  }
  return transfer::Compression::kNone;
}

// The files of the source, relative to the bucket folder, sorted.
StatusOr<std::vector<std::string>> SourceFiles(const fs::path& bucket,
                                               const std::string& prefix) {
  std::error_code ec;
  std::vector<std::string> files;
  fs::recursive_directory_iterator it(bucket, ec), end;
  if (ec) {
    return Status::Validation("cannot read the S3 source " + bucket.string() +
                              ": " + ec.message());
  }
  for (; it != end; it.increment(ec)) {
    if (ec) {
      return Status::Validation("cannot read the S3 source " + bucket.string() +
                                ": " + ec.message());
    }
    if (!it->is_regular_file(ec)) continue;
    std::string rel = fs::relative(it->path(), bucket, ec).generic_string();
    if (!ec && rel.starts_with(prefix)) files.push_back(std::move(rel));
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Loads one file into the table; counts in `d`.
Status LoadFile(Context& ctx, const ImportTableRequest& request,
                const std::string& path, ImportTableDescription& d) {
  EDDY_ASSIGN_OR_RETURN(
      auto reader, transfer::LineReader::Open(
                       path, CompressionOf(request.input_compression_type)));
  const std::string& table = request.table_creation_parameters.table_name;
  std::vector<AttributeDefinition> keys;
  for (const KeySchemaElement& k :
       request.table_creation_parameters.key_schema) {
    for (const AttributeDefinition& a :
         request.table_creation_parameters.attribute_definitions) {
      if (a.attribute_name == k.attribute_name) keys.push_back(a);
    }
  }
  auto put = [&](Item item) {
    PutItemRequest p;
    p.table_name = table;
    p.item = std::move(item);
    if (PutItem(ctx, p).ok()) {
      ++d.imported_item_count;
    } else {
      ++d.error_count;
    }
  };
  const CsvOptions csv =
      request.input_format_options && request.input_format_options->csv
          ? *request.input_format_options->csv
          : CsvOptions{};
  const char delimiter = csv.delimiter ? (*csv.delimiter)[0] : ',';
  std::optional<std::vector<std::string>> header = csv.header_list;
  std::string line, record;
  std::vector<std::string> fields;
  while (true) {
    StatusOr<transfer::LineReader::Result> got = reader->Next(&line);
    if (!got.ok()) {
      // A corrupt or truncated stream: what was read stays imported.
      ++d.error_count;
      break;
    }
    if (*got == transfer::LineReader::Result::kEnd) break;
    if (*got == transfer::LineReader::Result::kTooLong) {
      ++d.processed_item_count;
      ++d.error_count;
      record.clear();
      continue;
    }
    switch (request.input_format) {
      case InputFormat::kDynamoDbJson: {
        if (line.find_first_not_of(" \t\r") == std::string::npos) break;
        ++d.processed_item_count;
        StatusOr<Item> item = transfer::DecodeJsonLine(line);
        if (item.ok()) {
          put(*std::move(item));
        } else {
          ++d.error_count;
        }
        break;
      }
      case InputFormat::kIon: {
        StatusOr<std::vector<Item>> items = transfer::DecodeIonLine(line);
        if (!items.ok()) {
          ++d.processed_item_count;
          ++d.error_count;
          break;
        }
        for (Item& item : *items) {
          ++d.processed_item_count;
          put(std::move(item));
        }
        break;
      }
      case InputFormat::kCsv: {
        if (!record.empty()) record.push_back('\n');
        record += line;
        if (record.size() > transfer::kDefaultMaxLineBytes) {
          ++d.processed_item_count;
          ++d.error_count;
          record.clear();
          break;
        }
        StatusOr<bool> complete =
            transfer::SplitCsvRecord(record, delimiter, &fields);
        if (complete.ok() && !*complete) break;  // a quoted newline
        std::string whole = std::move(record);
        record.clear();
        if (!complete.ok()) {
          ++d.processed_item_count;
          ++d.error_count;
          break;
        }
        if (!header) {
          header = fields;
          break;
        }
        if (whole.empty()) break;
        ++d.processed_item_count;
        StatusOr<Item> item = transfer::CsvFieldsToItem(*header, fields, keys);
        if (item.ok()) {
          put(*std::move(item));
        } else {
          ++d.error_count;
        }
        break;
      }
    }
  }
  if (!record.empty()) {  // a quoted field never closed
    ++d.processed_item_count;
    ++d.error_count;
  }
  return Status::OK();
}

}  // namespace

StatusOr<ImportTableResponse> ImportTable(Context& ctx,
                                          TransferRegistry& registry,
                                          const ImportTableRequest& request) {
  EDDY_RETURN_IF_ERROR(CheckRequest(request));
  if (ctx.options->export_root.empty()) return NoExportRoot("ImportTable");
  const int64_t now_micros = ctx.options->clock->NowMicros();
  const double now = static_cast<double>(now_micros) / 1e6;
  const std::string fingerprint = Fingerprint(request);
  if (request.client_token) {
    if (auto prior = registry.FindImportByToken(*request.client_token, now)) {
      if (prior->fingerprint != fingerprint) {
        return Status(ErrorCode::kImportConflict,
                      "There was a conflict when importing from the specified "
                      "S3 source: ClientToken " +
                          *request.client_token +
                          " was used for a different import");
      }
      return ImportTableResponse{prior->description};
    }
  }
  const fs::path bucket =
      fs::path(ctx.options->export_root) / request.s3_bucket_source.s3_bucket;
  std::error_code ec;
  if (!fs::is_directory(bucket, ec)) {
    return Status::Validation(
        "The S3 bucket " + request.s3_bucket_source.s3_bucket +
        " does not exist (eddy: no folder " + bucket.string() + ")");
  }
  EDDY_ASSIGN_OR_RETURN(CreateTableResponse created,
                        CreateTable(ctx, request.table_creation_parameters));
  const TableDescription& t = created.table_description;

  ImportTableDescription d;
  d.import_arn = t.table_arn + "/import/" + std::to_string(now_micros / 1000) +
                 "-" + t.table_id.substr(0, 8);
  d.import_status = ImportStatus::kInProgress;
  d.table_arn = t.table_arn;
  d.table_id = t.table_id;
  d.client_token = request.client_token;
  d.s3_bucket_source = request.s3_bucket_source;
  d.cloud_watch_log_group_arn = "arn:aws:logs:" + ctx.options->region + ":" +
                                ctx.options->account_id +
                                ":log-group:/aws-dynamodb/imports:*";
  d.input_format = request.input_format;
  d.input_format_options = request.input_format_options;
  d.input_compression_type = request.input_compression_type;
  d.table_creation_parameters = request.table_creation_parameters;
  d.start_time = now;
  const ImportTableDescription started = d;

  StatusOr<std::vector<std::string>> files =
      SourceFiles(bucket, request.s3_bucket_source.s3_key_prefix.value_or(""));
  Status failed = files.status();
  if (files.ok() && files->empty()) {
    failed = Status::Validation("No files found under the S3 source");
  }
  if (failed.ok()) {
    for (const std::string& rel : *files) {
      const fs::path path = bucket / rel;
      d.processed_size_bytes += static_cast<int64_t>(fs::file_size(path, ec));
      failed = LoadFile(ctx, request, path.string(), d);
      if (!failed.ok()) break;
    }
  }
  d.end_time = static_cast<double>(ctx.options->clock->NowMicros()) / 1e6;
  if (failed.ok()) {
    d.import_status = ImportStatus::kCompleted;
  } else {
    d.import_status = ImportStatus::kFailed;
    d.failure_code = "S3ReadFailed";
    d.failure_message = std::string(failed.message());
  }
  registry.PutImport({d, fingerprint});
  return ImportTableResponse{started};
}

}  // namespace eddy::engine
