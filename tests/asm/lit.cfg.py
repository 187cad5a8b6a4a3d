# lit configuration of softticks-as's per-shape tests (one feature per .s).
# RUN lines may use
#   %sas        softticks-as (--softticks-emit=FILE: instrument only)
#   %asbin      the directory whose `as` is softticks-as (gcc -B %asbin/)
#   %as         the real assembler
#   %tickfree   tests/late_loops/tickfree_cycles.py (no tick-free cycle in an object)
#   %compare    compare_insns.py PLAIN.o TICKED.o (same instructions but the ticks)
#   %gcc        the host gcc;  FileCheck, not
#   %plugin     the GCC plugin (feature gcc-plugin)
#   %clang_plugin  clang with the LLVM pass's config file (feature clang-plugin)
#   %as_a64 %tickfree_a64 %compare_a64   the same for aarch64 (feature aarch64)
import os

import lit.formats

if not hasattr(config, "sas"):
    lit_config.fatal("run lit on build/tests/asm (or a file there)")
config.name = "softticks-as"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".s"]
config.test_source_root = os.path.dirname(__file__)
config.pipefail = True
config.substitutions += [
    ("%sas", config.sas),
    ("%asbin", config.sas_bin),
    ("%as", config.real_as),
    ("%tickfree", "%s %s" % (config.python, config.tickfree)),
    ("%compare", "%s %s" % (config.python, config.compare)),
    ("%gcc", config.gcc),
]
config.substitutions.append(("FileCheck", config.filecheck))
not_tool = os.path.join(os.path.dirname(config.filecheck), "not")
if os.access(not_tool, os.X_OK):
    config.substitutions.append(("not ", not_tool + " "))
if config.gcc_plugin:
    config.substitutions.append(("%plugin", config.gcc_plugin))
    config.available_features.add("gcc-plugin")
if config.real_as_aarch64 and config.objdump_aarch64 and \
        not config.real_as_aarch64.endswith("-NOTFOUND"):
    config.available_features.add("aarch64")
    # Before %as, %tickfree and %compare, which are prefixes of these.
    config.substitutions[0:0] = [
        ("%as_a64", config.real_as_aarch64),
        ("%tickfree_a64", "%s %s --objdump %s" % (config.python, config.tickfree,
                                                 config.objdump_aarch64)),
        ("%compare_a64", "%s %s --objdump %s" % (config.python, config.compare,
                                                config.objdump_aarch64)),
    ]
if config.clang and os.path.exists(config.clang_cfg):
    config.substitutions.append(("%clang_plugin", "%s --config %s" % (config.clang, config.clang_cfg)))
    config.available_features.add("clang-plugin")
config.excludes = ["Inputs"]
config.environment["SOFTTICKS_REAL_AS"] = config.real_as
