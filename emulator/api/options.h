// Copyright 2026 The eddy Authors.
//
// Options: how a Database is set up. Every member has a default that behaves
// like DynamoDB Local: real time, us-east-1, one shared account.

#ifndef EDDY_EMULATOR_API_OPTIONS_H_
#define EDDY_EMULATOR_API_OPTIONS_H_

#include <string>

#include "emulator/base/clock.h"

namespace eddy {

struct Options {
  // Where time comes from (table creation times; later TTL, idempotency
  // windows and throttling). Not owned; must outlive the Database.
  // Default: the process's real clock. Tests pass a ManualClock.
  Clock* clock = Clock::Real();

  // Region and account used in ARNs
  // ("arn:aws:dynamodb:<region>:<account>:table/<name>"). Default: "us-east-1"
  // and "000000000000".
  std::string region = "us-east-1";
  std::string account_id = "000000000000";
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_OPTIONS_H_
