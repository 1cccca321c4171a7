package dragoncanyon

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// playToPlayers plays the AI's first turn of g on tile p (a physical action
// deck) with nobody on the board: it ends on the player's turn.
func playToPlayers(t *testing.T, g *Game, p Pos) {
	t.Helper()
	for _, e := range []engine.Event{&AITurn{}, flip(p, fight, up, cw, 1, "market"), nil} {
		if e == nil {
			e = g.NextDraw()
		}
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
	if s := g.State(); s.Phase != PhasePlayers {
		t.Fatalf("phase %s, pending %+v", s.Phase, s.Pending)
	}
}

// When a player attacks the AI, the prompt that asks for the defence flip
// names the AI's tile ("row,col" as the board shows it), the attacker and
// the tile they attack from.
func TestDefencePromptNamesTheTile(t *testing.T) {
	cases := []struct {
		ai, from Pos
		player   int
	}{
		{Pos{2, 2}, Pos{2, 3}, 1},
		{Pos{1, 4}, Pos{2, 4}, 1},
		{Pos{4, 1}, Pos{3, 1}, 2},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.ai), func(t *testing.T) {
			g, err := NewGame(testSetup(func(s *Setup) { s.Players = 2 }))
			if err != nil {
				t.Fatal(err)
			}
			playToPlayers(t, g, c.ai)
			if c.player == 2 {
				if _, err := g.Apply(&TurnEnded{}); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range []engine.Event{&ForcePlaced{Player: c.player, Tile: c.from}, &Attack{Player: c.player, Tile: c.ai, From: c.from}} {
				if _, err := g.Apply(e); err != nil {
					t.Fatalf("%s: %v", e.Type(), err)
				}
			}
			ps := g.Prompts()
			p := ps[len(ps)-1]
			want := map[string]any{"Tile": tileArg(c.ai), "From": tileArg(c.from), "SeatKey": seatKey(fmt.Sprintf("p%d", c.player))}
			if p.ID != "prompt.dc.flip.defence" || !reflect.DeepEqual(p.Args, want) {
				t.Fatalf("prompt %s %v, want prompt.dc.flip.defence %v", p.ID, p.Args, want)
			}
			if st := g.State().Pending.Head(); st.Tile == nil || *st.Tile != c.ai {
				t.Fatalf("pending %+v", st)
			}
			// The fight's prompt, after the flip, names the AI's card and
			// the attacker's, each on its own tile.
			if _, err := g.Apply(flip(Pos{1, 1}, fight, up, cw, 2, "market")); err != nil {
				t.Fatal(err)
			}
			ps = g.Prompts()
			p = ps[len(ps)-1]
			if p.ID != "prompt.dc.fight.defend" || p.Args["AITile"] != tileArg(c.ai) || p.Args["Tile"] != tileArg(c.from) {
				t.Fatalf("fight prompt %s %v, want the AI's tile %v and the attacker's %v", p.ID, p.Args, c.ai, c.from)
			}
		})
	}
}

// The last spiral search stays in the state until the next one, whatever
// the AI decides in between; a new search replaces it.
func TestSearchStaysUntilTheNextOne(t *testing.T) {
	tb := newTable(t, func(s *Setup) {
		s.Board[1][1].Canyon = true
		s.Dragon = Pos{1, 1}
	})
	tb.put("p1", Pos{4, 2}, false, 1, false)
	tb.put("p1", Pos{1, 4}, false, 1, false)
	dragonSearch := &Search{From: Pos{2, 2}, Order: []Pos{{1, 2}, {1, 1}, {2, 1}, {3, 1}, {3, 2}, {3, 3}, {2, 3}, {1, 3},
		{4, 1}, {4, 2}, {4, 3}, {4, 4}, {3, 4}, {2, 4}, {1, 4}}}
	steps := []struct {
		name string
		e    engine.Event
		want *Search
	}{
		{"the AI's turn", &AITurn{}, nil},
		{"the journey card", flip(Pos{2, 2}, fight, up, acw, 0, "market"), nil},
		{"the draw: the dragon's search", nil, dragonSearch},
		{"the stomp", &StompResolved{Discard: Stone}, dragonSearch},
		{"the player's turn", &ForcePlaced{Player: 1, Tile: Pos{2, 3}}, dragonSearch},
		{"the turn ends", &TurnEnded{}, dragonSearch},
		{"the next AI turn", &AITurn{}, dragonSearch},
		{"its journey card", flip(Pos{3, 3}, fight, left, cw, 0, "market"), dragonSearch},
		{"the draw", nil, dragonSearch},
		{"the adjacency card: the fight's search", flip(Pos{1, 1}, fight, left, cw, 0, "market"), &Search{From: Pos{3, 3}, Order: []Pos{{3, 2}, {2, 3}, {3, 4}, {4, 3}}}},
	}
	for _, st := range steps {
		e := st.e
		if e == nil {
			e = tb.drawTop()
		}
		tb.must(e)
		if !reflect.DeepEqual(tb.s.Search, st.want) {
			t.Fatalf("after %s: search %+v, want %+v (decision %+v)", st.name, tb.s.Search, st.want, tb.s.Decision)
		}
	}
}

// The preset and the drawn boards: every tile valid, each resource once in
// every row and column, CanyonTiles canyon tiles in different rows and
// columns, the dragon on one of them; a seed always draws the same board and
// seeds draw different ones.
func TestBoards(t *testing.T) {
	type drawn struct {
		name   string
		board  func() ([][]TileSetup, Pos)
		seeded uint64
	}
	cases := []drawn{{name: "preset", board: PresetBoard}}
	for _, seed := range []uint64{0, 1, 2, 7, 42, 1 << 40, 1<<63 + 5, 1764000000000000000} {
		cases = append(cases, drawn{name: fmt.Sprintf("seed %d", seed), board: func() ([][]TileSetup, Pos) { return RandomBoard(seed) }, seeded: seed})
	}
	seen := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board, dragon := c.board()
			again, dragon2 := c.board()
			if !reflect.DeepEqual(board, again) || dragon != dragon2 {
				t.Fatal("the same seed drew another board")
			}
			seen[fmt.Sprint(board, dragon)] = true
			s := testSetup(func(s *Setup) { s.Board, s.Dragon = board, dragon })
			if err := s.Validate(); err != nil {
				t.Fatalf("the board is not valid: %v", err)
			}
			var canyon []Pos
			for r := range Size {
				var row, col []string
				for c := range Size {
					row = append(row, board[r][c].Resource)
					col = append(col, board[c][r].Resource)
					if a := board[r][c].Amount; a < 1 || a > MaxDrawnAmount {
						t.Errorf("tile %d,%d: amount %d", r+1, c+1, a)
					}
					if board[r][c].Canyon {
						canyon = append(canyon, Pos{r + 1, c + 1})
					}
				}
				slices.Sort(row)
				slices.Sort(col)
				if want := []string{Bone, Food, Stone, Wood}; !slices.Equal(row, want) || !slices.Equal(col, want) {
					t.Errorf("row or column %d: %v, %v", r+1, row, col)
				}
			}
			if len(canyon) != CanyonTiles || canyon[0][0] == canyon[1][0] || canyon[0][1] == canyon[1][1] {
				t.Errorf("canyon tiles %v", canyon)
			}
			if !slices.Contains(canyon, dragon) {
				t.Errorf("the dragon starts on %v, not a canyon tile (%v)", dragon, canyon)
			}
		})
	}
	if len(seen) < len(cases)-1 {
		t.Errorf("%d seeds drew only %d different boards", len(cases)-1, len(seen)-1)
	}
	_ = decklist.Size
}
