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
    get_property(_st_bindir GLOBAL PROPERTY SOFTTICKS_LLVM_${_st_major}_BINDIR)
    get_property(_st_cfg GLOBAL PROPERTY SOFTTICKS_LLVM_${_st_major}_CONFIG_FILE)
    get_property(_st_lto_cfg GLOBAL PROPERTY SOFTTICKS_LLVM_${_st_major}_LTO_CONFIG_FILE)
    get_property(_st_plugin GLOBAL PROPERTY SOFTTICKS_LLVM_${_st_major}_PLUGIN)
    if(EXISTS ${_st_bindir}/clang)
      list(APPEND ${var} clang${_st_major})
      set(_st_env_clang${_st_major} ${_st_common} ST_COMPILER=clang${_st_major} ST_KIND=clang
          ST_MAJOR=${_st_major} "ST_CC=${_st_bindir}/clang --config ${_st_cfg}"
          ST_PLAIN_CC=${_st_bindir}/clang ST_PLUGIN=${_st_plugin}
          ST_CFG=${_st_cfg} ST_LTO_CFG=${_st_lto_cfg})
    endif()
  endforeach()
endmacro()
