# Binary packages made by CPack from the install rules:
#
#   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr
#   cmake --build build
#   (cd build && cpack -G "DEB;TGZ")
#
# With the prefix /usr, GNUInstallDirs puts the libraries in Debian's
# multiarch directory (lib/x86_64-linux-gnu), where find_package and
# pkg-config look without being told.

set(CPACK_PACKAGE_NAME "robotstxt")
set(CPACK_PACKAGE_VENDOR "The robotstxt authors")
set(CPACK_PACKAGE_CONTACT "The robotstxt authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Google-exact robots.txt parser and matcher: C library, C/C++ headers, robots CLI")
set(CPACK_PACKAGE_DESCRIPTION
    "librobotstxt gives Google's robots.txt answers byte for byte. The package
holds the shared and static C library (SONAME ${ROBOTSTXT_SONAME}), the C
header robotstxt.h, the header-only C++ drop-in for Google's googlebot:: API
(robots.h, reporting_robots.h, robotstxt.hpp), CMake and pkg-config files,
and the robots command line tool.")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_CURRENT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_FILE_NAME "robotstxt-${PROJECT_VERSION}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_STRIP_FILES OFF)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "libdevel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
# What the Rust standard library inside librobotstxt links against.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= 2.31), libgcc-s1")
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)

include(CPack)
