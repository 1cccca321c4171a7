package dragoncanyon

// FestivalLines are the lines a Harvest Festival may be held on in a game
// with setup, in the order a picker lists them: rows, columns, then the
// diagonals when the rules count them.
func FestivalLines(setup Setup) []Line { return lines(setup.Rules) }
