// Copyright 2026 The eddy Authors.
//
// DynamoDB's JSON responses back as typed responses (emulator/api/
// requests.h), for the operations endpoint mode sends: CreateTable,
// DescribeTable, DeleteTable, UpdateTable (capacity and billing mode),
// PutItem, GetItem, UpdateItem, DeleteItem, BatchWriteItem, BatchGetItem,
// Query, Scan and ExecuteStatement. The requests are encoded by the wire
// layer's EncodeRequestJson (emulator/wire/request_json.h).
//
//   std::string body = EncodeRequestJson(request);      // request_json.h
//   CallResult r = client.Call("Query", body);          // http_client.h
//   StatusOr<QueryResponse> page = DecodeQueryResponse(r.body);
//
// Contract
// - Decoders accept any valid JSON DynamoDB or a compatible engine answers;
//   unknown members are ignored. A body that is not JSON, or a member of the
//   wrong type, is an InternalServerError status naming the operation
//   (nothing throws).
//
// Thread safety: pure functions.

#ifndef EDDY_TOOLS_ENDPOINT_CODEC_H_
#define EDDY_TOOLS_ENDPOINT_CODEC_H_

#include <string>
#include <string_view>

#include "emulator/api/requests.h"
#include "emulator/base/status.h"

namespace eddy::endpoint {

StatusOr<CreateTableResponse> DecodeCreateTableResponse(std::string_view body);
StatusOr<DescribeTableResponse> DecodeDescribeTableResponse(
    std::string_view body);
StatusOr<DeleteTableResponse> DecodeDeleteTableResponse(std::string_view body);
StatusOr<PutItemResponse> DecodePutItemResponse(std::string_view body);
StatusOr<GetItemResponse> DecodeGetItemResponse(std::string_view body);
StatusOr<UpdateTableResponse> DecodeUpdateTableResponse(std::string_view body);
StatusOr<UpdateItemResponse> DecodeUpdateItemResponse(std::string_view body);
StatusOr<DeleteItemResponse> DecodeDeleteItemResponse(std::string_view body);
StatusOr<BatchGetItemResponse> DecodeBatchGetItemResponse(
    std::string_view body);
StatusOr<BatchWriteItemResponse> DecodeBatchWriteItemResponse(
    std::string_view body);
StatusOr<QueryResponse> DecodeQueryResponse(std::string_view body);
StatusOr<ScanResponse> DecodeScanResponse(std::string_view body);
StatusOr<ExecuteStatementResponse> DecodeExecuteStatementResponse(
    std::string_view body);

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_CODEC_H_
