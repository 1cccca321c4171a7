package dunui

import (
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

// What the Tomb of the Ash King, played by real input (ui/realinput's
// TestTombByRealInput), found.

// laptopWindow is the window the app gets on a 1024×768 screen.
var laptopWindow = fyne.NewSize(1008, 696)

// ossuarySecondCard plays the Tomb with the Ash Court to the Ossuary's
// second Encounter card: the first one's spawn paid (its creatures on the
// roster, the card saying to place them), a large section always brings
// another card.
func ossuarySecondCard(t *testing.T, lang string) *harness {
	t.Helper()
	h, _ := startTomb(t, uitest.NewMemStore(), "ash-court", "Aldric", "Bren", "Cora")
	h.u.SetLanguage(lang)
	in(t, h, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, &dun.Die{Faces: []dice.Symbol{dice.Encounter}},
		&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	offer, _ := dun.SpawnRowFor(h.game().Setup(), 5) // 1 acolyte and 2 ghouls: a long line of names
	in(t, h, &dun.Spawn{Cost: offer.Cost, Row: 5})
	if h := h.game().State().Pending.Head(); h == nil || h.Kind != dun.StepDraw {
		t.Fatalf("no second card due: %+v", h)
	}
	return h
}

// The Ossuary's second card, under the spawn's hint and the large
// section's line: Activate (A) and Discard (D) are in sight in the window
// a 1024×768 screen gives, in both languages.
func TestSecondCardOfALargeSectionInSight(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			h := ossuarySecondCard(t, lang)
			h.win.Resize(laptopWindow)
			uitest.Settle(h.win)
			for _, id := range []string{"ui.card.activate", "ui.card.discard"} {
				b := cardButton(id, nil)(h)
				if b == nil {
					t.Fatalf("no %s on the card: %q", id, h.texts())
				}
				if !strings.HasSuffix(b.Text, "]") {
					t.Errorf("%q shows no key", b.Text)
				}
				var o fyne.CanvasObject = b
				if wb := wrapOf(h, b); wb != nil {
					o = wb
				}
				if pos, size, ok := uitest.InSight(h.win, o); !ok {
					t.Errorf("%q is not all in sight at %v (at %v, %v)", b.Text, laptopWindow, pos, size)
				}
			}
		})
	}
}

// Wounds typed in a creature's row and dealt with Enter hand the keys
// back to the table: N then takes the slain creature off the board, it
// does not go into the box.
func TestWoundsByEnterHandTheKeysBack(t *testing.T) {
	h, _ := startTomb(t, uitest.NewMemStore(), "ash-court", "Aldric", "Bren", "Cora")
	in(t, h, &dun.CreatureAdded{ID: "ghoul", Name: "Ghoul", Behaviour: "beast", Level: bestiary.LevelRegular, VP: 2, Vitality: 4, Agility: 3, Perception: 3, Intelligence: 1})
	row := h.table().creatures.rows[0]
	h.win.Canvas().Focus(row.amount)
	test.Type(row.amount, "4")
	row.amount.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c, _ := h.game().State().Creature("ghoul"); c.Wounds != 4 {
		t.Fatalf("Enter dealt %d wounds, want 4 (notice %q)", c.Wounds, h.notice())
	}
	typeKey(h.win, 'n')
	if _, on := h.game().State().Creature("ghoul"); on {
		t.Fatalf("N after Enter did not take the slain ghoul off the board; the box holds %q", row.amount.Text)
	}
	// A number the rules refuse keeps the box and its focus, to fix it.
	in(t, h, &dun.CreatureAdded{ID: "ghoul-2", Name: "Ghoul 2", Behaviour: "beast", Level: bestiary.LevelRegular, VP: 2, Vitality: 4, Agility: 3, Perception: 3, Intelligence: 1})
	row = h.table().creatures.rows[0]
	h.win.Canvas().Focus(row.amount)
	test.Type(row.amount, "x")
	row.amount.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if f, _ := h.win.Canvas().Focused().(*widget.Entry); f != row.amount || h.notice() == "" {
		t.Fatalf("a refused number: focus on %v, notice %q", h.win.Canvas().Focused(), h.notice())
	}
}
