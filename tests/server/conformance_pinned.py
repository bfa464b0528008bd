# Copyright 2026 The eddy Authors.
"""DynamoDB's answers pinned by public test suites run against live DynamoDB.

Data for conformance_probes_test.py (which sends them): each probe is a
request from a public test that asserts DynamoDB's exact exception and
message and is run against the real service, rebuilt with our table names,
and the answer that test pins. Two sources:

- TIER3: nubo-db/dynamodb-conformance, tests/tier3/error-messages/*.test.ts
  (exact `toBe` assertions; the suite's run against live DynamoDB,
  results/dynamodb.json of 2026-09-03, passed 1231 of 1231 tests). The
  BatchWriteItem key-value texts there are noted as "captured from real AWS,
  invariant across four regions (2026-06-23)".
- MOTO: getmoto/moto, tests/test_dynamodb/exceptions/
  test_dynamodb_exceptions.py and test_dynamodb_transactions.py, only the
  tests marked `@pytest.mark.aws_verified` (run against AWS, us-east-1).

Where a test pins only the exception (not the message) the answer's message
is ANY. moto's recordings are undated and older than DynamoDB's 2026
rewording; for the PutItem, UpdateItem and DeleteItem texts that gained the
"1 validation error detected: " prefix there, the first answer is the
prefixed form, marked INFERRED (us-east-1 answers these operations' other
request-level texts with it since 2026-08: captures/2026-08-12-wording-
drift.json), and moto's recording follows.
"""

import re

V = "ValidationException"
RNF = "ResourceNotFoundException"
ANY = object()  # any message


class Re:
    """A message the source pins by a regular expression (or a substring),
    searched in the message."""

    def __init__(self, pattern):
        self.pattern = pattern

    def matches(self, message):
        return message is not None and re.search(self.pattern,
                                                 message) is not None

    def __repr__(self):
        return "(matching /%s/)" % self.pattern


TIER3 = "dynamodb-conformance tier3 (live, 2026-09-03)"
MOTO = "moto aws_verified (live, us-east-1, undated)"
INFERRED = ("inferred: the 2026-08 us-east-1 prefix of this operation's "
            "request-level texts")
ONE = "1 validation error detected: "

# The tables of the dynamodb-conformance suite (src/helpers.ts), ours by name.
HASH_B = "probe_hash_b"  # hashBTableDef: pk B
COMP = "probe_comp"  # compositeTableDef: pk, sk; lsi1, lsi2; gsi1, gsi2
GSI_B = "probe_gsi_b"  # pk S, GSI gsib on bidx B

PT = {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}


def _ad(*names, t="S"):
    return [{"AttributeName": n, "AttributeType": t} for n in names]


def _ks(*names):
    return [{"AttributeName": n, "KeyType": "HASH" if i == 0 else "RANGE"}
            for i, n in enumerate(names)]


TABLES = [
    {"TableName": HASH_B, "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": _ad("pk", t="B"), "KeySchema": _ks("pk")},
    {"TableName": GSI_B, "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": _ad("pk") + _ad("bidx", t="B"),
     "KeySchema": _ks("pk"),
     "GlobalSecondaryIndexes": [{
         "IndexName": "gsib", "KeySchema": _ks("bidx"),
         "Projection": {"ProjectionType": "ALL"}}]},
    {"TableName": COMP, "ProvisionedThroughput": PT,
     "AttributeDefinitions": _ad("pk", "sk", "lsi1sk", "lsi2sk"),
     "KeySchema": _ks("pk", "sk"),
     "LocalSecondaryIndexes": [
         {"IndexName": "lsi1", "KeySchema": _ks("pk", "lsi1sk"),
          "Projection": {"ProjectionType": "ALL"}},
         {"IndexName": "lsi2", "KeySchema": _ks("pk", "lsi2sk"),
          "Projection": {"ProjectionType": "INCLUDE",
                         "NonKeyAttributes": ["lsi1sk"]}}],
     "GlobalSecondaryIndexes": [
         {"IndexName": "gsi1", "KeySchema": _ks("lsi1sk"),
          "Projection": {"ProjectionType": "ALL"},
          "ProvisionedThroughput": PT},
         {"IndexName": "gsi2", "KeySchema": _ks("lsi1sk", "lsi2sk"),
          "Projection": {"ProjectionType": "INCLUDE",
                         "NonKeyAttributes": ["data"]},
          "ProvisionedThroughput": PT}]},
]


def seeds(hash_table):
    """Items the conditional probes need: (table, item)."""
    return [(hash_table, {"pk": {"S": "em-ccf-put"},
                          "attr1": {"S": "exists"}}),
            (hash_table, {"pk": {"S": "em-ccf-txn"},
                          "attr1": {"S": "exists"}})]


def _p(pid, op, body, where, name, message):
    return {"id": pid, "op": op, "body": body,
            "answers": [(where, name, message)]}


def pinned_probes(H, C):
    """The probes; H (pk S) and C (pk, sk S) are the tables the main file
    creates."""
    empty_b = ("One or more parameter values are not valid. The "
               "AttributeValue for a key attribute cannot contain an empty "
               "binary value. Key: pk")
    schema = "The provided key element does not match the schema"
    overlap = ("Invalid ProjectionExpression: Two document paths overlap "
               "with each other; must remove or rewrite one of these paths; "
               "path one: [a], path two: [a]")
    unused = ("Value provided in ExpressionAttributeNames unused in "
              "expressions: keys: {#count}")
    mix = ("Can not use both expression and non-expression parameters in the "
           "same request: Non-expression parameters: {%s} Expression "
           "parameters: {%s}")
    pt = {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}

    def t3(pid, op, body, name, message):
        return _p(pid, op, body, TIER3, name, message)

    def mo(pid, op, body, name, message):
        return _p(pid, op, body, MOTO, name, message)

    def mo_prefixed(pid, op, body, name, message):
        assert name == V
        return {"id": pid, "op": op, "body": body,
                "answers": [(INFERRED, V, ONE + message),
                            (MOTO, V, message)]}

    def bg(table, **kw):
        return {"RequestItems": {table: dict(kw)}}

    def section(s):
        return ('Invalid UpdateExpression: The "%s" section can only be used '
                'once in an update expression;' % s)

    def ct(name, ad, ks, **kw):
        body = {"TableName": name, "AttributeDefinitions": ad,
                "KeySchema": ks, "ProvisionedThroughput": pt}
        body.update(kw)
        return body

    return [
        # --- GetItem (getItem.test.ts)
        t3("t3_get_missing_table", "GetItem",
           {"TableName": "_conformance_does_not_exist_em_get",
            "Key": {"pk": {"S": "test"}}}, RNF, "Requested resource not found"),
        t3("t3_get_missing_range", "GetItem",
           {"TableName": COMP, "Key": {"pk": {"S": "test"}}}, V, schema),
        t3("t3_get_proj_syntax", "GetItem",
           {"TableName": H, "Key": {"pk": {"S": "test"}},
            "ProjectionExpression": "!!! INVALID !!!"}, V,
           'Invalid ProjectionExpression: Syntax error; token: "!", near: '
           '"!!"'),
        t3("t3_get_empty_b", "GetItem",
           {"TableName": HASH_B, "Key": {"pk": {"B": ""}}}, V, empty_b),
        # --- Query (query.test.ts)
        t3("t3_q_missing_hash", "Query",
           {"TableName": COMP, "KeyConditionExpression": "sk = :v",
            "ExpressionAttributeValues": {":v": {"S": "val"}}}, V,
           "Query condition missed key schema element: pk"),
        t3("t3_q_nonkey", "Query",
           {"TableName": COMP, "KeyConditionExpression": "attr1 = :v",
            "ExpressionAttributeValues": {":v": {"S": "val"}}}, V,
           "Query condition missed key schema element: pk"),
        t3("t3_q_unused_ean", "Query",
           {"TableName": COMP, "KeyConditionExpression": "pk = :v",
            "ExpressionAttributeValues": {":v": {"S": "val"}},
            "ExpressionAttributeNames": {"#unused": "someattr"}}, V,
           "Value provided in ExpressionAttributeNames unused in "
           "expressions: keys: {#unused}"),
        t3("t3_q_bad_select", "Query",
           {"TableName": COMP, "KeyConditionExpression": "pk = :v",
            "ExpressionAttributeValues": {":v": {"S": "val"}},
            "Select": "INVALID_VALUE"}, V,
           "1 validation error detected: Value 'INVALID_VALUE' at 'select' "
           "failed to satisfy constraint: Member must satisfy enum value set: "
           "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
           "ALL_PROJECTED_ATTRIBUTES]"),
        t3("t3_q_consistent_gsi", "Query",
           {"TableName": COMP, "IndexName": "gsi1",
            "KeyConditionExpression": "#hk = :v",
            "ExpressionAttributeNames": {"#hk": "lsi1sk"},
            "ExpressionAttributeValues": {":v": {"S": "val"}},
            "ConsistentRead": True}, V,
           "Consistent reads are not supported on global secondary indexes"),
        t3("t3_q_limit0", "Query",
           {"TableName": COMP, "KeyConditionExpression": "pk = :v",
            "ExpressionAttributeValues": {":v": {"S": "val"}}, "Limit": 0}, V,
           "1 validation error detected: Value at 'Limit' failed to satisfy "
           "constraint: Member must have value greater than or equal to 1"),
        t3("t3_q_empty_kce", "Query",
           {"TableName": COMP, "KeyConditionExpression": "",
            "ExpressionAttributeValues": {":v": {"S": "val"}}}, V,
           "Invalid KeyConditionExpression: The expression can not be "
           "empty;"),
        t3("t3_q_filter_undefined_name", "Query",
           {"TableName": COMP, "KeyConditionExpression": "pk = :pk",
            "FilterExpression": "#missing = :fv",
            "ExpressionAttributeValues": {":pk": {"S": "val"},
                                          ":fv": {"S": "x"}}}, V,
           "Invalid FilterExpression: An expression attribute name used in "
           "the document path is not defined; attribute name: #missing"),
        # --- Scan (scan.test.ts)
        t3("t3_s_segment_alone", "Scan", {"TableName": H, "Segment": 0}, V,
           "The TotalSegments parameter is required but was not present in "
           "the request when Segment parameter is present"),
        t3("t3_s_segment_too_big", "Scan",
           {"TableName": H, "Segment": 5, "TotalSegments": 5}, V,
           "The Segment parameter is zero-based and must be less than "
           "parameter TotalSegments: Segment: 5 is not less than "
           "TotalSegments: 5"),
        t3("t3_s_total_alone", "Scan", {"TableName": H, "TotalSegments": 4},
           V, "The Segment parameter is required but was not present in the "
           "request when parameter TotalSegments is present"),
        t3("t3_s_limit0", "Scan", {"TableName": H, "Limit": 0}, V,
           "1 validation error detected: Value '0' at 'limit' failed to "
           "satisfy constraint: Member must have value greater than or equal "
           "to 1"),
        t3("t3_s_missing_table", "Scan",
           {"TableName": "_conformance_does_not_exist_em_scan"}, RNF,
           "Requested resource not found"),
        # --- BatchGetItem (batchGetItem.test.ts)
        t3("t3_bg_101_keys", "BatchGetItem",
           bg(H, Keys=[{"pk": {"S": "bg-%d" % i}} for i in range(101)]), V,
           "1 validation error detected: Value at 'RequestItems.%s.member."
           "Keys' failed to satisfy constraint: Member must have length less "
           "than or equal to 100" % H),
        t3("t3_bg_missing_table", "BatchGetItem",
           bg("_conformance_does_not_exist_em_bg", Keys=[{"pk": {"S": "t"}}]),
           RNF, "Requested resource not found"),
        t3("t3_bg_dup_keys", "BatchGetItem",
           bg(H, Keys=[{"pk": {"S": "em-bg-dup"}}] * 2), V,
           "Provided list of item keys contains duplicates"),
        t3("t3_bg_mix", "BatchGetItem",
           bg(H, Keys=[{"pk": {"S": "em-bg-mix"}}], AttributesToGet=["pk"],
              ProjectionExpression="pk"), V,
           mix % ("AttributesToGet", "ProjectionExpression")),
        t3("t3_bg_empty_b", "BatchGetItem",
           bg(HASH_B, Keys=[{"pk": {"B": ""}}]), V, empty_b),
        t3("t3_bg_mix_across_tables", "BatchGetItem",
           {"RequestItems": {
               H: {"Keys": [{"pk": {"S": "bg-mix-a"}}],
                   "ProjectionExpression": "pk"},
               COMP: {"Keys": [{"pk": {"S": "bg-mix-b"}, "sk": {"S": "z"}}],
                      "AttributesToGet": ["pk"]}}}, V, ANY),
        t3("t3_bg_proj_dup", "BatchGetItem",
           bg(H, Keys=[{"pk": {"S": "em-bg-proj"}}],
              ProjectionExpression="a, a"), V, overlap),
        t3("t3_bg_proj_aliases", "BatchGetItem",
           bg(H, Keys=[{"pk": {"S": "em-bg-proj"}}],
              ProjectionExpression="#a, #b",
              ExpressionAttributeNames={"#a": "a", "#b": "a"}), V, overlap),
        t3("t3_bg_proj_parent_child", "BatchGetItem",
           bg(H, Keys=[{"pk": {"S": "em-bg-proj"}}],
              ProjectionExpression="a, a.b"), V,
           "Invalid ProjectionExpression: Two document paths overlap with "
           "each other; must remove or rewrite one of these paths; path one: "
           "[a], path two: [a, b]"),
        t3("t3_bg_proj_cross_entry", "BatchGetItem",
           {"RequestItems": {
               H: {"Keys": [{"pk": {"S": "em-bg-proj-bad"}}],
                   "ProjectionExpression": "a, a"},
               COMP: {"Keys": [{"pk": {"S": "em-bg-proj-clean"},
                                "sk": {"S": "z"}}],
                      "ProjectionExpression": "a"}}}, V, overlap),
        # --- BatchWriteItem (batchWriteItem.test.ts)
        t3("t3_bw_empty", "BatchWriteItem", {"RequestItems": {}}, V,
           "The requestItems parameter is required for BatchWriteItem"),
        t3("t3_bw_put_delete_same_key", "BatchWriteItem",
           {"RequestItems": {H: [
               {"PutRequest": {"Item": {"pk": {"S": "em-bw-dup"}}}},
               {"DeleteRequest": {"Key": {"pk": {"S": "em-bw-dup"}}}}]}}, V,
           "Provided list of item keys contains duplicates"),
        t3("t3_bw_missing_table", "BatchWriteItem",
           {"RequestItems": {"_conformance_does_not_exist_em_bw": [
               {"PutRequest": {"Item": {"pk": {"S": "test"}}}}]}}, RNF,
           "Requested resource not found"),
        t3("t3_bw_key_wrong_type", "BatchWriteItem",
           {"RequestItems": {H: [{"PutRequest": {"Item": {
               "pk": {"N": "5"}}}}]}}, V, schema),
        t3("t3_bw_key_not_scalar", "BatchWriteItem",
           {"RequestItems": {H: [{"PutRequest": {"Item": {
               "pk": {"L": [{"S": "x"}]}}}}]}}, V, schema),
        t3("t3_bw_key_empty_s", "BatchWriteItem",
           {"RequestItems": {H: [{"PutRequest": {"Item": {
               "pk": {"S": ""}}}}]}}, V,
           "One or more parameter values are not valid. The AttributeValue "
           "for a key attribute cannot contain an empty string value. Key: "
           "pk"),
        t3("t3_bw_put_key_empty_b", "BatchWriteItem",
           {"RequestItems": {HASH_B: [{"PutRequest": {"Item": {
               "pk": {"B": ""}}}}]}}, V, empty_b),
        t3("t3_bw_delete_key_empty_b", "BatchWriteItem",
           {"RequestItems": {HASH_B: [{"DeleteRequest": {"Key": {
               "pk": {"B": ""}}}}]}}, V, empty_b),
        t3("t3_bw_index_key_wrong_type", "BatchWriteItem",
           {"RequestItems": {COMP: [{"PutRequest": {"Item": {
               "pk": {"S": "em-bw-idx-type"}, "sk": {"S": "a"},
               "lsi1sk": {"N": "5"}}}}]}}, V,
           "One or more parameter values were invalid: Type mismatch for "
           "Index Key lsi1sk Expected: S Actual: N IndexName: gsi1"),
        t3("t3_bw_index_key_not_scalar", "BatchWriteItem",
           {"RequestItems": {COMP: [{"PutRequest": {"Item": {
               "pk": {"S": "em-bw-idx-nonscalar"}, "sk": {"S": "b"},
               "lsi1sk": {"L": [{"S": "x"}]}}}}]}}, V,
           "One or more parameter values were invalid: Type mismatch for "
           "Index Key lsi1sk Expected: S Actual: L IndexName: gsi1"),
        t3("t3_bw_index_key_empty_s", "BatchWriteItem",
           {"RequestItems": {COMP: [{"PutRequest": {"Item": {
               "pk": {"S": "em-bw-idx-empty"}, "sk": {"S": "c"},
               "lsi1sk": {"S": ""}}}}]}}, V,
           "One or more parameter values are not valid. A value specified "
           "for a secondary index key is not supported. The AttributeValue "
           "for a key attribute cannot contain an empty string value. "
           "IndexName: gsi1, IndexKey: lsi1sk"),
        t3("t3_bw_index_key_empty_b", "BatchWriteItem",
           {"RequestItems": {GSI_B: [{"PutRequest": {"Item": {
               "pk": {"S": "eb-bw-idx"}, "bidx": {"B": ""}}}}]}}, V,
           "One or more parameter values are not valid. A value specified "
           "for a secondary index key is not supported. The AttributeValue "
           "for a key attribute cannot contain an empty binary value. "
           "IndexName: gsib, IndexKey: bidx"),
        # --- CreateTable (createTable.test.ts)
        t3("t3_ct_no_name", "CreateTable",
           {"AttributeDefinitions": _ad("pk"), "KeySchema": _ks("pk"),
            "ProvisionedThroughput": pt}, V,
           "The parameter 'TableName' is required but was not present in the "
           "request"),
        t3("t3_ct_key_twice", "CreateTable",
           ct("probe_ct_dup_key", _ad("pk"),
              [{"AttributeName": "pk", "KeyType": "HASH"},
               {"AttributeName": "pk", "KeyType": "RANGE"}]), V,
           "Invalid KeySchema: Some index key attribute have no definition"),
        t3("t3_ct_bad_key_type", "CreateTable",
           ct("probe_ct_bad_keytype", _ad("pk"),
              [{"AttributeName": "pk", "KeyType": "INVALID"}]), V,
           "1 validation error detected: Value 'INVALID' at 'keySchema.1."
           "member.keyType' failed to satisfy constraint: Member must satisfy "
           "enum value set: [HASH, RANGE]"),
        t3("t3_ct_bad_attribute_type", "CreateTable",
           ct("probe_ct_bad_attrtype",
              [{"AttributeName": "pk", "AttributeType": "INVALID"}],
              _ks("pk")), V,
           "1 validation error detected: Value 'INVALID' at "
           "'attributeDefinitions.1.member.attributeType' failed to satisfy "
           "constraint: Member must satisfy enum value set: [B, N, S]"),
        t3("t3_ct_lsi_without_range", "CreateTable",
           ct("probe_ct_lsi_no_range", _ad("pk", "lsiSk"), _ks("pk"),
              LocalSecondaryIndexes=[{
                  "IndexName": "lsi1", "KeySchema": _ks("pk", "lsiSk"),
                  "Projection": {"ProjectionType": "ALL"}}]), V,
           "One or more parameter values were invalid: Table KeySchema does "
           "not have a range key, which is required when specifying a "
           "LocalSecondaryIndex"),
        t3("t3_ct_dup_index_name", "CreateTable",
           ct("probe_ct_dup_idx", _ad("pk", "sk", "gsiPk1", "gsiPk2"),
              _ks("pk", "sk"),
              GlobalSecondaryIndexes=[{
                  "IndexName": "sameIndex", "KeySchema": _ks(g),
                  "Projection": {"ProjectionType": "ALL"},
                  "ProvisionedThroughput": pt} for g in ("gsiPk1",
                                                          "gsiPk2")]), V,
           "One or more parameter values were invalid: Duplicate index name: "
           "sameIndex"),
        # --- PutItem, DeleteItem (putItem.test.ts, deleteItem.test.ts)
        t3("t3_put_empty_b", "PutItem",
           {"TableName": HASH_B, "Item": {"pk": {"B": ""}}}, V, empty_b),
        t3("t3_del_missing_table", "DeleteItem",
           {"TableName": "_conformance_does_not_exist_em_delete",
            "Key": {"pk": {"S": "test"}}}, RNF, "Requested resource not found"),
        t3("t3_del_missing_range", "DeleteItem",
           {"TableName": COMP, "Key": {"pk": {"S": "test"}}}, V, schema),
        t3("t3_del_empty_b", "DeleteItem",
           {"TableName": HASH_B, "Key": {"pk": {"B": ""}}}, V, empty_b),
        # --- conditional checks (conditionalCheck.test.ts; seeded items)
        t3("t3_put_condition_fails", "PutItem",
           {"TableName": H, "Item": {"pk": {"S": "em-ccf-put"},
                                     "attr1": {"S": "overwrite"}},
            "ConditionExpression": "attribute_not_exists(pk)"},
           "ConditionalCheckFailedException", "The conditional request failed"),
        t3("t3_tw_condition_fails", "TransactWriteItems",
           {"TransactItems": [{"Put": {
               "TableName": H, "Item": {"pk": {"S": "em-ccf-txn"},
                                        "attr1": {"S": "overwrite"}},
               "ConditionExpression": "attribute_not_exists(pk)"}}]},
           "TransactionCanceledException",
           "Transaction cancelled, please refer cancellation reasons for "
           "specific reasons [ConditionalCheckFailed]"),
        # --- moto, aws_verified
        mo("m_get_empty_names", "GetItem",
           {"TableName": H, "Key": {"id": {"S": "my_id"}},
            "ExpressionAttributeNames": {}}, V,
           "ExpressionAttributeNames can only be specified when using "
           "expressions"),
        mo_prefixed(
            "m_upd_two_add_sections", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "the-key"}},
            "UpdateExpression": "ADD x :one SET a = :a ADD y :one",
            "ExpressionAttributeValues": {":one": {"N": "1"},
                                          ":a": {"S": "lore ipsum"}}},
           V, section("ADD")),
        mo_prefixed(
            "m_upd_two_remove_sections", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "the-key"}},
            "UpdateExpression": "REMOVE #ulist[0] SET current_user = "
                                ":current_user REMOVE some_param",
            "ExpressionAttributeNames": {"#ulist": "user_list"},
            "ExpressionAttributeValues": {
                ":current_user": {"M": {"name": {"S": "Jane"}}}}},
           V, section("REMOVE")),
        mo_prefixed(
            "m_upd_two_set_sections", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "the-key"}},
            "UpdateExpression": "SET current_user = :current_user SET "
                                "some_param = :current_user",
            "ExpressionAttributeValues": {
                ":current_user": {"M": {"name": {"S": "Jane"}}}}},
           V, section("SET")),
        mo_prefixed(
            "m_upd_overlap_by_name", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "foo"}},
            "UpdateExpression": "SET #stringSet = :h, #stringSet = :h",
            "ExpressionAttributeNames": {"#stringSet": "string_set"},
            "ExpressionAttributeValues": {":h": {"S": "H"}}}, V,
           "Invalid UpdateExpression: Two document paths overlap with each "
           "other; must remove or rewrite one of these paths; path one: "
           "[string_set], path two: [string_set]"),
        mo_prefixed(
            "m_upd_overlap_nested", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "foo"}},
            "UpdateExpression": "SET string_set.nested = :h, "
                                "string_set.nested = :h",
            "ExpressionAttributeValues": {":h": {"S": "H"}}}, V,
           "Invalid UpdateExpression: Two document paths overlap with each "
           "other; must remove or rewrite one of these paths; path one: "
           "[string_set, nested], path two: [string_set, nested]"),
        mo("m_upd_dotted_name_no_overlap", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "foo"}},
            "UpdateExpression": "SET string_set = :h, #nested = :h",
            "ExpressionAttributeNames": {"#nested": "string_set.nested"},
            "ExpressionAttributeValues": {":h": {"S": "H"}}}, None, None),
        mo_prefixed(
            "m_upd_unused_name", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "pk1"}},
            "UpdateExpression": "SET spec.#limit = :limit",
            "ExpressionAttributeNames": {"#count": "count",
                                         "#limit": "limit"},
            "ExpressionAttributeValues": {":countChange": {"N": "1"},
                                          ":limit": {"S": "limit"}}},
           V, unused),
        mo_prefixed(
            "m_upd_unused_name_add", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "pk1"}},
            "UpdateExpression": "ADD am :limit",
            "ExpressionAttributeNames": {"#count": "count"},
            "ExpressionAttributeValues": {":limit": {"N": "2"}}}, V, unused),
        mo_prefixed(
            "m_put_unused_name", "PutItem",
           {"TableName": H, "Item": {"pk": {"S": "pk1"}, "spec": {"M": {}},
                                     "am": {"N": "0"}},
            "ConditionExpression": "attribute_not_exists(body)",
            "ExpressionAttributeNames": {"#count": "count"}}, V, unused),
        mo("m_get_unused_name", "GetItem",
           {"TableName": H, "Key": {"pk": {"S": "example_id"}},
            "ProjectionExpression": "pk",
            "ExpressionAttributeNames": {"#count": "count"}}, V, unused),
        mo("m_query_unused_name", "Query",
           {"TableName": H,
            "KeyConditionExpression": "(#0 = x) AND (begins_with(#1, a))",
            "ExpressionAttributeNames": {"#0": "pk", "#1": "sk",
                                         "#count": "count"}}, V, unused),
        mo("m_scan_unused_name", "Scan",
           {"TableName": H, "FilterExpression": "#h = :h",
            "ExpressionAttributeNames": {"#h": "pk", "#count": "count"},
            "ExpressionAttributeValues": {
                ":h": {"M": {"S": {"S": "hash_value"}}}}}, V, unused),
        mo_prefixed(
            "m_del_unused_name", "DeleteItem",
           {"TableName": H, "Key": {"pk": {"S": "pk1"}},
            "ConditionExpression": "attribute_not_exists(body)",
            "ExpressionAttributeNames": {"#count": "count"}}, V, unused),
        mo("m_bg_unused_name_missing_table", "BatchGetItem",
           bg("users", Keys=[{"username": {"S": "user%d" % i}}
                             for i in range(4)],
              ConsistentRead=True, ProjectionExpression="#rl",
              ExpressionAttributeNames={"#rl": "username",
                                        "#count": "count"}), V, unused),
        mo("m_tw_put_unused_name", "TransactWriteItems",
           {"TransactItems": [{"Put": {
               "Item": {"pk": {"S": "foo"}, "foo": {"S": "bar"}},
               "TableName": H, "ConditionExpression": "#i <> foo",
               "ExpressionAttributeNames": {"#i": "pk",
                                            "#count": "count"}}}]},
           V, unused),
        mo("m_tw_update_unused_name_bad_key", "TransactWriteItems",
           {"TransactItems": [{"Update": {
               "Key": {"id": {"S": "foo"}}, "TableName": H,
               "UpdateExpression": "SET #e = test",
               "ExpressionAttributeNames": {"#e": "email_address",
                                            "#count": "count"}}}]},
           V, unused),
        mo("m_tw_delete_unused_name_bad_key", "TransactWriteItems",
           {"TransactItems": [{"Delete": {
               "Key": {"pk": {"S": "foo"}, "foo": {"S": "bar"}},
               "TableName": H, "ConditionExpression": "#i <> foo",
               "ExpressionAttributeNames": {"#i": "pk",
                                            "#count": "count"}}}]},
           V, unused),
        mo("m_tw_check_unused_name", "TransactWriteItems",
           {"TransactItems": [
               {"ConditionCheck": {
                   "Key": {"id": {"S": "foo"}}, "TableName": H,
                   "ConditionExpression": "attribute_exists(#e)",
                   "ExpressionAttributeNames": {"#e": "email_address",
                                                "#count": "count"}}},
               {"Put": {"Item": {"id": {"S": "bar"},
                                 "email_address": {"S": "bar@moto.com"}},
                        "TableName": H}}]}, V, unused),
        mo("m_scan_values_key_without_colon", "Scan",
           {"TableName": H, "FilterExpression": "attr = loc",
            "ExpressionAttributeValues": {"loc": {"S": "sth"}}}, V,
           'ExpressionAttributeValues contains invalid key: Syntax error; '
           'key: "loc"'),
        mo("m_query_values_key_without_colon", "Query",
           {"TableName": H, "KeyConditionExpression": "attr = loc",
            "ExpressionAttributeValues": {"loc": {"S": "sth"}}}, V,
           'ExpressionAttributeValues contains invalid key: Syntax error; '
           'key: "loc"'),
        # boto3's resource sends {"SS": set()} as a map holding an empty NS
        # (the same test's top-level empty SS is b_put_empty_ss).
        mo_prefixed(
            "m_put_nested_empty_set", "PutItem",
            {"TableName": H, "Item": {"pk": {"S": "some-irrelevant_key"},
                                      "attr2": {"M": {"SS": {"NS": []}}}}},
            V, "One or more parameter values were invalid: An number set  may "
            "not be empty"),
        # moto tests/test_dynamodb/exceptions/test_dynamodb_transactions.py
        mo("m_tw_put_delete_same_item", "TransactWriteItems",
           {"TransactItems": [
               {"Put": {"TableName": C, "Item": {
                   "pk": {"S": "test-pk"}, "sk": {"S": "test-sk"},
                   "field": {"S": "test-field"}}}},
               {"Delete": {"TableName": C, "Key": {
                   "pk": {"S": "test-pk"}, "sk": {"S": "test-sk"}}}}]}, V,
           "Transaction request cannot include multiple operations on one "
           "item"),
        mo("m_tw_put_delete_key_order", "TransactWriteItems",
           {"TransactItems": [
               {"Put": {"TableName": C, "Item": {
                   "pk": {"S": "pk1"}, "sk": {"S": "sk1"},
                   "data": {"S": "val"}}}},
               {"Delete": {"TableName": C, "Key": {
                   "sk": {"S": "sk1"}, "pk": {"S": "pk1"}}}}]}, V,
           "Transaction request cannot include multiple operations on one "
           "item"),
        mo("m_tw_update_two_set_sections", "TransactWriteItems",
           {"TransactItems": [{"Update": {
               "TableName": C, "Key": {"pk": {"S": "s"}, "sk": {"S": "t"}},
               "UpdateExpression": "SET expire_at_utc = :expire_at_utc SET "
                                   "is_final = :true ADD version :one",
               "ExpressionAttributeValues": {
                   ":true": {"BOOL": True}, ":one": {"N": "1"},
                   ":expire_at_utc": {"S": "asdf"}}}}]}, V, section("SET")),
        mo("m_tw_update_empty_key", "TransactWriteItems",
           {"TransactItems": [{"Update": {
               "TableName": H, "Key": {"pk": {"S": ""}},
               "UpdateExpression": "SET sth = :v",
               "ExpressionAttributeValues": {":v": {"N": "0"}}}}]}, V,
           "One or more parameter values are not valid. The AttributeValue "
           "for a key attribute cannot contain an empty string value. Key: "
           "pk"),
        mo("m_tw_put_empty_values", "TransactWriteItems",
           {"TransactItems": [{"Put": {
               "Item": {"pk": {"S": "tenant#0000001-tenant#0000001"}},
               "ConditionExpression": "attribute_not_exists(#n0)",
               "TableName": H, "ExpressionAttributeNames": {"#n0": "pk"},
               "ExpressionAttributeValues": {}}}]}, V,
           "ExpressionAttributeValues must not be empty"),
        mo("m_tw_update_empty_values_before_syntax", "TransactWriteItems",
           {"TransactItems": [{"Update": {
               "Key": {"pk": {"S": "globals"}},
               "UpdateExpression": "SET #0 = {'S': 'asdf'}",
               "ExpressionAttributeNames": {"#0": "tenant_count"},
               "ExpressionAttributeValues": {}, "TableName": H}}]}, V,
           "ExpressionAttributeValues must not be empty"),
        mo("m_get_extra_key", "GetItem",
           {"TableName": H, "Key": {"pk": {"S": "pk"}, "sk": {"S": "sk"}}},
           V, schema),
        mo("m_del_extra_key", "DeleteItem",
           {"TableName": H, "Key": {"pk": {"S": "pk"}, "sk": {"S": "sk"}}},
           V, schema),
        mo("m_upd_extra_key", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "x"}, "ReceivedTime": {
               "S": "12/9/2011 11:36:03 PM"}},
            "UpdateExpression": "set body=:New",
            "ExpressionAttributeValues": {":New": {"S": "hello"}}}, V, schema),
    ]
