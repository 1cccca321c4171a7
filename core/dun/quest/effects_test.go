package quest

import (
	"os"
	"strings"
	"testing"
)

// A text's effect and a condition's trigger are checked like the rest of
// the file: each problem names its line and what to fix.
func TestEffectsChecked(t *testing.T) {
	src, err := os.ReadFile("testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	box := `text = { en = "The crown rolls into the drain.", es = "La corona rueda hasta el desagüe." }`
	cases := []struct {
		name, effect, want string
	}{
		{"a lasting effect until a condition", `effect = { leader_regenerates = 1, until = "king-slain" }`, ""},
		{"reserve points each turn", `effect = { reserve_each_turn = 2 }`, ""},
		{"until a condition the quest lacks", `effect = { every_turn = true, until = "nowhere" }`, "quest.text_ref"},
		{"until on an effect that does not last", `effect = { reserve = 2, until = "king-slain" }`, "quest.effect_until"},
		{"negative points", `effect = { reserve = -1 }`, "quest.effect_points"},
		{"points past the bound", `effect = { leader_regenerates = 1001 }`, "quest.effect_points"},
		{"an unknown effect", `effect = { explode = true }`, "quest.unknown_key"},
		{"unlocking a section", `effect = { unlock = "den" }`, ""},
		{"unlocking a section the quest lacks", `effect = { unlock = "vault" }`, "quest.text_ref"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			edited := strings.Replace(string(src), box, box+"\n"+c.effect, 1)
			_, ps := Parse("valid.toml", []byte(edited))
			if c.want == "" {
				if ps != nil {
					t.Fatalf("refused: %v", ps)
				}
				return
			}
			if len(ps) == 0 || ps[0].ID != c.want {
				t.Fatalf("problems %v, want %s", ps, c.want)
			}
		})
	}
}
