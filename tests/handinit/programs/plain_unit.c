/* An ordinary unit: whatever initializer it has, the plugin gives it. */
#include "work.h"

int plain_unit_work(int argc) { return work(argc); }
