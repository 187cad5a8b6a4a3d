# The module asm (common/module_asm.c, with the header's initializer
# bytes) through every assembler that consumes it, against a fresh compile
# of page_init.c.  Run with cmake -P:
#   MODULE_ASM   st-module-asm
#   PYTHON, REGEN  python3 and runtime/regen_init_tables.py, whose --compile
#                compiles page_init.c with the tables' compiler (optional:
#                without it, or without that compiler, the initializer's
#                bytes are compared with nothing but each other)
#   GAS_<arch>   a gcc that assembles for <arch> (optional)
#   CLANGS       clangs to try (each LLVM found; optional)
#   LLD          1 if clang's -fuse-ld=lld works (optional)
#   WORK         scratch directory
# For each arch and each assembler, the object must hold a hidden function
# __rr_softticks_init whose bytes equal the fresh compile's (and are the
# same for every assembler), its
# .init_array.00001 entry and the 20-byte note, all in the COMDAT group
# __rr_softticks_init; and the early mapping (common/module_asm.c): the
# ifunc __rr_softticks_early, the GOT reference to it and the .init_array
# slot of the no-op that holds that reference, in the group
# __rr_softticks_early.

# Lists arrive |-separated.
foreach(var CLANGS GAS_x86_64 GAS_i386 GAS_aarch64)
  string(REPLACE "|" ";" ${var} "${${var}}")
endforeach()

# The triples st-module-asm --ll writes (clang warns if --target differs).
set(triple_x86_64 x86_64-unknown-linux-gnu)
set(triple_i386 i386-unknown-linux-gnu)
set(triple_aarch64 aarch64-unknown-linux-gnu)
# The landing pad each initializer must start with: it is called
# indirectly from .init_array (CET IBT: endbr64/endbr32; BTI: bti c).
set(entry_x86_64 f30f1efa)
set(entry_i386 f30f1efb)
set(entry_aarch64 5f2403d5)
set(pointer_x86_64 8)
set(pointer_i386 4)
set(pointer_aarch64 8)
set(elf_x86_64 elf64-little)
set(elf_i386 elf32-little)
set(elf_aarch64 elf64-little)
# The ABI's note, spelled out from the specification (namesz 3, descsz 4,
# type 1, "rr\0\0", version 1).
set(expected_note "03000000040000000100000072720000 01000000")
string(REPLACE " " "" expected_note "${expected_note}")

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(failures 0)

macro(fail msg)
  message(SEND_ERROR "${msg}")
  math(EXPR failures "${failures} + 1")
endmacro()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(run_rc ${rc} PARENT_SCOPE)
  set(run_out "${out}" PARENT_SCOPE)
  set(run_err "${err}" PARENT_SCOPE)
endfunction()

# Hex of a section's bytes (empty if missing).
function(section_hex obj elf section outvar)
  set(bin ${obj}.${section}.bin)
  file(REMOVE ${bin})
  execute_process(COMMAND objcopy -I ${elf} -O binary --only-section=${section} ${obj} ${bin}
                  RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0 AND EXISTS ${bin})
    file(READ ${bin} hex HEX)
  else()
    set(hex "")
  endif()
  set(${outvar} "${hex}" PARENT_SCOPE)
endfunction()

foreach(arch x86_64 i386 aarch64)
  set(dir ${WORK}/${arch})
  file(MAKE_DIRECTORY ${dir})
  set(fresh "")
  if(PYTHON AND REGEN)
    run(${PYTHON} ${REGEN} --compile ${arch} ${dir}/fresh.o)
    if(run_rc EQUAL 0)
      section_hex(${dir}/fresh.o ${elf_${arch}} .text.__rr_softticks_init fresh)
      if(fresh STREQUAL "")
        fail("${arch}: no initializer bytes in the fresh compile")
      endif()
    elseif(run_rc EQUAL 77)
      message(STATUS "${arch}: no compiler for a fresh compile of page_init.c: ${run_err}")
    else()
      fail("${arch}: fresh compile of page_init.c failed: ${run_err}")
    endif()
  endif()

  foreach(form asm c ll)
    run(${MODULE_ASM} --${form} ${arch} ${dir}/module.${form})
    if(NOT run_rc EQUAL 0)
      fail("${arch}: st-module-asm --${form} failed: ${run_err}")
    endif()
  endforeach()
  file(RENAME ${dir}/module.asm ${dir}/module.s)

  # Assemble each form with each assembler; keep the objects that built.
  set(objects "")
  macro(assemble tool)
    run(${ARGN})
    if(run_rc EQUAL 0)
      list(APPEND objects ${tool})
    else()
      fail("${arch}/${tool}: the module asm does not assemble:\n${run_err}")
    endif()
  endmacro()
  if(GAS_${arch})
    assemble(gas ${GAS_${arch}} -c ${dir}/module.s -o ${dir}/gas.o)
    assemble(gcc ${GAS_${arch}} -c ${dir}/module.c -o ${dir}/gcc.o)
  endif()
  set(target --target=${triple_${arch}})
  set(n 0)
  foreach(clang ${CLANGS})
    math(EXPR n "${n} + 1")
    assemble(clang${n}-as ${clang} ${target} -c ${dir}/module.s -o ${dir}/clang${n}-as.o)
    assemble(clang${n}-ll ${clang} ${target} -c ${dir}/module.ll -o ${dir}/clang${n}-ll.o)
    assemble(clang${n}-c ${clang} ${target} -c ${dir}/module.c -o ${dir}/clang${n}-c.o)
  endforeach()
  if(NOT objects)
    fail("${arch}: no assembler to try")
  endif()

  # Without a fresh compile, the first assembler's bytes are the
  # reference: every assembler must still agree.
  set(reference "${fresh}")
  set(reference_name "a fresh compile")
  foreach(tool ${objects})
    set(obj ${dir}/${tool}.o)
    section_hex(${obj} ${elf_${arch}} .text.__rr_softticks_init code)
    if(reference STREQUAL "")
      set(reference "${code}")
      set(reference_name "${tool}")
    endif()
    if(NOT code STREQUAL reference)
      fail("${arch}/${tool}: initializer bytes differ from ${reference_name}\n  got  ${code}\n  want ${reference}")
    endif()
    if(NOT code MATCHES "^${entry_${arch}}")
      fail("${arch}/${tool}: the initializer does not start with its landing pad ${entry_${arch}}: ${code}")
    endif()
    string(LENGTH "${code}" code_len)
    math(EXPR fresh_size "${code_len} / 2")
    section_hex(${obj} ${elf_${arch}} .note.rrsoftticks note)
    if(NOT note STREQUAL expected_note)
      fail("${arch}/${tool}: note is '${note}', want '${expected_note}'")
    endif()
    run(readelf -W -S -g -s -r ${obj})
    set(listing "${run_out}")
    if(NOT listing MATCHES "COMDAT group section \\[ *[0-9]+\\] `\\.group' \\[__rr_softticks_init\\]")
      fail("${arch}/${tool}: no COMDAT group __rr_softticks_init\n${listing}")
    endif()
    # Writable like a compiler's own .init_array (lld rejects the entry's
    # dynamic relocation in a read-only section).
    if(NOT listing MATCHES "\\.init_array\\.00001 +INIT_ARRAY +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +WAG ")
      fail("${arch}/${tool}: .init_array.00001 is not an allocated, writable group member\n${listing}")
    endif()
    foreach(member \\.text\\.__rr_softticks_init \\.init_array\\.00001 \\.note\\.rrsoftticks)
      if(NOT listing MATCHES "\\[ *[0-9]+\\]   ${member}\n")
        fail("${arch}/${tool}: ${member} is not in the group\n${listing}")
      endif()
    endforeach()
    if(NOT listing MATCHES " ${fresh_size} FUNC +GLOBAL +HIDDEN +[0-9]+ __rr_softticks_init\n")
      fail("${arch}/${tool}: __rr_softticks_init is not a hidden global function of ${fresh_size} bytes\n${listing}")
    endif()
    if(NOT listing MATCHES "Relocation section '\\.rela?\\.init_array\\.00001'[^\n]*\n[^\n]*\n[^\n]*__rr_softticks_init")
      fail("${arch}/${tool}: .init_array.00001 does not point at __rr_softticks_init\n${listing}")
    endif()
    if(NOT listing MATCHES "`\\.group' \\[__rr_softticks_early\\] contains [0-9]+ sections:\n[^\n]*\n[^\n]*   \\.text\\.__rr_softticks_early\n[^\n]*\n?[^\n]*   \\.init_array\n")
      fail("${arch}/${tool}: no COMDAT group __rr_softticks_early of its code and .init_array slot\n${listing}")
    endif()
    # STT_GNU_IFUNC (10); readelf names it only when the object says
    # ELFOSABI_GNU, which LLVM 14's assembler does not.
    if(NOT listing MATCHES "(IFUNC|<OS specific>: 10) +GLOBAL +HIDDEN +[0-9]+ __rr_softticks_early\n")
      fail("${arch}/${tool}: __rr_softticks_early is not a hidden ifunc\n${listing}")
    endif()
    if(NOT listing MATCHES "Relocation section '\\.rela?\\.init_array'[^\n]*\n[^\n]*\n[^\n]*__rr_softticks_early_noop")
      fail("${arch}/${tool}: the early .init_array slot does not point at __rr_softticks_early_noop\n${listing}")
    endif()
    # The reference that makes the loader call the resolver: a GOT one.
    if(NOT listing MATCHES "_GOT[^\n]* __rr_softticks_early( [-+]|\n)")
      fail("${arch}/${tool}: no GOT relocation against __rr_softticks_early\n${listing}")
    endif()
  endforeach()

  # COMDAT: two units (from different assemblers) linked into one shared
  # object keep one initializer, one .init_array entry and one note.
  list(LENGTH objects nobj)
  if(GAS_${arch} AND nobj GREATER 1)
    list(GET objects 0 first)
    list(GET objects -1 last)
    set(linkers "gnu-ld")
    if(LLD AND CLANGS)
      list(APPEND linkers lld)
      list(GET CLANGS 0 clang)
    endif()
    foreach(linker ${linkers})
      set(so ${dir}/two-units-${linker}.so)
      if(linker STREQUAL "lld")
        set(driver ${clang} --target=${triple_${arch}} -fuse-ld=lld)
      else()
        set(driver ${GAS_${arch}})
      endif()
      # --gc-sections: the note is referenced by nothing; it must survive
      # as a member of the group the .init_array entry keeps alive.
      run(${driver} -nostdlib -shared -Wl,--gc-sections ${dir}/${first}.o ${dir}/${last}.o
          -o ${so})
      if(NOT run_rc EQUAL 0)
        fail("${arch}: linking ${first}.o and ${last}.o with ${linker} failed:\n${run_err}")
        continue()
      endif()
      run(readelf -W -s -d -r ${so})
      string(REGEX MATCHALL "FUNC +[A-Z]+ +[A-Z]+ +[0-9]+ __rr_softticks_init\n" defs "${run_out}")
      list(LENGTH defs ndefs)
      # Two slots: the initializer's and the early mapping's no-op; and an
      # IRELATIVE relocation, which the loader applies by calling the
      # resolver.
      math(EXPR two_slots "2 * ${pointer_${arch}}")
      string(REGEX MATCHALL "_IRELATIV" irel "${run_out}")
      list(LENGTH irel nirel)
      if(NOT ndefs EQUAL 1 OR NOT run_out MATCHES "\\(INIT_ARRAYSZ\\) +${two_slots} \\(bytes\\)"
         OR nirel LESS 1)
        fail("${arch}/${linker}: ${ndefs} initializer symbols, ${nirel} IRELATIVE relocations, or not two .init_array entries:\n${run_out}")
      endif()
      section_hex(${so} ${elf_${arch}} .note.rrsoftticks note)
      if(NOT note STREQUAL expected_note)
        fail("${arch}/${linker}: linked note is '${note}', want one '${expected_note}'")
      endif()
      list(APPEND objects ${linker}:${first}+${last})
    endforeach()
  endif()
  message(STATUS "${arch}: ${fresh_size} bytes; checked ${objects}")
endforeach()

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} check(s) failed")
endif()
