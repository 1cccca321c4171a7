package dunui

import (
	"slices"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// startTombPerceptions starts the Tomb with three heroes of these
// Perceptions (every other attribute 3) and plays up to the Initiative of
// a spawn the card rolls.
func startTombPerceptions(t *testing.T, perceptions ...int) *harness {
	t.Helper()
	u := newTestUI(t, uitest.NewMemStore())
	f := u.form()
	qs, _ := content.BuiltinQuests()
	i := slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == tomb })
	f.questPick.SetSelectedIndex(i + 1)
	fillForm(f, "3", []string{"20", "20", "20"}, f.leaderVP.Text)
	f.chooseFaction("ash-court")
	for h, p := range perceptions {
		f.heroName[h].SetText([]string{"Aldric", "Bren", "Cora"}[h])
		for j := range partyAttributes {
			f.heroAttr[h][j].SetText("3")
		}
		f.heroAttr[h][0].SetText(strconv.Itoa(p))
	}
	test.Tap(startButton(t, u))
	apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
		&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	test.Tap(u.button(t, "2"))
	test.Tap(u.button(t, "Pay the spawn"))
	return u
}

// "Initiative": the hero closest to the enemies rolls; of several at the
// same distance, the one of the higher Perception, and a tie of that is
// chosen at random. The card's quick roll offers the Initiative panel's
// "just as close" choice, and core says who rolls: the picker follows
// it, and a tie's random pick is recorded in the roll's own tap.
func TestInitiativeCardJustAsClose(t *testing.T) {
	cases := []struct {
		name        string
		perceptions []int
		picked      int   // the hero picked (3: "several just as close")
		same        []int // heroes ticked as just as close
		roller      string
		randomPick  bool
	}{
		{"one hero picked: he rolls", []int{2, 3, 4}, 1, nil, "hero-2", false},
		{"several just as close: the higher Perception rolls", []int{2, 3, 4}, 3, []int{0, 2}, "hero-3", false},
		{"the hero picked before is ticked first", []int{2, 3, 4}, 3, nil, "hero-1", false},
		{"a tie on Perception: picked at random, then rolled", []int{4, 4, 2}, 3, []int{0, 1}, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := startTombPerceptions(t, c.perceptions...)
			picker, checks := cardHeroes(u)
			if picker == nil || len(picker.Options) != 4 || picker.Options[3] != "Several just as close…" {
				t.Fatalf("no hero picker offering several just as close on the card: %q", u.texts())
			}
			if len(checks) != 0 {
				t.Fatal("the ticks show on the card: it grows, its roll out of sight")
			}
			picker.SetSelectedIndex(c.picked)
			if c.picked == 3 {
				checks = dialogChecks(u)
				if len(checks) != 3 {
					t.Fatalf("several just as close opened no window of ticks: %v", checks)
				}
			}
			for _, h := range c.same {
				checks[strconv.Itoa(h+1)+". "+[]string{"Aldric", "Bren", "Cora"}[h]].SetChecked(true)
			}
			if tied := u.hasText("Tied on Perception: the roll first picks"); tied != c.randomPick {
				t.Fatalf("the tie said %v, want %v", tied, c.randomPick)
			}
			if c.roller != "" && c.picked == 3 {
				name := map[string]string{"hero-1": "Aldric", "hero-3": "Cora"}[c.roller]
				if !u.hasText("Just as close: " + name + " rolls") {
					t.Fatalf("the card does not say %s rolls: %q", name, u.texts())
				}
			}
			records := len(u.game().Records())
			// The Ash Court's two skeleton archers tie for the ADP: the roll
			// (N on the card, or the window's own button) picks one of them
			// at random first, then rolls.
			if c.picked == 3 {
				test.Tap(u.button(t, "Roll Initiative"))
			} else {
				typeKey(u.win, 'n')
			}
			rs := u.game().Records()
			want := 2
			if c.randomPick {
				want = 3
				if p, ok := rs[len(rs)-2].Event.(*dun.InitiativeHeroPicked); !ok || p.Among != 2 {
					t.Fatalf("no random pick among the two tied first: %#v", rs[len(rs)-2].Event)
				}
			}
			if len(rs) != records+want {
				t.Fatalf("the roll applied %d events, want %d (notice %q)", len(rs)-records, want, u.notice())
			}
			e, ok := lastEvent(u).(*dun.Initiative)
			if !ok {
				t.Fatalf("no Initiative: %#v", lastEvent(u))
			}
			roller := c.roller
			if c.randomPick {
				roller = u.game().State().Picks[dun.PickInitiativeHero]
			}
			if e.Hero.Hero != roller {
				t.Fatalf("rolled by %q, want %q", e.Hero.Hero, roller)
			}
		})
	}
}

// cardHeroes are the card's hero picker and its ticks shown, by text.
func cardHeroes(u *harness) (*keySelect, map[string]*widget.Check) {
	var picker *keySelect
	checks := map[string]*widget.Check{}
	uitest.WalkVisible(u.table().area.Prompt(), func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *keySelect:
			picker = w
		case *widget.Check:
			checks[w.Text] = w
		}
	})
	return picker, checks
}

// dialogChecks are the ticks of the window open over the table, by text.
func dialogChecks(u *harness) map[string]*widget.Check {
	checks := map[string]*widget.Check{}
	top := u.win.Canvas().Overlays().Top()
	uitest.WalkVisible(top, func(o fyne.CanvasObject) {
		if w, ok := o.(*widget.Check); ok {
			checks[w.Text] = w
		}
	})
	return checks
}
