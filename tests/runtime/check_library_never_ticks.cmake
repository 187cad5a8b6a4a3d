# librrsoftticks' own code never ticks: no native tick sequence in the
# executable code of the shared library (its .rodata does hold one, for
# rr_softticks_tick_bytes).  cmake -P with LIB (the .so), SEQ (the
# sequence's first bytes as hex, from the ABI), WORK.
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND objcopy -O binary --only-section=.text ${LIB} ${WORK}/text.bin
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "objcopy failed: ${err}")
endif()
file(READ ${WORK}/text.bin text HEX)
string(LENGTH "${text}" len)
if(len LESS 64)
  message(FATAL_ERROR "no .text in ${LIB}")
endif()
string(FIND "${text}" "${SEQ}" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "${LIB}: a tick sequence in .text at byte ${at} / 2")
endif()
