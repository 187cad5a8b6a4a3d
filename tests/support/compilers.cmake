# softticks_llvm_major(<major>): what the build recorded for that LLVM
# (llvm-pass/CMakeLists.txt), as _st_bindir _st_target _st_plugin _st_cfg
# _st_lto_cfg in the caller's scope; both compiler lists below read it.
macro(softticks_llvm_major major)
  get_property(_st_bindir GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_BINDIR)
  get_property(_st_target GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_TARGET)
  get_property(_st_plugin GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_PLUGIN)
  get_property(_st_cfg GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_CONFIG_FILE)
  get_property(_st_lto_cfg GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_LTO_CONFIG_FILE)
endmacro()

# softticks_instrumenting_compilers(<var>): for suites that run the same
# script with every instrumenting compiler.  Sets <var> to the compilers
# whose plugin is built here (gcc, clang<major>...) and, for each name N,
# _st_env_<N> (in the caller's scope) to the environment a script needs:
#   ST_COMPILER  the name          ST_KIND  gcc or clang
#   ST_CC        the C compiler with the plugin loaded (words, no quoting)
#   ST_PLAIN_CC  the same compiler without it
#   ST_LINK_LTO  for clang >= 15: the flags that add the plugin to an lld link
#   ST_TRACE     softticks-trace, when built     ST_HAVE_M32  ON or OFF
macro(softticks_instrumenting_compilers var)
  set(${var} "")
  set(_st_common ST_HAVE_M32=${SOFTTICKS_HAVE_M32} ST_INCLUDE=${SOFTTICKS_INCLUDE_DIR})
  if(TARGET softticks-trace)
    list(APPEND _st_common ST_TRACE=$<TARGET_FILE:softticks-trace>)
  endif()
  if(TARGET softticks_gcc_plugin)
    list(APPEND ${var} gcc)
    set(_st_env_gcc ${_st_common} ST_COMPILER=gcc ST_KIND=gcc
        "ST_CC=${SOFTTICKS_GCC} -fplugin=$<TARGET_FILE:softticks_gcc_plugin>"
        ST_PLAIN_CC=${SOFTTICKS_GCC} ST_PLUGIN=$<TARGET_FILE:softticks_gcc_plugin>)
  endif()
  get_property(_st_majors GLOBAL PROPERTY SOFTTICKS_LLVM_MAJORS)
  foreach(_st_major ${_st_majors})
    softticks_llvm_major(${_st_major})
    if(EXISTS ${_st_bindir}/clang)
      list(APPEND ${var} clang${_st_major})
      set(_st_env_clang${_st_major} ${_st_common} ST_COMPILER=clang${_st_major} ST_KIND=clang
          ST_MAJOR=${_st_major} "ST_CC=${_st_bindir}/clang --config ${_st_cfg}"
          ST_PLAIN_CC=${_st_bindir}/clang ST_PLUGIN=${_st_plugin}
          ST_CFG=${_st_cfg} ST_LTO_CFG=${_st_lto_cfg})
    endif()
  endforeach()
endmacro()

# softticks_add_per_compiler_tests(<suite> <script> <timeout>
#                                  [OPT_LEVELS <levels>...] [ENV <var=value>...])
# Registers `bash <script> <arch> [<level>]` as the test
# <suite>.<compiler>_<arch>[<level>] for every instrumenting compiler, on
# x86-64 and (with -m32) i386, labelled <suite>; status 77 is a skip.
function(softticks_add_per_compiler_tests suite script timeout)
  cmake_parse_arguments(arg "" "" "OPT_LEVELS;ENV" ${ARGN})
  softticks_instrumenting_compilers(compilers)
  set(arches x86_64)
  if(SOFTTICKS_HAVE_M32)
    list(APPEND arches i386)
  endif()
  if(arg_ENV)
    string(APPEND arg_ENV ";")
  endif()
  set(levels ${arg_OPT_LEVELS})
  if(NOT levels)
    set(levels "none")
  endif()
  foreach(cc ${compilers})
    foreach(arch ${arches})
      foreach(level ${levels})
        if(level STREQUAL "none")
          set(test ${suite}.${cc}_${arch})
          set(args ${arch})
        else()
          set(test ${suite}.${cc}_${arch}${level})
          set(args ${arch} ${level})
        endif()
        add_test(NAME ${test} COMMAND bash ${script} ${args})
        set_tests_properties(${test} PROPERTIES
          ENVIRONMENT "${_st_env_${cc}};${arg_ENV}ST_WORK=${CMAKE_CURRENT_BINARY_DIR}/work/${test}"
          LABELS ${suite} SKIP_RETURN_CODE 77 TIMEOUT ${timeout})
      endforeach()
    endforeach()
  endforeach()
endfunction()

# softticks_machine_code_compilers(<var>): for tests/machine_code, the
# compilers by the names its tests carry (gcc12, gcc11, clang19, clang14...)
# and, for each name N, _st_mc_env_<N> (ST_COMPILER, ST_KIND, ST_PLUGIN and
# the drivers: ST_GCC ST_GXX for GCC, ST_MAJOR ST_BINDIR ST_CFG ST_LTO_CFG
# for clang).  The aarch64 cross GCC belongs to the host GCC's entry.
macro(softticks_machine_code_compilers var)
  set(${var} "")
  if(TARGET softticks_gcc_plugin AND SOFTTICKS_GXX)
    execute_process(COMMAND ${SOFTTICKS_GCC} -dumpversion OUTPUT_VARIABLE _st_gcc_version
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    string(REGEX REPLACE "\\..*" "" _st_gcc_major "${_st_gcc_version}")
    set(_st_name gcc${_st_gcc_major})
    list(APPEND ${var} ${_st_name})
    set(_st_mc_env_${_st_name} ST_COMPILER=${_st_name} ST_KIND=gcc ST_GCC=${SOFTTICKS_GCC}
        ST_GXX=${SOFTTICKS_GXX} ST_PLUGIN=$<TARGET_FILE:softticks_gcc_plugin>)
    set(SOFTTICKS_HOST_GCC_NAME ${_st_name})
  endif()
  if(TARGET softticks_gcc11_plugin)
    list(APPEND ${var} gcc11)
    set(_st_mc_env_gcc11 ST_COMPILER=gcc11 ST_KIND=gcc ST_GCC=${SOFTTICKS_GCC11}
        ST_GXX=${SOFTTICKS_GXX11} ST_PLUGIN=$<TARGET_FILE:softticks_gcc11_plugin>)
  endif()
  get_property(_st_majors GLOBAL PROPERTY SOFTTICKS_LLVM_MAJORS)
  foreach(_st_major ${_st_majors})
    softticks_llvm_major(${_st_major})
    if(EXISTS ${_st_bindir}/clang)
      list(APPEND ${var} clang${_st_major})
      set(_st_mc_env_clang${_st_major} ST_COMPILER=clang${_st_major} ST_KIND=clang
          ST_MAJOR=${_st_major} ST_BINDIR=${_st_bindir} ST_PLUGIN=$<TARGET_FILE:${_st_target}>
          ST_CFG=${_st_cfg} ST_LTO_CFG=${_st_lto_cfg})
    else()
      softticks_skip("LLVM ${_st_major} machine-code tests" "clang-${_st_major}")
    endif()
  endforeach()
endmacro()
