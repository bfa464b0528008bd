# Copyright 2026 The eddy Authors.
"""DynamoDB's answers for the projection, key and transaction families.

Data for conformance_probes_test.py, like conformance_pinned.py: each probe
is a request from a public test run against live DynamoDB, rebuilt with our
tables (and our key attribute `pk` where the test's table keys on another
name), and the answer that test pins. A message is the exact text, ANY (the
test pins the exception only) or Re(pattern) (the test pins a regular
expression or a substring, searched in the message). A probe may also pin
the TransactionCanceledException's CancellationReasons, and may need calls
made before it ("before").

Sources, newest first:
- T3: nubo-db/dynamodb-conformance tests/tier3 (error-messages/
  transactWriteItems, transactGetItems, updateItem; limits/keyLength,
  reservedWords) and tests/tier1/getItem/projectionValidation, tests/tier2/
  transactions/transactWrite, and the index-key messages of PutItem and
  UpdateItem (captured in four regions, 2026-06-23). The suite's run
  against live DynamoDB (results/dynamodb.json, 2026-09-03) passed all 1231
  tests. The transaction key texts are noted there as captured from
  eu-west-2, the lookup-Key texts as "four-region capture (2026-06-23), all
  invariant".
- SCYLLA: scylladb/scylladb test/alternator, test_transact.py (2025),
  test_projection_expression.py and test_key_condition_expression.py
  (2019-2025; the tests' key attribute p is our pk). These tests are run against
  AWS as well; they pin a regular expression on "<exception>: <message>"
  (kept here as the exception plus a pattern on the message), and their
  comments quote DynamoDB's full text for some cases (pinned exactly here,
  "quoted").
- MOTO: getmoto/moto tests/test_dynamodb/test_dynamodb_transact.py, the tests
  marked aws_verified (us-east-1, undated).
- DYNALITE: mhart/dynalite's tests, asserting DynamoDB's texts around 2015
  (older, lower confidence; used only where no newer recording exists).
"""

from conformance_pinned import ANY, COMP, GSI_B, HASH_B, Re

V = "ValidationException"
RNF = "ResourceNotFoundException"
TC = "TransactionCanceledException"

T3 = "dynamodb-conformance tier3 (live, 2026-09-03)"
T3_TX = ("dynamodb-conformance tier3 transactWriteItems (live, 2026-09-03; "
         "eu-west-2 capture)")
T3_TX_KEY = ("dynamodb-conformance tier3 transactWriteItems (four regions, "
             "2026-06-23)")
T3_IDX = ("dynamodb-conformance tier3 index-key messages (four regions, "
          "2026-06-23)")
T1 = "dynamodb-conformance tier1 (live, 2026-09-03)"
T2 = "dynamodb-conformance tier2 (live, 2026-09-03)"
SCYLLA = "scylladb test/alternator (run against AWS, 2025)"
SCYLLA_QUOTED = "scylladb test/alternator, DynamoDB's text quoted (2019-2025)"
MOTO = "moto aws_verified (live, us-east-1, undated)"
DYNALITE = "dynalite tests (against DynamoDB, ~2015; older)"

CANCELLED = ("Transaction cancelled, please refer cancellation reasons for "
             "specific reasons [%s]")
EMPTY_S_KEY = ("One or more parameter values are not valid. The "
               "AttributeValue for a key attribute cannot contain an empty "
               "string value. Key: pk")
EMPTY_B_KEY = ("One or more parameter values are not valid. The "
               "AttributeValue for a key attribute cannot contain an empty "
               "binary value. Key: pk")
SCHEMA = "The provided key element does not match the schema"
HASH_TOO_BIG = ("One or more parameter values were invalid: Size of hashkey "
                "has exceeded the maximum size limit of2048 bytes")
RANGE_TOO_BIG = ("One or more parameter values were invalid: Aggregated size "
                 "of all range keys has exceeded the size limit of 1024 bytes")


# scylladb's test_table_sn: a string partition key and a numeric sort key c
# (the tests' p is our pk).
SN = "probe_sn"
TABLES = [{"TableName": SN, "BillingMode": "PAY_PER_REQUEST",
           "AttributeDefinitions": [
               {"AttributeName": "pk", "AttributeType": "S"},
               {"AttributeName": "c", "AttributeType": "N"}],
           "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                         {"AttributeName": "c", "KeyType": "RANGE"}]}]


def seeds(H):
    """Items the probes below need: (table, item)."""
    return [(H, {"pk": {"S": n}, "attr1": {"S": "exists"}})
            for n in ("em-twi-multi-1", "em-twi-multi-2", "em-twi-pos")] + [
        (H, {"pk": {"S": "foo2"}})]


def _p(pid, op, body, where, name, message, **extra):
    p = {"id": pid, "op": op, "body": body,
         "answers": [(where, name, message)]}
    p.update(extra)
    return p


def _tw(*actions, **kw):
    body = {"TransactItems": list(actions)}
    body.update(kw)
    return body


def _get(table, key, **kw):
    body = {"TableName": table, "Key": key}
    body.update(kw)
    return body


def family_probes(H, C):
    """H (pk S) and C (pk, sk S) are the tables the main file creates."""
    del C  # the composite tests use COMP, the suite's composite table

    def cancelled(pid, where, body, codes, messages=None, op="TransactWrite"
                  "Items"):
        """A TransactionCanceledException with its reason codes (and, where
        pinned, each reason's message: None for no Message member)."""
        return _p(pid, op, body, where, TC, CANCELLED % ", ".join(codes),
                  reasons=[(c, (messages or {}).get(i, ANY))
                           for i, c in enumerate(codes)])

    def put(table, item, **kw):
        a = {"TableName": table, "Item": item}
        a.update(kw)
        return {"Put": a}

    def upd_key(table, key):
        return {"Update": {"TableName": table, "Key": {"pk": key},
                           "UpdateExpression": "SET attr1 = :v",
                           "ExpressionAttributeValues": {":v": {"S": "x"}}}}

    def del_key(table, key):
        return {"Delete": {"TableName": table, "Key": {"pk": key}}}

    def cc_key(table, key):
        return {"ConditionCheck": {
            "TableName": table, "Key": {"pk": key},
            "ConditionExpression": "attribute_not_exists(pk)"}}

    def idx_upd(key, value):
        return {"Update": {"TableName": COMP, "Key": key,
                           "UpdateExpression": "SET lsi1sk = :v",
                           "ExpressionAttributeValues": {":v": value}}}

    def type_mismatch(actual):
        return ("One or more parameter values were invalid: Type mismatch "
                "for key pk expected: S actual: %s" % actual)

    def index_mismatch(actual):
        return ("One or more parameter values were invalid: Type mismatch for "
                "Index Key lsi1sk Expected: S Actual: %s IndexName: gsi1"
                % actual)

    upd_idx_empty = ("One or more parameter values are not valid. The update "
                     "expression attempted to update a secondary index key to "
                     "a value that is not supported. The AttributeValue for a "
                     "key attribute cannot contain an empty %s value.")
    big = "x" * 100000
    token_put = put(H, {"pk": {"S": "tw-idem-mismatch"},
                        "val": {"S": "first"}})

    probes = [
        # --- TransactWriteItems, dynamodb-conformance tier3 (exact)
        _p("t3_tw_empty", "TransactWriteItems", _tw(), T3, V,
           "1 validation error detected: Value '[]' at 'transactItems' failed "
           "to satisfy constraint: Member must have length greater than or "
           "equal to 1"),
        _p("t3_tw_101", "TransactWriteItems",
           _tw(*[put(H, {"pk": {"S": "twi-%d" % i}}) for i in range(101)]),
           T3, V, Re(r"(?s)^1 validation error detected: Value '\[.+\]' at "
                     r"'transactItems' failed to satisfy constraint: Member "
                     r"must have length less than or equal to 100$")),
        _p("t3_tw_dup_put", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": "em-twi-dup"}}),
               put(H, {"pk": {"S": "em-twi-dup"}})), T3, V,
           "Transaction request cannot include multiple operations on one "
           "item"),
        _p("t3_tw_missing_table", "TransactWriteItems",
           _tw(put("_conformance_does_not_exist_em_twi", {"pk": {"S": "x"}})),
           T3, RNF, "Requested resource not found"),
        cancelled("t3_tw_two_reasons", T3,
                  _tw(*[put(H, {"pk": {"S": n}, "attr1": {"S": "over"}},
                            ConditionExpression="attribute_not_exists(pk)")
                        for n in ("em-twi-multi-1", "em-twi-multi-2")]),
                  ["ConditionalCheckFailed", "ConditionalCheckFailed"]),
        cancelled("t3_tw_positional_reasons", T3,
                  _tw(put(H, {"pk": {"S": "em-twi-pos-new"},
                              "attr1": {"S": "fresh"}},
                          ConditionExpression="attribute_not_exists(pk)"),
                      put(H, {"pk": {"S": "em-twi-pos"},
                              "attr1": {"S": "over"}},
                          ConditionExpression="attribute_not_exists(pk)")),
                  ["None", "ConditionalCheckFailed"],
                  {1: "The conditional request failed"}),
        cancelled("t3_tw_put_key_type", T3_TX,
                  _tw(put(H, {"pk": {"N": "5"}})), ["ValidationError"],
                  {0: type_mismatch("N")}),
        cancelled("t3_tw_put_key_not_scalar", T3_TX,
                  _tw(put(H, {"pk": {"L": [{"S": "x"}]}})),
                  ["ValidationError"], {0: type_mismatch("L")}),
        cancelled("t3_tw_put_index_key_type", T3_TX,
                  _tw(put(COMP, {"pk": {"S": "em-twi-idx-type"},
                                 "sk": {"S": "a"}, "lsi1sk": {"N": "5"}})),
                  ["ValidationError"], {0: index_mismatch("N")}),
        cancelled("t3_tw_put_index_key_not_scalar", T3_TX,
                  _tw(put(COMP, {"pk": {"S": "em-twi-idx-nonscalar"},
                                 "sk": {"S": "b"},
                                 "lsi1sk": {"L": [{"S": "x"}]}})),
                  ["ValidationError"], {0: index_mismatch("L")}),
        cancelled("t3_tw_upd_index_key_type", T3_TX,
                  _tw(idx_upd({"pk": {"S": "em-twi-idx-upd-type"},
                               "sk": {"S": "a"}}, {"N": "5"})),
                  ["ValidationError"], {0: index_mismatch("N")}),
        cancelled("t3_tw_upd_index_key_not_scalar", T3_TX,
                  _tw(idx_upd({"pk": {"S": "em-twi-idx-upd-nonscalar"},
                               "sk": {"S": "b"}}, {"L": [{"S": "x"}]})),
                  ["ValidationError"], {0: index_mismatch("L")}),
        _p("t3_tw_put_key_empty_s", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": ""}})), T3_TX, V, EMPTY_S_KEY),
        _p("t3_tw_put_index_key_empty_s", "TransactWriteItems",
           _tw(put(COMP, {"pk": {"S": "em-twi-idx-empty"}, "sk": {"S": "c"},
                          "lsi1sk": {"S": ""}})), T3_TX, V,
           "One or more parameter values are not valid. A value specified "
           "for a secondary index key is not supported. The AttributeValue "
           "for a key attribute cannot contain an empty string value. "
           "IndexName: gsi1, IndexKey: lsi1sk"),
        _p("t3_tw_upd_index_key_empty_s", "TransactWriteItems",
           _tw(idx_upd({"pk": {"S": "em-twi-idx-upd-empty"},
                        "sk": {"S": "c"}}, {"S": ""})), T3_TX, V,
           "One or more parameter values are not valid. The update "
           "expression attempted to update a secondary index key to a value "
           "that is not supported. The AttributeValue for a key attribute "
           "cannot contain an empty string value."),
        _p("t3_tw_upd_key_empty_s", "TransactWriteItems",
           _tw(upd_key(H, {"S": ""})), T3_TX_KEY, V, EMPTY_S_KEY),
        _p("t3_tw_del_key_empty_s", "TransactWriteItems",
           _tw(del_key(H, {"S": ""})), T3_TX_KEY, V, EMPTY_S_KEY),
        _p("t3_tw_cc_key_empty_s", "TransactWriteItems",
           _tw(cc_key(H, {"S": ""})), T3_TX_KEY, V, EMPTY_S_KEY),
    ]
    for pid, action in (("upd", upd_key), ("del", del_key), ("cc", cc_key)):
        for kind, value in (("type", {"N": "5"}),
                            ("not_scalar", {"L": [{"S": "x"}]})):
            probes.append(cancelled(
                "t3_tw_%s_key_%s" % (pid, kind), T3_TX_KEY,
                _tw(action(H, value)), ["ValidationError"], {0: SCHEMA}))
    probes += [
        _p("t3_tw_put_key_empty_b", "TransactWriteItems",
           _tw(put(HASH_B, {"pk": {"B": ""}})), T3_TX, V, EMPTY_B_KEY),
        _p("t3_tw_upd_key_empty_b", "TransactWriteItems",
           _tw(upd_key(HASH_B, {"B": ""})), T3_TX, V, EMPTY_B_KEY),
        _p("t3_tw_del_key_empty_b", "TransactWriteItems",
           _tw(del_key(HASH_B, {"B": ""})), T3_TX, V, EMPTY_B_KEY),
        _p("t3_tw_cc_key_empty_b", "TransactWriteItems",
           _tw(cc_key(HASH_B, {"B": ""})), T3_TX, V, EMPTY_B_KEY),
        _p("t3_tw_put_index_key_empty_b", "TransactWriteItems",
           _tw(put(GSI_B, {"pk": {"S": "eb-twi-idx"}, "bidx": {"B": ""}})),
           T3_TX, V,
           "One or more parameter values are not valid. A value specified "
           "for a secondary index key is not supported. The AttributeValue "
           "for a key attribute cannot contain an empty binary value. "
           "IndexName: gsib, IndexKey: bidx"),
        _p("t3_tw_upd_index_key_empty_b", "TransactWriteItems",
           _tw({"Update": {"TableName": GSI_B, "Key": {"pk": {"S": "eb-u"}},
                           "UpdateExpression": "SET bidx = :v",
                           "ExpressionAttributeValues": {":v": {"B": ""}}}}),
           T3_TX, V, upd_idx_empty % "binary"),
        # the same empty index key values outside a transaction
        _p("t3_put_index_key_empty_b", "PutItem",
           {"TableName": GSI_B, "Item": {"pk": {"S": "eb-idx"},
                                         "bidx": {"B": ""}}}, T3_IDX, V,
           "One or more parameter values are not valid. A value specified "
           "for a secondary index key is not supported. The AttributeValue "
           "for a key attribute cannot contain an empty binary value. "
           "IndexName: gsib, IndexKey: bidx"),
        _p("t3_upd_index_key_empty_b", "UpdateItem",
           {"TableName": GSI_B, "Key": {"pk": {"S": "eb-idx-upd"}},
            "UpdateExpression": "SET bidx = :v",
            "ExpressionAttributeValues": {":v": {"B": ""}}}, T3_IDX, V,
           upd_idx_empty % "binary"),
        # ClientRequestToken (tier2 transactWrite): the same token with
        # another payload; the same token and payload again succeeds.
        _p("t2_tw_token_mismatch", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": "tw-idem-mismatch"},
                       "val": {"S": "different"}}),
               ClientRequestToken="probe-idempotent-token-1"),
           T2, "IdempotentParameterMismatchException", ANY,
           before=[("TransactWriteItems",
                    _tw(token_put,
                        ClientRequestToken="probe-idempotent-token-1"))]),
        _p("t2_tw_token_replay", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": "tw-idem-1"}, "attempt": {"N": "1"}}),
               ClientRequestToken="probe-idempotent-token-2"),
           T2, None, None,
           before=[("TransactWriteItems",
                    _tw(put(H, {"pk": {"S": "tw-idem-1"},
                                "attempt": {"N": "1"}}),
                        ClientRequestToken="probe-idempotent-token-2"))]),
        # --- TransactGetItems, tier3
        _p("t3_tg_empty", "TransactGetItems", _tw(), T3, V,
           "1 validation error detected: Value '[]' at 'transactItems' failed "
           "to satisfy constraint: Member must have length greater than or "
           "equal to 1"),
        _p("t3_tg_101", "TransactGetItems",
           _tw(*[{"Get": _get(H, {"pk": {"S": "tgi-%d" % i}})}
                 for i in range(101)]),
           T3, V, Re(r"(?s)^1 validation error detected: Value '\[.+\]' at "
                     r"'transactItems' failed to satisfy constraint: Member "
                     r"must have length less than or equal to 100$")),
        _p("t3_tg_missing_table", "TransactGetItems",
           _tw({"Get": _get("_conformance_does_not_exist_em_tgi",
                            {"pk": {"S": "x"}})}),
           T3, RNF, "Requested resource not found"),
        _p("t3_tg_proj_syntax", "TransactGetItems",
           _tw({"Get": _get(H, {"pk": {"S": "tgi-pe"}},
                            ProjectionExpression="!!!")}), T3, V,
           'Invalid ProjectionExpression: Syntax error; token: "!", near: '
           '"!!"'),
        cancelled("t3_tg_empty_key", T3, _tw({"Get": _get(H, {})}),
                  ["ValidationError"], op="TransactGetItems"),
        # --- UpdateItem and key lengths, tier3
        _p("t3_upd_empty_b", "UpdateItem",
           {"TableName": HASH_B, "Key": {"pk": {"B": ""}},
            "UpdateExpression": "SET attr1 = :v",
            "ExpressionAttributeValues": {":v": {"S": "x"}}}, T3, V,
           EMPTY_B_KEY),
        _p("t3_put_hash_2049", "PutItem",
           {"TableName": H, "Item": {"pk": {"S": "a" * 2049}}}, T3, V, ANY),
        _p("t3_get_hash_2049", "GetItem", _get(H, {"pk": {"S": "a" * 2049}}),
           T3, V, ANY),
        _p("t3_put_hash_2048", "PutItem",
           {"TableName": H, "Item": {"pk": {"S": "a" * 2048}}}, T3, None,
           None),
        # --- reserved words, tier3 (/reserved keyword/i)
        _p("t3_put_reserved_condition", "PutItem",
           {"TableName": H, "Item": {"pk": {"S": "rw-cond-fail"},
                                     "status": {"S": "inactive"}},
            "ConditionExpression": "status = :val",
            "ExpressionAttributeValues": {":val": {"S": "active"}}}, T3, V,
           Re("(?i)reserved keyword")),
        _p("t3_upd_reserved_set", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "rw-upd-fail"}},
            "UpdateExpression": "SET status = :val",
            "ExpressionAttributeValues": {":val": {"S": "new"}}}, T3, V,
           Re("(?i)reserved keyword")),
        _p("t3_scan_reserved_filter", "Scan",
           {"TableName": H, "FilterExpression": "status = :val",
            "ExpressionAttributeValues": {":val": {"S": "active"}}}, T3, V,
           Re("(?i)reserved keyword")),
        _p("t3_get_reserved_projection", "GetItem",
           _get(H, {"pk": {"S": "rw-proj-fail"}},
                ProjectionExpression="pk, status", ConsistentRead=True), T3,
           V, Re("(?i)reserved keyword")),
        _p("t3_upd_reserved_two", "UpdateItem",
           {"TableName": H, "Key": {"pk": {"S": "rw-multi"}},
            "UpdateExpression": "SET status = :s, name = :n",
            "ExpressionAttributeValues": {":s": {"S": "inactive"},
                                          ":n": {"S": "updated"}}}, T3, V,
           Re("(?i)reserved keyword")),
        # --- tier3 validation-ordering and limits (loose assertions)
        _p("t3_put_bad_table_pattern", "PutItem",
           {"TableName": "x!", "Item": {}}, T3, V, Re("tableName")),
        _p("t3_upd_bad_table_pattern", "UpdateItem",
           {"TableName": "x!", "Key": {}}, T3, V, Re("tableName")),
        _p("t3_del_bad_table_pattern", "DeleteItem",
           {"TableName": "x!", "Key": {}}, T3, V, Re("tableName")),
        _p("t3_q_bad_table_and_select", "Query",
           {"TableName": "abc!", "KeyConditionExpression": "#pk = :pk",
            "ExpressionAttributeNames": {"#pk": "pk"},
            "ExpressionAttributeValues": {":pk": {"S": "test"}},
            "Select": "INVALID"}, T3, V, Re("validation error")),
        _p("t3_q_bad_rcc_and_select", "Query",
           {"TableName": H, "KeyConditionExpression": "#pk = :pk",
            "ExpressionAttributeNames": {"#pk": "pk"},
            "ExpressionAttributeValues": {":pk": {"S": "test"}},
            "ReturnConsumedCapacity": "INVALID", "Select": "INVALID"}, T3, V,
           Re("returnConsumedCapacity")),
        _p("t3_q_missing_index", "Query",
           {"TableName": H, "IndexName": "does_not_exist",
            "KeyConditionExpression": "#pk = :pk",
            "ExpressionAttributeNames": {"#pk": "pk"},
            "ExpressionAttributeValues": {":pk": {"S": "x"}}}, T3, V,
           Re("does not have the specified index")),
        _p("t3_s_missing_index", "Scan",
           {"TableName": H, "IndexName": "does_not_exist"}, T3, V,
           Re("does not have the specified index")),
        _p("t3_ut_delete_missing_gsi", "UpdateTable",
           {"TableName": H, "GlobalSecondaryIndexUpdates": [
               {"Delete": {"IndexName": "does_not_exist"}}]}, T3, RNF,
           Re("Requested resource not found")),
        _p("t3_put_empty_sort_key", "PutItem",
           {"TableName": COMP, "Item": {"pk": {"S": "ev-composite"},
                                        "sk": {"S": ""}}}, T3, V, ANY),
        _p("t3_put_empty_hash_key", "PutItem",
           {"TableName": H, "Item": {"pk": {"S": ""}}}, T3, V, ANY),
        # --- GetItem projection validation, tier1
        _p("t1_get_proj_parent_child_names", "GetItem",
           _get(H, {"pk": {"S": "proj-val"}}, ProjectionExpression="#a, #a.#b",
                ExpressionAttributeNames={"#a": "a", "#b": "b"}), T1, V, ANY),
        _p("t1_get_proj_dup_names", "GetItem",
           _get(H, {"pk": {"S": "proj-val"}}, ProjectionExpression="#a, #a",
                ExpressionAttributeNames={"#a": "a"}), T1, V, ANY),
        _p("t1_scan_proj_undefined_name", "Scan",
           {"TableName": H, "FilterExpression": "pk = :never",
            "ExpressionAttributeValues": {":never": {"S": "no-such-pk"}},
            "ProjectionExpression": "#undef"}, T1, V, ANY),
    ]
    probes += _scylla_probes(H, put, cancelled, big)
    probes += _key_condition_probes()
    probes += _moto_and_dynalite_probes(H, put, cancelled)
    return probes


def _key_condition_probes():
    """scylladb test_key_condition_expression.py, on SN."""
    p = {":p": {"S": "kce"}}

    def q(pid, kce, values, message, name=V, **kw):
        body = {"TableName": SN, "KeyConditionExpression": kce}
        if values is not None:
            body["ExpressionAttributeValues"] = values
        body.update(kw)
        return _p("sc_kce_" + pid, "Query", body, SCYLLA, name, message)

    def v(**more):
        d = dict(p)
        d.update({":" + k: x for k, x in more.items()})
        return d

    n3 = {"N": "3"}
    return [
        q("same_key_twice", "pk=:p AND pk=:p", p, Re("one")),
        q("missing_value", "pk=:p", None, Re(":p")),
        q("unused_value", "pk=:p", v(qq=n3), Re("qq")),
        q("partition_lt", "pk<:p", p, Re("supported")),
        q("no_partition", "c=:c", {":c": n3}, Re(" pk")),
        q("begins_with_number", "pk=:p AND begins_with(c, :c)", v(c=n3),
          Re("begins_with")),
        q("unknown_function", "pk=:p AND dog(c, :c)", v(c=n3), Re("dog")),
        q("attribute_exists", "pk=:p AND attribute_exists(c)", p,
          Re("attribute_exists")),
        q("sort_twice", "pk=:p AND c>=:c1 AND c>=:c1", v(c1=n3), ANY),
        q("sort_range_twice", "pk=:p AND c>=:c1 AND c<=:c2",
          v(c1=n3, c2={"N": "7"}), ANY),
        q("not_equal", "pk=:p AND c<>:c", v(c={"N": "5"}), Re("operator")),
        q("in", "pk=:p AND c IN (:c)", v(c={"N": "5"}), Re("operator")),
        q("or", "c=:c OR pk=:p", v(c=n3), Re("OR")),
        q("not", "NOT c=:c AND pk=:p", v(c=n3), Re("NOT")),
        q("parentheses", "((c=:c) AND (pk=:p))", v(c=n3), None, None),
        q("syntax", "pk=:p AND c!=:c", v(c=n3), Re("yntax")),
        q("empty", "", None, Re("empty")),
        q("three_conditions", "pk=:p AND c<:c AND a<:a", v(c=n3, a=n3), ANY),
        q("non_key", "pk=:p AND a<:a", v(a=n3), Re("key")),
        q("nested", "pk=:p AND a.b<:a", v(a=n3), Re("nested")),
        q("two_keys", "pk=c", None, ANY),
        q("key_and_attribute", "pk=a", None, ANY),
        q("two_values", ":p=:a", v(a=n3), ANY),
        q("key_alone", "pk", None, ANY),
        q("value_alone", ":a", {":a": n3}, ANY),
        q("reversed", "c=:c AND pk=:p", v(c=n3), None, None),
        q("undefined_name", "#name1=:p AND #name2=:c", v(c=n3),
          Re("name2"), ExpressionAttributeNames={"#name1": "pk"}),
        q("unused_name", "#name1=:p", p, Re("name2"),
          ExpressionAttributeNames={"#name1": "pk", "#name2": "c"}),
        q("partition_wrong_type", "pk=:num", {":num": n3}, Re("type")),
        q("sort_wrong_type", "pk=:p AND c=:str", v(str={"S": "hello"}),
          Re("type")),
        q("begins_with_upper_case", "pk=:p AND BEGINS_WITH(c,:c)",
          v(c={"S": "00"}), Re("BEGINS_WITH")),
        q("with_key_conditions", "pk=:p", p, Re("both"),
          KeyConditions={"c": {"AttributeValueList": [n3],
                               "ComparisonOperator": "GT"}}),
    ]


def _scylla_probes(H, put, cancelled, big):
    key = {"pk": {"S": "sc-proj"}}

    def sc(pid, op, body, name, message, where=SCYLLA, **extra):
        return _p(pid, op, body, where, name, message, **extra)

    def proj(pid, expr, name, message, where=SCYLLA, **kw):
        return sc(pid, "GetItem",
                  _get(H, key, ConsistentRead=True, ProjectionExpression=expr,
                       **kw), name, message, where)

    def overlap(one, two):
        return ("Invalid ProjectionExpression: Two document paths overlap "
                "with each other; must remove or rewrite one of these paths; "
                "path one: %s, path two: %s" % (one, two))

    probes = [
        # --- TransactWriteItems (test_transact.py)
        sc("sc_tw_check_without_condition", "TransactWriteItems",
           _tw({"ConditionCheck": {"TableName": H,
                                   "Key": {"pk": {"S": "sc-cc"}}}}),
           V, Re("[cC]onditionExpression")),
        sc("sc_tw_put_check_same_item", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": "sc-p1"}}),
               {"ConditionCheck": {
                   "TableName": H, "Key": {"pk": {"S": "sc-p1"}},
                   "ConditionExpression": "attribute_not_exists(pk)"}}),
           V, Re("one item")),
        sc("sc_tw_two_checks_same_item", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": "sc-p1"}}),
               *[{"ConditionCheck": {
                   "TableName": H, "Key": {"pk": {"S": "sc-p2"}},
                   "ConditionExpression": "attribute_not_exists(pk)"}}] * 2),
           V, Re("one item")),
        sc("sc_tw_put_5mb", "TransactWriteItems",
           _tw(*[put(H, {"pk": {"S": "sc-5mb-%d" % i}, "x": {"S": big}})
                 for i in range(50)]), V, Re("size cannot exceed")),
        cancelled("sc_tw_first_validation_error_only", SCYLLA,
                  _tw(put(H, {"pk": {"N": "7"}}), put(H, {"pk": {"N": "8"}}),
                      put(H, {"pk": {"S": "sc-ve"}},
                          ConditionExpression="attribute_exists(pk)")),
                  ["ValidationError", "None", "None"],
                  {1: None, 2: None}),
        cancelled("sc_tw_four_reasons", SCYLLA,
                  _tw(put(H, {"pk": {"S": "sc-r1"}}),
                      put(H, {"pk": {"S": "sc-r2"}},
                          ConditionExpression="attribute_not_exists(pk)"),
                      {"ConditionCheck": {
                          "TableName": H, "Key": {"pk": {"S": "sc-r3"}},
                          "ConditionExpression": "attribute_exists(pk)"}},
                      put(H, {"pk": {"S": "sc-r4"}},
                          ConditionExpression="attribute_exists(pk)")),
                  ["None", "None", "ConditionalCheckFailed",
                   "ConditionalCheckFailed"], {0: None, 1: None}),
    ]
    for option in ("none", "dog"):
        probes.append(sc(
            "sc_tw_bad_rvoccf_" + option, "TransactWriteItems",
            _tw({"Update": {
                "ReturnValuesOnConditionCheckFailure": option,
                "TableName": H, "Key": {"pk": {"S": "sc-rv"}},
                "ConditionExpression": "x = :ft",
                "UpdateExpression": "SET x = x + :one",
                "ExpressionAttributeValues": {":one": {"N": "1"},
                                              ":ft": {"N": "43"}}}}),
            V, Re("[rR]eturnValuesOnConditionCheckFailure")))
    for pid, extra, pattern in (
            ("missing_name", {"ConditionExpression": "attribute_exists(#xyz)"},
             "#xyz"),
            ("missing_value", {"ConditionExpression": "pk = :xyz"}, ":xyz"),
            ("unused_name", {"ConditionExpression": "attribute_exists(pk)",
                             "ExpressionAttributeNames": {"#xyz": "x"}},
             "unused.*#xyz"),
            ("unused_value", {"ConditionExpression": "attribute_exists(pk)",
                              "ExpressionAttributeValues": {
                                  ":xyz": {"N": "7"}}}, "unused.*:xyz"),
            ("syntax_error", {"ConditionExpression": "hello!"},
             "Syntax error")):
        probes.append(sc("sc_tw_" + pid, "TransactWriteItems",
                         _tw(put(H, {"pk": {"S": "sc-x"}}, **extra)),
                         V, Re(pattern)))
    probes += [
        sc("sc_tw_name_not_string", "TransactWriteItems",
           _tw(put(H, {"pk": {"S": "sc-x"}},
                   ConditionExpression="attribute_exists(pk)",
                   ExpressionAttributeNames={"#xyz": 7})),
           "SerializationException", ANY),
        sc("sc_tg_unused_name", "TransactGetItems",
           _tw({"Get": _get(H, {"pk": {"S": "sc-g"}},
                            ProjectionExpression="#xx,#zz",
                            ExpressionAttributeNames={"#xx": "x", "#zz": "z",
                                                      "#qq": "q"})}),
           V, Re("unused.*#qq")),
        sc("sc_tg_missing_name", "TransactGetItems",
           _tw({"Get": _get(H, {"pk": {"S": "sc-g"}},
                            ProjectionExpression="#xx,#zz",
                            ExpressionAttributeNames={"#xx": "x"})}),
           V, Re("#zz")),
        sc("sc_tg_101", "TransactGetItems",
           _tw(*[{"Get": _get(H, {"pk": {"S": str(i)}})}
                 for i in range(101)]), V, Re("[tT]ransactItems.*100")),
        # --- ProjectionExpression (test_projection_expression.py)
        proj("sc_proj_dup_path_quoted", "a.b[0],a.b[0]", V,
             overlap("[a, b, [0]]", "[a, b, [0]]"), SCYLLA_QUOTED),
        proj("sc_proj_conflict_quoted", "a.b, a[1]", V,
             "Invalid ProjectionExpression: Two document paths conflict with "
             "each other; must remove or rewrite one of these paths; path "
             "one: [a, b], path two: [a, [1]]", SCYLLA_QUOTED),
        proj("sc_proj_33_levels_quoted", "a" + ".b" * 32, V,
             "Invalid ProjectionExpression: The document path has too many "
             "nesting levels; nesting levels: 33", SCYLLA_QUOTED),
        proj("sc_proj_32_levels", "a" + ".b" * 31, None, None),
        proj("sc_proj_empty_quoted", "", V,
             Re("^Invalid ProjectionExpression: The expression can not be "
                "empty"), SCYLLA_QUOTED),
        proj("sc_proj_top_dup", "a,a", V, ANY),
    ]
    for i, expr in enumerate(("a, a", "a.b, a.b", "a[1], a[1]", "a, a.b",
                              "a.b, a", "a.b, a.b[2]", "a.b, a.b.c",
                              "a, a.b[2].c", "a.b.d, a.b", "a.b.d.e, a.b",
                              "a.b, a.b.d", "a.b, a.b.d.e")):
        probes.append(proj("sc_proj_overlap_%d" % i, expr, V,
                           Re(" overlap")))
    for i, expr in enumerate(("a[1], a.b", "a.b[1], a.b.c", "a.b.c, a.b[1]")):
        probes.append(proj("sc_proj_conflict_%d" % i, expr, V,
                           Re(" conflict")))
    for i, expr in enumerate(("a, b", "a.b, a.c", "a.b.d, a.b.e",
                              "a[1], a[2]", "a.b, a.c[2]", "a.b, a.c[1]")):
        probes.append(proj("sc_proj_disjoint_%d" % i, expr, None, None))
    for i, expr in enumerate(("a,", ",a", "a,,b")):
        probes.append(proj("sc_proj_comma_%d" % i, expr, V, ANY))
    probes += [
        proj("sc_proj_undefined_name", "#name", V, ANY,
             ExpressionAttributeNames={"#wrong": "a"}),
        proj("sc_proj_unused_name", "#name", V, ANY,
             ExpressionAttributeNames={"#name": "a", "#unused": "b"}),
        proj("sc_proj_path_undefined_name", "a.#n2", V, ANY,
             ExpressionAttributeNames={"#wrong": "b"}),
        sc("sc_get_proj_and_atg", "GetItem",
           _get(H, key, ConsistentRead=True, ProjectionExpression="a",
                AttributesToGet=["b"]), V, Re("both")),
        sc("sc_scan_proj_and_atg", "Scan",
           {"TableName": H, "ProjectionExpression": "a",
            "AttributesToGet": ["a"]}, V, Re("both")),
        sc("sc_query_proj_and_atg", "Query",
           {"TableName": H, "ProjectionExpression": "a",
            "AttributesToGet": ["a"],
            "KeyConditions": {"pk": {"AttributeValueList": [{"S": "sc"}],
                                     "ComparisonOperator": "EQ"}}},
           V, Re("both")),
    ]
    return probes


def _moto_and_dynalite_probes(H, put, cancelled):
    def five(**kw):
        return _tw(*[put(H, {"pk": {"S": "foo%d" % i}, "foo": {"S": "bar"}},
                         ConditionExpression="#i <> :i",
                         ExpressionAttributeNames={"#i": "pk"},
                         ExpressionAttributeValues={":i": {"S": "foo2"}},
                         **kw) for i in range(5)])

    codes = ["None", "None", "ConditionalCheckFailed", "None", "None"]
    probes = [
        cancelled("m_tw_five_puts_one_fails", MOTO, five(), codes,
                  {2: "The conditional request failed"}),
        cancelled("m_tw_five_puts_return_item", MOTO,
                  five(ReturnValuesOnConditionCheckFailure="ALL_OLD"), codes,
                  {2: "The conditional request failed"}),
    ]
    # dynalite: key values over the size limits, on each path that takes a
    # key (its getItem, putItem, batchGetItem tests).
    for pid, op, body, text in (
            ("d_get_hash_2049", "GetItem",
             _get(H, {"pk": {"S": "h" * 2049}}), HASH_TOO_BIG),
            ("d_get_range_1025", "GetItem",
             _get(COMP, {"pk": {"S": "a"}, "sk": {"S": "r" * 1025}}),
             RANGE_TOO_BIG),
            ("d_put_hash_2049", "PutItem",
             {"TableName": H, "Item": {"pk": {"S": "h" * 2049}}},
             HASH_TOO_BIG),
            ("d_put_range_1025", "PutItem",
             {"TableName": COMP,
              "Item": {"pk": {"S": "a"}, "sk": {"S": "r" * 1025}}},
             RANGE_TOO_BIG),
            ("d_bg_hash_2049", "BatchGetItem",
             {"RequestItems": {H: {"Keys": [{"pk": {"S": "h" * 2049}}]}}},
             HASH_TOO_BIG),
            ("d_bg_range_1025", "BatchGetItem",
             {"RequestItems": {COMP: {"Keys": [
                 {"pk": {"S": "a"}, "sk": {"S": "r" * 1025}}]}}},
             RANGE_TOO_BIG)):
        probes.append(_p(pid, op, body, DYNALITE, V, text))
    return probes
