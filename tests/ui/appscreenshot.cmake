# Runs the real queuescope under xvfb-run with --start, takes a screenshot after 4 s, quits after
# 5 s, and checks the PNG is a drawn window (PLATFORM offscreen: the same without an X server). With the bundled demo data built it runs on that
# (no file given, as a user would); else on demo files written here. Settings go to a private
# config folder so the user's saved knobs and scenario play no part.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/config)
set(files "")
if(NOT EXISTS ${BUNDLED})
  execute_process(COMMAND ${WRITE_DEMO} ${WORK}/data 2 200
                  OUTPUT_VARIABLE files RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "writing the demo data failed: ${rc}")
  endif()
  string(REPLACE "\n" ";" files "${files}")
endif()
set(ENV{XDG_CONFIG_HOME} ${WORK}/config)
if(NOT PLATFORM)
  set(PLATFORM xcb)
endif()
set(ENV{QT_QPA_PLATFORM} ${PLATFORM})
set(display "")
if(PLATFORM STREQUAL "xcb")
  set(display ${XVFB_RUN} -a -s "-screen 0 1600x1000x24")
endif()
execute_process(COMMAND ${display}
                        ${APP} ${files} --lang en --start --screenshot ${WORK}/app.png --after 4 --quit-after 5
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 90)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "queuescope exited with ${rc}\n${out}\n${err}")
endif()
if(err MATCHES "queuescope:")
  message(FATAL_ERROR "queuescope reported a problem:\n${err}")
endif()
execute_process(COMMAND ${CHECK} ${WORK}/app.png 20 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the screenshot looks blank")
endif()
