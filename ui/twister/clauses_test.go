package twisterui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// Who wins a combat, on the combat card ("Order of Resolution for
// Combat"): each side declares on the form at its step (a weapon in defence
// refused with the reason, "All weapons grant their bonus … while attacking
// only"), the cards' values are entered at the reveal, and the card says
// who won and who is wounded or killed; the death is scored.
func TestWhoWinsACombatOnTheCard(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	tbl.startForm.attacker.SetSelected("Ann")
	test.Type(tbl.startForm.attChar, "Warrior")
	test.Type(tbl.startForm.defChar, "Troll")
	test.Tap(tbl.startForm.start)
	d := tbl.declare
	if d == nil || d.fighters[0].name.Text != "Warrior" {
		t.Fatalf("no declaration form for the attacker: %+v", d)
	}
	d.fighters[0].value.Set(4)
	test.Tap(d.apply)
	d = tbl.declare
	if d == nil || d.attacking || d.fighters[0].name.Text != "Troll" {
		t.Fatalf("no declaration form for the defender: %+v", d)
	}
	d.fighters[0].value.Set(4)
	d.fighters[0].wounded.SetChecked(true)
	it := d.addBonus(true)
	test.Type(it.name, "Dragon Slayer")
	it.use.SetSelected("weapon")
	it.bonus.Set(4)
	test.Tap(d.apply)
	if !d.problem.Visible() || !strings.Contains(d.problem.Text, "counts only for the attacker") {
		t.Fatalf("a weapon in defence was not refused with its reason: %q", d.problem.Text)
	}
	it.name.SetText("")
	test.Tap(d.apply)
	for range 2 {
		test.Tap(uitest.Button(t, h.win, "Done: next step"))
	}
	r := tbl.resolve
	if r == nil {
		t.Fatalf("no cards form at the reveal: %q", uitest.TextsIn(h.win))
	}
	if m := h.win.Content().MinSize(); m.Width > 1024 || m.Height > 696 {
		t.Errorf("at the reveal the window needs %v", m)
	}
	r.attack.Set(1)
	r.defend.Set(0)
	test.Tap(r.apply)
	s := h.game().State()
	if s.Combat != nil || s.LastCombat == nil || s.LastCombat.Winner != twister.SideAttacker || s.Score[0].Points != 1 {
		t.Fatalf("after the cards: %+v %+v", s, s.LastCombat)
	}
	for _, want := range []string{"Last combat: Ann 5, Bob 0", "Killed: Troll"} {
		if !uitest.HasText(h.win, want) {
			t.Errorf("%q not on screen: %q", want, uitest.TextsIn(h.win))
		}
	}
}

// The Conductor overrules the worked-out winner, with a reason.
func TestWhoWinsACombatOverruled(t *testing.T) {
	h := newHarness(t, "es")
	h.start(t, "2", "Ana", "Beto")
	tbl := h.table()
	tbl.startForm.attacker.SetSelected("Ana")
	test.Tap(tbl.startForm.start)
	for _, n := range []string{"Goblin", "Mago"} {
		test.Type(tbl.declare.fighters[0].name, n)
		tbl.declare.fighters[0].value.Set(2)
		test.Tap(tbl.declare.apply)
	}
	for range 2 {
		test.Tap(uitest.Button(t, h.win, "Hecho: siguiente paso"))
	}
	r := tbl.resolve
	r.attack.Set(3)
	r.overrule.SetChecked(true)
	r.winner.SetSelected("quien defiende")
	test.Tap(r.apply)
	if !r.problem.Visible() || h.game().State().Combat == nil {
		t.Fatal("an override without a reason applied")
	}
	test.Type(r.reason, "el Mago esquiva")
	test.Tap(r.apply)
	lc := h.game().State().LastCombat
	if lc == nil || lc.Winner != twister.SideDefender || lc.WorkedOut != twister.SideAttacker || lc.Reason != "el Mago esquiva" {
		t.Fatalf("last combat %+v", lc)
	}
	if !uitest.HasText(h.win, "Ganó Beto (decisión del Conductor: el Mago esquiva).") {
		t.Errorf("the ruling is not on the card: %q", uitest.TextsIn(h.win))
	}
}

// "There is only one terrain which permits suicide by itself": the death
// form asks where for a suicide only, refuses one with no place with the
// reason, and cites the suicide's rulings by title.
func TestSuicideTerrainOnTheScoreForm(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "3")
	f := h.table().score
	h.table().tabs.SelectIndex(tabScore)
	if f.terrainBox.Visible() {
		t.Error("a combat death asks where")
	}
	test.Type(f.deadName, "Fire Elemental")
	f.deadOwner.SetSelected("Player 1")
	f.cause.SetSelected("suicide (its controller's own doing)")
	if !f.terrainBox.Visible() {
		t.Fatal("a suicide does not ask where")
	}
	// The rulings are folded behind "Why?" (in sight at 1024×768 the form
	// is): one tap unfolds them.
	if uitest.HasText(h.win, "Showing the score at the table") {
		t.Error("the death's rulings are not folded")
	}
	test.Tap(f.whyToggle)
	for _, title := range []string{"How a player can kill their own character", "A suicide with 3 or 4 players", "Showing the score at the table"} {
		if !uitest.HasText(h.win, title) {
			t.Errorf("%q not cited: %q", title, uitest.TextsIn(h.win))
		}
	}
	test.Tap(f.died)
	// Refused under the button tapped, with the reason.
	if got := f.diedWhy.Text; !strings.Contains(got, "Falling Rocks") || h.game().State().Score[1].Points != 0 {
		t.Fatalf("a suicide with no place applied or was refused without the reason: %q", got)
	}
	f.terrain.SetSelected("water (the Fire Elemental)")
	// Water takes only the Fire Elemental: the form asks that alone, and
	// refuses with the reason until it is said.
	if !f.facts[0].Visible() || f.facts[1].Visible() || f.facts[2].Visible() {
		t.Fatal("water asks something else than whether it is the Fire Elemental")
	}
	test.Tap(f.died)
	if got := f.diedWhy.Text; !strings.Contains(got, "Only the Fire Elemental") || h.game().State().Score[1].Points != 0 {
		t.Fatalf("a suicide in water by anyone applied or was refused without the reason: %q", got)
	}
	f.facts[0].SetChecked(true)
	test.Tap(f.died)
	if s := h.game().State(); s.Score[1].Points != 1 || s.Score[2].Points != 1 {
		t.Fatalf("score %+v", s.Score)
	}
}
