# Installs the rrsoftticks component to a scratch prefix and builds
# consumers against it: with pkg-config (static, as its Libs line says, and
# the shared library by hand) and with the CMake package (static and
# shared).  Each must run, and the statically linked ones must carry the
# .note.rrsoftticks note and map the page even when they call nothing.
# cmake -P with: BUILD (this build tree), SRC (tests/runtime), CC, WORK,
# GENERATOR, PKG_CONFIG (optional).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(prefix ${WORK}/prefix)

function(must)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(must_out "${out}" PARENT_SCOPE)
endfunction()

function(expect_run exe want)
  must(${exe})
  if(NOT must_out MATCHES "${want}")
    message(SEND_ERROR "${exe}: printed '${must_out}', want '${want}'")
  endif()
endfunction()

function(expect_note exe)
  execute_process(COMMAND readelf -W -n ${exe} OUTPUT_VARIABLE out)
  if(NOT out MATCHES "notes found in: \\.note\\.rrsoftticks\n[^\n]*\n +rr +0x00000004")
    message(SEND_ERROR "${exe}: no rr note of 4 bytes:\n${out}")
  endif()
endfunction()

must(${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix} --component rrsoftticks)
file(GLOB_RECURSE pcfile ${prefix}/*/rrsoftticks.pc)
if(NOT pcfile)
  message(FATAL_ERROR "rrsoftticks.pc not installed")
endif()
get_filename_component(pcdir ${pcfile} DIRECTORY)
get_filename_component(libdir ${pcdir} DIRECTORY)

# pkg-config (when the machine has it)
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} ${pcdir})
  must(${PKG_CONFIG} --cflags --libs rrsoftticks)
  string(STRIP "${must_out}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  must(${CC} ${SRC}/consumer/consumer_nothing.c ${flags} -o ${WORK}/pc_nothing)
  expect_run(${WORK}/pc_nothing "page mapped")
  expect_note(${WORK}/pc_nothing)
  must(${CC} ${SRC}/consumer/consumer.c ${flags} -o ${WORK}/pc_api)
  expect_run(${WORK}/pc_api "consumer ok")
  expect_note(${WORK}/pc_api)
  must(${PKG_CONFIG} --cflags rrsoftticks)
  string(STRIP "${must_out}" cflags)
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  must(${CC} ${SRC}/consumer/consumer.c ${cflags} -L${libdir} -lrrsoftticks -Wl,-rpath,${libdir}
       -o ${WORK}/pc_shared)
  expect_run(${WORK}/pc_shared "consumer ok")
  must(readelf -d ${WORK}/pc_shared)
  if(NOT must_out MATCHES "librrsoftticks\\.so")
    message(SEND_ERROR "pc_shared does not use the shared library")
  endif()

else()
  message(STATUS "pkg-config not found: pkg-config consumers not built")
endif()

# CMake package
must(${CMAKE_COMMAND} -S ${SRC}/consumer -B ${WORK}/cmake -G ${GENERATOR}
     -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${CC}
     -DCMAKE_BUILD_RPATH=${libdir})
must(${CMAKE_COMMAND} --build ${WORK}/cmake)
expect_run(${WORK}/cmake/consumer_static "consumer ok")
expect_note(${WORK}/cmake/consumer_static)
expect_run(${WORK}/cmake/consumer_nothing_static "page mapped")
expect_note(${WORK}/cmake/consumer_nothing_static)
expect_run(${WORK}/cmake/consumer_shared "consumer ok")
