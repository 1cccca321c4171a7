package faction

import (
	"os"
	"strings"
	"testing"
)

var rules = Rules{Behaviours: []string{"beast", "melee", "ranged", "spellcaster"}, Levels: []string{"regular", "elite", "champion", "leader"}}

func valid(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestValidFaction(t *testing.T) {
	f, ps := Parse("valid.toml", []byte(valid(t)), rules)
	if ps != nil {
		t.Fatal(ps)
	}
	if f.ID != "vermin" || len(f.Profiles) != 6 || len(f.Spawn) != 6 || !f.Sample {
		t.Fatalf("%+v", f)
	}
	row, ok := f.Row(2)
	if !ok || row.Cost != 4 || row.Creatures[0].ID != "giant-bat" || row.Creatures[0].Count != 2 {
		t.Fatalf("row 2 %+v", row)
	}
	if p, ok := f.Profile("giant-spider"); !ok || p.Level != "elite" || p.Vitality != 4 {
		t.Fatalf("spider %+v", p)
	}
}

// Every problem names its line and what to fix.
func TestFactionProblems(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		id       string
		line     int
	}{
		{"a bad id", `id = "vermin"`, `id = "Vermin!"`, "faction.id", 3},
		{"no Spanish name", `name = { en = "Vermin (sample)", es = "Alimañas (ejemplo)" }`, `name = { en = "Vermin" }`, "quest.missing_text", 4},
		{"an unknown behaviour", "behaviour = \"beast\"\nlevel = \"elite\"", "behaviour = \"dragon\"\nlevel = \"elite\"", "faction.behaviour", 30},
		{"an unknown level", `level = "champion"`, `level = "boss"`, "faction.level", 54},
		{"VP 0", "vp = 2\nvitality = 5", "vp = 0\nvitality = 5", "faction.vp", 42},
		{"no Vitality", "vp = 2\nvitality = 5", "vp = 2\nvitality = 0", "faction.attribute", 42},
		{"a repeated skill", `skills = ["Web"]`, `skills = ["Web", "Web"]`, "faction.skill_name", 30},
		{"a row naming no creature of the faction", `creatures = [{ id = "giant-rat", count = 3 }]`, `creatures = [{ id = "goblin", count = 3 }]`, "faction.row_creature", 79},
		{"a count of 0", `creatures = [{ id = "giant-rat", count = 3 }]`, `creatures = [{ id = "giant-rat", count = 0 }]`, "faction.row_count", 79},
		{"a roll twice", "roll = 2\ncost = 4", "roll = 1\ncost = 4", "quest.spawn_roll", 84},
		{"a negative cost", "roll = 2\ncost = 4", "roll = 2\ncost = -4", "faction.cost", 84},
		{"an unknown key", `sample = true`, "sample = true\ncolour = \"grey\"", "quest.unknown_key", 6},
		{"not TOML", `sample = true`, `sample = `, "quest.syntax", 5},
		{"nested too deep", `sample = true`, "sample = true\nx = " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "quest.nesting", 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := valid(t)
			if !strings.Contains(src, c.old) {
				t.Fatalf("the sample lacks %q", c.old)
			}
			_, ps := Parse("f.toml", []byte(strings.Replace(src, c.old, c.new, 1)), rules)
			for _, p := range ps {
				if p.ID == c.id && p.Line == c.line && p.File == "f.toml" {
					return
				}
			}
			t.Fatalf("no %s on line %d: %v", c.id, c.line, ps)
		})
	}
	_, ps := Parse("big.toml", make([]byte, MaxSize+1), rules)
	if len(ps) != 1 || ps[0].ID != "faction.too_big" {
		t.Fatalf("a huge file: %v", ps)
	}
	six := valid(t)
	i := strings.LastIndex(six, "[[spawn]]")
	if _, ps := Parse("f.toml", []byte(six[:i]), rules); len(ps) == 0 || ps[len(ps)-1].ID != "faction.spawn_rows" {
		t.Fatalf("five rows: %v", ps)
	}
}
