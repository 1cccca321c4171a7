package dunui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
	"github.com/dunconductor/conductor/ui/speech"
)

// A section revealed from the table: its text to read aloud is on the
// table's card, below the roll that follows, with a Read aloud button that
// reads it in the game's language; the next turn puts it away.
func TestRevealedTextOnTheCard(t *testing.T) {
	t.Cleanup(func() { ui.SetSpeaker(&speech.Silent{}) })
	for _, lang := range []string{"en", "es"} {
		silent := &speech.Silent{}
		ui.SetSpeaker(silent)
		h, q := startTomb(t, uitest.NewMemStore(), "")
		h.u.SetLanguage(lang)
		in(t, h, &dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"}, miss)
		test.Tap(cardButton("choice.reveal", nil)(h)) // N: the section is revealed
		sec, _ := q.Section("gatehouse")
		text := sec.Text.In(lang)
		card := uitest.TextOf(h.table().area.Prompt())
		if !strings.Contains(strings.Join(strings.Fields(card), " "), strings.Join(strings.Fields(text), " ")[:40]) {
			t.Fatalf("%s: the section's text is not on the card: %q", lang, card)
		}
		bs := readButtons(h.table().area.Prompt())
		if len(bs) != 1 || bs[0].Said != text || bs[0].Lang != lang {
			t.Fatalf("%s: Read aloud buttons on the card %+v", lang, bs)
		}
		test.Tap(bs[0])
		if got := silent.Said(); !slices.Equal(got, []speech.Said{{Lang: lang, Text: text}}) {
			t.Fatalf("%s: the card's button read %q", lang, got)
		}
		// The roll stays the card's first step; the text waits below it.
		if b := mainButton(h); b == nil || !strings.HasPrefix(b.Text, h.tr().T("choice.roll_app", nil)) {
			t.Fatalf("%s: the main button is not the roll: %q", lang, uitest.TextOf(h.table().area.Prompt()))
		}
		in(t, h, miss, &dun.NewTurn{})
		if bs := readButtons(h.table().area.Prompt()); len(bs) != 0 {
			t.Fatalf("%s: the text stayed on the card after the turn", lang)
		}
	}
}

// A locked door a quest's text unlocked is no longer called locked, on the
// card's exits or on the map.
func TestUnlockedDoorOnCardAndMap(t *testing.T) {
	h, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	in(t, h, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1})
	locked, unlocked := h.tr().T("ui.quest.exit.locked_door", nil), h.tr().T("ui.quest.exit.unlocked_door", nil)
	in(t, h, &dun.ConditionMet{ID: "altar-touched"}) // its red box unlocks the gallery
	if !uitest.HasText(h.win, unlocked+": ") || uitest.HasText(h.win, locked+": ") {
		t.Fatalf("the card's exits: %q", h.texts())
	}
	h.screen().tabs.SelectIndex(1)
	h.screen().refresh()
	b := h.screen().quest.m.exits["gallery-of-kings"]
	if b == nil || b.Text != unlocked {
		t.Fatalf("the map's exit to the gallery: %+v", b)
	}
}
