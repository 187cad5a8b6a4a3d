# libelf (elfutils), found once for every part that reads ELF files: the
# imported target softticks::libelf carries the library and its include
# directory.  Absent when libelf-dev is missing; each consumer then skips
# itself (softticks_skip).
find_path(SOFTTICKS_LIBELF_INCLUDE_DIR NAMES gelf.h DOC "directory of libelf's gelf.h")
find_library(SOFTTICKS_LIBELF NAMES elf DOC "libelf (elfutils)")
if(SOFTTICKS_LIBELF AND SOFTTICKS_LIBELF_INCLUDE_DIR)
  add_library(softticks::libelf UNKNOWN IMPORTED)
  set_target_properties(softticks::libelf PROPERTIES
    IMPORTED_LOCATION ${SOFTTICKS_LIBELF}
    INTERFACE_INCLUDE_DIRECTORIES ${SOFTTICKS_LIBELF_INCLUDE_DIR})
endif()
