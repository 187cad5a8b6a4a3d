/* Module-parts test: a unit with no function, so no tick: it must carry no
 * initializer and no note. */
const int table[4] = {1, 2, 3, 10};
