package dunui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// mainButton is the card's main button: its first blue one.
func mainButton(h *harness) *widget.Button {
	var found *widget.Button
	uitest.WalkVisible(h.table().area.Prompt(), func(o fyne.CanvasObject) {
		if b, ok := uitest.ButtonOf(o); ok && found == nil && b.Importance == widget.HighImportance {
			found = b
		}
	})
	return found
}

// cardButton is the card's button whose label starts with the message id's text.
func cardButton(id string, args map[string]any) func(h *harness) *widget.Button {
	return func(h *harness) *widget.Button {
		var found *widget.Button
		label := h.tr().T(id, args)
		uitest.WalkVisible(h.table().area.Prompt(), func(o fyne.CanvasObject) {
			if b, ok := uitest.ButtonOf(o); ok && found == nil && strings.HasPrefix(b.Text, label) {
				found = b
			}
		})
		return found
	}
}

// buttonInSight fails unless the button find finds is on the card with its
// key, whole and in sight without scrolling, on a 1024×768 and a 1280×800
// screen: in the window the app opens there (FitScreen leaves room for the
// desktop's panels), as the real-input tests see it.
func buttonInSight(t *testing.T, h *harness, what string, find func(*harness) *widget.Button) {
	t.Helper()
	for _, screen := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}} {
		h.u.FitScreen(screen)
		size := h.win.Canvas().Size()
		uitest.Settle(h.win)
		b := find(h)
		if b == nil {
			t.Errorf("%s in %s at %v: no such button on the card: %q", what, h.tr().Lang, size, h.texts())
			continue
		}
		if i := strings.LastIndex(b.Text, "  ["); i < 0 || !strings.HasSuffix(b.Text, "]") {
			t.Errorf("%s in %s: %q has no key", what, h.tr().Lang, b.Text)
		}
		var o fyne.CanvasObject = b
		if wb := wrapOf(h, b); wb != nil {
			o = wb
		}
		if pos, sz, ok := uitest.InSight(h.win, o); !ok {
			t.Errorf("%s in %s at %v: %q is not all in sight (at %v, %v)", what, h.tr().Lang, size, b.Text, pos, sz)
		}
	}
}

// wrapOf is the WrapButton drawn for b, if b is one's button.
func wrapOf(h *harness, b *widget.Button) fyne.CanvasObject {
	var out fyne.CanvasObject
	uitest.WalkVisible(h.win.Content(), func(o fyne.CanvasObject) {
		if x, ok := o.(interface{ AsButton() *widget.Button }); ok && x.AsButton() == b {
			out = o
		}
	})
	return out
}

// in applies events as the table does, in a game already in its language.
func in(t *testing.T, h *harness, es ...dun.Event) {
	t.Helper()
	apply(t, h, es...)
	h.screen().refresh()
}

var miss = &dun.Die{Faces: []dice.Symbol{dice.Power}}

// A newcomer's every step: the button that takes it is on screen, whole,
// without scrolling, with its key, on a 1024×768 and a 1280×800 laptop, in
// both languages.
func TestEveryStepsButtonInSight(t *testing.T) {
	tomb := func(t *testing.T, lang, faction string, names ...string) *harness {
		h, _ := startTomb(t, uitest.NewMemStore(), faction, names...)
		h.u.SetLanguage(lang)
		return h
	}
	orcWith := func(id string, per int) *dun.CreatureAdded {
		return &dun.CreatureAdded{ID: id, Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 3, Perception: per, Intelligence: 2, Vitality: 2, Agility: 3}
	}
	spawnAt := []dun.Event{&dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
		&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated}}
	party := []string{"Aldric", "Bren", "Cora"}
	steps := []struct {
		what string
		play func(t *testing.T, lang string) *harness
		find func(*harness) *widget.Button
	}{
		{"an Obstacle roll", func(t *testing.T, lang string) *harness {
			h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
			h.u.SetLanguage(lang)
			test.Tap(h.table().eventButtons["ui.trigger.door"])
			return h
		}, cardButton("choice.roll_app", nil)},
		{"a reveal", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "")
			in(t, h, &dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"}, miss)
			return h
		}, cardButton("choice.reveal", nil)},
		{"the roll after a reveal, its text to read below", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "")
			in(t, h, &dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "gatehouse"})
			return h
		}, cardButton("choice.roll_app", nil)},
		{"paying a spawn from the quest's own table", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "")
			in(t, h, spawnAt...)
			return h
		}, cardButton("ui.spawn.pay", nil)},
		{"paying a spawn with a faction", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "ash-court")
			in(t, h, spawnAt...)
			return h
		}, cardButton("ui.spawn.pay", nil)},
		{"Initiative", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "", party...)
			in(t, h, append(spawnAt, &dun.Spawn{Cost: 5, Row: 2}, orcWith("orc", 3))...)
			return h
		}, cardButton("ui.initiative.roll_now", nil)},
		{"Initiative with tied rollers", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "", party...)
			in(t, h, append(spawnAt, &dun.Spawn{Cost: 5, Row: 2}, orcWith("orc-1", 3), orcWith("orc-2", 3))...)
			return h
		}, cardButton("ui.initiative.pick_and_roll", map[string]any{"Count": 2})},
		{"a lock test", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "", party...)
			in(t, h, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
				&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1},
				&dun.OpenDeclared{Exit: "gallery-of-kings"}, miss) // "Obstacle Cards": declared, its roll first
			return h
		}, cardButton("ui.lock_test.open", nil)},
		{"a failed lock's door broken down", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "", party...)
			in(t, h, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
				&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1},
				&dun.OpenDeclared{Exit: "gallery-of-kings"}, miss, &dun.Test{Action: "open_lock", Hero: "hero-1", Dice: []int{1, 2}, Exit: "gallery-of-kings"})
			return h
		}, cardButton("ui.break.open", nil)},
		{"breaking a door down", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "")
			in(t, h, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse", BrokenDoor: true})
			return h
		}, cardButton("choice.roll_app", nil)},
		{"mission accomplished", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "")
			in(t, h, &dun.NewTurn{}, &dun.ConditionMet{ID: "ash-king-slain"})
			return h
		}, cardButton("choice.mission_accomplished", nil)},
		{"the heroes leaving", func(t *testing.T, lang string) *harness {
			h := tomb(t, lang, "")
			in(t, h, &dun.NewTurn{}, &dun.ConditionMet{ID: "ash-king-slain"}, &dun.MissionAccomplished{})
			return h
		}, cardButton("choice.quest_won", nil)},
		{"a quest lost, in a campaign", func(t *testing.T, lang string) *harness {
			h := campaignGame(t, lang)
			test.Tap(h.table().eventButtons["ui.quest_end.lost"])
			return h
		}, cardButton("ui.quest_end.record", nil)},
	}
	for _, lang := range []string{"en", "es"} {
		for _, s := range steps {
			t.Run(lang+" "+s.what, func(t *testing.T) {
				h := s.play(t, lang)
				buttonInSight(t, h, s.what, s.find)
			})
		}
		// Each creature's activation, one after the other.
		t.Run(lang+" each creature's activation", func(t *testing.T) {
			h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
			h.u.SetLanguage(lang)
			in(t, h, &dun.CreatureAdded{ID: "king", Name: "Rat King", Behaviour: "melee", Level: bestiary.LevelLeader, VP: 12, Agility: 3, Skills: []string{"roar"}},
				&dun.CreatureAdded{ID: "archer", Name: "Goblin archer", Behaviour: "ranged", Level: bestiary.LevelRegular, VP: 1, Agility: 4, Ranged: true, Spellcaster: true, Support: true, Skills: []string{"volley"}},
				&dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Agility: 2},
				&dun.AdpCombatTurn{}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}})
			for i, id := range h.game().State().ActivationOrder {
				what := fmt.Sprintf("the activation of creature %d (%s)", i+1, id)
				buttonInSight(t, h, what, mainButton)
				if b := mainButton(h); b == nil || !strings.HasSuffix(b.Text, "  [N]") {
					t.Fatalf("%s: the main button is not the creature's N: %q", what, h.texts())
				}
				in(t, h, &dun.CreatureDone{ID: id})
			}
		})
	}
}

// campaignGame is a game of a campaign's party, started from the campaign.
func campaignGame(t *testing.T, lang string) *harness {
	t.Helper()
	store := realStore(t)
	h := newTestUI(t, store)
	closeNewGame(h)
	party, _ := dun.EncodeParty([]dun.CampaignHero{{Name: "Aldric", VP: 32}, {Name: "Ysolde", VP: 28}})
	if _, err := store.CreateCampaign(dun.ModuleName, "The Grey Company", party); err != nil {
		t.Fatal(err)
	}
	test.Tap(h.button(t, "Campaigns"))
	test.Tap(h.button(t, "Open"))
	test.Tap(h.button(t, "New game with this party"))
	test.Tap(startButton(t, h))
	h.u.SetLanguage(lang)
	return h
}
