// Copyright 2026 The eddy Authors.
//
// LoadAwsSettings: credentials and region as the AWS SDKs and CLI find them,
// for signing requests to a DynamoDB-compatible endpoint.
//
//   StatusOr<AwsSettings> s = LoadAwsSettings();
//   // s->credentials, s->region; s->credentials_source says where they came
//   // from ("environment", "shared credentials file /root/.aws/credentials")
//
// Contract (the SDKs' order, static credentials only):
// - Profile: AWS_PROFILE, else "default".
// - Credentials: AWS_ACCESS_KEY_ID with AWS_SECRET_ACCESS_KEY (and
//   AWS_SESSION_TOKEN if set); else the profile's aws_access_key_id /
//   aws_secret_access_key / aws_session_token in the shared credentials file
//   (AWS_SHARED_CREDENTIALS_FILE, else ~/.aws/credentials, section
//   [NAME]); else the same keys in the config file (AWS_CONFIG_FILE, else
//   ~/.aws/config, section [default] or [profile NAME]). Missing files are
//   skipped. Other providers (SSO, process, instance metadata, web
//   identity, assume-role) are not implemented.
// - Region: AWS_REGION, else AWS_DEFAULT_REGION, else the profile's
//   `region` in the config file.
// - Errors (ValidationException, saying what to set): no credentials; only
//   one of AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; a profile with a key id
//   and no secret; AWS_PROFILE naming a profile neither file has; no region
//   (unless `require_region` is false, when the region may stay empty).
// - Files are INI: `[section]`, `key = value`, comments from '#' or ';' at
//   the start of a line; indented lines (nested settings) are ignored.
//
// Thread safety: reentrant; reads the environment through `env` and the files.

#ifndef EDDY_TOOLS_ENDPOINT_CREDENTIALS_H_
#define EDDY_TOOLS_ENDPOINT_CREDENTIALS_H_

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "tools/endpoint/sigv4.h"

namespace eddy::endpoint {

// The value of an environment variable, or nullopt when it is unset.
using Getenv = std::function<std::optional<std::string>(const std::string&)>;

// The process's environment (getenv).
std::optional<std::string> ProcessEnv(const std::string& name);

struct AwsSettings {
  AwsCredentials credentials;
  std::string region;
  std::string profile;             // "default" unless AWS_PROFILE
  std::string credentials_source;  // "environment", "shared credentials file
                                   // PATH" or "config file PATH"
  std::string region_source;       // "AWS_REGION", ..., "config file PATH"
};

StatusOr<AwsSettings> LoadAwsSettings(const Getenv& env = ProcessEnv,
                                      bool require_region = true);

// An INI document: section -> key -> value (keys lowercased). Exposed for
// tests.
using IniSections = std::map<std::string, std::map<std::string, std::string>>;
IniSections ParseIni(std::string_view text);

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_CREDENTIALS_H_
