# Writes a gzipped man page from a program's own --help, with help2man (cmake -P):
#   cmake -DPROGRAM=bin/queuescope-cli -DNAME="one line" -DCOMMANDS="inspect;make" -DOUT=x.1.gz
#         -DHELP2MAN=/usr/bin/help2man -P QsManPage.cmake
# With COMMANDS, each subcommand's --help becomes a section of its own, so the page lists every
# flag the program has. QT_QPA_PLATFORM=offscreen lets the GUI print its help without a display.
set(ENV{QT_QPA_PLATFORM} offscreen)
get_filename_component(_dir ${OUT} DIRECTORY)
get_filename_component(_base ${OUT} NAME_WE)
set(_include ${_dir}/${_base}.h2m)
file(WRITE ${_include} "")  # help2man's include file: one section per subcommand
foreach(_command IN LISTS COMMANDS)
  execute_process(COMMAND ${PROGRAM} ${_command} --help OUTPUT_VARIABLE _help RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${_command} --help failed (${_rc})")
  endif()
  # roff: a leading dot or quote would start a request; backslashes escape.
  string(REPLACE "\\" "\\e" _help "${_help}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" _help "${_help}")
  # help2man reads its input in the C locale and turns every other byte into '?': the one
  # character beyond ASCII that the help uses goes as roff's own name for it, and any other
  # stops the build rather than print question marks.
  string(REPLACE "×" "\\(mu" _help "${_help}")
  if(_help MATCHES "[^\t\n -~]")
    message(FATAL_ERROR "${PROGRAM} ${_command} --help has a character beyond ASCII that the man page "
                        "would lose: give it a roff name in QsManPage.cmake")
  endif()
  file(APPEND ${_include} "[COMMAND ${_command}]\n.nf\n${_help}.fi\n\n")
endforeach()
set(_page ${_dir}/${_base}.1)
set(_includeArg)
if(COMMANDS)
  set(_includeArg --include=${_include})
endif()
execute_process(
  COMMAND ${HELP2MAN} --no-info --no-discard-stderr --name=${NAME} ${_includeArg} --output=${_page} ${PROGRAM}
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "help2man failed on ${PROGRAM} (${_rc})")
endif()
execute_process(COMMAND gzip -9nf ${_page} RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "gzip failed on ${_page}")
endif()
