# Detection of the toolchains the parts are built for or tested with.
# Each is a cache variable the user can override on the command line.
#
#   SOFTTICKS_GCC            the gcc the GCC plugin is built for
#   SOFTTICKS_AARCH64_GCC    the aarch64 cross gcc (cross plugin, aarch64 tests)
#   SOFTTICKS_LLVM_CONFIG    the llvm-config the LLVM plugin is built against
#   SOFTTICKS_QEMU_AARCH64   qemu-aarch64 for running aarch64 tests
#   SOFTTICKS_CAPNP          capnp, for the schema tests
#   SOFTTICKS_HAVE_M32       whether ${SOFTTICKS_GCC} -m32 can link a program
#   SOFTTICKS_QEMU_I386      qemu-i386, for i386 programs where the kernel runs none
#   SOFTTICKS_I386_RUN       how i386 programs run here: native, qemu or none
#                            (probed: a -m32 program built and run)

set(_softticks_skipped "" CACHE INTERNAL "")

# Record a part that is not built, and why; printed once at the end.
function(softticks_skip part what_to_install)
  message(STATUS "softticks: skipping ${part}: install ${what_to_install}")
  set(_softticks_skipped "${_softticks_skipped};${part}" CACHE INTERNAL "")
endfunction()

# softticks_probe_build(<var> <doc> <C source> <compiler> [flags...]):
# caches <var> ON if the compiler builds the source into a program, OFF if
# not; once per build tree (a cached value, or one given with -D, stays).
function(softticks_probe_build var doc source)
  if(DEFINED ${var})
    return()
  endif()
  set(_probe ${CMAKE_BINARY_DIR}/probe_${var})
  file(WRITE ${_probe}.c "${source}")
  execute_process(COMMAND ${ARGN} ${_probe}.c -o ${_probe}
                  RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  file(REMOVE ${_probe}.c ${_probe})
  if(_rc EQUAL 0)
    set(${var} ON CACHE BOOL "${doc}")
  else()
    set(${var} OFF CACHE BOOL "${doc}")
  endif()
endfunction()

function(softticks_print_summary)
  message(STATUS "softticks: i386 programs run: ${SOFTTICKS_I386_RUN} (${_softticks_i386_why})")
  if(_softticks_skipped)
    message(STATUS "softticks: parts skipped:${_softticks_skipped}")
  else()
    message(STATUS "softticks: all parts enabled")
  endif()
endfunction()

find_program(SOFTTICKS_GCC NAMES gcc-12 gcc DOC "gcc the GCC plugin is built for")
find_program(SOFTTICKS_GXX NAMES g++-12 g++ DOC "g++ matching SOFTTICKS_GCC")
find_program(SOFTTICKS_AARCH64_GCC NAMES aarch64-linux-gnu-gcc-12 aarch64-linux-gnu-gcc
             DOC "aarch64 cross gcc")
find_program(SOFTTICKS_QEMU_AARCH64 NAMES qemu-aarch64 qemu-aarch64-static)
find_program(SOFTTICKS_CAPNP NAMES capnp)
find_program(SOFTTICKS_VALGRIND NAMES valgrind)

# Newest LLVM first.
if(NOT SOFTTICKS_LLVM_CONFIG)
  foreach(v 19 18 17 16 15 14)
    if(EXISTS /usr/lib/llvm-${v}/bin/llvm-config)
      set(SOFTTICKS_LLVM_CONFIG /usr/lib/llvm-${v}/bin/llvm-config CACHE FILEPATH
          "llvm-config the LLVM plugin is built against")
      break()
    endif()
  endforeach()
endif()

# gcc -m32 needs the multilib runtime to link; probe it once.
if(SOFTTICKS_GCC)
  softticks_probe_build(SOFTTICKS_HAVE_M32 "gcc -m32 links programs"
                        "int main(void) { return 0; }\n" ${SOFTTICKS_GCC} -m32 -pthread)
endif()
if(NOT SOFTTICKS_HAVE_M32)
  softticks_skip("i386 tests" "gcc-12-multilib g++-12-multilib")
endif()

# Whether this machine runs i386 programs (I386Run.cmake): native, qemu
# (under qemu-i386: no ptrace, so the i386 tracer and debugger checks
# skip) or none (every i386 check that runs a program skips; building and
# reading i386 code still runs).  -DSOFTTICKS_I386_RUN=native|qemu|none
# sets the answer; -DSOFTTICKS_I386_RUN= probes again.
include(${CMAKE_CURRENT_LIST_DIR}/I386Run.cmake)
find_program(SOFTTICKS_QEMU_I386 NAMES qemu-i386 qemu-i386-static)
set(SOFTTICKS_I386_RUN "" CACHE STRING "how i386 programs run here: native, qemu or none (empty: probe)")
set_property(CACHE SOFTTICKS_I386_RUN PROPERTY STRINGS native qemu none)
if(SOFTTICKS_I386_RUN STREQUAL "")
  if(SOFTTICKS_HAVE_M32)
    set(_qemu "")
    if(SOFTTICKS_QEMU_I386)
      set(_qemu ${SOFTTICKS_QEMU_I386})
    endif()
    softticks_probe_i386_run(_answer _why ${SOFTTICKS_GCC} "${_qemu}" ${CMAKE_BINARY_DIR}/probe_i386_run)
  else()
    set(_answer none)
    set(_why "probe: gcc -m32 links no program")
  endif()
  set(SOFTTICKS_I386_RUN ${_answer} CACHE STRING "how i386 programs run here: native, qemu or none (empty: probe)"
      FORCE)
  set(_softticks_i386_why "${_why}" CACHE INTERNAL "")
  set(_softticks_i386_probed ${_answer} CACHE INTERNAL "")
elseif(NOT SOFTTICKS_I386_RUN STREQUAL "${_softticks_i386_probed}")
  set(_softticks_i386_why "set with -DSOFTTICKS_I386_RUN, not probed" CACHE INTERNAL "")
endif()
if(NOT SOFTTICKS_I386_RUN MATCHES "^(native|qemu|none)$")
  message(FATAL_ERROR "SOFTTICKS_I386_RUN is '${SOFTTICKS_I386_RUN}': native, qemu, none or empty (probe)")
endif()
if(SOFTTICKS_I386_RUN STREQUAL "qemu" AND NOT SOFTTICKS_QEMU_I386)
  message(FATAL_ERROR "SOFTTICKS_I386_RUN=qemu needs qemu-i386 (qemu-user), or SOFTTICKS_QEMU_I386")
endif()
if(NOT SOFTTICKS_AARCH64_GCC)
  softticks_skip("aarch64 cross builds" "gcc-aarch64-linux-gnu g++-aarch64-linux-gnu")
endif()
if(NOT SOFTTICKS_QEMU_AARCH64)
  softticks_skip("aarch64 tests" "qemu-user")
endif()
