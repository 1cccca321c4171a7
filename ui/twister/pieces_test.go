package twisterui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// "Order of Resolution for Combat" and the death points: the death form
// starts with no controller, fills the loser's fighter and seat from the
// combat just walked, and a character picked fills its controller; a
// controller other than the character's owner is asked about before
// anything is scored.
func TestDeathFormFromCombatAndPiece(t *testing.T) {
	cases := []struct {
		name     string
		attacker int
		want     string // the controller the form shows after the combat
		char     string
	}{
		{"Bob attacks and wins: Ann's Elf", 2, "Ann", "Elf"},
		{"Ann attacks and wins: Bob's Troll", 1, "Bob", "Troll"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en")
			h.start(t, "2", "Ann", "Bob")
			tbl := h.table()
			f := tbl.score
			if f.deadOwner.Selected != "" || f.escOwner.Selected != "" {
				t.Fatalf("a controller guessed before anything: %q %q", f.deadOwner.Selected, f.escOwner.Selected)
			}
			tbl.do(&twister.RoomRevealed{Revealer: 1, Contents: []twister.Piece{{Name: "Elf", Owner: 1, Kind: "character"}, {Name: "Troll", Owner: 2, Kind: "character"}}})
			win, lose := "Troll", "Elf"
			if c.attacker == 1 {
				win, lose = "Elf", "Troll"
			}
			tbl.do(&twister.CombatStarted{Attacker: c.attacker})
			tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: win, Strength: 4}}}})
			tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: lose, Strength: 1}}}})
			tbl.do(&twister.CombatStep{})
			tbl.do(&twister.CombatStep{})
			if !tbl.do(&twister.CombatResolved{AttackerCard: 2, DefenderCard: 1}) {
				t.Fatalf("not resolved: %s", tbl.area.Notice())
			}
			if f.deadName.Text != c.char || f.deadOwner.Selected != c.want {
				t.Fatalf("the form holds %q of %q, want %q of %q", f.deadName.Text, f.deadOwner.Selected, c.char, c.want)
			}
			// The Conductor changes the controller: asked first, nothing scored.
			other := "Ann"
			if c.want == "Ann" {
				other = "Bob"
			}
			f.deadOwner.SetSelected(other)
			test.Tap(f.died)
			if s := h.game().State(); s.Score[0].Points+s.Score[1].Points != 0 {
				t.Fatalf("scored without asking: %+v", s.Score)
			}
			if !uitest.HasText(h.win, h.u.Translator().T("ui.twister.score.owner_title", nil)) {
				t.Fatalf("not asked: %q", uitest.TextsIn(h.win))
			}
			h.win.Canvas().Overlays().Top().Hide()
			h.win.Canvas().Overlays().Remove(h.win.Canvas().Overlays().Top())
			// Picking the character puts its owner back; recorded, the winner scores.
			f.deadPick.SetSelectedIndex(0)
			if f.deadName.Text != "Elf" || f.deadOwner.Selected != "Ann" {
				t.Fatalf("picked the Elf: %q of %q", f.deadName.Text, f.deadOwner.Selected)
			}
			f.deadPick.SetSelected(h.u.Translator().T("ui.twister.piece", map[string]any{"Character": c.char, "Name": c.want}))
			test.Tap(f.died)
			if s := h.game().State(); s.Score[2-c.attacker].Points != 0 || s.Score[c.attacker-1].Points != 1 {
				t.Fatalf("score %+v", s.Score)
			}
			if f.deadOwner.Selected != "" {
				t.Fatalf("the controller stays for the next death: %q", f.deadOwner.Selected)
			}
		})
	}
}

// "Revealing A Room": the placement list ticks each piece off as it is
// tapped on the board, and the room done leaves "What happens now".
func TestPlacementTicks(t *testing.T) {
	h := newHarness(t, "es")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	tbl.do(&twister.RoomRevealed{Revealer: 1, Contents: []twister.Piece{{Name: "Elf", Owner: 2, Kind: "character"}, {Name: "Rope", Owner: 1, Kind: "object"}}})
	tick := h.u.Translator().T("ui.twister.placement.tick", nil)
	step := func() string {
		return h.u.Translator().T("prompt.twister.place", map[string]any{"Index": 1, "Name": "Ann", "Count": 1})
	}
	if !uitest.HasText(h.win, step()) {
		t.Fatalf("step 1 not prompted: %q", uitest.TextsIn(h.win))
	}
	for n := 0; n < 2; n++ {
		b := uitest.FindButton(h.win, tick)
		if b == nil {
			t.Fatalf("no %q button: %q", tick, uitest.TextsIn(h.win))
		}
		test.Tap(b)
	}
	s := h.game().State()
	if !s.PlacementOver || !s.Placement[0].Items[0].Placed || !s.Placement[1].Items[0].Placed {
		t.Fatalf("placement %+v", s.Placement)
	}
	if uitest.HasText(h.win, step()) || !uitest.HasText(h.win, h.u.Translator().T("ui.twister.placement.all_done", nil)) {
		t.Fatalf("the room done is still prompted: %q", uitest.TextsIn(h.win))
	}
}

// A suggestion gone (its fighter killed in the next combat) leaves the
// form empty, not holding a character for the seat it guessed.
func TestDeathFormEmptiesWhenNothingToSuggest(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	f := tbl.score
	fight := func(elfWounded bool) {
		tbl.do(&twister.CombatStarted{Attacker: 2})
		tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Troll", Strength: 4}}}})
		tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Elf", Strength: 1, Wounded: elfWounded}}}})
		tbl.do(&twister.CombatStep{})
		tbl.do(&twister.CombatStep{})
		if !tbl.do(&twister.CombatResolved{AttackerCard: 2, DefenderCard: 1}) {
			t.Fatalf("not resolved: %s", tbl.area.Notice())
		}
	}
	fight(false)
	if f.deadName.Text != "Elf" || f.deadOwner.Selected != "Ann" {
		t.Fatalf("after the first combat: %q of %q", f.deadName.Text, f.deadOwner.Selected)
	}
	fight(true)
	if f.deadName.Text != "" || f.deadOwner.Selected != "" || f.fromCombat.Visible() {
		t.Fatalf("the Elf killed, the form still holds %q of %q", f.deadName.Text, f.deadOwner.Selected)
	}
}

// "Token Characters": the declaration of a character the app wounded
// starts wounded, with the value declared before; nobody keeps it in mind.
func TestDeclarationStartsFromWhatTheAppKnows(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	tbl.do(&twister.CombatStarted{Attacker: 2, AttackerCharacter: "Troll", DefenderCharacter: "Elf"})
	tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Troll", Strength: 4}}}})
	tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Elf", Strength: 2}}}})
	tbl.do(&twister.CombatStep{})
	tbl.do(&twister.CombatStep{})
	tbl.do(&twister.CombatResolved{AttackerCard: 2, DefenderCard: 1})
	tbl.do(&twister.CombatStarted{Attacker: 2, AttackerCharacter: "Troll", DefenderCharacter: "Elf"})
	if r := tbl.declare.fighters[0]; r.value.Value != 4 || r.wounded.Checked {
		t.Fatalf("the Troll starts at %d, wounded %v", r.value.Value, r.wounded.Checked)
	}
	tbl.do(tbl.declare.event())
	if r := tbl.declare.fighters[0]; r.name.Text != "Elf" || r.value.Value != 2 || !r.wounded.Checked {
		t.Fatalf("the Elf starts as %q at %d, wounded %v", r.name.Text, r.value.Value, r.wounded.Checked)
	}
}

// "Token Characters": a wounded character declared at 0 (it counts 0
// anyway) starts its next declaration from its printed value, still
// wounded: the value is never lost from one combat to the next.
func TestWoundedValueCarriesIntoLaterCombats(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	fight := func(elf int, attackerCard, defenderCard int) {
		t.Helper()
		tbl.do(&twister.CombatStarted{Attacker: 2, AttackerCharacter: "Troll", DefenderCharacter: "Elf"})
		tbl.do(tbl.declare.event())
		d := tbl.declare.fighters[0]
		if d.name.Text != "Elf" {
			t.Fatalf("the defender's form holds %q", d.name.Text)
		}
		if elf >= 0 {
			test.Tap(d.value.buttons[elf])
		}
		tbl.do(tbl.declare.event())
		tbl.do(&twister.CombatStep{})
		tbl.do(&twister.CombatStep{})
		if !tbl.do(&twister.CombatResolved{AttackerCard: attackerCard, DefenderCard: defenderCard}) {
			t.Fatalf("not resolved: %s", tbl.area.Notice())
		}
	}
	fight(2, 9, 0) // the Elf, at 2, loses: wounded
	fight(0, 0, 9) // declared wounded at 0, it wins
	tbl.do(&twister.CombatStarted{Attacker: 1, AttackerCharacter: "Elf", DefenderCharacter: "Troll"})
	if r := tbl.declare.fighters[0]; r.name.Text != "Elf" || r.value.Value != 2 || !r.wounded.Checked {
		t.Fatalf("the Elf's third combat starts as %q at %d, wounded %v", r.name.Text, r.value.Value, r.wounded.Checked)
	}
}

// What the app knows of a character follows its name as it is typed in a
// declaration, until the Conductor enters a value or a wound: a known
// name's prefix typed on gives an unknown name, which starts at 0.
func TestDeclarationFollowsTheNameTyped(t *testing.T) {
	cases := []struct {
		name    string
		typed   []string // typed in turn into the fighter's box
		tap     int      // a value tapped before the last name (-1: none)
		value   int
		wounded bool
	}{
		{"a known name", []string{"Elf"}, -1, 2, true},
		{"typed on past a known name", []string{"Elf", "o"}, -1, 0, false},
		{"a known name after another", []string{"Troll", "\b\b\b\b\bElf"}, -1, 2, true},
		{"a value entered stays, with the wound", []string{"Elf", "o"}, 5, 5, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en")
			h.start(t, "2", "Ann", "Bob")
			tbl := h.table()
			// Ann's Elf, at 2, wounded by Bob's Troll.
			tbl.do(&twister.CombatStarted{Attacker: 2, AttackerCharacter: "Troll", DefenderCharacter: "Elf"})
			tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Troll", Strength: 4}}}})
			tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Elf", Strength: 2}}}})
			tbl.do(&twister.CombatStep{})
			tbl.do(&twister.CombatStep{})
			tbl.do(&twister.CombatResolved{AttackerCard: 9})
			tbl.do(&twister.CombatStarted{Attacker: 1})
			r := tbl.declare.fighters[0]
			for i, s := range c.typed {
				if i == len(c.typed)-1 && c.tap >= 0 {
					test.Tap(r.value.buttons[c.tap])
				}
				for _, ch := range s {
					if ch == '\b' {
						r.name.SetText(r.name.Text[:len(r.name.Text)-1])
						continue
					}
					test.Type(r.name, string(ch))
				}
			}
			if r.value.Value != c.value || r.wounded.Checked != c.wounded {
				t.Fatalf("%q: at %d, wounded %v; want %d, %v", r.name.Text, r.value.Value, r.wounded.Checked, c.value, c.wounded)
			}
		})
	}
}
