package realinput

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestDCNewGameRuleReading: Dragon Canyon's New game with a rule reading
// chosen by real clicks (the fight first on a Dragon Canyon tile, rule
// option canyon_order): the game started is saved with it. In the full
// matrix only (REALINPUT_ALL=1): the dialog's form is played by
// TestFormsDragonCanyon in every run.
func TestDCNewGameRuleReading(t *testing.T) {
	if !fullMatrix {
		t.Skip("in the full matrix only (REALINPUT_ALL=1)")
	}
	t.Parallel()
	onScreens(t, []screen{{1024, 768, "es"}, {1280, 800, "en"}}, func(t *testing.T, s screen) {
		a := Start(t, Options{Lang: s.lang, Width: s.w, Height: s.h})
		tr := translations.New(s.lang)
		pickGame(a, tr, "ui.module.dragon_canyon")
		a.Find(mainWin, "the New game dialog", Named(formScroll))
		// A radio button's caption: a click on it chooses the button.
		fight := a.scrollToControl(mainWin, Anywhere, formScroll, "the fight first", tabOf(tr.T("ui.dc.rule.canyon_order.fight_first", nil)))
		a.Click(Target{fight, a.windowLike(mainWin)})
		a.Settle()
		a.Shot("dc-rule-fight-first-" + s.lang)
		a.Click(a.Find(mainWin, "Start", textIs(tr.T("ui.newgame.start", nil))))
		aiTurn := tr.T("choice.dc.ai_turn", nil) // its key follows it on the button
		a.Find(mainWin, "the AI's turn on the table", func(o probe.Object) bool { return o.Kind != "text" && strings.HasPrefix(o.Text, aiTurn) })
		s.fitsScreen(a, a.Settle())
		a.Kill() // the app holds its saves
		if got := savedDCRules(t, a.DB); got.CanyonOrder != dragoncanyon.OrderFightFirst || got.Closest != dragoncanyon.ClosestSpiral {
			t.Fatalf("the saved game's readings: %+v", got)
		}
	})
}

// savedDCRules are the rule readings of the one game saved in db.
func savedDCRules(t *testing.T, db string) dragoncanyon.Options {
	t.Helper()
	store, err := data.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := store.Games()
	if err != nil || len(games) != 1 {
		t.Fatalf("games %v: %v", games, err)
	}
	g, err := store.LoadGame(games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*dragoncanyon.Game).Setup().Rules
}
