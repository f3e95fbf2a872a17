# Google's repository layout, for projects that vendored Google's robotstxt
# (a folder or a git submodule) and build it with its own CMakeLists.txt:
# this checkout in that place builds for them unchanged.
#
# Google's CMakeLists.txt leaves, at the top of its build folder, librobots.so
# (target `robots`), librobots.a (target `robots-static`, unless
# ROBOTS_BUILD_STATIC is OFF) and the program `robots` (target `robots-main`,
# robots_main.cc). Projects link `-lrobots` from that folder, link
# <build>/librobots.a by path, name those targets in target_link_libraries()
# or add_dependencies(), and include robots.h from the checkout's root.
# This file gives the same: in the build folder, librobots.so (with the
# SONAME link beside it, which a program linked with it asks the loader
# for), librobots.a and `robots` (this project's CLI, whose three-argument
# form prints what robots_main prints), as links to what cargo built; and
# the three targets. The root's robots.h and reporting_robots.h include
# include/'s.
#
# A parent project that has a target of one of those names already keeps
# its own: that name is left undefined here (this library remains
# robotstxt::robotstxt and robotstxt::robotstxt_static).

set(_robotstxt_google_dir "${CMAKE_CURRENT_BINARY_DIR}")
set(_robotstxt_google_links
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "stage/${ROBOTSTXT_SONAME}"
          "${_robotstxt_google_dir}/${ROBOTSTXT_SONAME}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_SONAME}"
          "${_robotstxt_google_dir}/librobots.so")
set(_robotstxt_google_files
  "${_robotstxt_google_dir}/${ROBOTSTXT_SONAME}" "${_robotstxt_google_dir}/librobots.so")
if(ROBOTS_BUILD_STATIC)
  list(APPEND _robotstxt_google_links
    COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_CARGO_STATIC}"
            "${_robotstxt_google_dir}/librobots.a")
  list(APPEND _robotstxt_google_files "${_robotstxt_google_dir}/librobots.a")
endif()
set(_robotstxt_robots_link
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_CARGO_CLI}"
          "${_robotstxt_google_dir}/robots")
if(ROBOTSTXT_BUILD_CLI)
  list(APPEND _robotstxt_google_links ${_robotstxt_robots_link})
  list(APPEND _robotstxt_google_files "${_robotstxt_google_dir}/robots")
endif()

# Made again on every build: a project may delete them (one deletes the .so
# files to force a static link).
add_custom_target(robotstxt_google_layout ALL
  ${_robotstxt_google_links}
  BYPRODUCTS ${_robotstxt_google_files}
  COMMENT "librobots.so, librobots.a and robots in ${_robotstxt_google_dir}"
  VERBATIM)
add_dependencies(robotstxt_google_layout robotstxt_cargo)

set(_robotstxt_includes
  "${CMAKE_CURRENT_SOURCE_DIR}/include;${CMAKE_CURRENT_SOURCE_DIR}/include/robotstxt")
if(TARGET robots)
  message(STATUS "robotstxt: the project has a target named robots already; "
                 "Google's name for this library is left to it")
else()
  add_library(robots SHARED IMPORTED GLOBAL)
  set_target_properties(robots PROPERTIES
    IMPORTED_LOCATION "${_robotstxt_google_dir}/librobots.so"
    IMPORTED_SONAME "${ROBOTSTXT_SONAME}"
    INTERFACE_INCLUDE_DIRECTORIES "${_robotstxt_includes}")
  add_dependencies(robots robotstxt_google_layout)
endif()
if(ROBOTS_BUILD_STATIC)
  if(TARGET robots-static)
    message(STATUS "robotstxt: the project has a target named robots-static already; "
                   "Google's name for this library is left to it")
  else()
    add_library(robots-static STATIC IMPORTED GLOBAL)
    set_target_properties(robots-static PROPERTIES
      IMPORTED_LOCATION "${_robotstxt_google_dir}/librobots.a"
      IMPORTED_LINK_INTERFACE_LANGUAGES "C"
      INTERFACE_INCLUDE_DIRECTORIES "${_robotstxt_includes}"
      INTERFACE_LINK_LIBRARIES "${ROBOTSTXT_NATIVE_STATIC_LIBS}")
    add_dependencies(robots-static robotstxt_google_layout)
  endif()
endif()
if(TARGET robots-main)
  message(STATUS "robotstxt: the project has a target named robots-main already; "
                 "Google's name for the robots program is left to it")
elseif(ROBOTSTXT_BUILD_CLI)
  add_custom_target(robots-main)
  add_dependencies(robots-main robotstxt_google_layout)
else()
  # Without the CLI in the main build (a project that includes this one),
  # the program is built when something asks for it. Its package alone: built
  # together with the C ABI's, cargo would unify their dependencies' features
  # and compile the C ABI's crate again, and again on the next plain build.
  add_custom_target(robots-main
    COMMAND "${CMAKE_COMMAND}" -E env "CARGO_TARGET_DIR=${ROBOTSTXT_CARGO_TARGET_DIR}"
            "${CARGO_EXECUTABLE}" build --release -p robotstxt-exact-cli
    ${_robotstxt_robots_link}
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    BYPRODUCTS "${ROBOTSTXT_CARGO_CLI}" "${_robotstxt_google_dir}/robots"
    COMMENT "cargo build --release -p robotstxt-exact-cli, for Google's robots program"
    USES_TERMINAL
    VERBATIM)
  add_dependencies(robots-main robotstxt_google_layout)
endif()

# What project(robots) sets in Google's build, for a parent that reads it.
if(NOT DEFINED robots_SOURCE_DIR)
  set(robots_SOURCE_DIR "${CMAKE_CURRENT_SOURCE_DIR}" CACHE INTERNAL
      "Where Google's robotstxt would be: this checkout")
  set(robots_BINARY_DIR "${CMAKE_CURRENT_BINARY_DIR}" CACHE INTERNAL
      "Google's build folder: where librobots.so, librobots.a and robots are")
endif()
