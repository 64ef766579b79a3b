# qs_warnings(target): the project's warning set; errors when QS_WERROR is on (the dev preset and CI).
# -Wshadow=local is GCC's spelling; clang (the fuzz preset) does not know it.
function(qs_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wnon-virtual-dtor
                                           $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
                                           $<$<BOOL:${QS_WERROR}>:-Werror>)
endfunction()
