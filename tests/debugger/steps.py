# Run by gdb -batch -x steps.py: prints what a user sees while debugging.
#   ST_BREAKS     functions: "break F" for each, and where it lands
#   ST_STEP       the command to repeat from main: step or next
#   ST_MAX_STEPS  how many times at most (the program may end first)
# Each stop prints "stop FUNCTION FILE:LINE depth=N", plus " opening" when
# LINE is the function's own (declaration) line; no addresses, so that
# builds with and without ticks compare line by line.
import os

import gdb


def where(frame):
    sal = frame.find_sal()
    name = sal.symtab.filename.rsplit("/", 1)[-1] if sal.symtab else "?"
    depth = 0
    older = frame.older()
    while older is not None:
        depth += 1
        older = older.older()
    text = "%s %s:%d depth=%d" % (frame.name(), name, sal.line, depth)
    function = frame.function()
    if function is not None and function.line == sal.line:
        text += " opening"
    return text


gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set style enabled off")
gdb.execute("set debuginfod enabled off")

for function in os.environ.get("ST_BREAKS", "").split():
    bp = gdb.Breakpoint(function, internal=True)
    for loc in bp.locations:
        sal = gdb.find_pc_line(loc.address)
        name = sal.symtab.filename.rsplit("/", 1)[-1] if sal.symtab else "?"
        print("break %s %s:%d" % (function, name, sal.line))
    bp.delete()

gdb.Breakpoint("main", internal=True)
gdb.execute("run", to_string=True)
command = os.environ.get("ST_STEP", "step")
for _ in range(int(os.environ.get("ST_MAX_STEPS", "200"))):
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        print("exited")
        break
    print("stop " + where(frame))
    try:
        gdb.execute(command, to_string=True)
    except gdb.error:
        print("exited")
        break
