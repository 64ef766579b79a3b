# cmake -DREADELF=... -DBINARY=... -DNEEDED=libname -P QsCheckNeeded.cmake
# Fails unless BINARY's dynamic section lists a NEEDED library whose name starts with NEEDED.
execute_process(COMMAND ${READELF} -d ${BINARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "readelf -d ${BINARY} failed (${rc})")
endif()
if(NOT dynamic MATCHES "\\(NEEDED\\)[^\n]*\\[${NEEDED}")
  message(FATAL_ERROR "${BINARY} does not load ${NEEDED}:\n${dynamic}")
endif()
message(STATUS "${BINARY} loads ${NEEDED}")
