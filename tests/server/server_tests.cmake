# eddy-server: unit tests of its pieces and its protocol over loopback
# (owned by the server work). cpp-httplib's client drives the server; its
# Debian build must be compiled against with the same definitions
# (pkg-config), which also pull in OpenSSL's headers.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)

eddy_test(server_test
  SOURCES server/http_parser_test.cc server/units_test.cc server/server_test.cc
  DEPS eddy_server_lib PkgConfig::HTTPLIB)
