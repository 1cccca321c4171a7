package quest

import (
	"os"
	"strings"
	"testing"
)

func validSource(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestValidQuest(t *testing.T) {
	q, ps := Parse("valid.toml", []byte(validSource(t)))
	if ps != nil {
		t.Fatal(ps)
	}
	if q.Start().ID != "stairs" || len(q.Sections) != 3 || !q.Decks["power"].Absent || q.Title.In("es") != "La bodega" || q.Title.In("fr") != "The Cellar" {
		t.Fatalf("%+v", q)
	}
}

// Each rule of the validator, with a file that breaks it: the message ID
// and the line it names.
func TestValidatorRules(t *testing.T) {
	cases := []struct {
		name     string
		old, new string // replace old with new in the valid file
		id       string
		line     int
	}{
		{"malformed TOML", `id = "test-cellar"`, `id = "test-cellar`, "quest.syntax", 2},
		{"unknown key", "  trap_allowed = true", "  trap_alowed = true", "quest.unknown_key", 60},
		{"missing Spanish title", `title = { en = "The Cellar", es = "La bodega" }`, `title = { en = "The Cellar" }`, "quest.missing_text", 3},
		{"missing English section text", `text = { en = "Barrels everywhere.", es = "Barriles por todas partes." }`, `text = { es = "Barriles por todas partes." }`, "quest.missing_text", 32},
		{"exit to a section that does not exist", `  to = "cellar"`, `  to = "celar"`, "quest.exit_target", 26},
		{"overlapping sections", "x = 4\ny = 4\nw = 5", "x = 3\ny = 4\nw = 5", "quest.overlap", 62},
		{"no Main Room", `kind = "main"`, `kind = "large"`, "quest.no_main", 1},
		{"duplicate text ids", `id = "barrels-note"`, `id = "den-box"`, "quest.duplicate_id", 77},
		{"duplicate section ids", `id = "cellar"`, `id = "stairs"`, "quest.duplicate_id", 32},
		{"unknown section kind", `kind = "corridor"`, `kind = "hallway"`, "quest.section_kind", 16},
		{"unknown exit kind", `kind = "locked_door"`, `kind = "portcullis"`, "quest.exit_kind", 41},
		{"secret door without an id", `  id = "cellar-secret"` + "\n", "", "quest.secret_exit_id", 47},
		{"no start section", "start = true\n", "", "quest.start_count", 1},
		{"text revealed by nothing", `section = "den"` + "\n", "", "quest.text_trigger", 71},
		{"text revealed by an unknown condition", `condition = "king-slain"`, `condition = "king-dead"`, "quest.text_ref", 83},
		{"spawn roll out of range", "roll = 1", "roll = 7", "quest.spawn_roll", 11},
		{"image outside the quest's folder", `kind = "room"`, "kind = \"room\"\nimage = \"../../etc/passwd\"", "quest.image_path", 32},
		{"negative Leader VP", "vp = 12", "vp = -1", "quest.leader_vp", 6},
		{"unknown deck", "power = { absent = true }", "treasure = { absent = true }", "quest.deck", 8},
	}
	src := validSource(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			brokenHas(t, src, c.old, c.new, c.id, c.line)
		})
	}
}

// An unreachable section: the den can only be reached from the cellar.
func TestUnreachableSection(t *testing.T) {
	src := strings.Replace(validSource(t), `  to = "cellar"`, `  to = "den"`, 1)
	_, ps := Parse("q.toml", []byte(src))
	found := false
	for _, p := range ps {
		found = found || p.ID == "quest.unreachable" && p.Args["Section"] == "cellar"
	}
	if !found {
		t.Fatalf("problems %v", ps)
	}
}

func TestHugeFileRefused(t *testing.T) {
	_, ps := Parse("huge.toml", make([]byte, MaxSize+1))
	if len(ps) != 1 || ps[0].ID != "quest.too_big" {
		t.Fatal(ps)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(validSource(f)))
	f.Add([]byte("[[sections]]\nid = 3"))
	f.Add([]byte("id = \"x\"\n[[sections.exits]]\nto = \"y\""))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, ps := Parse("fuzz.toml", data) // must never panic
		if q == nil && len(ps) == 0 {
			t.Fatal("neither a quest nor a problem")
		}
	})
}

// brokenHas checks that src with old replaced by new is refused with
// problem id in broken.toml at line (any line when line is 0).
func brokenHas(t *testing.T, src, old, new, id string, line int) {
	t.Helper()
	if !strings.Contains(src, old) {
		t.Fatalf("the valid file has no %q", old)
	}
	q, ps := Parse("broken.toml", []byte(strings.Replace(src, old, new, 1)))
	if q != nil || len(ps) == 0 {
		t.Fatal("a broken quest was accepted")
	}
	for _, p := range ps {
		if p.ID == id {
			if line != 0 && p.Line != line || p.File != "broken.toml" {
				t.Fatalf("%s at %s:%d, want line %d", p.ID, p.File, p.Line, line)
			}
			return
		}
	}
	t.Fatalf("no %s among %v", id, ps)
}
