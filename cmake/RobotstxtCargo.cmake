# Runs `cargo build --release` for the library (cdylib + staticlib) and the
# `robots` CLI, then stages the shared library under its versioned name with
# the SONAME and development symlinks, ready for install().

find_program(CARGO_EXECUTABLE cargo
  HINTS "$ENV{CARGO_HOME}/bin" "$ENV{HOME}/.cargo/bin"
  DOC "cargo, used to build the Rust library")
if(NOT CARGO_EXECUTABLE)
  message(FATAL_ERROR "robotstxt: cargo not found; install the Rust toolchain (rustup) "
                      "or pass -DCARGO_EXECUTABLE=/path/to/cargo")
endif()

# Honour CARGO_TARGET_DIR like cargo itself would, so a CMake build shares
# artefacts with the developer's own cargo builds; otherwise keep everything
# inside the CMake build tree.
if(DEFINED ENV{CARGO_TARGET_DIR} AND NOT "$ENV{CARGO_TARGET_DIR}" STREQUAL "")
  set(_robotstxt_default_target_dir "$ENV{CARGO_TARGET_DIR}")
else()
  set(_robotstxt_default_target_dir "${CMAKE_CURRENT_BINARY_DIR}/cargo")
endif()
set(ROBOTSTXT_CARGO_TARGET_DIR "${_robotstxt_default_target_dir}" CACHE PATH
    "Cargo target directory used for the release build")

set(ROBOTSTXT_CARGO_OUT "${ROBOTSTXT_CARGO_TARGET_DIR}/release")
set(ROBOTSTXT_CARGO_SHARED "${ROBOTSTXT_CARGO_OUT}/librobotstxt.so")
set(ROBOTSTXT_CARGO_STATIC "${ROBOTSTXT_CARGO_OUT}/librobotstxt.a")
set(ROBOTSTXT_CARGO_CLI "${ROBOTSTXT_CARGO_OUT}/robots")

# build.rs gives the cdylib the SONAME librobotstxt.so.0.<minor> while the
# crate is 0.x (a minor bump may break the ABI), librobotstxt.so.<major> after.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(ROBOTSTXT_SONAME "librobotstxt.so.0.${PROJECT_VERSION_MINOR}")
else()
  set(ROBOTSTXT_SONAME "librobotstxt.so.${PROJECT_VERSION_MAJOR}")
endif()
set(ROBOTSTXT_REALNAME "librobotstxt.so.${PROJECT_VERSION}")

# Native libraries the Rust standard library needs when librobotstxt.a is
# linked into a C/C++ program, as printed by
#   cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs
# on Linux/glibc. Overridable for other targets.
set(ROBOTSTXT_NATIVE_STATIC_LIBS "-lgcc_s;-lutil;-lrt;-lpthread;-lm;-ldl;-lc" CACHE STRING
    "Libraries to link after librobotstxt.a (semicolon-separated)")

set(ROBOTSTXT_HAS_CLI OFF)
if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/src/bin/robots.rs")
  set(ROBOTSTXT_HAS_CLI ON)
endif()

set(ROBOTSTXT_STAGE_DIR "${CMAKE_CURRENT_BINARY_DIR}/stage")
set(_robotstxt_byproducts
  "${ROBOTSTXT_CARGO_SHARED}" "${ROBOTSTXT_CARGO_STATIC}"
  "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_REALNAME}"
  "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_SONAME}"
  "${ROBOTSTXT_STAGE_DIR}/librobotstxt.so")
if(ROBOTSTXT_HAS_CLI)
  list(APPEND _robotstxt_byproducts "${ROBOTSTXT_CARGO_CLI}")
endif()

# Always run cargo: it knows far better than CMake whether the Rust sources
# changed, and a no-op build takes well under a second.
add_custom_target(robotstxt_cargo ALL
  COMMAND "${CMAKE_COMMAND}" -E env "CARGO_TARGET_DIR=${ROBOTSTXT_CARGO_TARGET_DIR}"
          "${CARGO_EXECUTABLE}" build --release
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${ROBOTSTXT_STAGE_DIR}"
  COMMAND "${CMAKE_COMMAND}" -E copy "${ROBOTSTXT_CARGO_SHARED}"
          "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_REALNAME}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_REALNAME}"
          "${ROBOTSTXT_STAGE_DIR}/${ROBOTSTXT_SONAME}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ROBOTSTXT_SONAME}"
          "${ROBOTSTXT_STAGE_DIR}/librobotstxt.so"
  WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
  BYPRODUCTS ${_robotstxt_byproducts}
  COMMENT "cargo build --release (target dir ${ROBOTSTXT_CARGO_TARGET_DIR})"
  USES_TERMINAL
  VERBATIM)
