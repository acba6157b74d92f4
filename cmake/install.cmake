# The C library as a system library: a shared libpintas.so (only the pintas_*
# functions exported), the static libpintas.a, the public headers, a CMake
# package (find_package(pintas CONFIG): pintas::pintas, pintas::pintas_static)
# and a pkg-config file (pintas.pc). Included by the top-level CMakeLists.txt
# outside the Python build, after pintas_core is set up. docs/c-api.md,
# "Installing the C library", shows how to use it; tools/test_install.sh tests it.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(PINTAS_SHARED "Build the shared library libpintas (target pintas_shared)" ON)
option(PINTAS_INSTALL "Generate the install rules of the C library" ON)

# The version of the C API is the project's: check that common.h says the same.
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/csrc/include/pintas/common.h pintas_version_lines
     REGEX "^#define PINTAS_VERSION_(MAJOR|MINOR|PATCH) ")
string(REGEX REPLACE "[^;]*MAJOR ([0-9]+);[^;]*MINOR ([0-9]+);[^;]*PATCH ([0-9]+)" "\\1.\\2.\\3"
       pintas_header_version "${pintas_version_lines}")
if(NOT pintas_header_version STREQUAL PROJECT_VERSION)
  message(FATAL_ERROR "pintas/common.h says version ${pintas_header_version}, "
                      "CMakeLists.txt says ${PROJECT_VERSION}: make them agree")
endif()

# While the major version is 0, every minor version may change the ABI (the
# sizes of the state structs, say): the soname and the package's compatibility
# follow MAJOR.MINOR; from 1.0 on, MAJOR.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(PINTAS_SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  set(pintas_compatibility SameMinorVersion)
else()
  set(PINTAS_SOVERSION ${PROJECT_VERSION_MAJOR})
  set(pintas_compatibility SameMajorVersion)
endif()

# The static library is libpintas.a beside libpintas.so, as system libraries
# are (MSVC names both pintas.lib, so there it stays pintas_core.lib).
set_target_properties(pintas_core PROPERTIES EXPORT_NAME pintas_static)
if(NOT MSVC)
  set_target_properties(pintas_core PROPERTIES OUTPUT_NAME pintas)
endif()
add_library(pintas::pintas_static ALIAS pintas_core)
target_include_directories(pintas_core INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set(pintas_targets pintas_core)

get_property(pintas_can_share GLOBAL PROPERTY TARGET_SUPPORTS_SHARED_LIBS)
if(PINTAS_SHARED AND NOT pintas_can_share)
  message(STATUS "pintas: no shared libraries on this platform; building the static one only")
  set(PINTAS_SHARED OFF)
endif()

if(PINTAS_SHARED)
  # The same sources, compiled as pintas_core is (whatever options it is given).
  add_library(pintas_shared SHARED ${PINTAS_CORE_SOURCES})
  add_library(pintas::pintas ALIAS pintas_shared)
  target_include_directories(pintas_shared PUBLIC
                             $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/csrc/include>
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_options(pintas_shared PRIVATE $<TARGET_PROPERTY:pintas_core,COMPILE_OPTIONS>)
  target_compile_definitions(pintas_shared PRIVATE
                             $<TARGET_PROPERTY:pintas_core,COMPILE_DEFINITIONS>)
  target_link_options(pintas_shared PRIVATE $<TARGET_PROPERTY:pintas_core,INTERFACE_LINK_OPTIONS>)
  set_target_properties(pintas_shared PROPERTIES
                        OUTPUT_NAME pintas
                        EXPORT_NAME pintas
                        VERSION ${PROJECT_VERSION}
                        SOVERSION ${PINTAS_SOVERSION}
                        POSITION_INDEPENDENT_CODE ON
                        WINDOWS_EXPORT_ALL_SYMBOLS ON)
  # Export the API, pintas_<letter or digit>...: not the core's internal
  # pintas__* helpers. GNU-style linkers take a version script; elsewhere
  # every symbol stays visible.
  set(pintas_map ${CMAKE_CURRENT_SOURCE_DIR}/cmake/pintas.map)
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_LINK_OPTIONS "-Wl,--version-script=${pintas_map}")
  check_c_source_compiles("int main(void) { return 0; }" PINTAS_LINKER_VERSION_SCRIPT)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(PINTAS_LINKER_VERSION_SCRIPT)
    set_target_properties(pintas_shared PROPERTIES LINK_DEPENDS ${pintas_map})
    target_link_options(pintas_shared PRIVATE "-Wl,--version-script=${pintas_map}")
  endif()
  list(APPEND pintas_targets pintas_shared)
endif()

if(PINTAS_INSTALL)
  set(pintas_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/pintas)

  install(TARGETS ${pintas_targets} EXPORT pintasTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT pintas_runtime
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT pintas_runtime
                  NAMELINK_COMPONENT pintas_development
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT pintas_development)

  # The public headers: include/pintas/*.h, never a *_internal.h.
  file(GLOB pintas_headers ${CMAKE_CURRENT_SOURCE_DIR}/csrc/include/pintas/*.h)
  list(FILTER pintas_headers EXCLUDE REGEX "_internal\\.h$")
  install(FILES ${pintas_headers} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pintas
          COMPONENT pintas_development)

  install(EXPORT pintasTargets NAMESPACE pintas:: DESTINATION ${pintas_cmake_dir}
          COMPONENT pintas_development)
  configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/cmake/pintasConfig.cmake.in
                                ${CMAKE_CURRENT_BINARY_DIR}/pintasConfig.cmake
                                INSTALL_DESTINATION ${pintas_cmake_dir})
  write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/pintasConfigVersion.cmake
                                   VERSION ${PROJECT_VERSION}
                                   COMPATIBILITY ${pintas_compatibility})
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/pintasConfig.cmake
                ${CMAKE_CURRENT_BINARY_DIR}/pintasConfigVersion.cmake
          DESTINATION ${pintas_cmake_dir} COMPONENT pintas_development)

  # pintas.pc finds the prefix from its own place (${pcfiledir}), so the tree
  # may be installed with `cmake --install --prefix` or moved.
  set(pintas_pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
    set(PINTAS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  else()
    file(RELATIVE_PATH pintas_pc_up /prefix/${pintas_pc_dir} /prefix)
    string(REGEX REPLACE "/$" "" pintas_pc_up "${pintas_pc_up}")
    set(PINTAS_PC_PREFIX "\${pcfiledir}/${pintas_pc_up}")
  endif()
  foreach(dir LIBDIR INCLUDEDIR)
    if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
      set(PINTAS_PC_${dir} "${CMAKE_INSTALL_${dir}}")
    else()
      set(PINTAS_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
    endif()
  endforeach()
  configure_file(${CMAKE_CURRENT_SOURCE_DIR}/cmake/pintas.pc.in
                 ${CMAKE_CURRENT_BINARY_DIR}/pintas.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/pintas.pc DESTINATION ${pintas_pc_dir}
          COMPONENT pintas_development)
endif()
