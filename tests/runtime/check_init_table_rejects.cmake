# runtime/regen_init_tables.py must refuse an initializer that is not
# self-contained, with exit status 1 and a message saying why, and leave
# the header as it was; page_init.c itself must pass (control).  Each case
# works on a copy of the header.  cmake -P with:
#   PYTHON  python3     REGEN  regen_init_tables.py     HEADER  rr/softticks.h
#   PAGE_INIT  runtime/page_init.c     SRC  this directory     WORK  scratch
# Without the tables' compilers it prints "SKIPPED:" (the test's
# SKIP_REGULAR_EXPRESSION).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# Checks the x86 tables only: the bad sources are x86-64 code.
function(try_regen src expect_rc expect_msg)
  get_filename_component(name ${src} NAME_WE)
  set(copy ${WORK}/${name}.h)
  configure_file(${HEADER} ${copy} COPYONLY)
  execute_process(COMMAND ${PYTHON} ${REGEN} --source ${src} --header ${copy}
                          --cc-aarch64 no-such-compiler-here
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 77)
    message(STATUS "skipped: ${err}")
    set(skipped 1 PARENT_SCOPE)
    return()
  endif()
  if(NOT rc EQUAL expect_rc)
    message(SEND_ERROR "${name}: exit status ${rc}, want ${expect_rc}: ${err}")
  elseif(NOT err MATCHES "${expect_msg}")
    message(SEND_ERROR "${name}: message '${err}' does not match '${expect_msg}'")
  endif()
  file(READ ${HEADER} want)
  file(READ ${copy} got)
  if(NOT got STREQUAL want)
    message(SEND_ERROR "${name}: the header copy changed (a refused or unchanged initializer must leave it alone)")
  endif()
  if(EXISTS ${copy}.tmp)
    message(SEND_ERROR "${name}: ${copy}.tmp left behind")
  endif()
endfunction()

set(skipped 0)
# Control: refuses to rewrite without every arch's compiler, and says so;
# the x86 tables pass the checks on the way.
try_regen(${PAGE_INIT} 1 "every arch's compiler is needed")
if(skipped)
  message(STATUS "SKIPPED: no gcc-12, nothing checked")
  return()
endif()
try_regen(${SRC}/bad/bad_init_data.c 1 "section .bss .* is code or data besides")
try_regen(${SRC}/bad/bad_init_call.c 1 "relocations apply to the object")
try_regen(${SRC}/bad/bad_init_other_code.c 1 "section .text .* is code or data besides")
# Bad usage and a source that does not compile.
execute_process(COMMAND ${PYTHON} ${REGEN} --no-such-option RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(SEND_ERROR "bad option: exit status ${rc}, want 2")
endif()
file(WRITE ${WORK}/broken.c "this is not C\n")
try_regen(${WORK}/broken.c 1 "failed")
# A header without the table markers is refused.
file(WRITE ${WORK}/empty.h "/* no tables */\n")
execute_process(COMMAND ${PYTHON} ${REGEN} --header ${WORK}/empty.h
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "no BEGIN/END lines")
  message(SEND_ERROR "header without markers: exit status ${rc}, message '${err}'")
endif()
