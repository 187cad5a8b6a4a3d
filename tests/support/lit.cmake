# lit + FileCheck for the suites that drive a tool's text output with them
# (tests/gcc-gimple, tests/asm; tests/llvm-ir uses each LLVM's own).
include_guard(GLOBAL)

# softticks_find_lit(LIT_VAR FILECHECK_VAR), softticks_lit_lock(EXEC_ROOT TESTS...): README.md.
function(softticks_find_lit lit_var filecheck_var)
  set(_found_lit "")
  set(_found_filecheck "")
  get_property(_majors GLOBAL PROPERTY SOFTTICKS_LLVM_MAJORS)
  list(SORT _majors COMPARE NATURAL ORDER DESCENDING)
  foreach(major ${_majors})
    get_property(_bindir GLOBAL PROPERTY SOFTTICKS_LLVM_${major}_BINDIR)
    get_filename_component(_candidate ${_bindir}/../build/utils/lit/lit.py ABSOLUTE)
    if(EXISTS ${_candidate} AND EXISTS ${_bindir}/FileCheck)
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
