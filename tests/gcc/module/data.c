/* No code, so no tick: this unit must carry no initializer and no note. */
const int table[4] = {1, 2, 3, 4};
