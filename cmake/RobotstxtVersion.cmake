# Cargo.toml is the single source of the version: read the workspace's
# [workspace.package] version (or a plain [package] version) so
# the installed package, the pkg-config file and the SONAME never disagree
# with the crate.
set(_robotstxt_manifest "${CMAKE_CURRENT_SOURCE_DIR}/Cargo.toml")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_robotstxt_manifest}")

file(STRINGS "${_robotstxt_manifest}" _robotstxt_lines)
set(_robotstxt_section "")
set(ROBOTSTXT_VERSION "")
foreach(_line IN LISTS _robotstxt_lines)
  if(_line MATCHES "^[ \t]*\\[([^]]*)\\]")
    set(_robotstxt_section "${CMAKE_MATCH_1}")
  elseif(_robotstxt_section MATCHES "^(workspace\\.)?package$"
         AND _line MATCHES "^[ \t]*version[ \t]*=[ \t]*\"([0-9]+\\.[0-9]+\\.[0-9]+)[^\"]*\"")
    set(ROBOTSTXT_VERSION "${CMAKE_MATCH_1}")
    break()
  endif()
endforeach()

if(ROBOTSTXT_VERSION STREQUAL "")
  message(FATAL_ERROR "robotstxt: no [workspace.package] version found in ${_robotstxt_manifest}")
endif()
unset(_robotstxt_lines)
unset(_robotstxt_section)
