package translations

import (
	"os"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
)

// A faction's problems name its creature as the reader reads it, in each
// language: "Giant rat" / "Rata gigante", never its id.
func TestFactionProblemsNameTheCreature(t *testing.T) {
	b, err := os.ReadFile("../core/dun/faction/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(b), "vitality = 2", "vitality = 500", 1) // the giant rat's
	_, ps := dun.ParseFaction("vermin.toml", []byte(src))
	if len(ps) != 1 {
		t.Fatalf("problems: %v", ps)
	}
	for lang, want := range map[string]string{"en": "Creature “Giant rat”: Vitality", "es": "Criatura «Rata gigante»: Vitalidad"} {
		got := New(lang).T(ps[0].ID, ps[0].Args)
		if !strings.HasPrefix(got, want) || strings.Contains(got, "giant-rat") {
			t.Errorf("%s: %q", lang, got)
		}
	}
}
