package dunui

import (
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// New game says whose Creature Spawn Table the game will roll on: the
// Tomb's own rows, or a faction's standing in for them, in both languages.
func TestNewGameSaysWhoseSpawnTable(t *testing.T) {
	for _, c := range []struct {
		lang, faction, want string
	}{
		{"en", "", "Spawns: the quest's own Creature Spawn Table"},
		{"en", "ash-court", "not the quest's own rows"},
		{"es", "ash-court", "no las filas propias de la misión"},
	} {
		u := newTestUI(t, uitest.NewMemStore())
		if c.lang == "es" {
			u.form().language.SetSelected("Español")
		}
		f := u.form()
		qs, _ := content.BuiltinQuests()
		f.questPick.SetSelectedIndex(slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == tomb }) + 1)
		fillForm(f, "3", []string{"20", "20", "20"}, f.leaderVP.Text)
		f.chooseFaction(c.faction)
		f.validate()
		if !strings.Contains(f.spawns.Text, c.want) || !f.spawns.Visible() {
			t.Errorf("%s with %q: New game says %q", c.lang, c.faction, f.spawns.Text)
		}
	}
}
