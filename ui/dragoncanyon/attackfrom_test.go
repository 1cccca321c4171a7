package dcui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dragoncanyon"
)

// A player's attack at the table ("Defending"): the "from" list offers
// only the chosen player's cards next to the AI card selected.
func TestAttackFromListsOnlyAdjacentCards(t *testing.T) {
	g := startGame(t, "en", fyne.NewSize(1008, 696))
	g.aiTurn()
	s := g.state()
	var ai dragoncanyon.Pos
	for _, p := range allPositions() {
		if f := s.Board[p[0]-1][p[1]-1].Force; f != nil && f.Owner == dragoncanyon.SeatAI {
			ai = p
		}
	}
	var want []string
	for _, p := range allPositions() {
		if s.Board[p[0]-1][p[1]-1].Force != nil {
			continue
		}
		dr, dc := p[0]-ai[0], p[1]-ai[1]
		switch {
		case dr*dr+dc*dc == 1:
			want = append(want, posText(p))
		case dr*dr == 1 && dc*dc == 1: // diagonal: not offered
		default:
			continue
		}
		g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: p})
	}
	test.Tap(g.tb.board.tiles[ai[0]-1][ai[1]-1].button)
	if got := g.tb.from.Options; !slices.Equal(got, want) {
		t.Fatalf("the from list offers %v, want %v (the AI's card on %v)", got, want, ai)
	}
}

func allPositions() []dragoncanyon.Pos {
	var out []dragoncanyon.Pos
	for r := 1; r <= dragoncanyon.Size; r++ {
		for c := 1; c <= dragoncanyon.Size; c++ {
			out = append(out, dragoncanyon.Pos{r, c})
		}
	}
	return out
}

func posText(p dragoncanyon.Pos) string { return string(rune('0'+p[0])) + "," + string(rune('0'+p[1])) }
