package dragoncanyon

import (
	"fmt"
	"slices"
	"testing"
)

// CheckBoard: a good board has no problem; each broken rule is reported on
// the tiles that break it (or on the whole board), and only there.
func TestCheckBoard(t *testing.T) {
	type want struct {
		tile Pos
		id   string
	}
	cases := []struct {
		name   string
		edit   func(b [][]TileSetup, dragon *Pos)
		want   []want
		absent bool // the board is good
	}{
		{name: "the preset", absent: true},
		{name: "the dragon off a canyon tile", edit: func(_ [][]TileSetup, d *Pos) { *d = Pos{1, 4} }, absent: true},
		{name: "two woods in row 1", edit: func(b [][]TileSetup, _ *Pos) { b[0][1].Resource = Wood },
			want: []want{{Pos{1, 1}, "setup.dc.make.row"}, {Pos{1, 2}, "setup.dc.make.row"}, {Pos{1, 2}, "setup.dc.make.column"}, {Pos{2, 2}, "setup.dc.make.column"}}},
		{name: "an amount of 4", edit: func(b [][]TileSetup, _ *Pos) { b[3][2].Amount = 4 }, want: []want{{Pos{4, 3}, "setup.dc.make.amount"}}},
		{name: "an amount of 0", edit: func(b [][]TileSetup, _ *Pos) { b[0][0].Amount = 0 }, want: []want{{Pos{1, 1}, "setup.dc.make.amount"}}},
		{name: "no resource", edit: func(b [][]TileSetup, _ *Pos) { b[2][2].Resource = "gold" }, want: []want{{Pos{3, 3}, "setup.dc.make.resource"}}},
		{name: "a third canyon", edit: func(b [][]TileSetup, _ *Pos) { b[0][0].Canyon = true },
			want: []want{{Pos{}, "setup.dc.make.canyons"}, {Pos{1, 1}, "setup.dc.make.canyon_count"}, {Pos{2, 2}, "setup.dc.make.canyon_count"}, {Pos{3, 4}, "setup.dc.make.canyon_count"}}},
		{name: "one canyon", edit: func(b [][]TileSetup, _ *Pos) { b[1][1].Canyon = false }, want: []want{{Pos{}, "setup.dc.make.canyons"}}},
		{name: "canyons in one row", edit: func(b [][]TileSetup, _ *Pos) { b[1][1].Canyon, b[2][1].Canyon = false, true },
			want: []want{{Pos{3, 2}, "setup.dc.make.canyon_line"}, {Pos{3, 4}, "setup.dc.make.canyon_line"}}},
		{name: "the dragon off the board", edit: func(_ [][]TileSetup, d *Pos) { *d = Pos{5, 1} }, want: []want{{Pos{}, "setup.dc.make.dragon"}}},
		{name: "three rows", edit: nil, want: []want{{Pos{}, "setup.dc.make.size"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board, dragon := PresetBoard()
			if c.edit != nil {
				c.edit(board, &dragon)
			} else if !c.absent {
				board = board[:3]
			}
			ps := CheckBoard(board, dragon)
			if c.absent {
				if ps != nil {
					t.Fatalf("a good board has problems: %+v", ps)
				}
				return
			}
			var got []want
			for _, p := range ps {
				got = append(got, want{p.Tile, p.ID})
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("problems %v, want %v", got, c.want)
			}
		})
	}
	// Every drawn board passes.
	for seed := range uint64(200) {
		b, d := RandomBoard(seed)
		if ps := CheckBoard(b, d); ps != nil {
			t.Fatalf("seed %d: %v", seed, fmt.Sprint(ps))
		}
	}
}
