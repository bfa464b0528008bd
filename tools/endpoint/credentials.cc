// Copyright 2026 The eddy Authors.

#include "tools/endpoint/credentials.h"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace eddy::endpoint {
namespace {

std::string_view Trim(std::string_view s) {
  auto space = [](char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
  };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// The file's sections, or nullopt when it cannot be read.
std::optional<IniSections> ReadIni(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return ParseIni(text.str());
}

std::string Path(const Getenv& env, const char* variable,
                 const char* home_relative) {
  if (std::optional<std::string> p = env(variable); p && !p->empty()) {
    return *p;
  }
  std::optional<std::string> home = env("HOME");
  return (home ? *home : std::string()) + home_relative;
}

const std::map<std::string, std::string>* Find(const IniSections& ini,
                                               const std::string& name) {
  auto it = ini.find(name);
  return it == ini.end() ? nullptr : &it->second;
}

std::string Get(const std::map<std::string, std::string>* section,
                const char* key) {
  if (section == nullptr) return "";
  auto it = section->find(key);
  return it == section->end() ? "" : it->second;
}

}  // namespace

std::optional<std::string> ProcessEnv(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (v == nullptr) return std::nullopt;
  return std::string(v);
}

IniSections ParseIni(std::string_view text) {
  IniSections out;
  std::string section;
  bool in_section = false;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    const bool indented = !line.empty() && (line[0] == ' ' || line[0] == '\t');
    line = Trim(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[' && line.back() == ']') {
      section = std::string(Trim(line.substr(1, line.size() - 2)));
      out[section];
      in_section = true;
      continue;
    }
    if (!in_section || indented) continue;
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    out[section][Lower(Trim(line.substr(0, eq)))] =
        std::string(Trim(line.substr(eq + 1)));
  }
  return out;
}

StatusOr<AwsSettings> LoadAwsSettings(const Getenv& env, bool require_region) {
  AwsSettings s;
  std::optional<std::string> profile = env("AWS_PROFILE");
  const bool named = profile.has_value() && !profile->empty();
  s.profile = named ? *profile : "default";

  const std::string credentials_path =
      Path(env, "AWS_SHARED_CREDENTIALS_FILE", "/.aws/credentials");
  const std::string config_path = Path(env, "AWS_CONFIG_FILE", "/.aws/config");
  const IniSections credentials_ini =
      ReadIni(credentials_path).value_or(IniSections());
  const IniSections config_ini = ReadIni(config_path).value_or(IniSections());
  const auto* cred_section = Find(credentials_ini, s.profile);
  const auto* config_section =
      Find(config_ini, s.profile == "default" ? std::string("default")
                                              : "profile " + s.profile);
  if (named && cred_section == nullptr && config_section == nullptr) {
    return Status::Validation("the profile '" + s.profile +
                              "' named by AWS_PROFILE is in neither " +
                              credentials_path + " nor " + config_path);
  }

  std::optional<std::string> key = env("AWS_ACCESS_KEY_ID");
  std::optional<std::string> secret = env("AWS_SECRET_ACCESS_KEY");
  const bool has_key = key && !key->empty();
  const bool has_secret = secret && !secret->empty();
  if (has_key != has_secret) {
    return Status::Validation(
        std::string("partial credentials in the environment: ") +
        (has_key ? "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not"
                 : "AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is "
                   "not"));
  }
  if (has_key) {
    s.credentials.access_key_id = *key;
    s.credentials.secret_access_key = *secret;
    s.credentials.session_token = env("AWS_SESSION_TOKEN").value_or("");
    s.credentials_source = "environment";
  } else {
    struct Source {
      const std::map<std::string, std::string>* section;
      std::string name;
    };
    for (const Source& src :
         {Source{cred_section, "shared credentials file " + credentials_path},
          Source{config_section, "config file " + config_path}}) {
      const std::string id = Get(src.section, "aws_access_key_id");
      const std::string sec = Get(src.section, "aws_secret_access_key");
      if (id.empty() && sec.empty()) continue;
      if (id.empty() || sec.empty()) {
        return Status::Validation("partial credentials in the " + src.name +
                                  ", profile " + s.profile +
                                  ": it needs both aws_access_key_id and "
                                  "aws_secret_access_key");
      }
      s.credentials.access_key_id = id;
      s.credentials.secret_access_key = sec;
      s.credentials.session_token = Get(src.section, "aws_session_token");
      s.credentials_source = src.name;
      break;
    }
    if (s.credentials_source.empty()) {
      return Status::Validation(
          "no AWS credentials: set AWS_ACCESS_KEY_ID and "
          "AWS_SECRET_ACCESS_KEY, or put aws_access_key_id and "
          "aws_secret_access_key in profile " +
          s.profile + " of " + credentials_path +
          " (any values will do for eddy-server or DynamoDB Local)");
    }
  }

  if (std::optional<std::string> r = env("AWS_REGION"); r && !r->empty()) {
    s.region = *r;
    s.region_source = "AWS_REGION";
  } else if (std::optional<std::string> d = env("AWS_DEFAULT_REGION");
             d && !d->empty()) {
    s.region = *d;
    s.region_source = "AWS_DEFAULT_REGION";
  } else if (std::string c = Get(config_section, "region"); !c.empty()) {
    s.region = c;
    s.region_source = "config file " + config_path;
  } else if (require_region) {
    return Status::Validation(
        "no AWS region: set AWS_REGION (or AWS_DEFAULT_REGION), or region in "
        "profile " +
        s.profile + " of " + config_path);
  }
  return s;
}

}  // namespace eddy::endpoint
