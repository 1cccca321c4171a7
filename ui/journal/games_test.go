package journal_test

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/journal"

	_ "github.com/dunconductor/conductor/core/dragoncanyon"
	_ "github.com/dunconductor/conductor/core/twister"
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/messages"
	_ "github.com/dunconductor/conductor/ui/twister/messages"
)

// scripted plays one of the modules' golden scripts, named by its path
// under core/ (its refused lines skipped), with the module its setup names.
func scripted(t *testing.T, name string) engine.Play {
	t.Helper()
	f, err := os.Open("../../core/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	var head struct {
		Setup map[string]any `json:"setup"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	module, _ := head.Setup["game"].(string)
	delete(head.Setup, "game")
	m, err := engine.Find(module)
	if err != nil {
		t.Fatal(err)
	}
	setup, _ := json.Marshal(head.Setup)
	g, err := m.New(setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		e, err := m.Events().Decode(sc.Bytes())
		if err != nil {
			continue
		}
		_, _ = g.Apply(e)
	}
	return g
}

// Dragon Canyon and Dungeon Twister tell their sittings too, in English
// and Spanish, every line translated, with no id or template left.
func TestRecapOfEveryGame(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   map[string][]string
	}{
		{"dragoncanyon/testdata/scripts/dragon_canyon_solo.jsonl", map[string][]string{"en": {"Dragon Canyon", "The AI took"}, "es": {"Dragon Canyon", "La IA tomó"}}},
		{"twister/testdata/scripts/twister_game.jsonl", map[string][]string{"en": {"Dungeon Twister", "points of 5"}, "es": {"Dungeon Twister", "puntos de 5"}}},
	} {
		g := scripted(t, tc.script)
		n := len(g.Records())
		for _, s := range []engine.Sitting{{From: 1, To: n / 2}, {From: n/2 + 1, To: n}} {
			story, err := journal.Recap(g, s, false)
			if err != nil {
				t.Fatalf("%s: %v", tc.script, err)
			}
			for lang, want := range tc.want {
				text := journal.Plain(journal.Render(translations.New(lang), story), false)
				for _, w := range want {
					if !strings.Contains(text, w) {
						t.Errorf("%s %s, records %d–%d: no %q in\n%s", tc.script, lang, s.From, s.To, w, text)
					}
				}
				for _, bad := range []string{"recap.", "reason.", "ui.", "{{", "map[", "<no value>"} {
					if strings.Contains(text, bad) {
						t.Errorf("%s %s, records %d–%d: %q in\n%s", tc.script, lang, s.From, s.To, bad, text)
					}
				}
				t.Logf("%s %s, records %d–%d:\n%s", tc.script, lang, s.From, s.To, text)
			}
		}
	}
}
