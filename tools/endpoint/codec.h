// Copyright 2026 The eddy Authors.
//
// The typed requests of emulator/api/requests.h as DynamoDB JSON, and
// DynamoDB's JSON responses back as typed responses, for the operations
// endpoint mode sends: CreateTable, DescribeTable, DeleteTable, UpdateTable
// (capacity and billing mode), PutItem, GetItem, UpdateItem, DeleteItem,
// BatchWriteItem, BatchGetItem, Query, Scan and ExecuteStatement.
//
//   std::string body = EncodeQuery(request);
//   CallResult r = client.Call("Query", body);          // http_client.h
//   StatusOr<QueryResponse> page = DecodeQueryResponse(r.body);
//
// Contract
// - Encoders write the members an SDK would send for the request's set
//   fields (expression parameters; the legacy parameters — KeyConditions,
//   Expected, AttributesToGet, ... — and streams/tags/LSIs are not encoded:
//   endpoint mode does not send them).
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

std::string EncodeCreateTable(const CreateTableRequest& r);
std::string EncodeDescribeTable(const DescribeTableRequest& r);
std::string EncodeDeleteTable(const DeleteTableRequest& r);
std::string EncodePutItem(const PutItemRequest& r);
std::string EncodeGetItem(const GetItemRequest& r);
std::string EncodeUpdateTable(const UpdateTableRequest& r);
std::string EncodeUpdateItem(const UpdateItemRequest& r);
std::string EncodeDeleteItem(const DeleteItemRequest& r);
std::string EncodeBatchGetItem(const BatchGetItemRequest& r);
std::string EncodeBatchWriteItem(const BatchWriteItemRequest& r);
std::string EncodeQuery(const QueryRequest& r);
std::string EncodeScan(const ScanRequest& r);
std::string EncodeExecuteStatement(const ExecuteStatementRequest& r);

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
