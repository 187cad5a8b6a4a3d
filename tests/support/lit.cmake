# lit + FileCheck for the suites that drive a tool's text output with them
# (tests/gcc-gimple, tests/asm; tests/llvm-ir uses each LLVM's own).
include_guard(GLOBAL)

# softticks_llvm_lit(BINDIR LIT_VAR), softticks_find_lit(LIT_VAR FILECHECK_VAR),
# softticks_lit_lock(EXEC_ROOT TESTS...): README.md.

# The lit of the LLVM whose bin directory is BINDIR, a Python script:
# Debian's llvm-14-tools and llvm-19-tools ship it as
# <prefix>/build/utils/lit/lit.py, llvm-22-tools as <prefix>/bin/lit (the
# package under <prefix>/utils/lit).  Empty when that LLVM has neither
# (llvm-<N>-tools not installed).
function(softticks_llvm_lit bindir lit_var)
  set(_lit "")
  foreach(_candidate ${bindir}/../build/utils/lit/lit.py ${bindir}/lit)
    get_filename_component(_candidate ${_candidate} ABSOLUTE)
    if(EXISTS ${_candidate})
      set(_lit ${_candidate})
      break()
    endif()
  endforeach()
  set(${lit_var} "${_lit}" PARENT_SCOPE)
endfunction()

function(softticks_find_lit lit_var filecheck_var)
  set(_found_lit "")
  set(_found_filecheck "")
  get_property(_majors GLOBAL PROPERTY SOFTTICKS_LLVM_MAJORS)
  list(SORT _majors COMPARE NATURAL ORDER DESCENDING)
  foreach(major ${_majors})
    get_property(_bindir GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_BINDIR)
    softticks_llvm_lit(${_bindir} _candidate)
    if(_candidate AND EXISTS ${_bindir}/FileCheck)
      set(_found_lit ${_candidate})
      set(_found_filecheck ${_bindir}/FileCheck)
      break()
    endif()
  endforeach()
  set(${lit_var} "${_found_lit}" PARENT_SCOPE)
  set(${filecheck_var} "${_found_filecheck}" PARENT_SCOPE)
endfunction()

function(softticks_lit_lock exec_root)
  string(MAKE_C_IDENTIFIER "lit_times_${exec_root}" _lock)
  set_tests_properties(${ARGN} PROPERTIES RESOURCE_LOCK ${_lock})
endfunction()
