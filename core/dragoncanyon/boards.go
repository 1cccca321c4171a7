package dragoncanyon

import (
	"math/rand/v2"
	"slices"
)

// Boards the New game dialog offers before the Conductor edits them tile by
// tile: a fixed preset, or one drawn from the game's seed. Both follow the
// same reading (README, "Dragon Canyon"): every resource once in each row
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
