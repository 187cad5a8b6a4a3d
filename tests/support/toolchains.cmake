# The compilers the suites test with, each described once in a generated,
# shell-sourceable file build/tests/toolchains/<name>.env (README.md); a
# test names its file in ST_TOOLCHAIN and scratch.sh loads it.
set(SOFTTICKS_TOOLCHAINS_DIR ${CMAKE_BINARY_DIR}/tests/toolchains)

macro(softticks_llvm_major major)
  foreach(_st_what BINDIR TARGET PLUGIN CONFIG_FILE LTO_CONFIG_FILE)
    get_property(_st_${_st_what} GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_${_st_what})
  endforeach()
  set(_st_bindir ${_st_BINDIR})
  set(_st_target ${_st_TARGET})
  set(_st_cfg ${_st_CONFIG_FILE})
endmacro()

# What every compiler's file holds: the build's tools and test helpers.
set(_st_tools ST_INCLUDE=${SOFTTICKS_INCLUDE_DIR}
    ST_HAVE_M32=${SOFTTICKS_HAVE_M32} ST_QEMU=${SOFTTICKS_QEMU_AARCH64}
    ST_I386_RUN=${SOFTTICKS_I386_RUN} ST_QEMU_I386=${SOFTTICKS_QEMU_I386}
    ST_ASM_TICKS=$<TARGET_FILE:softticks_asm_ticks> ST_BIN_TICKS=$<TARGET_FILE:softticks_bin_ticks>)
foreach(_st_tool softticks-trace:ST_TRACE softticks-inspect:ST_INSPECT)
  string(REPLACE ":" ";" _st_tool ${_st_tool})
  list(GET _st_tool 0 _st_target)
  list(GET _st_tool 1 _st_var)
  if(TARGET ${_st_target})
    list(APPEND _st_tools ${_st_var}=$<TARGET_FILE:${_st_target}>)
  endif()
endforeach()
function(softticks_toolchain name)
  set(lines ${_st_tools} ST_COMPILER=${name} ${ARGN})
  list(TRANSFORM lines REPLACE "=(.*)$" "='\\1'")
  list(TRANSFORM lines REPLACE "'.*-NOTFOUND'$" "''") # missing: empty
  file(GENERATE OUTPUT ${SOFTTICKS_TOOLCHAINS_DIR}/${name}.env CONTENT "$<JOIN:${lines},\n>\n")
endfunction()

# SOFTTICKS_COMPILERS: every compiler with its plugin built here (gcc is
# the host GCC); SOFTTICKS_MC_COMPILERS: the same by version (gcc12), with
# gcc11, which only some suites test.
set(SOFTTICKS_COMPILERS "")
set(SOFTTICKS_MC_COMPILERS "")
if(TARGET softticks_gcc_plugin)
  execute_process(COMMAND ${SOFTTICKS_GCC} -dumpversion OUTPUT_VARIABLE _st_version
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX REPLACE "\\..*" "" SOFTTICKS_HOST_GCC_NAME "gcc${_st_version}")
  set(_st_aarch64 "")
  string(REGEX REPLACE "gcc(-[0-9]+)?$" "g++\\1" _st_aarch64_gxx "${SOFTTICKS_AARCH64_GCC}")
  if(TARGET softticks_gcc_plugin_aarch64)
    set(_st_aarch64 ST_AARCH64_GCC=${SOFTTICKS_AARCH64_GCC}
        ST_AARCH64_PLUGIN=$<TARGET_FILE:softticks_gcc_plugin_aarch64>)
    if(NOT EXISTS "${_st_aarch64_gxx}")
      softticks_skip("aarch64 GCC machine-code tests" "g++-aarch64-linux-gnu")
    else()
      set(SOFTTICKS_GCC_AARCH64_TESTS ON) # the cross GCC with its plugin and g++
      list(APPEND _st_aarch64 ST_AARCH64_GXX=${_st_aarch64_gxx})
    endif()
  endif()
  list(APPEND SOFTTICKS_COMPILERS gcc)
  if(SOFTTICKS_GXX)
    list(APPEND SOFTTICKS_MC_COMPILERS ${SOFTTICKS_HOST_GCC_NAME})
  endif()
  foreach(_st_name gcc ${SOFTTICKS_HOST_GCC_NAME})
    softticks_toolchain(${_st_name} ST_KIND=gcc ST_GCC=${SOFTTICKS_GCC} ST_GXX=${SOFTTICKS_GXX}
      "ST_CC=${SOFTTICKS_GCC} -fplugin=$<TARGET_FILE:softticks_gcc_plugin>"
      ST_PLAIN_CC=${SOFTTICKS_GCC} ST_PLUGIN=$<TARGET_FILE:softticks_gcc_plugin> ${_st_aarch64})
  endforeach()
endif()
if(TARGET softticks_gcc11_plugin)
  list(APPEND SOFTTICKS_MC_COMPILERS gcc11)
  softticks_toolchain(gcc11 ST_KIND=gcc ST_GCC=${SOFTTICKS_GCC11} ST_GXX=${SOFTTICKS_GXX11}
    "ST_CC=${SOFTTICKS_GCC11} -fplugin=$<TARGET_FILE:softticks_gcc11_plugin>"
    ST_PLAIN_CC=${SOFTTICKS_GCC11} ST_PLUGIN=$<TARGET_FILE:softticks_gcc11_plugin>)
endif()
get_property(_st_majors GLOBAL PROPERTY SOFTTICKS_LLVM_MAJORS)
foreach(_st_major ${_st_majors})
  softticks_llvm_major(${_st_major})
  if(NOT EXISTS ${_st_bindir}/clang)
    softticks_skip("LLVM ${_st_major} machine-code tests" "clang-${_st_major}")
    continue()
  endif()
  list(APPEND SOFTTICKS_COMPILERS clang${_st_major})
  list(APPEND SOFTTICKS_MC_COMPILERS clang${_st_major})
  softticks_toolchain(clang${_st_major} ST_KIND=clang ST_MAJOR=${_st_major} ST_BINDIR=${_st_bindir}
    "ST_CC=${_st_bindir}/clang --config ${_st_cfg}" ST_PLAIN_CC=${_st_bindir}/clang
    ST_PLUGIN=$<TARGET_FILE:${_st_target}> ST_CFG=${_st_cfg} ST_LTO_CFG=${_st_LTO_CONFIG_FILE})
endforeach()

# softticks_i386_guard(<var> <arch> <need>): in <var>, the command prefix
# (i386_guard.sh) that runs an i386 check as this machine can or skips it
# (77, with the probe's answer): <need> ptrace (natively only) or run
# (natively or under qemu-i386); empty for another <arch>.
set(SOFTTICKS_I386_GUARD ${CMAKE_CURRENT_LIST_DIR}/i386_guard.sh)
function(softticks_i386_guard var arch need)
  if(arch STREQUAL "i386")
    set(${var} bash ${SOFTTICKS_I386_GUARD} ${need} ${SOFTTICKS_I386_RUN} PARENT_SCOPE)
  else()
    set(${var} "" PARENT_SCOPE)
  endif()
endfunction()

# softticks_compiler_test(<test> <compiler> <label> <timeout> <command>...):
# <command> with that compiler's file and a scratch directory of its own;
# 77 is a skip.
function(softticks_compiler_test test compiler label timeout)
  add_test(NAME ${test} COMMAND ${ARGN})
  set_tests_properties(${test} PROPERTIES LABELS "${label}" SKIP_RETURN_CODE 77 TIMEOUT ${timeout}
    ENVIRONMENT "ST_TOOLCHAIN=${SOFTTICKS_TOOLCHAINS_DIR}/${compiler}.env;ST_WORK=${CMAKE_CURRENT_BINARY_DIR}/work/${test}")
endfunction()

# softticks_add_per_compiler_tests(<suite> <script> <timeout> <i386 need> [<level>...]):
# `bash <script> <arch> [<level>]` as <suite>.<compiler>_<arch>[<level>]
# for every compiler, on x86-64 and (with -m32) i386, labelled <suite> up
# to its first dot; the i386 tests through softticks_i386_guard with
# <i386 need> (ptrace or run).
function(softticks_add_per_compiler_tests suite script timeout need)
  set(arches x86_64)
  if(SOFTTICKS_HAVE_M32)
    list(APPEND arches i386)
  endif()
  string(REGEX REPLACE "\\..*" "" label ${suite}) # beforeinit.own_start: beforeinit
  foreach(cc ${SOFTTICKS_COMPILERS})
    foreach(arch ${arches})
      softticks_i386_guard(guard ${arch} ${need})
      foreach(level IN ITEMS ${ARGN})
        softticks_compiler_test(${suite}.${cc}_${arch}${level} ${cc} ${label} ${timeout}
                                ${guard} bash ${script} ${arch} ${level})
      endforeach()
      if(NOT ARGN)
        softticks_compiler_test(${suite}.${cc}_${arch} ${cc} ${label} ${timeout}
                                ${guard} bash ${script} ${arch})
      endif()
    endforeach()
  endforeach()
endfunction()
