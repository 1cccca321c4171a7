package ui_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
	dunui "github.com/dunconductor/conductor/ui/dun"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// DUN's own table, played at random through its prompt card's inputs (the
// die, the card, the spawn...) and its panel: at every step, no two visible
// buttons show one key, and each key shown taps its button and nothing
// else.
func TestDUNTableKeys(t *testing.T) {
	// Free play with a faction and a party: spawns put creatures on the
	// roster, so Initiative and the creatures' activation come too.
	var ashCourt []byte
	files, err := data.BuiltinFactionFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if p, ps := bestiary.ParseFaction(f.Name, f.Data); ps == nil && p.ID == "ash-court" {
			ashCourt = f.Data
		}
	}
	for name, c := range map[string]struct {
		setup   string
		content []byte
		want    []string
	}{
		"free play": {`{"heroes": 2, "group_vp": 40, "leader_vp": 10, "seed": 5}`, nil, []string{"N", "R", "O", "A", "D", "S"}},
		"a faction and a party": {`{"party": [{"name": "Borgron", "vp": 20, "perception": 3, "intelligence": 2, "agility": 2, "dexterity": 4, "strength": 4, "movement": 4},
			{"name": "Shara", "vp": 25, "perception": 5, "intelligence": 4, "agility": 4, "dexterity": 3, "strength": 2, "movement": 5}],
			"leader_vp": 10, "faction": "ash-court", "seed": 5}`, content.Encode(nil, ashCourt), []string{"N", "R", "S"}},
	} {
		t.Run(name, func(t *testing.T) { walkDUNTable(t, c.setup, c.content, c.want) })
	}
}

func walkDUNTable(t *testing.T, setup string, content []byte, want []string) {
	store := uitest.NewMemStore()
	ui.RegisterGame(dun.ModuleName, dunui.New(store))
	defer ui.ForgetGame(dun.ModuleName)
	m, _ := engine.Find(dun.ModuleName)
	g, err := m.New([]byte(setup), content)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := store.CreateGame("Keys", g)
	store.Settings["last_game"] = strconv.FormatInt(id, 10)
	u := ui.New(test.NewTempApp(t), store, "en")
	<-u.Loaded()
	w := u.Window()
	w.Resize(fyne.NewSize(1400, 900)) // every column side by side, the panel too
	game := func() engine.Play { return u.Session().Game() }
	n := len(game().Records())
	changed := func() bool {
		c := len(game().Records()) != n
		n = len(game().Records())
		return c
	}
	press := func(key string) {
		switch key {
		case ui.UndoKeys:
			uitest.TypeShortcut(w, ui.ShortcutUndo)
		case ui.RedoKeys:
			uitest.TypeShortcut(w, ui.ShortcutRedo)
		default:
			if r, size := utf8.DecodeRuneInString(strings.ToLower(key)); size == len(key) {
				uitest.TypeRune(w, r)
			}
		}
	}
	// What the walk taps on the table's panel: flows that need no dialog.
	panel := []string{"Door or chest opened", "Exploration arrow", "Trap location", "Room", "Corridor", "Large section", "ADP combat turn begins", "Roll 2D6", "Pick one at random"}
	r := rand.New(rand.NewPCG(5, 1))
	seen := map[string]bool{}
	for step := range 150 {
		for o := w.Canvas().Overlays(); o.Top() != nil; { // a step that opened a dialog: closed unread
			top := o.Top()
			top.Hide()
			if o.Top() == top {
				o.Remove(top)
			}
		}
		uitest.Settle(w)
		for _, k := range uitest.CheckKeys(t, w, press, changed) {
			seen[k] = true
		}
		if t.Failed() {
			t.Fatalf("step %d: %q", step, uitest.VisibleTexts(w))
		}
		var enabled []uitest.Keyed
		for _, k := range uitest.KeyedButtons(w) {
			if !k.Button.Disabled() {
				enabled = append(enabled, k)
			}
		}
		switch {
		case len(enabled) > 0 && r.IntN(3) > 0:
			press(enabled[r.IntN(len(enabled))].Key)
		default:
			if b := uitest.FindButton(w, panel[r.IntN(len(panel))]); b != nil && !b.Disabled() {
				test.Tap(b)
			}
		}
		changed()
	}
	var keys []string
	for k := range seen {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, want := range append(want, ui.UndoKeys, ui.RedoKeys) {
		if !seen[want] {
			t.Errorf("the walk never showed the key %s (it saw %q): it did not reach far enough", want, keys)
		}
	}
	t.Logf("keys shown: %q", keys)
}
