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

# The CLI with the data it reads: the order gate's baseline and the stored references
# (studies/data_paths.hpp finds them at <prefix>/share/orderly).
if(TARGET orderly)
  install(TARGETS orderly RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES tests/baselines/order.json DESTINATION ${CMAKE_INSTALL_DATADIR}/orderly RENAME order-baseline.json)
  install(DIRECTORY reference/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/orderly/reference-data)
endif()
