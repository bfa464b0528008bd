# `cpack -G DEB` in the build directory makes eddy_<version>_<arch>.deb: what
# `cmake --install` installs (cmake/EddyInstall.cmake), under /usr: the eddy
# and eddy-server binaries (stripped), the headers, the static libraries and
# the CMake config. Its Depends are the shared libraries the binaries need
# (dpkg-shlibdeps), so `apt-get install --no-install-recommends ./eddy_*.deb`
# is enough to run eddy-server (tools/docker/Dockerfile); the -dev packages
# that find_package(eddy) needs are Recommends. tools/package_check.sh builds
# it and checks it.
if(NOT PROJECT_IS_TOP_LEVEL)
  return()
endif()

set(CPACK_PACKAGE_NAME eddy)
set(CPACK_PACKAGE_VENDOR "The eddy Authors")
set(CPACK_PACKAGE_CONTACT "The eddy Authors <eddy@invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "in-process emulator of Amazon DynamoDB: eddy-server, the eddy CLI, C++ library and test kit")
set(CPACK_PACKAGE_DESCRIPTION
  "eddy emulates Amazon DynamoDB. eddy-server speaks DynamoDB's JSON protocol over HTTP for the AWS CLI and SDKs. The C++ library (find_package(eddy): eddy::emulator, eddy::testing, eddy::server) runs it in-process in tests.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "cmake, g++, pkg-config, libabsl-dev, libxxhash-dev, nlohmann-json3-dev, zlib1g-dev, libzstd-dev, libgtest-dev, libgmock-dev")
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
include(CPack)
