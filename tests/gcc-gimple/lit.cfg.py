# lit configuration of the GCC plugin's per-shape tests on its GIMPLE dump
# (one shape per .c/.cc file, mirroring tests/llvm-ir).  The build writes the
# site config (lit.site.cfg.py.in), which sets the compilers and plugins
# and loads this file.
#
# RUN lines may use
#   %gimple ARGS...          the plugin pass's dump of `gcc ARGS -c` with the
#                            plugin (x86-64), each tick one line
#                            "SOFTTICKS_TICK;" (gimple_dump.py)
#   %gimple-i386 ARGS...     the same with -m32 (i386 ticks)
#   %gimple-aarch64 ARGS...  the same with the aarch64 cross compiler
#   %gimple-raw, %gimple-aarch64-raw
#                            the dump as GCC wrote it
#   FileCheck                LLVM's FileCheck
# and REQUIRES: the feature aarch64 (the cross compiler and its plugin
# were built).  (-m32 needs no feature: the tests compile without linking.)
import os

import lit.formats

if not hasattr(config, "gcc"):
    lit_config.fatal("run lit on build/tests/gcc-gimple (or a file there): the site "
                     "config the build writes says which compilers and plugins to test")
config.name = "softticks-gcc-gimple"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cc"]
config.test_source_root = os.path.dirname(__file__)
config.pipefail = True

dump = "%s %s" % (config.python, os.path.join(config.test_source_root, "gimple_dump.py"))
host = "%s %s" % (config.gcc, config.plugin)
subs = [
    ("%gimple-i386", "%s i386 %s -m32" % (dump, host)),
    ("%gimple-raw", "%s --raw %s" % (dump, host)),
]
if config.aarch64_gcc:
    cross = "%s %s" % (config.aarch64_gcc, config.aarch64_plugin)
    subs.append(("%gimple-aarch64-raw", "%s --raw %s" % (dump, cross)))
    subs.append(("%gimple-aarch64", "%s aarch64 %s" % (dump, cross)))
    config.available_features.add("aarch64")
subs += [
    ("%gimple", "%s x86_64 %s" % (dump, host)),
    (r"(?<![\w./%-])FileCheck(?=\s)", config.filecheck),
]
config.substitutions += subs
