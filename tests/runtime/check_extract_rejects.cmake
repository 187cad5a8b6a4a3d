# st-extract-init must fail the build on initializers that are not
# self-contained, with exit status 1 and a message saying why, and leave no
# output behind; page_init.c itself must pass (control).  cmake -P with:
#   EXTRACT  st-extract-init    CC  compiler command line (x86-64)
#   INIT_CFLAGS  the build's flags    SRC  this directory    WORK scratch
string(REPLACE "|" ";" CC "${CC}")
string(REPLACE "|" ";" INIT_CFLAGS "${INIT_CFLAGS}")
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(failures 0)

function(try_extract src expect_rc expect_msg)
  get_filename_component(name ${src} NAME_WE)
  execute_process(COMMAND ${CC} ${INIT_CFLAGS} -c ${src} -o ${WORK}/${name}.o
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "${name}: does not compile: ${err}")
    return()
  endif()
  execute_process(COMMAND ${EXTRACT} --output ${WORK}/${name}.c x86_64=${WORK}/${name}.o
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL expect_rc)
    message(SEND_ERROR "${name}: exit status ${rc}, want ${expect_rc}: ${err}")
  elseif(NOT err MATCHES "${expect_msg}")
    message(SEND_ERROR "${name}: message '${err}' does not match '${expect_msg}'")
  endif()
  if(expect_rc EQUAL 0 AND NOT EXISTS ${WORK}/${name}.c)
    message(SEND_ERROR "${name}: no output written")
  endif()
  if(NOT expect_rc EQUAL 0 AND (EXISTS ${WORK}/${name}.c OR EXISTS ${WORK}/${name}.c.tmp))
    message(SEND_ERROR "${name}: output left behind after a failure")
  endif()
endfunction()

try_extract(${PAGE_INIT} 0 "^$")
try_extract(${SRC}/bad/bad_init_data.c 1 "section .bss .* is code or data besides")
try_extract(${SRC}/bad/bad_init_call.c 1 "relocations apply to __rr_softticks_init")
try_extract(${SRC}/bad/bad_init_other_code.c 1 "section .text .* is code or data besides")
# Bad usage and unreadable input.
execute_process(COMMAND ${EXTRACT} RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(SEND_ERROR "no arguments: exit status ${rc}, want 2")
endif()
execute_process(COMMAND ${EXTRACT} --output ${WORK}/x.c x86_64=${SRC}/bad/bad_init_data.c
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "not an ELF file")
  message(SEND_ERROR "a C file as object: exit status ${rc}, message '${err}'")
endif()

# Damaged objects: truncated anywhere, or with header fields pointing
# outside the file.  Each must be rejected with status 1 (not a crash).
set(good ${WORK}/page_init.o)
file(SIZE ${good} size)
math(EXPR half "${size} / 2")
math(EXPR most "${size} - 1")
foreach(n 0 4 20 52 63 64 100 ${half} ${most})
  execute_process(COMMAND head -c ${n} ${good} OUTPUT_FILE ${WORK}/cut${n}.o)
  execute_process(COMMAND ${EXTRACT} --output ${WORK}/cut.c x86_64=${WORK}/cut${n}.o
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 1)
    message(SEND_ERROR "object cut to ${n} bytes: exit status ${rc}, want 1: ${err}")
  endif()
endforeach()
# ELF64 header offsets: e_shoff 40 (8 bytes), e_shentsize 58, e_shnum 60,
# e_shstrndx 62 (2 bytes each).  Each entry: offset, then the new bytes
# (decimal, little-endian).
foreach(field "40;255;255;255;255;255;255;255;127" "58;0;16" "60;255;255" "62;255;127")
  list(POP_FRONT field offset)
  set(escaped "")
  foreach(byte ${field})
    math(EXPR d1 "${byte} / 64")
    math(EXPR d2 "(${byte} / 8) % 8")
    math(EXPR d3 "${byte} % 8")
    string(APPEND escaped "\\${d1}${d2}${d3}")
  endforeach()
  list(LENGTH field count)
  configure_file(${good} ${WORK}/damaged.o COPYONLY)
  execute_process(COMMAND sh -c "printf '${escaped}' | dd of=${WORK}/damaged.o bs=1 seek=${offset} count=${count} conv=notrunc 2>/dev/null")
  file(READ ${WORK}/damaged.o got OFFSET ${offset} LIMIT ${count} HEX)
  file(READ ${good} was OFFSET ${offset} LIMIT ${count} HEX)
  if(got STREQUAL was)
    message(SEND_ERROR "could not damage the object at ${offset}")
  endif()
  execute_process(COMMAND ${EXTRACT} --output ${WORK}/damaged.c x86_64=${WORK}/damaged.o
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 1)
    message(SEND_ERROR "header bytes at ${offset} set to ${field}: exit status ${rc}, want 1: ${err}")
  endif()
endforeach()
