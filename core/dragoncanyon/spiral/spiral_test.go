package spiral

import (
	"slices"
	"testing"
)

// "Example tie-break situation": the AI plays on (2,2), the tie-break says
// up and anticlockwise; the search leaves the grid past row 1 and column 1,
// re-enters at the next column it reaches, and finds the Green card on
// (4,2) before the others.
func TestWorkedExample(t *testing.T) {
	order := Order(Pos{2, 2}, Up, Anticlockwise, 4, 4)
	want := []Pos{{1, 2}, {1, 1}, {2, 1}, {3, 1}, {3, 2}, {3, 3}, {2, 3}, {1, 3}, // the first ring
		{4, 1}, {4, 2}, {4, 3}, {4, 4}, {3, 4}, {2, 4}, {1, 4}} // the second ring, re-entering at (4,1)
	if !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	green := []Pos{{4, 2}, {2, 4}, {1, 4}}
	for _, p := range order {
		if slices.Contains(green, p) {
			if p != (Pos{4, 2}) {
				t.Fatalf("found %v first, want (4,2)", p)
			}
			break
		}
	}
}

// "Moving the Dragon" / "Battle": every start direction and rotation, from
// the middle, an edge and a corner: the first tile is the one in the start
// direction, the next turns the stated way, every tile is visited once, and
// rings are visited in order.
func TestEveryStartAndRotation(t *testing.T) {
	cases := []struct {
		origin      Pos
		start, rot  string
		first, next []Pos // the first tiles visited
	}{
		{Pos{2, 2}, Up, Clockwise, nil, []Pos{{1, 2}, {1, 3}, {2, 3}, {3, 3}, {3, 2}, {3, 1}, {2, 1}, {1, 1}}},
		{Pos{2, 2}, Up, Anticlockwise, nil, []Pos{{1, 2}, {1, 1}, {2, 1}, {3, 1}, {3, 2}, {3, 3}, {2, 3}, {1, 3}}},
		{Pos{2, 2}, Right, Clockwise, nil, []Pos{{2, 3}, {3, 3}, {3, 2}, {3, 1}, {2, 1}, {1, 1}, {1, 2}, {1, 3}}},
		{Pos{2, 2}, Right, Anticlockwise, nil, []Pos{{2, 3}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {3, 2}, {3, 3}}},
		{Pos{2, 2}, Down, Clockwise, nil, []Pos{{3, 2}, {3, 1}, {2, 1}, {1, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 3}}},
		{Pos{2, 2}, Down, Anticlockwise, nil, []Pos{{3, 2}, {3, 3}, {2, 3}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}}},
		{Pos{2, 2}, Left, Clockwise, nil, []Pos{{2, 1}, {1, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 3}, {3, 2}, {3, 1}}},
		{Pos{2, 2}, Left, Anticlockwise, nil, []Pos{{2, 1}, {3, 1}, {3, 2}, {3, 3}, {2, 3}, {1, 3}, {1, 2}, {1, 1}}},
		// A corner: up and left are off the board; the first ring gives 3
		// tiles, then the spiral re-enters wherever it next crosses the board.
		{Pos{1, 1}, Up, Clockwise, nil, []Pos{{1, 2}, {2, 2}, {2, 1}, {1, 3}, {2, 3}, {3, 3}, {3, 2}, {3, 1}}},
		{Pos{1, 1}, Left, Anticlockwise, nil, []Pos{{2, 1}, {2, 2}, {1, 2}, {3, 1}, {3, 2}, {3, 3}, {2, 3}, {1, 3}}},
		{Pos{4, 4}, Down, Clockwise, nil, []Pos{{4, 3}, {3, 3}, {3, 4}, {4, 2}, {3, 2}, {2, 2}, {2, 3}, {2, 4}}},
		// An edge: row 1, up is off the board.
		{Pos{1, 3}, Up, Anticlockwise, nil, []Pos{{1, 2}, {2, 2}, {2, 3}, {2, 4}, {1, 4}, {1, 1}, {2, 1}, {3, 1}}},
		{Pos{1, 3}, Right, Clockwise, nil, []Pos{{1, 4}, {2, 4}, {2, 3}, {2, 2}, {1, 2}, {3, 4}, {3, 3}, {3, 2}}},
	}
	for _, c := range cases {
		t.Run(c.origin.String()+"/"+c.start+"/"+c.rot, func(t *testing.T) {
			order := Order(c.origin, c.start, c.rot, 4, 4)
			if len(order) != 15 {
				t.Fatalf("%d tiles visited, want 15: %v", len(order), order)
			}
			seen := map[Pos]bool{}
			ring := 1
			for _, p := range order {
				if seen[p] || p == c.origin {
					t.Fatalf("%v visited twice or is the origin: %v", p, order)
				}
				seen[p] = true
				if r := Ring(c.origin, p); r < ring {
					t.Fatalf("ring %d after ring %d: %v", r, ring, order)
				} else {
					ring = r
				}
			}
			if got := order[:len(c.next)]; !slices.Equal(got, c.next) {
				t.Errorf("starts %v, want %v", got, c.next)
			}
		})
	}
}

// "Battle": the adjacent cards are scanned from the start direction, turning
// the card's way.
func TestNeighbours(t *testing.T) {
	cases := []struct {
		origin     Pos
		start, rot string
		want       []Pos
	}{
		{Pos{2, 2}, Up, Clockwise, []Pos{{1, 2}, {2, 3}, {3, 2}, {2, 1}}},
		{Pos{2, 2}, Up, Anticlockwise, []Pos{{1, 2}, {2, 1}, {3, 2}, {2, 3}}},
		{Pos{2, 2}, Down, Clockwise, []Pos{{3, 2}, {2, 1}, {1, 2}, {2, 3}}},
		{Pos{2, 2}, Left, Anticlockwise, []Pos{{2, 1}, {3, 2}, {2, 3}, {1, 2}}},
		{Pos{2, 2}, Right, Anticlockwise, []Pos{{2, 3}, {1, 2}, {2, 1}, {3, 2}}},
		{Pos{1, 1}, Up, Clockwise, []Pos{{1, 2}, {2, 1}}},
		{Pos{4, 2}, Down, Anticlockwise, []Pos{{4, 3}, {3, 2}, {4, 1}}},
	}
	for _, c := range cases {
		if got := Neighbours(c.origin, c.start, c.rot, 4, 4); !slices.Equal(got, c.want) {
			t.Errorf("%v %s %s: %v, want %v", c.origin, c.start, c.rot, got, c.want)
		}
	}
}
