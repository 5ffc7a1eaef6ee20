# Installs the libraries and exports them as orderly::integrators, orderly::reference,
# orderly::study and orderly::stepper_interface (the C header orderly/stepper.h), so other
# projects can use find_package(orderly) after cmake --install.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(orderly_exported orderly_integrators orderly_reference)
set(orderly_include_dirs integrators/include/ reference/include/)
if(TARGET orderly_study_core)  # the study library and orderly/gtest.hpp, for users' own gates
  list(APPEND orderly_exported orderly_study_core)
  list(APPEND orderly_include_dirs studies/core/include/)
endif()
# orderly/stepper.h, for users' compiled steppers: the top-level include/ as it is.
list(APPEND orderly_exported orderly_stepper_interface)
install(FILES include/orderly/stepper.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/orderly)
install(TARGETS ${orderly_exported} EXPORT orderlyTargets)
install(DIRECTORY ${orderly_include_dirs} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY reference/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/orderly/reference-data)
install(EXPORT orderlyTargets NAMESPACE orderly:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/orderly)
configure_package_config_file(cmake/orderlyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/orderlyConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/orderly)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/orderlyConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/orderlyConfig.cmake ${PROJECT_BINARY_DIR}/orderlyConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/orderly)

# The CLI with the data it reads: the order gate's baseline and the stored references
# (orderly/command/data_paths.hpp finds them at <prefix>/share/orderly).
if(TARGET orderly)
  install(TARGETS orderly RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES tests/baselines/order.json DESTINATION ${CMAKE_INSTALL_DATADIR}/orderly RENAME order-baseline.json)
endif()
