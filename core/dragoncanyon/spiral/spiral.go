// Package spiral is the AI's tie-break search on Dragon Canyon's 4×4 board
// (rules: "Moving the Dragon", "Battle", "Example tie-break situation").
//
// Coordinates are [row, col], 1-based, [1, 1] at the top left; "up" is
// towards row 1. The search starts on the tile next to the origin in the
// start direction, then walks a square spiral outwards: after the first
// step it turns a quarter (clockwise or anticlockwise, as seen from above
// the board) and walks 1, 2, 2, 3, 3, 4, 4... tiles between turns, so it
// visits the 8 tiles of the first ring around the origin, then the 16 of
// the second ring, and so on. Positions outside the grid are walked through
// but not visited: the spiral re-enters the grid wherever it next crosses
// it. The origin itself is never visited.
package spiral

import "fmt"

// Pos is a tile as [row, col], 1-based.
type Pos [2]int

// Row and Col are the position's parts.
func (p Pos) Row() int { return p[0] }
func (p Pos) Col() int { return p[1] }

func (p Pos) String() string { return fmt.Sprintf("[%d,%d]", p[0], p[1]) }

// Directions a search may start in.
const (
	Up    = "up"
	Right = "right"
	Down  = "down"
	Left  = "left"
)

// Rotations: clockwise or anticlockwise seen from above the board.
const (
	Clockwise     = "cw"
	Anticlockwise = "acw"
)

// Directions lists the start directions in clockwise order from up.
var Directions = []string{Up, Right, Down, Left}

// Rotations lists both rotations.
var Rotations = []string{Clockwise, Anticlockwise}

// step is a direction as a row and column change.
var step = map[string]Pos{Up: {-1, 0}, Right: {0, 1}, Down: {1, 0}, Left: {0, -1}}

// ValidDirection and ValidRotation check names.
func ValidDirection(d string) bool { _, ok := step[d]; return ok }
func ValidRotation(r string) bool  { return r == Clockwise || r == Anticlockwise }

// turn is the direction a quarter turn from d.
func turn(d, rot string) string {
	i := 0
	for k, x := range Directions {
		if x == d {
			i = k
		}
	}
	if rot == Clockwise {
		return Directions[(i+1)%4]
	}
	return Directions[(i+3)%4]
}

// Order is every tile of a rows×cols grid but the origin, in the order the
// search from origin visits them.
func Order(origin Pos, start, rot string, rows, cols int) []Pos {
	if !ValidDirection(start) || !ValidRotation(rot) {
		return nil
	}
	inside := func(p Pos) bool { return p[0] >= 1 && p[0] <= rows && p[1] >= 1 && p[1] <= cols }
	want := rows * cols
	if inside(origin) {
		want--
	}
	var out []Pos
	p, d := origin, start
	// Legs of 1, 1, 2, 2, 3, 3, ...: the first leg is the first step, in
	// the start direction; each later leg follows a quarter turn.
	for leg := 2; len(out) < want && leg < 4*(rows+cols+4); leg++ {
		for range leg / 2 {
			p = Pos{p[0] + step[d][0], p[1] + step[d][1]}
			if inside(p) {
				out = append(out, p)
			}
		}
		d = turn(d, rot)
	}
	return out
}

// Ring is how many rings out of the origin p lies (the larger of the row
// and column distances): the first ring is the 8 tiles around it.
func Ring(origin, p Pos) int { return max(abs(p[0]-origin[0]), abs(p[1]-origin[1])) }

// Steps is the number of orthogonal steps between origin and p.
func Steps(origin, p Pos) int { return abs(p[0]-origin[0]) + abs(p[1]-origin[1]) }

// Neighbours are the tiles orthogonally next to origin inside the grid, in
// the order a scan from start turning rot meets them ("Battle": start
// up/down/left/right, then scan clockwise or anticlockwise).
func Neighbours(origin Pos, start, rot string, rows, cols int) []Pos {
	var out []Pos
	for _, p := range Order(origin, start, rot, rows, cols) {
		if Steps(origin, p) == 1 {
			out = append(out, p)
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
