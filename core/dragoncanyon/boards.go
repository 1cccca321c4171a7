package dragoncanyon

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Boards the New game dialog offers before the Conductor edits them tile by
// tile: a fixed preset, or one drawn from the game's seed. Both follow the
// same reading (docs/dragon-canyon.md, "The board"): every resource once in each row
// and each column, amounts 1 to MaxDrawnAmount, CanyonTiles Dragon Canyon
// tiles in different rows and columns, the dragon starting on the first of
// them (row by row).

// CanyonTiles is how many Dragon Canyon tiles a preset or drawn board has:
// the AI's dragon rule needs some, and two in different rows and columns
// keep them apart.
const CanyonTiles = 2

// MaxDrawnAmount is the largest amount on a drawn tile.
const MaxDrawnAmount = 3

// boardStream is the seeded generator's stream for the board, apart from
// the decks' shuffles (which use 1<<40 and up, and the shuffle counter).
const boardStream = 1<<40 + 16

// PresetBoard is a fixed board and where the dragon starts.
func PresetBoard() ([][]TileSetup, Pos) {
	w, f, s, b := Wood, Food, Stone, Bone
	res := [Size][Size]string{{w, f, s, b}, {f, w, b, s}, {s, b, w, f}, {b, s, f, w}}
	amt := [Size][Size]int{{1, 2, 1, 3}, {2, 1, 2, 1}, {1, 3, 1, 2}, {2, 1, 2, 1}}
	canyon := []Pos{{2, 2}, {3, 4}}
	board := make([][]TileSetup, Size)
	for r := range Size {
		board[r] = make([]TileSetup, Size)
		for c := range Size {
			board[r][c] = TileSetup{Resource: res[r][c], Amount: amt[r][c], Canyon: slices.Contains(canyon, Pos{r + 1, c + 1})}
		}
	}
	return board, canyon[0]
}

// RandomBoard is the board drawn from seed, and where the dragon starts: the
// same seed always gives the same board.
func RandomBoard(seed uint64) ([][]TileSetup, Pos) {
	rng := rand.New(rand.NewPCG(seed, boardStream))
	// A Latin square: the cyclic one with its rows, columns and resources
	// shuffled, so each resource is once in every row and column.
	rows, cols, kinds := rng.Perm(Size), rng.Perm(Size), rng.Perm(Size)
	board := make([][]TileSetup, Size)
	for r := range Size {
		board[r] = make([]TileSetup, Size)
		for c := range Size {
			board[r][c] = TileSetup{Resource: ByValue[kinds[(rows[r]+cols[c])%Size]], Amount: 1 + rng.IntN(MaxDrawnAmount)}
		}
	}
	// The canyon tiles: in different rows and columns.
	rowsOf, colsOf := rng.Perm(Size), rng.Perm(Size)
	var canyon []Pos
	for i := range CanyonTiles {
		canyon = append(canyon, Pos{rowsOf[i] + 1, colsOf[i] + 1})
	}
	for _, p := range canyon {
		board[p[0]-1][p[1]-1].Canyon = true
	}
	slices.SortFunc(canyon, func(a, b Pos) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return board, canyon[0]
}

// MaxAmount is the largest amount a tile of a board laid out for a game
// may show (the same reading as the drawn boards).
const MaxAmount = MaxDrawnAmount

// BoardProblem is one thing wrong with a board's make-up: on a tile, or on
// the whole board when Tile is the zero Pos. ID and Args word it; the
// wording never names the tile (the caller shows it on the tile, or says
// which tile).
type BoardProblem struct {
	Tile Pos
	ID   string
	Args map[string]any
}

// CheckBoard checks a board's make-up as a New game lays it out (the
// reading above): Size rows of Size tiles; each tile a resource and an
// amount from 1 to MaxAmount; each resource once in every row and every
// column; CanyonTiles Dragon Canyon tiles, in different rows and columns;
// the dragon on a tile of the board (any tile). It returns every problem,
// tile by tile, row by row; nil for a good board.
func CheckBoard(board [][]TileSetup, dragon Pos) []BoardProblem {
	if !boardSized(board) {
		return []BoardProblem{{ID: "setup.dc.make.size", Args: map[string]any{"Size": Size}}}
	}
	var ps []BoardProblem
	var canyon []Pos
	for r := range Size {
		for c := range Size {
			p := Pos{r + 1, c + 1}
			ps = append(ps, tileProblems(board, p)...)
			if board[r][c].Canyon {
				canyon = append(canyon, p)
			}
		}
	}
	ps = append(ps, canyonProblems(canyon)...)
	if !onBoard(dragon) {
		ps = append(ps, BoardProblem{ID: "setup.dc.make.dragon"})
	}
	slices.SortStableFunc(ps, func(a, b BoardProblem) int {
		if a.Tile[0] != b.Tile[0] {
			return a.Tile[0] - b.Tile[0]
		}
		return a.Tile[1] - b.Tile[1]
	})
	return ps
}

// boardSized says whether the board is Size rows of Size tiles.
func boardSized(board [][]TileSetup) bool {
	if len(board) != Size {
		return false
	}
	for _, row := range board {
		if len(row) != Size {
			return false
		}
	}
	return true
}

// tileProblems are the tile at p's: its resource (and that resource again
// in its row or column) and its amount.
func tileProblems(board [][]TileSetup, p Pos) []BoardProblem {
	var ps []BoardProblem
	t := board[p[0]-1][p[1]-1]
	if !slices.Contains(ByValue, t.Resource) {
		ps = append(ps, BoardProblem{Tile: p, ID: "setup.dc.make.resource", Args: map[string]any{"Value": t.Resource}})
	} else {
		ps = append(ps, repeats(board, p)...)
	}
	if t.Amount < 1 || t.Amount > MaxAmount {
		ps = append(ps, BoardProblem{Tile: p, ID: "setup.dc.make.amount", Args: map[string]any{"Value": t.Amount, "Max": MaxAmount}})
	}
	return ps
}

// repeats are the tile at p's resource found more than once in its row,
// then in its column.
func repeats(board [][]TileSetup, p Pos) []BoardProblem {
	var ps []BoardProblem
	r, c := p[0]-1, p[1]-1
	res := board[r][c].Resource
	for _, line := range []struct {
		id  string
		n   int
		got func(i int) TileSetup
	}{
		{"setup.dc.make.row", r + 1, func(i int) TileSetup { return board[r][i] }},
		{"setup.dc.make.column", c + 1, func(i int) TileSetup { return board[i][c] }},
	} {
		n := 0
		for i := range Size {
			if line.got(i).Resource == res {
				n++
			}
		}
		if n > 1 {
			ps = append(ps, BoardProblem{Tile: p, ID: line.id, Args: map[string]any{"ResourceKey": "ui.dc.res." + res, "Line": line.n, "Count": n}})
		}
	}
	return ps
}

// canyonProblems are the Dragon Canyon tiles': too few or too many (each
// of too many a candidate to clear), or two in a row or column.
func canyonProblems(canyon []Pos) []BoardProblem {
	var ps []BoardProblem
	if len(canyon) != CanyonTiles {
		ps = append(ps, BoardProblem{ID: "setup.dc.make.canyons", Args: map[string]any{"Count": len(canyon), "Want": CanyonTiles}})
		for _, p := range canyon {
			if len(canyon) > CanyonTiles { // too many: each one is a candidate to clear
				ps = append(ps, BoardProblem{Tile: p, ID: "setup.dc.make.canyon_count", Args: map[string]any{"Count": len(canyon), "Want": CanyonTiles}})
			}
		}
		return ps
	}
	for _, p := range canyon {
		for _, q := range canyon {
			if p != q && (p[0] == q[0] || p[1] == q[1]) {
				ps = append(ps, BoardProblem{Tile: p, ID: "setup.dc.make.canyon_line", Args: map[string]any{"Other": fmt.Sprintf("%d,%d", q[0], q[1])}})
			}
		}
	}
	return ps
}
