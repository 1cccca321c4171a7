package quest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A point is on the wall two sections share: along the stretch where one's
// side lies against the other's, its ends included; never where they only
// touch at a corner, nor on a wall of one alone.
func TestOnSharedWall(t *testing.T) {
	a := Section{X: 0, Y: 0, W: 4, H: 4}
	right := Section{X: 4, Y: 1, W: 3, H: 2} // shares x = 4, y from 1 to 3
	below := Section{X: 2, Y: 4, W: 4, H: 3} // shares y = 4, x from 2 to 4
	corner := Section{X: 4, Y: 4, W: 2, H: 2}
	apart := Section{X: 5, Y: 0, W: 2, H: 2}
	cases := []struct {
		name string
		b    Section
		x, y int
		want bool
	}{
		{"inside a vertical shared wall", right, 4, 2, true},
		{"at the top end of it", right, 4, 1, true},
		{"at the bottom end of it", right, 4, 3, true},
		{"on a's side above it", right, 4, 0, false},
		{"on a's side below it", right, 4, 4, false},
		{"inside a, off the wall", right, 3, 2, false},
		{"inside a horizontal shared wall", below, 3, 4, true},
		{"on b's top beyond a", below, 5, 4, false},
		{"where two sections touch at a corner", corner, 4, 4, false},
		{"between sections that do not touch", apart, 4, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OnSharedWall(a, c.b, c.x, c.y); got != c.want {
				t.Errorf("OnSharedWall(a, b, %d, %d) = %v, want %v", c.x, c.y, got, c.want)
			}
			if got := OnSharedWall(c.b, a, c.x, c.y); got != c.want {
				t.Errorf("OnSharedWall(b, a, %d, %d) = %v, want %v", c.x, c.y, got, c.want)
			}
		})
	}
}

// An exit left where its two sections no longer share a wall (one of them
// moved or resized after it was placed) is a warning on the exit's line,
// naming its kind and its sections as the players read them; the file
// stays valid. The example's secret door is such an exit: drawn on the
// cellar's bottom wall, where the den is not.
func TestExitsOffWall(t *testing.T) {
	const secret = 47 // the example's secret door, from the cellar to the den
	cases := []struct {
		name     string
		old, new string
		lines    []int
	}{
		{"the example as it is", "", "", []int{secret}},
		{"its secret door put on the wall", "  x = 2\n  y = 8", "  x = 4\n  y = 7", nil},
		{"the den moved right", "x = 4\ny = 4\nw = 5", "x = 5\ny = 4\nw = 5", []int{41, secret}},
		{"the cellar made narrower", "w = 4\nh = 4\ntext = { en = \"Barrels", "w = 3\nh = 4\ntext = { en = \"Barrels", []int{41, secret}},
		{"the stairs moved away", "x = 0\ny = 0\nw = 2", "x = 6\ny = 0\nw = 2", []int{26, secret}},
		{"an exit to no section: its own problem", `  to = "cellar"`, `  to = "celar"`, []int{secret}},
	}
	src := validSource(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(src, c.old) {
				t.Fatalf("the example has no %q", c.old)
			}
			data := []byte(strings.Replace(src, c.old, c.new, 1))
			q, ps, warnings := Check("q.toml", data)
			if c.new != `  to = "celar"` && (q == nil || ps != nil) {
				t.Fatalf("refused: %v", ps)
			}
			var lines []int
			for _, w := range warnings {
				if w.ID != "quest.exit_off_wall" {
					t.Errorf("unexpected warning %v", w)
					continue
				}
				lines = append(lines, w.Line)
			}
			if !reflect.DeepEqual(lines, c.lines) {
				t.Fatalf("warnings on lines %v, want %v: %v", lines, c.lines, warnings)
			}
		})
	}
	_, _, warnings := Check("q.toml", []byte(src))
	want := map[string]any{"ExitKey": "quest.exit_name.secret_door", "FromText": map[string]string{"en": "Room", "es": "Sala"},
		"ToText": map[string]string{"en": "Main Room", "es": "Sala Principal"}, "X": 2, "Y": 8}
	if len(warnings) != 1 || !reflect.DeepEqual(warnings[0].Args, want) || warnings[0].File != "q.toml" {
		t.Fatalf("the secret door's warning: %v", warnings)
	}
	if _, ps := Parse("q.toml", []byte(src)); ps != nil {
		t.Fatalf("a warning made the file invalid: %v", ps)
	}
}

// Two sections called the same in a language are a warning on the later
// one, with the first one's line: once when they share the name in every
// language, else once for each language. Letter case and spaces do not
// tell names apart; a section without a name is called by its kind.
func TestSameNames(t *testing.T) {
	named := func(stairs, cellar string) string {
		src := validSource(t)
		if stairs != "" {
			src = strings.Replace(src, "id = \"stairs\"\n", "id = \"stairs\"\nname = "+stairs+"\n", 1)
		}
		if cellar != "" {
			src = strings.Replace(src, "id = \"cellar\"\n", "id = \"cellar\"\nname = "+cellar+"\n", 1)
		}
		return src
	}
	cases := []struct {
		name          string
		stairs, cella string
		want          []Problem
	}{
		{"different names", `{ en = "Stair", es = "Escalera" }`, `{ en = "Cellar", es = "Bodega" }`, nil},
		{"unnamed: called by their kinds", "", "", nil},
		{"the same in both languages", `{ en = "Cellar", es = "Bodega" }`, `{ en = "Cellar", es = "Bodega" }`,
			[]Problem{{Line: 33, ID: "quest.same_name", Args: map[string]any{"NameText": map[string]string{"en": "Cellar", "es": "Bodega"}, "Other": 16}}}},
		{"the same in Spanish only", `{ en = "Stair", es = "Bodega" }`, `{ en = "Cellar", es = "Bodega" }`,
			[]Problem{{Line: 33, ID: "quest.same_name_in", Args: map[string]any{"Name": "Bodega", "LangKey": "language.in.es", "Other": 16}}}},
		{"letter case and spaces aside", `{ en = "Wine  cellar", es = "Bodega" }`, `{ en = "Wine Cellar", es = "Sótano" }`,
			[]Problem{{Line: 33, ID: "quest.same_name_in", Args: map[string]any{"Name": "Wine Cellar", "LangKey": "language.in.en", "Other": 16}}}},
		{"named as an unnamed section is called", "", `{ en = "Corridor", es = "Pasillo" }`,
			[]Problem{{Line: 32, ID: "quest.same_name", Args: map[string]any{"NameText": map[string]string{"en": "Corridor", "es": "Pasillo"}, "Other": 16}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(named(c.stairs, c.cella))
			q, ps := Parse("q.toml", data)
			if ps != nil {
				t.Fatalf("a warning made the file invalid: %v", ps)
			}
			got := SameNames("q.toml", data, q)
			for i := range c.want {
				c.want[i].File = "q.toml"
			}
			if !reflect.DeepEqual(got, Problems(c.want)) {
				t.Fatalf("got %v\nwant %v", got, c.want)
			}
		})
	}
}

// Check gives the warnings of a file that has problems too, and the
// quest only when it has none.
func TestCheckWarnsAlongsideProblems(t *testing.T) {
	src := strings.Replace(validSource(t), `title = { en = "The Cellar", es = "La bodega" }`, `title = { en = "The Cellar" }`, 1)
	q, ps, warnings := Check("q.toml", []byte(src))
	if q != nil || len(ps) != 1 || ps[0].ID != "quest.missing_text" {
		t.Fatalf("quest %v, problems %v", q, ps)
	}
	if len(warnings) != 1 || warnings[0].ID != "quest.exit_off_wall" {
		t.Fatalf("warnings %v", warnings)
	}
	if _, _, warnings := Check("q.toml", []byte("id = ")); warnings != nil {
		t.Fatalf("warnings of a file that cannot be read: %v", warnings)
	}
}

// The app's own quests have neither problems nor warnings.
func TestBuiltinQuestsHaveNoWarnings(t *testing.T) {
	files, _ := filepath.Glob("../quests/*.toml")
	if len(files) < 3 {
		t.Fatal("no built-in quests")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, ps, warnings := Check(filepath.Base(f), data); ps != nil || warnings != nil {
			t.Errorf("%s: problems %v, warnings %v", f, ps, warnings)
		}
	}
}

// A quest imported as a new one gets another id, and nothing else of the
// file changes: its comments and layout stay; a file whose id is not on a
// line of its own is written again whole, still the same quest.
func TestWithID(t *testing.T) {
	src := validSource(t)
	out, err := WithID([]byte(src), "test-cellar-2")
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(src, `id = "test-cellar"`, `id = "test-cellar-2"`, 1); string(out) != want {
		t.Fatalf("changed more than the id:\n%s", out)
	}
	// The id after a text of several lines that holds an "id =" line.
	tricky := strings.Replace(src, `id = "test-cellar"`+"\n", "setup = { en = \"\"\"\nid = \"not-this\"\n\"\"\", es = \"x\" }\nid = \"test-cellar\"\n", 1)
	if _, ps := Parse("t.toml", []byte(tricky)); ps != nil {
		t.Fatal(ps)
	}
	out, err = WithID([]byte(tricky), "test-cellar-2")
	if err != nil {
		t.Fatal(err)
	}
	q, ps := Parse("t.toml", out)
	if ps != nil || q.ID != "test-cellar-2" || !strings.Contains(q.Setup["en"], `id = "not-this"`) {
		t.Fatalf("%v %+v", ps, q)
	}
	if _, err := WithID([]byte("id = "), "x"); err == nil {
		t.Fatal("a file that is not a quest was given an id")
	}
}
