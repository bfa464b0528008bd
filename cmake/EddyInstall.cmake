# `cmake --install` puts in the prefix:
#   bin/eddy, bin/eddy-server                    (with EDDY_BUILD_TOOLS)
#   include/eddy/emulator/..., include/eddy/model/...,
#   include/eddy/tools/eddy-server/endpoint.h    headers, included as in the
#                                                tree: "emulator/api/database.h"
#   lib/libeddy_*.a                              static libraries
#   lib/cmake/eddy/eddyConfig.cmake              for find_package(eddy)
# so that another project can `find_package(eddy)` and link eddy::emulator,
# eddy::testing (the GoogleTest kit), eddy::server (the in-process endpoint)
# and eddy::model.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(eddy_include_dir ${CMAKE_INSTALL_INCLUDEDIR}/eddy)

get_property(eddy_modules GLOBAL PROPERTY EDDY_MODULES)
set(eddy_installed_targets ${eddy_modules} eddy_emulator eddy_build_flags eddy_model)
set(EDDY_HAS_TESTING_KIT OFF)
if(TARGET eddy_testing)
  list(APPEND eddy_installed_targets eddy_testing)
  set(EDDY_HAS_TESTING_KIT ON)
endif()
set(EDDY_HAS_SERVER OFF)
if(TARGET eddy_server_lib)
  list(APPEND eddy_installed_targets eddy_server_lib)
  set(EDDY_HAS_SERVER ON)
endif()

install(TARGETS ${eddy_installed_targets}
  EXPORT eddyTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# `cmake --install --strip` (and cpack, which strips: cmake/EddyPackage.cmake)
# strips the binaries; this drops the debug information of the static
# libraries too, as Debian's -dev packages do (--strip-debug keeps every
# symbol a link needs).
foreach(target ${eddy_installed_targets})
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "STATIC_LIBRARY" AND CMAKE_STRIP)
    install(CODE "
      if(CMAKE_INSTALL_DO_STRIP)
        execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug
          \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${target}>\")
      endif()")
  endif()
endforeach()
install(DIRECTORY emulator/ DESTINATION ${eddy_include_dir}/emulator
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY model/ DESTINATION ${eddy_include_dir}/model
  FILES_MATCHING PATTERN "*.h")
if(EDDY_HAS_SERVER)
  # The endpoint's header only: the server's other headers are internal.
  install(FILES tools/eddy-server/endpoint.h
    DESTINATION ${eddy_include_dir}/tools/eddy-server)
endif()
install(EXPORT eddyTargets NAMESPACE eddy:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
configure_package_config_file(cmake/eddyConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/eddyConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/eddyConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/eddyConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/eddyConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
