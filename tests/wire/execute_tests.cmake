# JSON API test suites (owned by the JSON API work).
