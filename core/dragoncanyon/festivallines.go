package dragoncanyon

import "slices"

// FestivalLines are the lines a Harvest Festival may be held on in a game
// with setup, in the order a picker lists them: rows, columns, then the
// diagonals when the rules count them.
func FestivalLines(setup Setup) []Line { return lines(setup.Rules) }

// FestivalsDue are the Harvest Festival lines the player whose turn it is
// completed with their own card during the turn under way, still complete
// and not yet held since, in the order a picker lists them: the board the
// app keeps knows every card on it, so the festival is offered as the
// turn's step instead of the table entering it.
func (g *Game) FestivalsDue() []Line {
	s := g.State()
	if s.Phase != PhasePlayers {
		return nil
	}
	placed := map[Pos]int{} // tile → the entry that put the player's card there
	held := map[Line]int{}  // line → the entry that held its festival
	for i, e := range g.turnRecords() {
		switch e := e.(type) {
		case *ForcePlaced:
			if "p"+string(rune('0'+e.Player)) == s.Seat {
				placed[e.Tile] = i + 1
			}
		case *FestivalHeld:
			held[e.Line] = i + 1
		}
	}
	var due []Line
	for _, l := range lines(g.Setup().Rules) {
		if s.complete(l) && slices.ContainsFunc(l.Tiles(), func(p Pos) bool { return placed[p] > held[l] }) {
			due = append(due, l)
		}
	}
	return due
}
