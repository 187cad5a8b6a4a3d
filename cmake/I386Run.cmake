# Whether this machine runs i386 programs: kernels without IA32 emulation
# refuse them (Exec format error).  softticks_probe_i386_run(<answer var>
# <why var> <gcc> <qemu-i386 or empty> <scratch file stem>) builds a -m32
# program and runs it: natively (native), else under qemu-i386 (qemu: no
# ptrace there), else not at all (none); <why var> says what it saw.
# Script mode, for the probe's own test (tests/support/i386_answers.sh):
#   cmake -DGCC=gcc -DQEMU=/usr/bin/qemu-i386 -DSTEM=/tmp/p -P I386Run.cmake
# prints "answer: <answer> (<why>)".
function(softticks_probe_i386_run answer_var why_var gcc qemu stem)
  set(answer none)
  file(WRITE ${stem}.c "#include <stdio.h>\nint main(void) { printf(\"i386 runs %d\\n\", (int)sizeof(void *)); return 0; }\n")
  execute_process(COMMAND ${gcc} -m32 ${stem}.c -o ${stem} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    set(why "probe: gcc -m32 built no program")
  else()
    execute_process(COMMAND ${stem} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
    if(rc EQUAL 0 AND out STREQUAL "i386 runs 4\n")
      set(answer native)
      set(why "probe: a -m32 program runs")
    else()
      string(STRIP "${rc} ${err}" err)
      set(why "probe: a -m32 program does not run (${err})")
      if(qemu)
        execute_process(COMMAND ${qemu} ${stem} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_QUIET
                        TIMEOUT 60)
        if(rc EQUAL 0 AND out STREQUAL "i386 runs 4\n")
          set(answer qemu)
          string(APPEND why ", ${qemu} runs it")
        else()
          string(APPEND why ", nor does ${qemu}")
        endif()
      else()
        string(APPEND why ", no qemu-i386 (qemu-user)")
      endif()
    endif()
  endif()
  file(REMOVE ${stem}.c ${stem})
  set(${answer_var} ${answer} PARENT_SCOPE)
  set(${why_var} "${why}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  softticks_probe_i386_run(answer why "${GCC}" "${QEMU}" "${STEM}")
  message("answer: ${answer} (${why})")
endif()
