package messages

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// A quest's spawn row naming a creature profile the game cannot resolve is
// refused at New game with a message, in every language, naming the row,
// the profile and the faction by its name in the reader's language.
func TestSpawnProfileProblemsRender(t *testing.T) {
	qb, err := os.ReadFile("../../../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	fb, err := os.ReadFile("../../../core/dun/faction/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	f, ps := bestiary.ParseFaction("vermin.toml", fb)
	if ps != nil {
		t.Fatal(ps)
	}
	cases := []struct {
		name    string
		faction bool
		want    map[string][]string // by language: what the message says
	}{
		{"the faction lacks it", true, map[string][]string{"en": {"1", "minion", "Vermin (sample)"}, "es": {"1", "minion", "Alimañas (ejemplo)"}}},
		{"no faction", false, map[string][]string{"en": {"1", "minion"}, "es": {"1", "minion"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, ps := quest.Parse("q.toml", qb)
			if ps != nil {
				t.Fatal(ps)
			}
			q.SpawnTable = q.SpawnTable[:1]
			q.SpawnsFrom, q.SpawnTable[0].Creatures = quest.SpawnsQuest, nil
			q.SpawnTable[0].Profiles = []quest.ProfileCount{{Profile: "minion", Count: 2}}
			s := dun.Setup{Heroes: 2, GroupVP: 60, QuestData: q}
			if c.faction {
				s.FactionData = f
			}
			_, err := dun.NewGame(s)
			var es dun.SetupErrors
			if !errors.As(err, &es) {
				t.Fatalf("got %v", err)
			}
			for lang, words := range c.want {
				text := translations.New(lang).T(es[0].ID, es[0].Args)
				for _, w := range words {
					if text == es[0].ID || !strings.Contains(text, w) {
						t.Errorf("%s: %q does not say %q", lang, text, w)
					}
				}
			}
		})
	}
}
