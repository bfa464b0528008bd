// Copyright 2026 The eddy Authors.
//
// The layout and manifest files of a DynamoDB table export:
//
//   <S3Prefix>/AWSDynamoDB/<ExportId>/manifest-summary.json
//   <S3Prefix>/AWSDynamoDB/<ExportId>/manifest-summary.checksum
//   <S3Prefix>/AWSDynamoDB/<ExportId>/manifest-files.json
//   <S3Prefix>/AWSDynamoDB/<ExportId>/manifest-files.checksum
//   <S3Prefix>/AWSDynamoDB/<ExportId>/_started
//   <S3Prefix>/AWSDynamoDB/<ExportId>/data/<name>.json.gz   (ION: .ion.gz)
//
// except that an incremental export's data files are in the folder its
// exports share: <S3Prefix>/AWSDynamoDB/data/<name>.json.gz.
//
// manifest-files.json has one JSON object per data file and line
// ({"itemCount":..,"md5Checksum":..,"etag":..,"dataFileS3Key":..});
// manifest-summary.json describes the export (version 2020-06-30; an
// incremental export's is version 2023-08-01, with exportFromTime and
// exportToTime instead of exportTime, and outputView).
//
// Contract: pure functions (Md5 and the writers below allocate only their
// results); safe from any thread.

#ifndef EDDY_EMULATOR_TRANSFER_MANIFEST_H_
#define EDDY_EMULATOR_TRANSFER_MANIFEST_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "emulator/base/status.h"

namespace eddy::transfer {

// MD5 of a byte stream, fed in pieces.
class Md5 {
 public:
  Md5();
  void Update(std::string_view bytes);
  std::array<uint8_t, 16> Finish();

 private:
  void Block(const uint8_t* p);
  uint32_t h_[4];
  uint8_t buf_[64];
  size_t buf_len_ = 0;
  uint64_t total_ = 0;
};
// The MD5 of the file at `path`.
StatusOr<std::array<uint8_t, 16>> FileMd5(const std::string& path);
// 16 bytes of a digest as hex, and as base64.
std::string DigestHex(const std::array<uint8_t, 16>& d);
std::string DigestBase64(const std::array<uint8_t, 16>& d);

// "<prefix>/AWSDynamoDB/<export_id>" ("AWSDynamoDB/<export_id>" without a
// prefix; a trailing '/' of the prefix is not doubled).
std::string ExportFolder(std::string_view s3_prefix,
                         std::string_view export_id);
// "<prefix>/AWSDynamoDB/data": where incremental exports put their data
// files.
std::string IncrementalDataFolder(std::string_view s3_prefix);

struct ManifestFileEntry {
  int64_t item_count = 0;
  std::string md5_base64;
  std::string etag;  // hex MD5
  std::string data_file_key;
};
std::string ManifestFilesLine(const ManifestFileEntry& e);

struct ManifestSummary {
  std::string export_arn;
  std::string start_time;  // ISO 8601 with milliseconds, UTC
  std::string end_time;
  std::string table_arn;
  std::string table_id;
  std::string export_time;  // FULL_EXPORT
  // INCREMENTAL_EXPORT: the period and the view type (NEW_IMAGE or
  // NEW_AND_OLD_IMAGES).
  std::string export_from_time;
  std::string export_to_time;
  std::string output_view;
  std::string s3_bucket;
  std::string s3_prefix;  // empty: null
  std::string s3_sse_algorithm;
  std::string manifest_files_key;
  int64_t billed_size_bytes = 0;
  int64_t item_count = 0;
  std::string output_format;  // DYNAMODB_JSON or ION
  std::string export_type;    // FULL_EXPORT or INCREMENTAL_EXPORT
};
std::string ManifestSummaryJson(const ManifestSummary& s);

// Microseconds since the epoch as 2020-11-04T07:28:34.028Z.
std::string IsoTime(int64_t micros);

}  // namespace eddy::transfer

#endif  // EDDY_EMULATOR_TRANSFER_MANIFEST_H_
