# Runs `cargo build --release` for the C ABI crate (librobotstxt.so and
# librobotstxt.a) and, optionally, the `robots` CLI; stages the shared library
# under its versioned name with the SONAME and development symlinks; and
# defines the targets robotstxt::robotstxt (shared) and
# robotstxt::robotstxt_static, the same names find_package() gives, so that
# add_subdirectory() and FetchContent users link exactly as installed users do.
# Google's names (librobots.so, the target robots, ...) are
# RobotstxtGoogleLayout.cmake's.

find_program(CARGO_EXECUTABLE cargo
  HINTS "$ENV{CARGO_HOME}/bin" "$ENV{HOME}/.cargo/bin"
  DOC "cargo, used to build the Rust library")
if(NOT CARGO_EXECUTABLE)
  message(FATAL_ERROR "robotstxt: cargo not found; install the Rust toolchain (rustup) "
                      "or pass -DCARGO_EXECUTABLE=/path/to/cargo")
endif()

# One build: by default cargo writes where `cargo build` itself would (the
# workspace's target/ or $CARGO_TARGET_DIR), so a CMake build after a cargo
# build, or the other way round, compiles nothing twice.
if(DEFINED ENV{CARGO_TARGET_DIR} AND NOT "$ENV{CARGO_TARGET_DIR}" STREQUAL "")
  set(_robotstxt_default_target_dir "$ENV{CARGO_TARGET_DIR}")
else()
  set(_robotstxt_default_target_dir "${CMAKE_CURRENT_SOURCE_DIR}/target")
endif()
set(ROBOTSTXT_CARGO_TARGET_DIR "${_robotstxt_default_target_dir}" CACHE PATH
    "Cargo target directory used for the release build")

set(ROBOTSTXT_CARGO_OUT "${ROBOTSTXT_CARGO_TARGET_DIR}/release")
set(ROBOTSTXT_CARGO_SHARED "${ROBOTSTXT_CARGO_OUT}/librobotstxt.so")
set(ROBOTSTXT_CARGO_STATIC "${ROBOTSTXT_CARGO_OUT}/librobotstxt.a")
set(ROBOTSTXT_CARGO_CLI "${ROBOTSTXT_CARGO_OUT}/robots")

# capi/build.rs gives the cdylib the SONAME librobotstxt.so.0.<minor> while
# the crate is 0.x (a minor bump may break the ABI), librobotstxt.so.<major>
# after.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(ROBOTSTXT_SONAME "librobotstxt.so.0.${PROJECT_VERSION_MINOR}")
else()
  set(ROBOTSTXT_SONAME "librobotstxt.so.${PROJECT_VERSION_MAJOR}")
endif()
set(ROBOTSTXT_REALNAME "librobotstxt.so.${PROJECT_VERSION}")

# Native libraries the Rust standard library needs when librobotstxt.a is
# linked into a C/C++ program, as printed by
#   cargo rustc --release -p robotstxt-exact-capi --crate-type staticlib -- --print native-static-libs
# on Linux/glibc. Overridable for other targets.
set(ROBOTSTXT_NATIVE_STATIC_LIBS "-lgcc_s;-lutil;-lrt;-lpthread;-lm;-ldl;-lc" CACHE STRING
    "Libraries to link after librobotstxt.a (semicolon-separated)")

set(_robotstxt_packages -p robotstxt-exact-capi)
if(ROBOTSTXT_BUILD_CLI)
  list(APPEND _robotstxt_packages -p robotstxt-exact-cli)
endif()

string(REPLACE ";" " " _robotstxt_packages_text "${_robotstxt_packages}")

set(ROBOTSTXT_STAGE_DIR "${CMAKE_CURRENT_BINARY_DIR}/stage")
set(_robotstxt_byproducts
  "${ROBOTSTXT_CARGO_SHARED}" "${ROBOTSTXT_CARGO_STATIC}"
  "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_REALNAME}"
  "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_SONAME}"
  "${ROBOTSTXT_STAGE_DIR}/librobotstxt.so")
if(ROBOTSTXT_BUILD_CLI)
  list(APPEND _robotstxt_byproducts "${ROBOTSTXT_CARGO_CLI}")
endif()
# The tool's manual page and shell completions, printed by the tool just
# built (RobotstxtCliDocs.cmake); gzip compresses the page where it exists.
set(_robotstxt_cli_docs)
if(ROBOTSTXT_BUILD_CLI)
  set(ROBOTSTXT_CLI_DOCS_DIR "${CMAKE_CURRENT_BINARY_DIR}/cli-docs")
  find_program(ROBOTSTXT_GZIP gzip DOC "gzip, to compress the manual page")
  set(_robotstxt_gzip_arg)
  if(ROBOTSTXT_GZIP)
    set(_robotstxt_gzip_arg "-DGZIP=${ROBOTSTXT_GZIP}")
    list(APPEND _robotstxt_byproducts "${ROBOTSTXT_CLI_DOCS_DIR}/robots.1.gz")
  endif()
  set(_robotstxt_cli_docs
    COMMAND "${CMAKE_COMMAND}" "-DROBOTS=${ROBOTSTXT_CARGO_CLI}"
            "-DOUT_DIR=${ROBOTSTXT_CLI_DOCS_DIR}" ${_robotstxt_gzip_arg}
            -P "${CMAKE_CURRENT_SOURCE_DIR}/cmake/RobotstxtCliDocs.cmake")
  foreach(_robotstxt_doc IN ITEMS robots.1 robots.bash _robots robots.fish)
    list(APPEND _robotstxt_byproducts "${ROBOTSTXT_CLI_DOCS_DIR}/${_robotstxt_doc}")
  endforeach()
endif()

# Always run cargo: it knows far better than CMake whether the Rust sources
# changed, and a no-op build takes well under a second.
add_custom_target(robotstxt_cargo ALL
  COMMAND "${CMAKE_COMMAND}" -E env "CARGO_TARGET_DIR=${ROBOTSTXT_CARGO_TARGET_DIR}"
          "${CARGO_EXECUTABLE}" build --release ${_robotstxt_packages}
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${ROBOTSTXT_STAGE_DIR}"
  COMMAND "${CMAKE_COMMAND}" -E copy "${ROBOTSTXT_CARGO_SHARED}"
          "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_REALNAME}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_REALNAME}"
          "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_SONAME}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_SONAME}"
          "${ROBOTSTXT_STAGE_DIR}/librobotstxt.so"
  ${_robotstxt_cli_docs}
  WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
  BYPRODUCTS ${_robotstxt_byproducts}
  COMMENT "cargo build --release ${_robotstxt_packages_text} (target dir ${ROBOTSTXT_CARGO_TARGET_DIR})"
  USES_TERMINAL
  VERBATIM)

# The in-tree targets: what the installed robotstxtConfig.cmake defines, but
# pointing at the build tree, and built (by cargo) before anything links them.
if(NOT TARGET robotstxt::robotstxt)
  add_library(robotstxt::robotstxt SHARED IMPORTED GLOBAL)
  set_target_properties(robotstxt::robotstxt PROPERTIES
    IMPORTED_LOCATION "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_REALNAME}"
    IMPORTED_SONAME "${ROBOTSTXT_SONAME}"
    INTERFACE_INCLUDE_DIRECTORIES "${CMAKE_CURRENT_SOURCE_DIR}/include;${CMAKE_CURRENT_SOURCE_DIR}/include/robotstxt")
  add_dependencies(robotstxt::robotstxt robotstxt_cargo)
endif()
if(NOT TARGET robotstxt::robotstxt_static)
  add_library(robotstxt::robotstxt_static STATIC IMPORTED GLOBAL)
  set_target_properties(robotstxt::robotstxt_static PROPERTIES
    IMPORTED_LOCATION "${ROBOTSTXT_CARGO_STATIC}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${CMAKE_CURRENT_SOURCE_DIR}/include;${CMAKE_CURRENT_SOURCE_DIR}/include/robotstxt"
    INTERFACE_LINK_LIBRARIES "${ROBOTSTXT_NATIVE_STATIC_LIBS}")
  add_dependencies(robotstxt::robotstxt_static robotstxt_cargo)
endif()
