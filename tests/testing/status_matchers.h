// Copyright 2026 The eddy Authors.
//
// Moved: the matchers are part of the installed kit now. Include
// "emulator/testing/status_matchers.h". This forwarding header stays only so
// that branches written before the move still build; delete it once none
// includes it.

#ifndef EDDY_TESTS_TESTING_STATUS_MATCHERS_H_
#define EDDY_TESTS_TESTING_STATUS_MATCHERS_H_

#include "emulator/testing/status_matchers.h"

#endif  // EDDY_TESTS_TESTING_STATUS_MATCHERS_H_
