# `cmake --install` puts the headers, the static libraries and an eddyConfig.cmake
# in the prefix, so that another project can `find_package(eddy)` and link
# `eddy::emulator`.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

get_property(eddy_modules GLOBAL PROPERTY EDDY_MODULES)
install(TARGETS ${eddy_modules} eddy_emulator eddy_build_flags
  EXPORT eddyTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY emulator/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/emulator
  FILES_MATCHING PATTERN "*.h")
install(EXPORT eddyTargets NAMESPACE eddy:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
configure_package_config_file(cmake/eddyConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/eddyConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/eddyConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/eddyConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/eddyConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
