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

// Every problem names its line, what to fix and the field it is about (a
// form shows it there, never deciding by its message id; "" for the file's).
func TestFactionProblems(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		id       string
		line     int
		field    string
	}{
		{"a bad id", `id = "vermin"`, `id = "Vermin!"`, "faction.id", 3, "id"},
		{"no Spanish name", `name = { en = "Vermin (sample)", es = "Alimañas (ejemplo)" }`, `name = { en = "Vermin" }`, "quest.missing_text", 4, "name"},
		{"a creature's bad id", `id = "giant-spider"`, `id = "Spider!"`, "faction.id", 30, "creatures[2].id"},
		{"a creature's name with no Spanish", `name = { en = "Giant bat", es = "Murciélago gigante" }`, `name = { en = "Giant bat" }`, "quest.missing_text", 18, "creatures[1].name"},
		{"an unknown behaviour", "behaviour = \"beast\"\nlevel = \"elite\"", "behaviour = \"dragon\"\nlevel = \"elite\"", "faction.behaviour", 30, "creatures[2].behaviour"},
		{"an unknown level", `level = "champion"`, `level = "boss"`, "faction.level", 54, "creatures[4].level"},
		{"VP 0", "vp = 2\nvitality = 5", "vp = 0\nvitality = 5", "faction.vp", 42, "creatures[3].vp"},
		{"no Vitality", "vp = 2\nvitality = 5", "vp = 2\nvitality = 0", "faction.attribute", 42, "creatures[3].vitality"},
		{"a repeated skill", `skills = ["Web"]`, `skills = ["Web", "Web"]`, "faction.skill_name", 30, "creatures[2].skills"},
		{"a row naming no creature of the faction", `creatures = [{ id = "giant-rat", count = 3 }]`, `creatures = [{ id = "goblin", count = 3 }]`, "faction.row_creature", 79, "spawn[0].creatures[0].id"},
		{"a count of 0", `creatures = [{ id = "giant-rat", count = 3 }]`, `creatures = [{ id = "giant-rat", count = 0 }]`, "faction.row_count", 79, "spawn[0].creatures[0].count"},
		{"a roll twice", "roll = 2\ncost = 4", "roll = 1\ncost = 4", "quest.spawn_roll", 84, "spawn[1].roll"},
		{"a negative cost", "roll = 2\ncost = 4", "roll = 2\ncost = -4", "faction.cost", 84, "spawn[1].cost"},
		{"an unknown key", `sample = true`, "sample = true\ncolour = \"grey\"", "quest.unknown_key", 6, ""},
		{"not TOML", `sample = true`, `sample = `, "quest.syntax", 5, ""},
		{"nested too deep", `sample = true`, "sample = true\nx = " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "quest.nesting", 6, ""},
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
					if p.Field != c.field {
						t.Fatalf("%s on field %q, want %q", c.id, p.Field, c.field)
					}
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
	if _, ps := Parse("f.toml", []byte(six[:i]), rules); len(ps) == 0 || ps[len(ps)-1].ID != "faction.spawn_rows" || ps[len(ps)-1].Field != "spawn" {
		t.Fatalf("five rows: %v", ps)
	}
}
