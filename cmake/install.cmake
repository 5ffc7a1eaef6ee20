# Installs the header libraries and exports them as orderly::integrators / orderly::reference,
# so other projects can use find_package(orderly) after cmake --install.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS orderly_integrators orderly_reference EXPORT orderlyTargets)
install(DIRECTORY integrators/include/ reference/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT orderlyTargets NAMESPACE orderly:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/orderly)
configure_package_config_file(cmake/orderlyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/orderlyConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/orderly)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/orderlyConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/orderlyConfig.cmake ${PROJECT_BINARY_DIR}/orderlyConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/orderly)
