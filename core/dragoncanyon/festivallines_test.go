package dragoncanyon

import (
	"slices"
	"testing"
)

// The festival lines a picker offers are core's: every row and column,
// and the two diagonals only when the rules count them.
func TestFestivalLines(t *testing.T) {
	for _, c := range []struct {
		diagonals bool
		want      int
	}{{false, 2 * Size}, {true, 2*Size + 2}} {
		got := FestivalLines(Setup{Rules: Options{DiagonalLines: c.diagonals}})
		if len(got) != c.want {
			t.Fatalf("diagonals %v: %d lines, want %d", c.diagonals, len(got), c.want)
		}
		hasDiagonal := slices.ContainsFunc(got, func(l Line) bool { return l.Kind == Diagonal })
		if hasDiagonal != c.diagonals || got[0] != (Line{Row, 1}) || got[Size] != (Line{Column, 1}) {
			t.Fatalf("diagonals %v: %v", c.diagonals, got)
		}
	}
}
