package quest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// nestedInline is a = {b={b=…1}} of about size bytes: 32 KB of it once took
// the decoder 13 s and 2.8 GB.
func nestedInline(size int) []byte {
	n := (size - 8) / 4
	return []byte("a = " + strings.Repeat("{b=", n) + "1" + strings.Repeat("}", n) + "\n")
}

// dottedHeader is [a.a.….a] of about size bytes: 1 MB of it ran for minutes.
func dottedHeader(size int) []byte {
	n := size/2 - 4
	return []byte("[" + strings.Repeat("a.", n) + "a]\n")
}

// Files nested too deep are refused before decoding, with the line that
// goes too deep. (How fast is for BenchmarkHostile, not for a test.)
func TestTooDeepRefused(t *testing.T) {
	at := func(depth int) string { // a value at exactly this depth, counted as scanShape counts
		return "x = " + strings.Repeat("{b=", depth-1) + "1" + strings.Repeat("}", depth-1)
	}
	cases := []struct {
		name string
		src  []byte
		line int
	}{
		{"32 KB of nested inline tables", nestedInline(32 << 10), 1},
		{"a 1 MB dotted table header", dottedHeader(1<<20 - 16), 1},
		{"a dotted key", []byte("id = \"x\"\n" + strings.Repeat("a.", MaxDepth) + "a = 1\n"), 2},
		{"a dotted array-of-tables header", []byte("\n\n[[" + strings.Repeat("a.", MaxDepth) + "a]]\n"), 3},
		{"nested arrays", []byte("a = " + strings.Repeat("[", MaxDepth) + "1" + strings.Repeat("]", MaxDepth) + "\n"), 1},
		{"nested arrays over several lines", []byte("a = [\n[\n" + strings.Repeat("[", MaxDepth) + "\n1]]]"), 3},
		{"one level past the bound", []byte(at(MaxDepth+1) + "\n"), 1},
		{"a header, a dotted key and an inline table that add up", []byte("[a.b.c]\nd.e.f = {g = {h = {i = 1}}}\n"), 2},
		{"inline tables in an array", []byte("a = [" + strings.Repeat("{b = [", MaxDepth) + "]\n"), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if len(c.src) > MaxSize {
				t.Fatalf("the input is %d bytes, over MaxSize", len(c.src))
			}
			q, ps := Parse("deep.toml", c.src)
			if q != nil || len(ps) != 1 || ps[0].ID != "quest.nesting" || ps[0].Line != c.line || ps[0].File != "deep.toml" {
				t.Fatalf("got %v, want only quest.nesting at deep.toml:%d", ps, c.line)
			}
		})
	}
}

// What stays within the bound is decoded as usual, and brackets and dots
// inside strings and comments do not count.
func TestDepthWithinBound(t *testing.T) {
	at := "x = " + strings.Repeat("{b=", MaxDepth-1) + "1" + strings.Repeat("}", MaxDepth-1) + "\n"
	_, ps := Parse("ok.toml", []byte(at+validSource(t))) // at the top, under no table
	if len(ps) == 0 || slices.ContainsFunc(ps, func(p Problem) bool { return p.ID == "quest.nesting" }) {
		t.Fatalf("a value at depth %d: %v, want only its unknown keys", MaxDepth, ps)
	}
	noisy := strings.Replace(validSource(t),
		`title = { en = "The Cellar", es = "La bodega" }`,
		`title = { en = "The [[[[[[[[[[{{{{{{{{{{ a.b.c.d.e.f.g.h.i.j Cellar", es = '''La bodega
[[[[[[[[[[ a.b.c.d.e.f.g.h.i.j.k'''} # [[[[[[[[[[{{{{{{{{{ a.b.c.d.e.f.g.h.i.j`, 1)
	if _, ps := Parse("noisy.toml", []byte(noisy)); ps != nil {
		t.Fatalf("brackets in strings and comments: %v", ps)
	}
}

// Numbers a quest gives the game are bounded as the game bounds them, the
// map fits its grid, and lists are no longer than any quest needs.
func TestQuestLimits(t *testing.T) {
	src := validSource(t)
	repeat := func(block string, n int) string { return strings.Repeat(block, n) }
	cases := []struct {
		name     string
		old, new string // replace old with new in the valid file
		id       string
		line     int
	}{
		{"Leader VP of MaxInt", "vp = 12", "vp = 9223372036854775807", "quest.leader_vp_max", 6},
		{"Leader VP past the bound", "vp = 12", fmt.Sprintf("vp = %d", MaxLeaderVP+1), "quest.leader_vp_max", 6},
		{"spawn cost of MaxInt", "cost = 3", "cost = 9223372036854775807", "quest.spawn_cost_max", 11},
		{"random cards past the bound", "power = { absent = true }", fmt.Sprintf("power = { random = %d }", MaxDeckRandom+1), "quest.deck_random_max", 8},
		{"a section off the grid", "x = 0\ny = 0\nw = 2", fmt.Sprintf("x = %d\ny = 0\nw = 2", MaxGrid-1), "quest.grid", 16},
		{"a section whose x + w overflows", "x = 0\ny = 0\nw = 2", "x = 9223372036854775807\ny = 0\nw = 2", "quest.grid", 16},
		{"an exit off the grid", "  x = 1\n  y = 4", fmt.Sprintf("  x = 1\n  y = %d", MaxGrid+1), "quest.grid", 26},
		{"too many spawn-table rows", "[[sections]]\nid = \"stairs\"", repeat("[[spawn_table]]\nroll = 2\ncreatures = { en = \"a\", es = \"a\" }\ncost = 1\n", MaxSpawnRows) + "[[sections]]\nid = \"stairs\"", "quest.too_many", 36},
		{"too many sections", "[[texts]]", repeat("[[sections]]\n", MaxSections) + "[[texts]]", "quest.too_many", 0},
		{"too many conditions", "[[texts]]", repeat("[[conditions]]\n", MaxEntries) + "[[texts]]", "quest.too_many", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			brokenHas(t, src, c.old, c.new, c.id, c.line)
		})
	}
}

// A file with more problems than anyone reads reports MaxProblems of them
// and counts the rest.
func TestProblemsCapped(t *testing.T) {
	var b strings.Builder
	for i := range 3 * MaxProblems {
		fmt.Fprintf(&b, "k%d = 1\n", i)
	}
	_, ps := Parse("keys.toml", []byte(b.String()))
	if len(ps) != MaxProblems+1 || ps[MaxProblems].ID != "quest.more_problems" {
		t.Fatalf("%d problems, the last %v", len(ps), ps[len(ps)-1])
	}
	// 3*MaxProblems unknown keys, 8 missing texts (title, introduction,
	// faction, Leader: en and es), no id, no Main Room, no start.
	if n := ps[MaxProblems].Args["Count"]; n != 3*MaxProblems+11-MaxProblems {
		t.Fatalf("Count %v", n)
	}
}

// Several deck problems come out in the same order every time (they once
// followed the map's order), sorted by line.
func TestDeckProblemsStable(t *testing.T) {
	src := strings.Replace(validSource(t), "power = { absent = true }",
		"power = { random = -1 }\nobstacle = { random = -2 }\nencounter = { random = -3 }\ntreasure = {}\ngold = {}", 1)
	_, first := Parse("decks.toml", []byte(src))
	if len(first) < 5 {
		t.Fatalf("%v", first)
	}
	for range 20 {
		_, ps := Parse("decks.toml", []byte(src))
		if fmt.Sprint(ps) != fmt.Sprint(first) {
			t.Fatalf("the order changed:\n%v\n%v", first, ps)
		}
		if !slices.IsSortedFunc(ps, func(a, b Problem) int { return a.Line - b.Line }) {
			t.Fatalf("not sorted by line: %v", ps)
		}
	}
}

// The hostile inputs as seeds: the fuzzer starts from them, and go test
// runs them. Whatever the input, Parse gives a quest or problems, and a
// refused shape is the only problem.
func FuzzParseHostile(f *testing.F) {
	f.Add(nestedInline(32 << 10))
	f.Add(dottedHeader(1<<20 - 16))
	f.Add([]byte("a = [[[[[[[[[[1]]]]]]]]]]"))
	f.Add([]byte("[a.b.c]\nd.e.f = {g = {h = {i = 1}}}\n"))
	f.Add([]byte("a = '''[[[[[[[[[[[\n''' \nb = \"\"\"\\\n{{{{{{{{{{\"\"\"\n"))
	f.Add([]byte("leader = { vp = 9223372036854775807 }\n[[spawn_table]]\ncost = -9223372036854775808"))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, ps := Parse("fuzz.toml", data)
		if q == nil && len(ps) == 0 {
			t.Fatal("neither a quest nor a problem")
		}
		if slices.ContainsFunc(ps, func(p Problem) bool { return p.ID == "quest.nesting" }) && len(ps) != 1 {
			t.Fatalf("a refused shape with other problems: %v", ps)
		}
	})
}

// go test -bench Hostile: what the hostile files cost now (each was
// seconds and gigabytes before the shape was checked).
func BenchmarkHostile(b *testing.B) {
	for name, src := range map[string][]byte{
		"nested-inline-32KB": nestedInline(32 << 10),
		"nested-inline-64KB": nestedInline(64 << 10),
		"dotted-header-1MB":  dottedHeader(1<<20 - 16),
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ps := Parse("h.toml", src); len(ps) != 1 {
					b.Fatal(ps)
				}
			}
		})
	}
}
