package dcui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"
)

// A building's cost is shown in the buildings table and typed there, read
// by the list's own parser: a good cost (or none) is written to the text
// tab as cost=…; a bad one says its problem on the row, in words, keeps
// the list's cost and holds Start until mended; the text, changed, wins.
func TestBuildingCostInTheTables(t *testing.T) {
	const decks = `building market "Market" stack=2 vp=1 cost=wood:2,stone:1
action tile=1,2 fight tiebreak=up,cw strength=2 build=market
force strength=3 count=2
`
	steps := []struct {
		typed   string
		cost    decklist.Cost // the list's cost after it
		written string        // the text's cost=, "" for none
		problem string        // the row's problem's message ID
		part    string        // the part it is about
	}{
		{"stone:3,wood:1", decklist.Cost{Wood: 1, Stone: 3}, "wood:1,stone:3", "", ""},
		{"gold:1", decklist.Cost{Wood: 1, Stone: 3}, "wood:1,stone:3", "setup.dc.list.cost", "gold:1"},
		{"bone:21", decklist.Cost{Wood: 1, Stone: 3}, "wood:1,stone:3", "setup.dc.list.cost_number", "bone:21"},
		{"food:1,food:2", decklist.Cost{Wood: 1, Stone: 3}, "wood:1,stone:3", "setup.dc.list.cost_twice", "food"},
		{" food:4 ", decklist.Cost{Food: 4}, "food:4", "", ""},
		{"", decklist.Cost{}, "", "", ""},
	}
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		h := newHarness(t, lang)
		f := h.d.form
		f.decks.SetText(decks)
		r := f.tables.costs["market"]
		if r == nil || r.cost.Text != "wood:2,stone:1" || r.problem.Visible() {
			t.Fatalf("%s: the text's cost is not on the row: %+v", lang, r)
		}
		for _, s := range steps {
			r.cost.SetText(s.typed) // as typed: the field says each change
			l, ps := decklist.Parse(f.decks.Text)
			if len(ps) > 0 || len(l.Buildings) != 1 || l.Buildings[0].Cost != s.cost || f.tables.list().Buildings[0].Cost != s.cost {
				t.Fatalf("%s %q: the text %q says %+v %v, want %+v", lang, s.typed, f.decks.Text, l.Buildings, ps, s.cost)
			}
			if has := strings.Contains(f.decks.Text, "cost="); has != (s.written != "") || (has && !strings.Contains(f.decks.Text, " cost="+s.written+"\n")) {
				t.Fatalf("%s %q: the text %q, want cost=%s", lang, s.typed, f.decks.Text, s.written)
			}
			if s.problem == "" {
				if r.problem.Visible() || !f.deckOK {
					t.Fatalf("%s %q: a good cost says %q (row %v); the decks %q", lang, s.typed, r.problem.Text, r.problem.Visible(), f.problems.Text)
				}
				continue
			}
			want := tr.T(s.problem, map[string]any{"Value": s.part, "Max": decklist.MaxCost})
			if !r.problem.Visible() || r.problem.Text != want || want == s.problem || strings.Contains(want, "{{") {
				t.Fatalf("%s %q: the row says %q (shown %v), want %q", lang, s.typed, r.problem.Text, r.problem.Visible(), want)
			}
			held := tr.T("ui.dc.new.cost_problem", map[string]any{"Name": "Market"})
			if f.deckOK || !strings.Contains(f.problems.Text, held) || strings.Contains(held, "ui.dc.") {
				t.Fatalf("%s %q: Start is not held: ok %v, %q", lang, s.typed, f.deckOK, f.problems.Text)
			}
		}
		// A bad cost typed, then the text changed: the text's cost is shown.
		test.Type(r.cost, "x")
		f.decks.SetText(strings.Replace(decks, "wood:2,stone:1", "bone:5", 1))
		r = f.tables.costs["market"]
		if r.cost.Text != "bone:5" || r.problem.Visible() || !f.deckOK {
			t.Fatalf("%s: after the text changed the row shows %q (problem %v), the decks %q", lang, r.cost.Text, r.problem.Visible(), f.problems.Text)
		}
	}
}
