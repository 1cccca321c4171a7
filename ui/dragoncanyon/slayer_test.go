package dcui

import (
	"encoding/json"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// slayerSetup: the AI's Fight card lands on the Dragon's Canyon tile (3,3)
// beside a player's card (its second turn, as in the golden script of
// canyon_order fight_first), the order of the two set by order.
func slayerSetup(t *testing.T, order string) dragoncanyon.Setup {
	t.Helper()
	var s dragoncanyon.Setup
	tile := `{"resource": "wood", "amount": 1}`
	canyon := `{"resource": "wood", "amount": 1, "canyon": true}`
	row := func(a, b, c, d string) string { return "[" + a + "," + b + "," + c + "," + d + "]" }
	board := "[" + row(tile, tile, tile, tile) + "," + row(tile, canyon, tile, tile) + "," + row(tile, tile, tile, tile) + "," + row(tile, tile, canyon, tile) + "]"
	js := `{"players": 1, "difficulty": "normal", "seed": 3, "board": ` + board + `, "dragon": [1, 4],
		"buildings": [{"id": "market", "name": "Market", "stack": 2, "vp": 1}, {"id": "guard_tower", "name": "Guard Tower", "stack": 3, "vp": 4}],
		"action_deck": {"physical": true},
		"force_deck": {"cards": [{"strength": 3}, {"strength": 3}, {"strength": 3}, {"strength": 3}], "order": [0, 1, 2, 3]},
		"rules": {"canyon_order": "` + order + `"}}`
	if err := json.Unmarshal([]byte(js), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// toFight plays the game up to its fight on (3,3), a stomp answered with
// nothing discarded.
func toFight(t *testing.T, g *dragoncanyon.Game) {
	t.Helper()
	card := func(tile dragoncanyon.Pos, strength int) *dragoncanyon.ActionFlipped {
		return &dragoncanyon.ActionFlipped{Card: &dragoncanyon.ActionCard{Tile: tile, Action: "fight", Start: "left", Turn: "cw", Strength: strength, Building: "market"}}
	}
	zero, one := 0, 1
	for _, e := range []engine.Event{&dragoncanyon.AITurn{}, card(dragoncanyon.Pos{1, 1}, 1), &dragoncanyon.ForceDrawn{Index: &zero},
		&dragoncanyon.ForcePlaced{Player: 1, Tile: dragoncanyon.Pos{2, 1}}, &dragoncanyon.ForcePlaced{Player: 1, Tile: dragoncanyon.Pos{4, 4}},
		&dragoncanyon.TurnEnded{}, &dragoncanyon.AITurn{}, card(dragoncanyon.Pos{2, 2}, 0), &dragoncanyon.ForceDrawn{Index: &one},
		card(dragoncanyon.Pos{3, 3}, 0)} {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
	for range 3 {
		h := g.State().Pending.Head()
		if h != nil && h.Kind == dragoncanyon.StepFight {
			return
		}
		if _, err := g.Apply(&dragoncanyon.StompResolved{Discard: dragoncanyon.DiscardNone}); err != nil {
			t.Fatalf("on the way to the fight (%+v): %v", h, err)
		}
	}
	t.Fatal("no fight due")
}

// "Moving the Dragon" with canyon_order fight_first: the fight form asks
// whether the player's card is the Dragon Slayer, which the dragon due
// after the fight passes over; with the dragon first it does not ask (the
// dragon has moved). The tick goes into the fight's event.
func TestFightFormAsksForTheSlayerWhenTheDragonComesAfter(t *testing.T) {
	cases := []struct {
		name, order string
		asks        bool
	}{
		{"fight first: asked, and recorded", dragoncanyon.OrderFightFirst, true},
		{"dragon first: not asked", dragoncanyon.OrderDragonFirst, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []string{"en", "es"} {
				t.Setenv("LANG", "en_US.UTF-8")
				g, err := dragoncanyon.NewGame(slayerSetup(t, c.order))
				if err != nil {
					t.Fatal(err)
				}
				toFight(t, g)
				store := uitest.NewMemStore()
				id, err := store.CreateGame("slayer", g)
				if err != nil {
					t.Fatal(err)
				}
				tr := translations.New(lang)
				win := test.NewTempWindow(t, nil)
				win.Resize(fyne.NewSize(1024, 768))
				ts := New(store).Open(ui.NewSession(store, id, g, ""), test.NewTempApp(t), win).(*tableScreen)
				win.SetContent(ts.Build(tr))
				uitest.Settle(win)
				var tick *ui.WrapCheck
				uitest.WalkVisible(win.Content(), func(o fyne.CanvasObject) {
					if w, ok := o.(*ui.WrapCheck); ok && w.Text == tr.T("ui.dc.in.slayer", nil) {
						tick = w
					}
				})
				if (tick != nil) != c.asks {
					t.Fatalf("%s: the Slayer asked %v, want %v", lang, tick != nil, c.asks)
				}
				if tick == nil {
					continue
				}
				test.Tap(tick)
				test.Tap(uitest.Button(t, win, tr.T("ui.dc.in.roll", nil)))
				test.Tap(uitest.Button(t, win, tr.T("ui.dc.in.fight", nil)))
				rs := g.Records()
				if e, ok := rs[len(rs)-1].Event.(*dragoncanyon.FightResolved); !ok || !e.Slayer {
					t.Fatalf("%s: the last event %+v, want a fight with the Slayer", lang, rs[len(rs)-1].Event)
				}
			}
		})
	}
}
