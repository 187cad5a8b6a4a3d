[.[] | select(.name | test("^row-(1|7)[0-9]*5$")) | .v] | add
