# Binary packages made by CPack from the install rules:
#
#   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr
#   cmake --build build
#   (cd build && cpack -G "DEB;TGZ")
#
# The .deb files are split as Debian splits a library, one per install
# component (RobotstxtInstall.cmake): librobotstxt<soversion> (the shared
# library and its SONAME link: what programs need at run time),
# librobotstxt-dev (headers, librobotstxt.so, librobotstxt.a, the CMake and
# pkg-config files; it depends on the exact same version of the runtime
# package) and robotstxt (the robots tool, with its manual page and shell
# completions; it links the Rust library statically, so it needs only the C
# library). The .tar.gz holds all of it.
#
# With the prefix /usr, GNUInstallDirs puts the libraries in Debian's
# multiarch directory (lib/x86_64-linux-gnu), where find_package and
# pkg-config look without being told.

set(CPACK_PACKAGE_NAME "robotstxt")
set(CPACK_PACKAGE_VENDOR "The robotstxt authors")
set(CPACK_PACKAGE_CONTACT "The robotstxt authors")
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPackDeb would put it before each
# package's own description, whose first line is that package's summary.
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_CURRENT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_FILE_NAME "robotstxt-${PROJECT_VERSION}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_STRIP_FILES OFF)

set(CPACK_COMPONENTS_ALL runtime dev)
if(ROBOTSTXT_BUILD_CLI)
  list(APPEND CPACK_COMPONENTS_ALL cli)
endif()
# One .deb per component; the archive stays one file.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_VERSION "${PROJECT_VERSION}")

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME "${ROBOTSTXT_DEB_RUNTIME}")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION "libs")
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
    "Google-exact robots.txt parser and matcher (shared library)
librobotstxt gives Google's robots.txt answers byte for byte: its C API
(robotstxt_*), under which the header-only C++ drop-in for Google's
googlebot:: API runs. This package holds the shared library
${ROBOTSTXT_SONAME}.")
# The runtime package's shlibs file (programs built against it depend on
# it) and its ldconfig trigger; CPack finds the SONAME in the library.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
# The SONAME changes whenever the ABI does, so any later version will do.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME "${ROBOTSTXT_DEB_DEV}")
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION "libdevel")
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${ROBOTSTXT_DEB_RUNTIME} (= ${PROJECT_VERSION})")
set(CPACK_DEBIAN_DEV_DESCRIPTION
    "Google-exact robots.txt parser and matcher (development files)
librobotstxt gives Google's robots.txt answers byte for byte. This package
holds the header-only C++ drop-in for Google's googlebot:: API (robots.h,
reporting_robots.h) and, in robotstxt/, the C header robotstxt.h and
robotstxt.hpp; the librobotstxt.so link, the static library
librobotstxt.a, and the CMake (find_package(robotstxt)) and pkg-config
(robotstxt) files.")

set(CPACK_DEBIAN_CLI_PACKAGE_NAME "${ROBOTSTXT_DEB_CLI}")
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION "web")
set(CPACK_DEBIAN_CLI_DESCRIPTION
    "Google-exact robots.txt checker (robots command)
robots answers as Google's robots_main does (robots <robots.txt> <agent>
<URL>, the same output and exit status) and also checks URLs in bulk,
explains verdicts, lints robots.txt files and compares two versions.
It comes with its manual page and bash, zsh and fish completions.")

# The versions of libc6 and libgcc-s1 the binaries need come from
# dpkg-shlibdeps (Debian's dpkg-dev), which reads them off the binaries.
find_program(ROBOTSTXT_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(ROBOTSTXT_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_CLI_PACKAGE_SHLIBDEPS ON)
else()
  message(STATUS "robotstxt: dpkg-shlibdeps not found (Debian: dpkg-dev); the .deb files "
                 "will depend on libc6 and libgcc-s1 without a minimum version")
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libc6, libgcc-s1")
  set(CPACK_DEBIAN_CLI_PACKAGE_DEPENDS "libc6, libgcc-s1")
endif()

include(CPack)
