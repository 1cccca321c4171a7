package quest

import "slices"

// OnSharedWall says whether the grid point x, y (a corner of the grid's
// squares) is on a wall sections a and b share: a stretch of wall at least
// one square long where one's side lies against the other's, its ends
// included. An exit stands there: on either side of it is one of its two
// sections. Sections that touch only at a corner share no wall.
func OnSharedWall(a, b Section, x, y int) bool {
	along := func(p, a0, a1, b0, b1 int) bool {
		lo, hi := max(a0, b0), min(a1, b1)
		return lo < hi && lo <= p && p <= hi
	}
	if (y == a.Y+a.H && y == b.Y || y == a.Y && y == b.Y+b.H) && along(x, a.X, a.X+a.W, b.X, b.X+b.W) {
		return true // on a horizontal wall
	}
	return (x == a.X+a.W && x == b.X || x == a.X && x == b.X+b.W) && along(y, a.Y, a.Y+a.H, b.Y, b.Y+b.H)
}

// ExitsOffWall are the exits of q, read from data (named file), that are
// not on a wall their two sections share: a section was moved or resized
// after the exit was placed (the exit keeps its place on the grid), or the
// exit was dragged off it. Each is on the exit's line and names the exit's
// kind and its two sections as the reader reads them. An exit with another
// problem (no such section, an unknown kind, off the grid) is left to it,
// and so are sections of no size.
//
// In a file it is a warning (Warnings): the map draws the door where
// nothing is, but the game reads only which sections it joins, so games
// and quests taken before this check go on as they were. The quest editor,
// where exits are placed and moved, makes it a problem on the exit.
func ExitsOffWall(file string, data []byte, q *Quest) Problems {
	return exitsOffWall(file, IndexLines(data), q)
}

func exitsOffWall(file string, lines LineIndex, q *Quest) Problems {
	var out Problems
	for i, s := range q.Sections {
		if s.W < 1 || s.H < 1 {
			continue
		}
		for j, e := range s.Exits {
			if !slices.Contains(ExitKinds, e.Kind) || !onGrid(e.X, e.Y) {
				continue
			}
			to, ok := q.Section(e.To)
			if !ok || to.W < 1 || to.H < 1 || OnSharedWall(s, to, e.X, e.Y) {
				continue
			}
			out = append(out, Problem{File: file, Line: lines.sub("sections", i, "exits", j), ID: "quest.exit_off_wall", Args: map[string]any{
				"ExitKey":  "quest.exit_name." + e.Kind,
				"FromText": readerName(q, s.ID),
				"ToText":   readerName(q, to.ID),
				"X":        e.X, "Y": e.Y,
			}})
		}
	}
	return out
}

// readerName is a section's name in every language, as players read it
// (SectionName), for a problem's message: translations pick the reader's
// language from a plain map.
func readerName(q *Quest, id string) map[string]string {
	out := map[string]string{}
	for lang, s := range q.SectionName(id) {
		out[lang] = s
	}
	for _, lang := range q.TextLanguages() {
		if out[lang] == "" {
			out[lang] = Text(out).In(lang)
		}
	}
	return out
}
