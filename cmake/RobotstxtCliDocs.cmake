# Writes the manual page and the shell completions of the robots tool into
# a folder, from what the freshly built tool prints (`robots --man`,
# `robots --completions SHELL`): they are generated from the options the
# tool parses, so they cannot fall behind it. Run by the build
# (RobotstxtCargo.cmake) as
#
#   cmake -DROBOTS=<built robots> -DOUT_DIR=<folder> [-DGZIP=<gzip>] -P RobotstxtCliDocs.cmake
#
# and installed by RobotstxtInstall.cmake. With GZIP, the page is also
# written compressed (robots.1.gz, `gzip -9n` as Debian's policy asks).

foreach(_var IN ITEMS ROBOTS OUT_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "RobotstxtCliDocs.cmake: -D${_var}=... is required")
  endif()
endforeach()

file(MAKE_DIRECTORY "${OUT_DIR}")

function(_robotstxt_tool_output file)
  execute_process(
    COMMAND "${ROBOTS}" ${ARGN}
    OUTPUT_FILE "${OUT_DIR}/${file}"
    ERROR_VARIABLE _err
    RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "robotstxt: `robots ${ARGN}` failed (${_rc}): ${_err}")
  endif()
endfunction()

_robotstxt_tool_output(robots.1 --man)
# The names each shell looks for: bash-completion and fish by command name,
# zsh by function name.
_robotstxt_tool_output(robots.bash --completions bash)
_robotstxt_tool_output(_robots --completions zsh)
_robotstxt_tool_output(robots.fish --completions fish)

if(GZIP)
  execute_process(
    COMMAND "${GZIP}" -9 -n -c "${OUT_DIR}/robots.1"
    OUTPUT_FILE "${OUT_DIR}/robots.1.gz"
    RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "robotstxt: ${GZIP} failed (${_rc}) on robots.1")
  endif()
endif()
