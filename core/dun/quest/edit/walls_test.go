package edit

import (
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// offWall are the exits the editor's problems say are off their wall.
func offWall(d *Doc) []Ref {
	var refs []Ref
	for _, p := range d.Problems() {
		if p.ID == "quest.exit_off_wall" {
			refs = append(refs, p.Ref)
		}
	}
	return refs
}

// Moving or resizing a section keeps each exit where it was on the grid
// (its own exits move with it), never drops one: an exit left where its
// two sections no longer share a wall is a problem on that exit, until it
// is on a shared wall again.
func TestMovingASectionRechecksItsExits(t *testing.T) {
	door := Ref{Kind: "exit", Section: "room", Index: 0}
	cases := []struct {
		name string
		do   func(d *Doc) error
		want []Ref
	}{
		{"nothing moved", func(d *Doc) error { return nil }, nil},
		{"the section the exit leads from moved away", func(d *Doc) error { return d.MoveSection("room", 0, 5) }, []Ref{door}},
		{"the section it leads into moved away", func(d *Doc) error { return d.MoveSection("main", 5, 0) }, []Ref{door}},
		{"the section it leads into moved along the wall", func(d *Doc) error { return d.MoveSection("main", 4, 1) }, nil},
		{"the section it leads from made narrower", func(d *Doc) error { return d.ResizeSection("room", 3, 4) }, []Ref{door}},
		{"the section it leads into made larger", func(d *Doc) error { return d.ResizeSection("main", 6, 6) }, nil},
		{"the exit dragged off the wall", func(d *Doc) error { return d.MoveExit("room", 0, 2, 2) }, []Ref{door}},
		{"the exit dragged along the wall", func(d *Doc) error { return d.MoveExit("room", 0, 4, 3) }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := New()
			mustID(t)(d.AddSection("room", 0, 0, 4, 4))
			mustID(t)(d.AddSection("main", 4, 0, 4, 4))
			if _, err := d.AddExit("room", "main", "door", 4, 2); err != nil {
				t.Fatal(err)
			}
			must(t, c.do(d))
			if got := offWall(d); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("exits off their wall %v, want %v", got, c.want)
			}
			if s, _ := d.Quest().Section("room"); len(s.Exits) != 1 {
				t.Fatalf("the exit was dropped: %+v", s)
			}
			if len(c.want) > 0 {
				d.Undo()
				if got := offWall(d); got != nil {
					t.Fatalf("after Undo, exits off their wall %v", got)
				}
			}
		})
	}
}

func mustID(t *testing.T) func(string, error) string {
	return func(id string, err error) string {
		t.Helper()
		must(t, err)
		return id
	}
}

// Two sections called the same are a warning on the later one, which
// does not stop saving: Problems does not list it.
func TestSameNamesAreWarnings(t *testing.T) {
	d := New()
	a := mustID(t)(d.AddSection("room", 0, 0, 4, 4))
	b := mustID(t)(d.AddSection("room", 4, 0, 4, 4))
	must(t, d.SetSectionName(a, quest.Text{"en": "Crypt", "es": "Cripta"}))
	if w := d.Warnings(); w != nil {
		t.Fatalf("warnings %v", w)
	}
	must(t, d.SetSectionName(b, quest.Text{"en": "Vault", "es": "Cripta"}))
	w := d.Warnings()
	if len(w) != 1 || w[0].ID != "quest.same_name_in" || w[0].Ref != (Ref{Kind: "section", Section: "vault", ID: "vault"}) || w[0].Args["LangKey"] != "language.in.es" {
		t.Fatalf("warnings %v", w)
	}
	for _, p := range d.Problems() {
		if p.ID == w[0].ID {
			t.Fatalf("a warning among the problems: %v", p)
		}
	}
}

// A new quest begun with New game's faction chosen has that faction's
// name in its faction field, and its id still follows its title.
func TestNewQuestHasTheFaction(t *testing.T) {
	d := Open(NewQuest(quest.Text{"en": "Vermin", "es": "Alimañas"}))
	if got := d.Quest().Faction; !reflect.DeepEqual(got, quest.Text{"en": "Vermin", "es": "Alimañas"}) {
		t.Fatalf("faction %v", got)
	}
	q := d.Quest()
	must(t, d.SetQuestInfo(quest.Text{"en": "Rat Hole", "es": "La ratonera"}, q.Introduction, q.Setup, q.Faction))
	if got := d.Quest(); got.ID != "rat-hole" || got.Faction["es"] != "Alimañas" {
		t.Fatalf("id %q, faction %v", got.ID, got.Faction)
	}
	if d := Open(NewQuest(nil)); d.Quest().Faction != nil {
		t.Fatalf("no faction chosen: %v", d.Quest().Faction)
	}
}
