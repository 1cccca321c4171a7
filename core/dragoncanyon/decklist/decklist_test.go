package decklist

import (
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	l, ps := Parse(`# the box
building guard_tower "Guard Tower" stack=4 vp=2
building tribal_village "Tribal Village" stack=3 vp=3   # a comment
action tile=1,3 fight tiebreak=up,cw strength=+2 build=guard_tower
action tile=4,4 dragon tiebreak=left,acw strength=0 build=tribal_village
force strength=3 count=2
force strength=0 slayer
`)
	if len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	if len(l.Buildings) != 2 || len(l.Actions) != 2 || len(l.Forces) != 3 {
		t.Fatalf("got %+v", l)
	}
	if a := l.Actions[0]; a.Tile != [2]int{1, 3} || a.Action != Fight || a.Start != "up" || a.Turn != "cw" || a.Strength != 2 || a.Building != "guard_tower" {
		t.Errorf("action %+v", a)
	}
	if !l.Forces[2].Slayer || l.Forces[0].Strength != 3 {
		t.Errorf("forces %+v", l.Forces)
	}
	back, ps := Parse(Format(l))
	if len(ps) > 0 || len(back.Actions) != 2 || back.Buildings[1].Name != "Tribal Village" {
		t.Errorf("format round trip: %+v %v", back, ps)
	}
}

// Every problem names its line.
func TestProblems(t *testing.T) {
	_, ps := Parse(`building guard_tower "Guard Tower" stack=0
building guard_tower "Again" stack=2
action tile=5,1 fight tiebreak=up,cw build=nowhere
action tile=1,1 sideways tiebreak=up,round build=guard_tower
force slayer
castle x
building Bad-Id "x" stack=1
force strength=2 colour=red`)
	want := []struct {
		line int
		id   string
	}{
		{1, "setup.dc.list.number"},
		{2, "setup.dc.list.duplicate"},
		{3, "setup.dc.list.tile"},
		{4, "setup.dc.list.tiebreak"},
		{4, "setup.dc.list.action"},
		{5, "setup.dc.list.missing"},
		{6, "setup.dc.list.kind"},
		{7, "setup.dc.list.id"},
		{8, "setup.dc.list.unknown"},
		{3, "setup.dc.list.no_building"},
	}
	if len(ps) != len(want) {
		t.Fatalf("got %d problems, want %d: %v", len(ps), len(want), ps)
	}
	for i, w := range want {
		if ps[i].Line != w.line || ps[i].ID != w.id {
			t.Errorf("problem %d: line %d %s, want line %d %s", i, ps[i].Line, ps[i].ID, w.line, w.id)
		}
	}
}

// count=N gives N identical cards, on action lines too, within 1 to
// MaxCount; Format writes a run of identical cards as one line and Parse
// reads it back to the same list.
func TestCounts(t *testing.T) {
	const head = "building b \"B\" stack=2\n"
	cases := []struct {
		line           string
		actions, force int
		problem        string
	}{
		{"action tile=1,1 fight tiebreak=up,cw build=b count=3", 3, 0, ""},
		{"action tile=1,1 fight tiebreak=up,cw build=b", 1, 0, ""},
		{"action tile=1,1 fight tiebreak=up,cw build=b count=0", 1, 0, "setup.dc.list.number"},
		{"action tile=1,1 fight tiebreak=up,cw build=b count=41", 1, 0, "setup.dc.list.number"},
		{"force strength=2 count=40", 0, 40, ""},
		{"force strength=2 count=x", 0, 1, "setup.dc.list.number"},
	}
	if _, ps := Parse("# nothing\nforce strength=1\n"); len(ps) != 1 || ps[0].ID != "setup.dc.list.empty" || ps[0].Line != 0 {
		t.Errorf("a list without buildings: %v", ps)
	}
	for _, c := range cases {
		l, ps := Parse(head + c.line)
		var got string
		if len(ps) > 0 {
			got = ps[0].ID
		}
		if got != c.problem || len(l.Actions) != c.actions || len(l.Forces) != c.force {
			t.Errorf("%q: %d actions, %d forces, problems %v", c.line, len(l.Actions), len(l.Forces), ps)
		}
		if c.problem != "" {
			continue
		}
		text := Format(l)
		back, ps := Parse(text)
		if len(ps) > 0 || len(back.Actions) != len(l.Actions) || len(back.Forces) != len(l.Forces) || strings.Count(text, "\n") != 2 {
			t.Errorf("%q: formatted as %q, read back %+v %v", c.line, text, back, ps)
		}
	}
}

// Kinds groups a deck by kind in the order kinds first come; Expand gives
// the deck back, kind after kind.
func TestKinds(t *testing.T) {
	a, b, slayer := ForceCard{Strength: 2}, ForceCard{Strength: 3}, ForceCard{Slayer: true}
	ks := Kinds([]ForceCard{a, b, a, slayer, a})
	want := []Kind[ForceCard]{{a, 3}, {b, 1}, {slayer, 1}}
	if !slices.Equal(ks, want) {
		t.Fatalf("kinds %v, want %v", ks, want)
	}
	if got := Expand(ks); !slices.Equal(got, []ForceCard{a, a, a, b, slayer}) {
		t.Fatalf("expanded %v", got)
	}
	if Kinds[ForceCard](nil) != nil || Expand[ForceCard](nil) != nil {
		t.Fatal("an empty deck has kinds")
	}
}

// A building's cost is optional; written cost=RESOURCE:N,...; a bad one is
// a problem on its line; Format writes it back.
func TestCosts(t *testing.T) {
	cases := []struct {
		line    string
		cost    Cost
		problem string
	}{
		{`building b "B" stack=2`, Cost{}, ""},
		{`building b "B" stack=2 cost=wood:2,stone:1`, Cost{Wood: 2, Stone: 1}, ""},
		{`building b "B" stack=2 cost=bone:1,food:3 vp=1`, Cost{Food: 3, Bone: 1}, ""},
		{`building b "B" stack=2 cost=`, Cost{}, "setup.dc.list.cost"},
		{`building b "B" stack=2 cost=gold:2`, Cost{}, "setup.dc.list.cost"},
		{`building b "B" stack=2 cost=wood2`, Cost{}, "setup.dc.list.cost"},
		{`building b "B" stack=2 cost=wood:2,,stone:1`, Cost{}, "setup.dc.list.cost"},
		{`building b "B" stack=2 cost=wood:0`, Cost{}, "setup.dc.list.cost_number"},
		{`building b "B" stack=2 cost=wood:x`, Cost{}, "setup.dc.list.cost_number"},
		{`building b "B" stack=2 cost=wood:21`, Cost{}, "setup.dc.list.cost_number"},
		{`building b "B" stack=2 cost=wood:1,wood:2`, Cost{}, "setup.dc.list.cost_twice"},
	}
	for _, c := range cases {
		l, ps := Parse("# costs\n" + c.line)
		if c.problem != "" {
			if len(ps) != 1 || ps[0].ID != c.problem || ps[0].Line != 2 {
				t.Errorf("%s: problems %v, want %s on line 2", c.line, ps, c.problem)
			}
			continue
		}
		if len(ps) > 0 || l.Buildings[0].Cost != c.cost {
			t.Errorf("%s: cost %+v %v, want %+v", c.line, l.Buildings[0].Cost, ps, c.cost)
			continue
		}
		back, ps := Parse(Format(l))
		if len(ps) > 0 || back.Buildings[0].Cost != c.cost {
			t.Errorf("%s: round trip %q gives %+v %v", c.line, Format(l), back.Buildings[0].Cost, ps)
		}
	}
}
