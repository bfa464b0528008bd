// Copyright 2026 The eddy Authors.
//
// Credentials and region as the SDKs find them: the environment first, then
// the shared credentials file, then the config file; profiles; errors.

#include "tools/endpoint/credentials.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace eddy::endpoint {
namespace {

class CredentialsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::path(::testing::TempDir()) /
        ("eddy_credentials_" +
         std::string(
             ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / ".aws");
    env_["HOME"] = dir_.string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void Write(const std::string& relative, const std::string& text) {
    std::ofstream(dir_ / relative) << text;
  }
  Getenv Env() {
    return [this](const std::string& name) -> std::optional<std::string> {
      auto it = env_.find(name);
      if (it == env_.end()) return std::nullopt;
      return it->second;
    };
  }

  std::filesystem::path dir_;
  std::map<std::string, std::string> env_;
};

TEST_F(CredentialsTest, EnvironmentFirst) {
  env_["AWS_ACCESS_KEY_ID"] = "AKIDENV";
  env_["AWS_SECRET_ACCESS_KEY"] = "secretenv";
  env_["AWS_SESSION_TOKEN"] = "token";
  env_["AWS_REGION"] = "eu-west-1";
  env_["AWS_DEFAULT_REGION"] = "us-east-2";
  Write(".aws/credentials",
        "[default]\naws_access_key_id = AKIDFILE\naws_secret_access_key = x\n");
  StatusOr<AwsSettings> s = LoadAwsSettings(Env());
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->credentials.access_key_id, "AKIDENV");
  EXPECT_EQ(s->credentials.secret_access_key, "secretenv");
  EXPECT_EQ(s->credentials.session_token, "token");
  EXPECT_EQ(s->credentials_source, "environment");
  EXPECT_EQ(s->region, "eu-west-1");
  EXPECT_EQ(s->region_source, "AWS_REGION");
}

TEST_F(CredentialsTest, DefaultRegionVariable) {
  env_["AWS_ACCESS_KEY_ID"] = "a";
  env_["AWS_SECRET_ACCESS_KEY"] = "b";
  env_["AWS_DEFAULT_REGION"] = "us-east-2";
  StatusOr<AwsSettings> s = LoadAwsSettings(Env());
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->region, "us-east-2");
  EXPECT_EQ(s->region_source, "AWS_DEFAULT_REGION");
}

TEST_F(CredentialsTest, FilesAndProfiles) {
  Write(".aws/credentials",
        "# comment\n[default]\naws_access_key_id = AKIDDEFAULT\n"
        "aws_secret_access_key = s1\n\n[work]\n"
        "aws_access_key_id=AKIDWORK\naws_secret_access_key=s2\n"
        "aws_session_token = tok\n");
  Write(".aws/config",
        "[default]\nregion = us-west-2\n[profile work]\nregion = ap-south-1\n"
        "s3 =\n  max_concurrent_requests = 20\n");
  StatusOr<AwsSettings> s = LoadAwsSettings(Env());
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->profile, "default");
  EXPECT_EQ(s->credentials.access_key_id, "AKIDDEFAULT");
  EXPECT_EQ(s->region, "us-west-2");
  EXPECT_EQ(s->credentials_source,
            "shared credentials file " + (dir_ / ".aws/credentials").string());

  env_["AWS_PROFILE"] = "work";
  s = LoadAwsSettings(Env());
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->credentials.access_key_id, "AKIDWORK");
  EXPECT_EQ(s->credentials.secret_access_key, "s2");
  EXPECT_EQ(s->credentials.session_token, "tok");
  EXPECT_EQ(s->region, "ap-south-1");

  env_["AWS_PROFILE"] = "nope";
  s = LoadAwsSettings(Env());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("'nope' named by AWS_PROFILE"),
            std::string::npos);
}

TEST_F(CredentialsTest, ConfigFileCredentialsAndOverriddenPaths) {
  Write("other_config",
        "[profile ci]\naws_access_key_id = AKIDCFG\n"
        "aws_secret_access_key = s\nregion = sa-east-1\n");
  env_["AWS_CONFIG_FILE"] = (dir_ / "other_config").string();
  env_["AWS_SHARED_CREDENTIALS_FILE"] = (dir_ / "missing").string();
  env_["AWS_PROFILE"] = "ci";
  StatusOr<AwsSettings> s = LoadAwsSettings(Env());
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->credentials.access_key_id, "AKIDCFG");
  EXPECT_EQ(s->region, "sa-east-1");
  EXPECT_EQ(s->credentials_source,
            "config file " + (dir_ / "other_config").string());
}

TEST_F(CredentialsTest, Errors) {
  StatusOr<AwsSettings> s = LoadAwsSettings(Env());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("no AWS credentials"), std::string::npos);

  env_["AWS_ACCESS_KEY_ID"] = "a";
  s = LoadAwsSettings(Env());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("partial credentials"),
            std::string::npos);

  env_["AWS_SECRET_ACCESS_KEY"] = "b";
  s = LoadAwsSettings(Env());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("no AWS region"), std::string::npos);
  EXPECT_TRUE(LoadAwsSettings(Env(), /*require_region=*/false).ok());

  env_.erase("AWS_ACCESS_KEY_ID");
  env_.erase("AWS_SECRET_ACCESS_KEY");
  Write(".aws/credentials", "[default]\naws_access_key_id = only\n");
  s = LoadAwsSettings(Env());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("partial credentials in the shared"),
            std::string::npos);
}

TEST(IniTest, Sections) {
  IniSections ini = ParseIni(
      "; top comment\nstray = ignored\n[ a ]\nKey = v = w\n\tnested = x\n"
      "[b]\r\nk=1\r\n");
  EXPECT_EQ(ini["a"]["key"], "v = w");
  EXPECT_EQ(ini["a"].count("nested"), 0u);
  EXPECT_EQ(ini["b"]["k"], "1");
  EXPECT_EQ(ini.count(""), 0u);
}

}  // namespace
}  // namespace eddy::endpoint
