# qs_warnings(target): the project's warning set; errors when QS_WERROR is on (the dev preset and CI).
function(qs_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor
                                           $<$<BOOL:${QS_WERROR}>:-Werror>)
endfunction()
