/* The assembler macro RR_SOFTTICK of rr/softticks.h, on its own: the
 * object's .text must hold exactly one tick sequence. */
#include <rr/softticks.h>

	.text
	RR_SOFTTICK
