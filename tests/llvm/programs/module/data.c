/* Module-parts test: a unit with no function, so no tick: no parts. */
const int table[4] = {1, 2, 3, 10};
