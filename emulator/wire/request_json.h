// Copyright 2026 The eddy Authors.
//
// Typed requests (emulator/api/requests.h) as DynamoDB JSON: the body an SDK
// sends for the request, the inverse of what Execute (execute.h) reads. One
// overload per operation; the operation's name goes in X-Amz-Target (or to
// Execute) beside the body.
//
//   PutItemRequest put{.table_name = "Music", .item = item};
//   std::string body = EncodeRequestJson(put);
//   WireResponse r = Execute(db, "PutItem", body);
//
// Contract
// - Operations: CreateTable, DescribeTable, ListTables, DeleteTable,
//   UpdateTable, PutItem, GetItem, DeleteItem, UpdateItem, Query, Scan,
//   BatchGetItem, BatchWriteItem, TransactWriteItems, TransactGetItems,
//   UpdateTimeToLive, DescribeTimeToLive, TagResource, UntagResource,
//   ListTagsOfResource and ExecuteStatement.
// - A member is written when the request's field is set (an engaged
//   optional, a non-empty list, a flag that differs from DynamoDB's default,
//   an enum other than NONE); required members (TableName, Key, Item, ...)
//   always. The legacy parameters (KeyConditions, QueryFilter, ScanFilter,
//   Expected, ConditionalOperator, AttributesToGet, AttributeUpdates) are
//   written like the expression ones. Not written: CreateTable's
//   StreamSpecification and UpdateTable's stream and replica members.
// - Members appear in name order (the body is a JSON object, so DynamoDB
//   reads it whatever the order); values and items through the value codec
//   (attribute_json.h), so strings are valid UTF-8.
// - The body is not validated: a request eddy or DynamoDB would reject is
//   encoded as it is, for the server to answer with its error. Nothing here
//   throws.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_WIRE_REQUEST_JSON_H_
#define EDDY_EMULATOR_WIRE_REQUEST_JSON_H_

#include <string>

#include "emulator/api/requests.h"

namespace eddy {

std::string EncodeRequestJson(const CreateTableRequest& r);
std::string EncodeRequestJson(const DescribeTableRequest& r);
std::string EncodeRequestJson(const ListTablesRequest& r);
std::string EncodeRequestJson(const DeleteTableRequest& r);
std::string EncodeRequestJson(const UpdateTableRequest& r);
std::string EncodeRequestJson(const PutItemRequest& r);
std::string EncodeRequestJson(const GetItemRequest& r);
std::string EncodeRequestJson(const DeleteItemRequest& r);
std::string EncodeRequestJson(const UpdateItemRequest& r);
std::string EncodeRequestJson(const QueryRequest& r);
std::string EncodeRequestJson(const ScanRequest& r);
std::string EncodeRequestJson(const BatchGetItemRequest& r);
std::string EncodeRequestJson(const BatchWriteItemRequest& r);
std::string EncodeRequestJson(const TransactWriteItemsRequest& r);
std::string EncodeRequestJson(const TransactGetItemsRequest& r);
std::string EncodeRequestJson(const UpdateTimeToLiveRequest& r);
std::string EncodeRequestJson(const DescribeTimeToLiveRequest& r);
std::string EncodeRequestJson(const TagResourceRequest& r);
std::string EncodeRequestJson(const UntagResourceRequest& r);
std::string EncodeRequestJson(const ListTagsOfResourceRequest& r);
std::string EncodeRequestJson(const ExecuteStatementRequest& r);

}  // namespace eddy

#endif  // EDDY_EMULATOR_WIRE_REQUEST_JSON_H_
