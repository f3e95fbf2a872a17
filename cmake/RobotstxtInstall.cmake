# Install layout and the package files that let C/C++ projects find the
# library: lib/cmake/robotstxt/ for find_package and lib/pkgconfig/ for
# pkg-config. Both compute the prefix from their own location at use time,
# so an installed tree keeps working after it is moved.
#
# Every rule belongs to one of three components, which CPack turns into
# the three Debian packages (RobotstxtPackage.cmake), split as Debian
# splits a library:
#   runtime  the shared library under its real name and its SONAME link
#   dev      headers, the librobotstxt.so link, librobotstxt.a, the CMake
#            and pkg-config files (and Google's names, when asked for)
#   cli      bin/robots, its manual page and its bash, zsh and fish
#            completions
# Each package carries the license in share/doc/<package>/, where Debian
# looks for it, so an install has one such folder per package.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Debian's package names: the runtime library is named after its SONAME
# (Debian policy 8.1: librobotstxt.so.0.1 -> librobotstxt0.1), the
# development files after the library, the tool after the project.
string(REGEX REPLACE "^librobotstxt\\.so\\." "" _robotstxt_soversion "${ROBOTSTXT_SONAME}")
set(ROBOTSTXT_DEB_RUNTIME "librobotstxt${_robotstxt_soversion}")
set(ROBOTSTXT_DEB_DEV "librobotstxt-dev")
set(ROBOTSTXT_DEB_CLI "robotstxt")

foreach(_dir IN ITEMS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR
                      CMAKE_INSTALL_DATAROOTDIR CMAKE_INSTALL_MANDIR)
  if(IS_ABSOLUTE "${${_dir}}")
    message(FATAL_ERROR "robotstxt: ${_dir}=${${_dir}} is absolute; the package is "
                        "relocatable only with install directories relative to the prefix")
  endif()
endforeach()

set(ROBOTSTXT_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/robotstxt")
set(ROBOTSTXT_PKGCONFIG_DIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
# "../../.." for the usual lib/cmake/robotstxt; computed so that a multiarch
# libdir such as lib/x86_64-linux-gnu works too.
file(RELATIVE_PATH ROBOTSTXT_CONFIG_TO_PREFIX
     "/prefix/${ROBOTSTXT_CMAKE_DIR}" "/prefix")
file(RELATIVE_PATH ROBOTSTXT_PC_TO_PREFIX
     "/prefix/${ROBOTSTXT_PKGCONFIG_DIR}" "/prefix")
string(REGEX REPLACE "/$" "" ROBOTSTXT_CONFIG_TO_PREFIX "${ROBOTSTXT_CONFIG_TO_PREFIX}")
string(REGEX REPLACE "/$" "" ROBOTSTXT_PC_TO_PREFIX "${ROBOTSTXT_PC_TO_PREFIX}")

# Every header in include/ is public. Google's names stay at the top of the
# include directory, where Google's install puts its robots.h, so that code
# written for Google's library (-I<prefix>/include) finds the drop-in; this
# library's own headers (the C API, robotstxt.hpp, the drop-in's internals)
# go into include/robotstxt/, where they can never shadow a header of the
# same name that another package or the user's own project has. The
# package's compile flags (CMake targets, pkg-config) name both folders, so
# `#include <robotstxt.h>` keeps working beside `<robotstxt/robotstxt.h>`.
foreach(_header IN ITEMS robots.h reporting_robots.h robotstxt/robotstxt.h)
  if(NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/include/${_header}")
    message(FATAL_ERROR "robotstxt: missing public header include/${_header}")
  endif()
endforeach()
file(GLOB ROBOTSTXT_GOOGLE_HEADERS CONFIGURE_DEPENDS
     "${CMAKE_CURRENT_SOURCE_DIR}/include/*.h")
file(GLOB ROBOTSTXT_OWN_HEADERS CONFIGURE_DEPENDS
     "${CMAKE_CURRENT_SOURCE_DIR}/include/robotstxt/*.h"
     "${CMAKE_CURRENT_SOURCE_DIR}/include/robotstxt/*.hpp")

# Shared library: the real file plus the SONAME and development symlinks
# (file(INSTALL) recreates symlinks as symlinks).
install(FILES
    "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_REALNAME}"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  COMPONENT runtime
  PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
              WORLD_READ WORLD_EXECUTE)
install(FILES "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_SONAME}"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT runtime)
install(FILES
    "${ROBOTSTXT_STAGE_DIR}/librobotstxt.so"
    "${ROBOTSTXT_CARGO_STATIC}"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)
install(FILES ${ROBOTSTXT_GOOGLE_HEADERS} DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT dev)
install(FILES ${ROBOTSTXT_OWN_HEADERS} DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/robotstxt"
        COMPONENT dev)
if(ROBOTSTXT_BUILD_CLI)
  install(PROGRAMS "${ROBOTSTXT_CARGO_CLI}" DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT cli)
  # The manual page and the completions (RobotstxtCliDocs.cmake), where
  # man, bash-completion, zsh and fish look under the prefix. zsh's folder
  # differs: Debian's zsh reads /usr/share/zsh/vendor-completions, and every
  # zsh reads <prefix>/share/zsh/site-functions for /usr/local.
  if(ROBOTSTXT_GZIP)
    set(_robotstxt_man "${ROBOTSTXT_CLI_DOCS_DIR}/robots.1.gz")
  else()
    set(_robotstxt_man "${ROBOTSTXT_CLI_DOCS_DIR}/robots.1")
  endif()
  if(CMAKE_INSTALL_PREFIX STREQUAL "/usr" AND EXISTS "/etc/debian_version")
    set(_robotstxt_zsh_dir "${CMAKE_INSTALL_DATAROOTDIR}/zsh/vendor-completions")
  else()
    set(_robotstxt_zsh_dir "${CMAKE_INSTALL_DATAROOTDIR}/zsh/site-functions")
  endif()
  set(ROBOTSTXT_ZSH_COMPLETION_DIR "${_robotstxt_zsh_dir}" CACHE STRING
      "Where the zsh completion _robots is installed, relative to the prefix")
  install(FILES "${_robotstxt_man}" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" COMPONENT cli)
  install(FILES "${ROBOTSTXT_CLI_DOCS_DIR}/robots.bash"
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/bash-completion/completions"
          RENAME robots COMPONENT cli)
  install(FILES "${ROBOTSTXT_CLI_DOCS_DIR}/_robots"
          DESTINATION "${ROBOTSTXT_ZSH_COMPLETION_DIR}" COMPONENT cli)
  install(FILES "${ROBOTSTXT_CLI_DOCS_DIR}/robots.fish"
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/fish/vendor_completions.d" COMPONENT cli)
endif()

# Google's file names, as links beside ours (relative, so that the tree
# stays relocatable): -lrobots links librobotstxt, and the program then
# loads it by our SONAME.
if(ROBOTSTXT_GOOGLE_NAMES)
  set(_robotstxt_google_dir "${CMAKE_CURRENT_BINARY_DIR}/google-names")
  file(MAKE_DIRECTORY "${_robotstxt_google_dir}")
  file(CREATE_LINK "${ROBOTSTXT_SONAME}" "${_robotstxt_google_dir}/librobots.so" SYMBOLIC)
  file(CREATE_LINK "librobotstxt.a" "${_robotstxt_google_dir}/librobots.a" SYMBOLIC)
  install(FILES
      "${_robotstxt_google_dir}/librobots.so"
      "${_robotstxt_google_dir}/librobots.a"
    DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)
endif()

# The config is hand-written rather than generated by install(EXPORT): the
# libraries come from cargo, not from CMake targets.
if(ROBOTSTXT_GOOGLE_NAMES)
  set(ROBOTSTXT_GOOGLE_NAMES_CONFIG TRUE)
else()
  set(ROBOTSTXT_GOOGLE_NAMES_CONFIG FALSE)
endif()
string(REPLACE ";" " " ROBOTSTXT_NATIVE_STATIC_LIBS_PC "${ROBOTSTXT_NATIVE_STATIC_LIBS}")
configure_file("${CMAKE_CURRENT_SOURCE_DIR}/cmake/robotstxtConfig.cmake.in"
               "${CMAKE_CURRENT_BINARY_DIR}/robotstxtConfig.cmake" @ONLY)
# 0.x releases may break the ABI in any minor bump, so only the same
# major.minor is compatible (the SONAME says the same).
write_basic_package_version_file(
  "${CMAKE_CURRENT_BINARY_DIR}/robotstxtConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES
    "${CMAKE_CURRENT_BINARY_DIR}/robotstxtConfig.cmake"
    "${CMAKE_CURRENT_BINARY_DIR}/robotstxtConfigVersion.cmake"
  DESTINATION "${ROBOTSTXT_CMAKE_DIR}" COMPONENT dev)

configure_file("${CMAKE_CURRENT_SOURCE_DIR}/cmake/robotstxt.pc.in"
               "${CMAKE_CURRENT_BINARY_DIR}/robotstxt.pc" @ONLY)
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/robotstxt.pc"
        DESTINATION "${ROBOTSTXT_PKGCONFIG_DIR}" COMPONENT dev)

# The license, where Debian keeps it (share/doc/<package>/copyright), and the
# notice the Apache License asks to travel with it, in each package; the
# README with the development files.
function(_robotstxt_install_license component package)
  set(docdir "${CMAKE_INSTALL_DATAROOTDIR}/doc/${package}")
  install(FILES "${CMAKE_CURRENT_SOURCE_DIR}/LICENSE"
          DESTINATION "${docdir}" RENAME copyright COMPONENT ${component})
  install(FILES "${CMAKE_CURRENT_SOURCE_DIR}/NOTICE" DESTINATION "${docdir}" COMPONENT ${component})
endfunction()
_robotstxt_install_license(runtime "${ROBOTSTXT_DEB_RUNTIME}")
_robotstxt_install_license(dev "${ROBOTSTXT_DEB_DEV}")
if(ROBOTSTXT_BUILD_CLI)
  _robotstxt_install_license(cli "${ROBOTSTXT_DEB_CLI}")
endif()
install(FILES "${CMAKE_CURRENT_SOURCE_DIR}/README.md"
        DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/${ROBOTSTXT_DEB_DEV}" COMPONENT dev)
