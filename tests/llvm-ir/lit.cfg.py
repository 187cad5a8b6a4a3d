# lit configuration of the LLVM plugin's IR tests (one feature per .ll file,
# as in LLVM's test/Instrumentation/).  The build writes one site config per
# LLVM major (lit.site.cfg.py.in) that sets llvm_major, llvm_bindir, plugin
# and the exec root, then loads this file.
#
# RUN lines may use
#   opt, FileCheck, llvm-link, llc, llvm-objdump   that LLVM's tools (by full path)
#   %linkopts        llvm-link's (and llc's) options to read opt's output (LLVM 14: -opaque-pointers)
#   %loadplugin      the options that load the plugin into opt; on LLVM 14
#                    also -load= (its opt loads pass plugins only after
#                    parsing the options) and -opaque-pointers (its default
#                    is typed pointers)
# and REQUIRES:/UNSUPPORTED: the features llvm-<major> (this LLVM) and
# llvm-<N>+ for every N from 14 up to this major ("at least N").
import os
import re

import lit.formats

if not hasattr(config, "llvm_major"):
    lit_config.fatal("run lit on build/tests/llvm-ir/llvm<major> (or a file there): the "
                     "site config the build writes says which LLVM and plugin to test")
config.name = "softticks-llvm-ir-%d" % config.llvm_major
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll"]
config.test_source_root = os.path.dirname(__file__)
# A RUN line fails when any command of a pipeline fails.
config.pipefail = True

major = config.llvm_major
bindir = config.llvm_bindir
for tool in ("opt", "FileCheck", "llvm-link", "llc", "llvm-objdump"):
    path = os.path.join(bindir, tool)
    if not os.access(path, os.X_OK):
        lit_config.fatal("%s not found (install llvm-%d-tools)" % (path, major))
    # The tool's name as a command word, not inside another word or path.
    config.substitutions.append((r"(?<![\w./%%-])%s(?=\s)" % re.escape(tool), path))

load = "-load-pass-plugin=" + config.plugin
if major < 15:
    load = "-load=%s %s -opaque-pointers" % (config.plugin, load)
config.substitutions.append(("%loadplugin", load))
# llvm-link reads what opt wrote: on LLVM 14, opaque pointers.
config.substitutions.append(("%linkopts", "-opaque-pointers" if major < 15 else ""))

config.available_features.add("llvm-%d" % major)
for n in range(14, major + 1):
    config.available_features.add("llvm-%d+" % n)
