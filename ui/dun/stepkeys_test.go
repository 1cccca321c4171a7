package dunui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// Every step on the card has a key: "Test the lock…" is L, "The heroes
// left: the quest is won" W (N stays the turn's). Each works with nothing
// focused and with a check box of the table focused (a tap on one, or Tab),
// and no other button shows it.
func TestStepKeysWhateverTheFocus(t *testing.T) {
	party := []string{"Aldric", "Bren", "Cora"}
	steps := []struct {
		what string
		key  rune
		play func(t *testing.T) *harness
		done func(h *harness) bool
	}{
		{"the lock test", 'l', func(t *testing.T) *harness {
			h, _ := startTomb(t, uitest.NewMemStore(), "", party...)
			in(t, h, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
				&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1},
				&dun.OpenDeclared{Exit: "gallery-of-kings"}, miss) // "Obstacle Cards": declared, its roll first
			return h
		}, func(h *harness) bool {
			p := h.table().actions
			return p != nil && h.win.Canvas().Overlays().Top() != nil && p.targets[p.target2.Selected].Exit == "gallery-of-kings"
		}},
		{"the heroes leaving", 'w', func(t *testing.T) *harness {
			h, _ := startTomb(t, uitest.NewMemStore(), "")
			in(t, h, &dun.NewTurn{}, &dun.ConditionMet{ID: "ash-king-slain"}, &dun.MissionAccomplished{})
			return h
		}, func(h *harness) bool {
			s := h.game().State()
			return s.QuestOver != nil && s.QuestOver.Outcome == dun.OutcomeWon
		}},
	}
	focus := []struct {
		what  string
		focus func(h *harness) fyne.Focusable
	}{
		{"nothing focused", func(*harness) fyne.Focusable { return nil }},
		{"a check box focused", func(h *harness) fyne.Focusable { return h.table().mainRoomCheck }},
	}
	for _, s := range steps {
		for _, f := range focus {
			t.Run(s.what+", "+f.what, func(t *testing.T) {
				h := s.play(t)
				h.win.Resize(fyne.NewSize(1400, 900))
				uitest.Settle(h.win)
				keys := map[string]int{}
				for _, k := range uitest.KeyedButtons(h.win) {
					keys[k.Key]++
				}
				if k := string(s.key - 'a' + 'A'); keys[k] != 1 {
					t.Fatalf("%d buttons show %s: %q", keys[k], k, h.texts())
				}
				if o := f.focus(h); o != nil {
					h.win.Canvas().Focus(o)
					if h.win.Canvas().Focused() == nil {
						t.Fatal("nothing took the focus: the test would prove nothing")
					}
				}
				typeKey(h.win, s.key)
				if !s.done(h) {
					t.Fatalf("%c did not take the step (notice %q)", s.key, h.notice())
				}
			})
		}
	}
}
