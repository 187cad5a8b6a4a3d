/*
 * The GCC internal headers the plugin uses, in the order GCC needs them.
 * Every plugin source includes this first; nothing here is softticks'.
 */
#ifndef SOFTTICKS_GCC_INCLUDES_H
#define SOFTTICKS_GCC_INCLUDES_H

#include "gcc-plugin.h"

#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfghooks.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-ssa.h"
#include "tree-cfg.h"
#include "ssa.h"
#include "cgraph.h"
#include "attribs.h"
#include "stringpool.h"
#include "diagnostic-core.h"
#include "output.h"
#include "internal-fn.h"
#include "calls.h"
#include "cpplib.h"
#include "langhooks.h"
#include "toplev.h"

#endif
