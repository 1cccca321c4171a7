package dunui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// toTombChest plays the Tomb to the Antechamber's chest declared (no trap
// on it), a creature on the board and a hero within its range.
func toTombChest(t *testing.T) *harness {
	t.Helper()
	h, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	in(t, h, &dun.NewTurn{})
	for _, id := range []string{"gatehouse", "processional-way", "ossuary"} {
		in(t, h, &dun.ExitOpened{Section: id}, miss, &dun.SectionRevealed{Section: id}, miss)
		if id == "ossuary" {
			in(t, h, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 2})
		}
	}
	lock := &dun.Test{Action: "open_lock", Hero: "hero-1", Value: new(int), Dice: []int{6, 6}, Exit: "gallery-of-kings"}
	*lock.Value = 3
	in(t, h, &dun.OpenDeclared{Exit: "gallery-of-kings"}, miss, lock, &dun.SectionRevealed{Section: "gallery-of-kings"}, miss,
		&dun.ExitOpened{Section: "antechamber"}, miss, &dun.SectionRevealed{Section: "antechamber"}, miss,
		&dun.OpenDeclared{Element: "funeral-offerings"}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}},
		&dun.Card{Deck: dun.DeckObstacle, Outcome: dun.Discarded, Name: "Poison Needle"},
		&dun.CreatureAdded{ID: "ghoul", Name: "Ghoul", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1}, &dun.CombatRange{Near: true})
	return h
}

// A tap on Test the chest… is never silent: in a combat turn it opens the
// heroes' actions on the chest, which say why and offer "no enemy has line
// of sight"; once the chest is open, the card says why not, beside it.
func TestChestTapSaysWhy(t *testing.T) {
	h := toTombChest(t)
	test.Tap(h.button(t, h.tr().T("ui.chest.test", nil)))
	p := h.table().actions
	if p == nil || !strings.Contains(p.notice.Text, "exploration action") || !p.roll.Disabled() {
		t.Fatalf("the panel does not say why: %+v", p)
	}
	e := &dun.Test{Action: "open_chest", Hero: "hero-1", Value: new(int), Dice: []int{6, 6}, Element: "funeral-offerings", Situations: []string{actions.NoLineOfSight}}
	*e.Value = 3
	in(t, h, e)
	h.table().area.SetNotice("")
	if b := uitest.FindButton(h.win, h.tr().T("ui.chest.test", nil)); b != nil {
		test.Tap(b)
		if h.notice() == "" {
			t.Fatalf("an opened chest's tap said nothing: %q", h.texts())
		}
	}
}
