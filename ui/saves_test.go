package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// saveGame stores g under name, then plays events on it, each saved with
// the game's summary as the shell saves it.
func saveGame(t *testing.T, store *data.Store, name string, g engine.Play, events ...engine.Event) int64 {
	t.Helper()
	id, err := store.CreateGame(name, g)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		r, err := g.Apply(e)
		if err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		if err := store.Append(id, r, g.Summary()); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// withModules registers plain screens for the real modules named, for one
// test.
func withModules(t *testing.T, modules ...string) {
	t.Helper()
	for _, m := range modules {
		RegisterGame(m, &plain{})
		t.Cleanup(func() { ForgetGame(m) })
	}
}

// A game that has ended says how in its row of the saved games, from its
// module's summary; it is never offered to continue: its row opens it
// read-only, and so does anything else that opens it (the last game
// played, at start). A game going on keeps Continue and Open.
func TestEndedGamesOpenReadOnly(t *testing.T) {
	withModules(t, dun.ModuleName, twister.ModuleName)
	goal := 1
	cases := []struct {
		name   string
		lang   string
		play   func(t *testing.T, store *data.Store) int64
		ending string // what its row says of the end; "" for a game going on
	}{
		{"a quest lost", "en", func(t *testing.T, store *data.Store) int64 {
			g, _ := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			return saveGame(t, store, "The crypt", g, &dun.NewTurn{}, &dun.QuestEnded{Outcome: dun.OutcomeLost})
		}, "Game lost"},
		{"a quest abandoned, in Spanish", "es", func(t *testing.T, store *data.Store) int64 {
			g, _ := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			return saveGame(t, store, "La cripta", g, &dun.NewTurn{}, &dun.QuestEnded{Outcome: dun.OutcomeAbandoned})
		}, "Partida abandonada"},
		{"Dungeon Twister won", "en", func(t *testing.T, store *data.Store) int64 {
			g, _ := twister.NewGame(twister.Setup{Players: 2, Names: []string{"Ann", "Bob"}, Goal: &goal})
			return saveGame(t, store, "Cousins", g, &twister.TreasureOut{Player: 2})
		}, "game over: Bob won"},
		{"a quest going on", "en", func(t *testing.T, store *data.Store) int64 {
			g, _ := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			return saveGame(t, store, "The crypt", g, &dun.NewTurn{})
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := realStore(t)
			g, _ := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			saveGame(t, store, "Older", g, &dun.NewTurn{}) // going on, played before
			id := c.play(t, store)
			u := New(test.NewTempApp(t), store, c.lang)
			tr := func(id string) string { return u.tr.T(id, nil) }
			games, _ := store.Games()
			if games[0].ID != id {
				t.Fatalf("the game is not the last played: %+v", games)
			}
			cont := uitest.FindButton(u.win, u.tr.T("ui.saves.continue", map[string]any{"Name": ""}))
			readOnly := uitest.FindButton(u.win, tr("ui.saves.open_readonly"))
			if c.ending == "" {
				if cont == nil || cont.Text != u.tr.T("ui.saves.continue", map[string]any{"Name": games[0].Name}) || readOnly != nil {
					t.Fatalf("a game going on: Continue %v, Open read-only %v", cont, readOnly)
				}
				test.Tap(cont)
				if u.sess == nil || u.sess.ReadOnly() != "" {
					t.Fatal("a game going on opened read-only")
				}
				return
			}
			if !uitest.HasText(u.win, c.ending) {
				t.Fatalf("the row does not say %q: %q", c.ending, uitest.TextsIn(u.win))
			}
			// Continue is the older game's, which goes on; the ended one opens read-only.
			if cont == nil || cont.Text != u.tr.T("ui.saves.continue", map[string]any{"Name": "Older"}) || readOnly == nil {
				t.Fatalf("Continue %v, Open read-only %v", cont, readOnly)
			}
			test.Tap(readOnly)
			if u.sess == nil || u.sess.ID() != id || !strings.Contains(u.sess.ReadOnly(), tr("ui.readonly.finished")) {
				t.Fatalf("the ended game did not open read-only: %+v", u.sess)
			}
			if !uitest.HasText(u.win, tr("ui.readonly.finished")) {
				t.Fatal("no read-only banner")
			}
			seq := games[0].Seq
			if err := u.sess.Apply(&engine.Undo{}); err == nil {
				t.Fatal("an ended game took a step")
			}
			// The last game played, opened at start, is read-only too.
			u = New(test.NewTempApp(t), store, c.lang)
			<-u.Loaded()
			if u.sess == nil || u.sess.ID() != id || u.sess.ReadOnly() == "" {
				t.Fatalf("resumed at start: %+v", u.sess)
			}
			if games, _ := store.Games(); games[0].Seq != seq || games[0].ID != id {
				t.Fatal("something was written to an ended game")
			}
		})
	}
}

// At 1024×768 in Spanish each saved game's description has its row's
// width: its lines stay inside the row, wrapped (a name of one long word
// too), a few lines each, its buttons below it, and nothing is drawn over
// anything else.
func TestSavedGameRowFits(t *testing.T) {
	withModules(t, dun.ModuleName, twister.ModuleName)
	store := realStore(t)
	dg, _ := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	saveGame(t, store, "La_partida_del_lunes_por_la_tarde_en_la_cripta_de_los_muertos_vivientes", dg, &dun.NewTurn{}, &dun.QuestEnded{Outcome: dun.OutcomeLost})
	goal := 1
	tg, _ := twister.NewGame(twister.Setup{Players: 4, Names: []string{"Bartolomé de las Casas", "Maximiliano", "Cristóbal", "Guadalupe"}, Goal: &goal})
	saveGame(t, store, "Dungeon Twister con los primos del pueblo", tg, &twister.TreasureOut{Player: 2})
	u := New(test.NewTempApp(t), store, "es")
	u.win.Resize(fyne.NewSize(1024, 768))
	uitest.Settle(u.win)
	// An ended game's row ("Abrir solo para leer" and five more buttons)
	// once pushed the window to 1052 px on a 1024 px screen.
	if min := u.win.Content().MinSize().Width; min > 1024 {
		t.Errorf("the saved games need %v px, wider than a 1024 px screen", min)
	}
	for _, o := range uitest.OverlappingTexts(u.win) {
		t.Error(o)
	}
	var rows []*widget.Label // the descriptions
	uitest.WalkVisible(u.win.Content(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "·") {
			rows = append(rows, l)
		}
	})
	if len(rows) != 2 {
		t.Fatalf("%d descriptions on screen", len(rows))
	}
	d := fyne.CurrentApp().Driver()
	width := u.win.Canvas().Size().Width
	for _, l := range rows {
		at := d.AbsolutePositionForObject(l)
		lines := 0
		for _, dt := range uitest.DrawnTexts(l, at, l.Size()) {
			lines++
			if dt.Pos.X+dt.Size.Width > at.X+l.Size().Width+1 || dt.Pos.X+dt.Size.Width > width {
				t.Errorf("%q is drawn past its row (%v wide at %v)", dt.Text, l.Size().Width, at.X)
			}
		}
		if lines == 0 || lines > 4 {
			t.Errorf("the description takes %d lines at %v px: %q", lines, l.Size().Width, l.Text)
		}
		if l.Size().Width < width/2 {
			t.Errorf("the description is %v px of %v: %q", l.Size().Width, width, l.Text)
		}
	}
}
