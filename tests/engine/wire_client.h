// Copyright 2026 The eddy Authors.
//
// Client: the operations the behaviour suite drives, implemented twice — on
// the typed Database (TypedClient) and through DynamoDB JSON and Execute
// (JsonClient: encode the typed request as an SDK would, run it, decode the
// body or the error body back). A suite parameterized over MakeClient runs the
// same cases over both, as googletest's sample7 does.

#ifndef EDDY_TESTS_ENGINE_WIRE_CLIENT_H_
#define EDDY_TESTS_ENGINE_WIRE_CLIENT_H_

#include <memory>
#include <string>

#include "emulator/api/database.h"

namespace eddy::testing_wire {

class Client {
 public:
  virtual ~Client() = default;
  virtual StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) = 0;
  virtual StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) = 0;
  virtual StatusOr<ListTablesResponse> ListTables(
      const ListTablesRequest& r) = 0;
  virtual StatusOr<DeleteTableResponse> DeleteTable(
      const DeleteTableRequest& r) = 0;
  virtual StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) = 0;
  virtual StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) = 0;
  virtual StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) = 0;
  virtual StatusOr<DeleteItemResponse> DeleteItem(
      const DeleteItemRequest& r) = 0;
  virtual StatusOr<UpdateItemResponse> UpdateItem(
      const UpdateItemRequest& r) = 0;
  virtual StatusOr<QueryResponse> Query(const QueryRequest& r) = 0;
  virtual StatusOr<ScanResponse> Scan(const ScanRequest& r) = 0;
  virtual StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) = 0;
  virtual StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) = 0;
  virtual StatusOr<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) = 0;
  virtual StatusOr<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& r) = 0;
  virtual StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& r) = 0;
  virtual StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) = 0;
  virtual StatusOr<TagResourceResponse> TagResource(
      const TagResourceRequest& r) = 0;
  virtual StatusOr<UntagResourceResponse> UntagResource(
      const UntagResourceRequest& r) = 0;
  virtual StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) = 0;
  // eddy's fault injection (EddyInjectFault / EddyClearFaults on the wire).
  virtual Status InjectFault(const Fault& f) = 0;
  virtual Status ClearFaults() = 0;
};

enum class ClientKind { kTyped, kJson };

// A client over `db` (not owned; must outlive the client).
std::unique_ptr<Client> MakeClient(ClientKind kind, Database* db);

}  // namespace eddy::testing_wire

#endif  // EDDY_TESTS_ENGINE_WIRE_CLIENT_H_
