// Copyright 2026 The eddy Authors.

#include "emulator/base/base64.h"

#include "gtest/gtest.h"

namespace eddy {
namespace {

TEST(Base64Test, RoundTripsRfc4648Vectors) {
  const std::pair<const char*, const char*> vectors[] = {
      {"", ""},
      {"f", "Zg=="},
      {"fo", "Zm8="},
      {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="},
      {"fooba", "Zm9vYmE="},
      {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, encoded] : vectors) {
    EXPECT_EQ(Base64Encode(plain), encoded);
    std::string out, error;
    ASSERT_TRUE(Base64Decode(encoded, &out, &error)) << error;
    EXPECT_EQ(out, plain);
  }
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  std::string out, error;
  ASSERT_TRUE(Base64Decode(Base64Encode(all), &out, &error));
  EXPECT_EQ(out, all);
}

TEST(Base64Test, RejectsMalformedInput) {
  std::string out, error;
  EXPECT_FALSE(Base64Decode("abc", &out, &error));
  EXPECT_EQ(
      error,
      "Base64 encoded length is expected a multiple of 4 bytes but found: 3");
  EXPECT_FALSE(Base64Decode("ab!d", &out, &error));
  EXPECT_EQ(error, "Invalid Base64 character: '!'");
  EXPECT_FALSE(Base64Decode("a=bc", &out, &error));
  EXPECT_FALSE(Base64Decode("Zh==", &out, &error));  // non-zero unused bits
  EXPECT_FALSE(Base64Decode("====", &out, &error));
}

}  // namespace
}  // namespace eddy
