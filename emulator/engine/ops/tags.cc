// Copyright 2026 The eddy Authors.
//
// TagResource, UntagResource, ListTagsOfResource on table ARNs, and the tags
// CreateTable accepts. Limits (DynamoDB's tagging restrictions): at most 50
// tags per table; keys of 1-128 and values of 0-256 characters from Unicode
// letters, digits, white space and _ . : / = + - @; keys may not start with
// "aws:". Index ARNs are refused: only tables carry tags.

#include <cctype>
#include <mutex>
#include <set>

#include "emulator/engine/ops/operations.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

constexpr size_t kMaxTags = 50;
constexpr size_t kMaxKeyLength = 128;
constexpr size_t kMaxValueLength = 256;
constexpr char kInvalid[] = "One or more parameter values were invalid: ";

// Characters of a UTF-8 string (not bytes), for the length limits.
size_t CharacterCount(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

bool AllowedCharacters(std::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) continue;  // other Unicode letters and digits
    if (std::isalnum(c) || c == ' ' || c == '_' || c == '.' || c == ':' ||
        c == '/' || c == '=' || c == '+' || c == '-' || c == '@') {
      continue;
    }
    return false;
  }
  return true;
}

// The name of the table an ARN names, with DynamoDB's messages for ARNs
// that cannot name one.
StatusOr<std::string> TableNameOfArn(Context& ctx, const std::string& arn) {
  if (arn.rfind("arn:", 0) != 0) {
    return Status::Validation(std::string(kInvalid) +
                              "ARNs must start with 'arn:': " + arn);
  }
  const std::string prefix = "arn:aws:dynamodb:" + ctx.options->region + ":" +
                             ctx.options->account_id + ":table/";
  // A DynamoDB ARN of this region but another account: DynamoDB's 2026
  // answer is AccessDeniedException "Access is denied"; another region
  // keeps the "Invalid TableArn" text below.
  const std::string region_prefix =
      "arn:aws:dynamodb:" + ctx.options->region + ":";
  if (arn.starts_with(region_prefix) && arn.rfind(prefix, 0) != 0) {
    const size_t account_end = arn.find(':', region_prefix.size());
    if (account_end != std::string::npos &&
        arn.compare(account_end, 7, ":table/") == 0) {
      return Status(ErrorCode::kAccessDenied, "Access is denied");
    }
  }
  if (arn.rfind(prefix, 0) != 0) {
    return Status::Validation(
        "Invalid TableArn: Invalid ResourceArn provided as input " + arn);
  }
  const std::string rest = arn.substr(prefix.size());
  if (rest.find('/') != std::string::npos) {
    return Status::Validation(
        std::string(kInvalid) +
        "Invalid resource arn provided, only table or stream is accepted. "
        "Provided resource arn: " +
        arn);
  }
  return rest;
}

StatusOr<std::shared_ptr<Table>> FindTableOfArn(Context& ctx,
                                                const std::string& arn,
                                                const std::string& name) {
  std::shared_ptr<Table> table = ctx.catalog->Find(name);
  if (table == nullptr) {
    return Status::ResourceNotFound(
        "Requested resource not found: ResourceArn: " + arn + " not found");
  }
  return table;
}

bool HasAwsPrefix(const std::string& key) {
  return key.size() >= 4 && std::tolower(key[0]) == 'a' &&
         std::tolower(key[1]) == 'w' && std::tolower(key[2]) == 's' &&
         key[3] == ':';
}

Status ValidateTags(const std::vector<Tag>& tags) {
  std::set<std::string> seen;
  for (const Tag& t : tags) {
    if (t.key.empty() || CharacterCount(t.key) > kMaxKeyLength ||
        !AllowedCharacters(t.key)) {
      return Status::Validation("The Tag Key provided is invalid, Key: " +
                                t.key);
    }
    if (CharacterCount(t.value) > kMaxValueLength ||
        !AllowedCharacters(t.value)) {
      return Status::Validation("The Tag Value provided is invalid, Value: " +
                                t.value);
    }
    if (HasAwsPrefix(t.key)) {
      return Status::Validation("Tag Key cannot be prefixed with aws:, Key: " +
                                t.key);
    }
    if (!seen.insert(t.key).second) {
      return Status::Validation(
          "Duplicate Tag Keys provided as input: Duplicate Tag Key found " +
          t.key);
    }
  }
  return Status::OK();
}

}  // namespace

Status ApplyCreateTableTags(const std::vector<Tag>& tags, Table& table) {
  EDDY_RETURN_IF_ERROR(ValidateTags(tags));
  if (tags.size() > kMaxTags) {
    return Status::Validation(
        "Number of Tags exceed the current limit for the provided "
        "ResourceArn");
  }
  for (const Tag& t : tags) table.mutable_state().tags[t.key] = t.value;
  return Status::OK();
}

// Check order (research notes): the ARN's form, the list, its contents, and
// only then the table's existence.
StatusOr<TagResourceResponse> TagResource(Context& ctx,
                                          const TagResourceRequest& request) {
  EDDY_ASSIGN_OR_RETURN(std::string name,
                        TableNameOfArn(ctx, request.resource_arn));
  if (request.tags.empty()) {
    return Status::Validation("Atleast one Tag needs to be provided as Input.");
  }
  EDDY_RETURN_IF_ERROR(ValidateTags(request.tags));
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTableOfArn(ctx, request.resource_arn, name));
  MutexLock lock(&table->mu());
  std::map<std::string, std::string> next = table->state().tags;
  for (const Tag& t : request.tags) next[t.key] = t.value;
  if (next.size() > kMaxTags) {
    return Status::Validation(
        "Number of Tags exceed the current limit for the provided "
        "ResourceArn");
  }
  table->mutable_state().tags = std::move(next);
  LogSettingsChange(*table);
  return TagResourceResponse{};
}

StatusOr<UntagResourceResponse> UntagResource(
    Context& ctx, const UntagResourceRequest& request) {
  EDDY_ASSIGN_OR_RETURN(std::string name,
                        TableNameOfArn(ctx, request.resource_arn));
  if (request.tag_keys.empty()) {
    return Status::Validation(
        "Atleast one Tag Key needs to be provided as Input.");
  }
  if (request.tag_keys.size() > kMaxTags) {
    return Status::Validation(
        "Number of Tags exceed the current limit for the provided "
        "ResourceArn");
  }
  for (const std::string& key : request.tag_keys) {
    if (key.empty() || CharacterCount(key) > kMaxKeyLength ||
        !AllowedCharacters(key)) {
      return Status::Validation("The Tag Key provided is invalid, Key: " + key);
    }
    if (HasAwsPrefix(key)) {
      return Status::Validation("Tag Key cannot be prefixed with aws:, Key: " +
                                key);
    }
  }
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTableOfArn(ctx, request.resource_arn, name));
  MutexLock lock(&table->mu());
  for (const std::string& key : request.tag_keys) {
    table->mutable_state().tags.erase(key);
  }
  LogSettingsChange(*table);
  return UntagResourceResponse{};
}

StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
    Context& ctx, const ListTagsOfResourceRequest& request) {
  EDDY_ASSIGN_OR_RETURN(std::string name,
                        TableNameOfArn(ctx, request.resource_arn));
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTableOfArn(ctx, request.resource_arn, name));
  ReaderMutexLock lock(&table->mu());
  ListTagsOfResourceResponse response;
  // At most 50 tags, so one page always holds them all; a NextToken given
  // by an older page (never issued by eddy) starts after that key.
  auto it = request.next_token
                ? table->state().tags.upper_bound(*request.next_token)
                : table->state().tags.begin();
  for (; it != table->state().tags.end(); ++it) {
    response.tags.push_back(Tag{it->first, it->second});
  }
  return response;
}

}  // namespace eddy::engine
