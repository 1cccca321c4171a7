package edit

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

func parseFile(t testing.TB, path string) *quest.Quest {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	q, ps := quest.Parse(filepath.Base(path), data)
	if ps != nil {
		t.Fatal(ps)
	}
	q.Source = nil
	return q
}

func tomb(t testing.TB) *quest.Quest {
	return parseFile(t, "../../quests/03-the-tomb-of-the-ash-king.toml")
}

func same(t *testing.T, got, want *quest.Quest) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		a, _ := json.MarshalIndent(got, "", " ")
		b, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("got\n%s\nwant\n%s", a, b)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// build makes q from New() by the editor's changes, in the file's order,
// as the editor's window does: each object is added with the id the
// editor gives it, unless that is not q's, and then with q's (the *ID
// changes). It returns the document and the ids that had to be given.
func build(t *testing.T, q *quest.Quest) (*Doc, []string) {
	t.Helper()
	d := New()
	var given []string
	// tryID makes an object with a generated id; when it is not want, it
	// undoes the steps and makes it again with want.
	tryID := func(want string, generated func() (string, int), explicit func()) {
		t.Helper()
		id, steps := generated()
		if id == want {
			return
		}
		for range steps {
			d.Undo()
		}
		given = append(given, want)
		explicit()
	}
	must(t, d.SetQuestInfo(q.Title, q.Introduction, q.Setup, q.Faction))
	if d.Quest().ID != q.ID {
		given = append(given, q.ID)
		must(t, d.SetQuestID(q.ID))
	}
	must(t, d.SetLeader(q.Leader.Name, q.Leader.VP))
	for _, name := range Decks {
		if r, ok := q.Decks[name]; ok {
			must(t, d.SetDeck(name, r))
		}
	}
	for _, r := range q.SpawnTable {
		must(t, d.SetSpawnRow(r.Roll, r.Creatures, r.Cost))
	}
	for _, s := range q.Sections {
		tryID(s.ID, func() (string, int) {
			id, err := d.AddSection(s.Kind, s.X, s.Y, s.W, s.H)
			must(t, err)
			if s.Name == nil {
				return id, 1
			}
			must(t, d.SetSectionName(id, s.Name))
			return d.LastID(), 2
		}, func() {
			_, err := d.AddSectionID(s.ID, s.Kind, s.X, s.Y, s.W, s.H)
			must(t, err)
			if s.Name != nil {
				must(t, d.SetSectionName(s.ID, s.Name))
			}
		})
		must(t, d.SetSectionText(s.ID, s.Text))
		if s.Image != "" {
			must(t, d.SetImage(s.ID, s.Image))
		}
		if s.Start {
			must(t, d.SetStart(s.ID))
		}
	}
	for _, s := range q.Sections {
		for _, e := range s.Exits {
			tryID(e.ID, func() (string, int) {
				i, err := d.AddExit(s.ID, e.To, e.Kind, e.X, e.Y)
				must(t, err)
				sec, _ := d.Quest().Section(s.ID)
				return sec.Exits[i].ID, 1
			}, func() {
				_, err := d.AddExitID(e.ID, s.ID, e.To, e.Kind, e.X, e.Y)
				must(t, err)
			})
		}
		for _, e := range s.Elements {
			tryID(e.ID, func() (string, int) {
				id, err := d.AddElement(s.ID, e.Kind, e.Name, e.X, e.Y)
				must(t, err)
				return id, 1
			}, func() {
				_, err := d.AddElementID(e.ID, s.ID, e.Kind, e.Name, e.X, e.Y)
				must(t, err)
			})
			if e.TrapAllowed {
				must(t, d.SetElement(s.ID, e.ID, e.Name, true))
			}
		}
	}
	for _, c := range q.Conditions {
		tryID(c.ID, func() (string, int) {
			id, err := d.AddCondition(c.Label, c.Slain, c.Mission)
			must(t, err)
			return id, 1
		}, func() {
			_, err := d.AddConditionID(c.ID, c.Label, c.Slain, c.Mission)
			must(t, err)
		})
	}
	for _, x := range q.Texts {
		by := Reveal{Section: x.Section, Element: x.Element, Condition: x.Condition}
		tryID(x.ID, func() (string, int) {
			id, err := d.AddText(x.Style, by, x.Text)
			must(t, err)
			return id, 1
		}, func() {
			_, err := d.AddTextID(x.ID, x.Style, by, x.Text)
			must(t, err)
		})
		if x.Effect != (quest.Effect{}) {
			must(t, d.SetEffect(x.ID, x.Effect))
		}
	}
	return d, given
}

// The Tomb built from an empty quest by the editor's changes is the
// shipped Tomb: the ids the editor gives its sections and elements are
// the file's, and its secret door, texts and conditions take theirs.
// Undoing every step gives the empty quest back, redoing them the Tomb.
func TestBuildTheTomb(t *testing.T) {
	want := tomb(t)
	d, given := build(t, want)
	same(t, d.Quest(), want)
	wantGiven := []string{"shrine-secret-door", "altar-touched", "ash-king-slain", "ledger-box", "altar-box", "casket-box", "secret-door-note"}
	if !slices.Equal(given, wantGiven) {
		t.Errorf("ids given by hand: %v, want %v", given, wantGiven)
	}
	if ps := d.Problems(); len(ps) != 0 {
		t.Fatalf("problems: %v", ps)
	}
	if m := d.Missing(); len(m) != 0 {
		t.Fatalf("missing: %v", m)
	}
	shipped, _ := os.ReadFile("../../quests/03-the-tomb-of-the-ash-king.toml")
	out, err := d.TOML()
	must(t, err)
	if body := shipped[strings.Index(string(shipped), "\n")+1:]; string(out) != string(body) {
		t.Fatalf("the TOML is not the shipped file's:\n%s", out)
	}
	steps := 0
	for d.Undo() {
		steps++
	}
	same(t, d.Quest(), New().Quest())
	if d.CanUndo() || !d.CanRedo() {
		t.Fatal("CanUndo/CanRedo after undoing everything")
	}
	for d.Redo() {
		steps--
	}
	if steps != 0 {
		t.Fatalf("%d more undos than redos", steps)
	}
	same(t, d.Quest(), want)
}

// Every valid quest the tests know is built the same way.
func TestBuildEveryQuest(t *testing.T) {
	files, _ := filepath.Glob("../../quests/*.toml")
	files = append(files, "../testdata/valid.toml")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := parseFile(t, f)
			if filepath.Base(f) == "valid.toml" {
				// The example's secret door is drawn on the cellar's wall
				// where the den is not: a warning in the file (the saved
				// databases of the tests keep it as it is), a problem in
				// the editor. Built here on the wall they share.
				want.Sections[1].Exits[1].X, want.Sections[1].Exits[1].Y = 4, 7
			}
			d, given := build(t, want)
			same(t, d.Quest(), want)
			t.Logf("ids given by hand: %v", given)
			if strings.Contains(f, "quests") { // the app's own: every section and element is named
				for _, s := range want.Sections {
					for _, id := range given {
						if id == s.ID || slices.ContainsFunc(s.Elements, func(e quest.Element) bool { return e.ID == id }) {
							t.Errorf("%s was given by hand, not made from its name", id)
						}
					}
				}
			}
			if ps := d.Problems(); len(ps) != 0 {
				t.Fatal(ps)
			}
			same(t, Open(want).Quest(), want)
		})
	}
}

// An id comes from the English name (or the kind), follows the name while
// nothing refers to it and the quest was not saved, and never changes
// after.
func TestIDsFollowNamesThenStay(t *testing.T) {
	en := func(s string) quest.Text { return quest.Text{"en": s, "es": s + " (es)"} }
	d := New()
	a, _ := d.AddSection("room", 0, 0, 4, 4)
	b, _ := d.AddSection("room", 4, 0, 4, 4)
	c, _ := d.AddSection("main", 8, 0, 4, 4)
	if a != "room" || b != "room-2" || c != "main" {
		t.Fatalf("ids %s %s %s", a, b, c)
	}
	must(t, d.SetSectionName(a, en("Ash Stair")))
	if d.LastID() != "ash-stair" {
		t.Fatalf("named: %s", d.LastID())
	}
	must(t, d.SetSectionName(b, en("Ash Stair"))) // the same name: made unique
	if d.LastID() != "ash-stair-2" {
		t.Fatalf("the second: %s", d.LastID())
	}
	must(t, d.SetSectionName("ash-stair-2", en("Sección grande, ¡otra vez!")))
	if d.LastID() != "seccion-grande-otra-vez" {
		t.Fatalf("accents: %s", d.LastID())
	}
	must(t, d.SetSectionName("seccion-grande-otra-vez", nil))
	if d.LastID() != "room" {
		t.Fatalf("unnamed again: %s", d.LastID())
	}
	// An exit into it: its id stays from now on.
	if _, err := d.AddExit("ash-stair", "room", "door", 4, 2); err != nil {
		t.Fatal(err)
	}
	must(t, d.SetSectionName("room", en("Crypt")))
	if d.LastID() != "room" {
		t.Fatalf("a section an exit leads to was renamed %s", d.LastID())
	}
	must(t, d.RemoveExit("ash-stair", 0))
	must(t, d.SetSectionName("room", en("Vault")))
	if d.LastID() != "room" {
		t.Fatalf("once referred to, an id stays: %s", d.LastID())
	}
	// Saved: nothing changes any more.
	d.MarkSaved()
	must(t, d.SetSectionName("ash-stair", en("Bone Stair")))
	must(t, d.SetQuestInfo(en("The Vault"), en("x"), nil, en("Undead")))
	if d.LastID() != "" || d.Quest().ID != "" {
		t.Fatalf("after saving: %s, quest %q", d.LastID(), d.Quest().ID)
	}
	if _, ok := d.Quest().Section("ash-stair"); !ok {
		t.Fatal("a saved section was renamed")
	}
	// An opened quest keeps every id.
	o := Open(tomb(t))
	must(t, o.SetSectionName("ash-stair", en("Cinder Stair")))
	must(t, o.SetQuestInfo(en("Another title"), en("x"), nil, en("Undead")))
	if q := o.Quest(); q.ID != "the-tomb-of-the-ash-king" || q.Sections[0].ID != "ash-stair" {
		t.Fatalf("an opened quest's ids changed: %s %s", q.ID, q.Sections[0].ID)
	}
	// An element and a condition follow their names the same way.
	e, _ := o.AddElement("ossuary", "trap", nil, 8, 14)
	must(t, o.SetElement("ossuary", e, en("Falling Skulls"), false))
	k, _ := o.AddCondition(en("The bell rings"), "", false)
	must(t, o.SetCondition(k, en("The bell tolls"), "", false))
	if e != "trap" || k != "the-bell-rings" || o.LastID() != "the-bell-tolls" {
		t.Fatalf("%s %s %s", e, k, o.LastID())
	}
	if _, _, err := (&state{q: *o.Quest()}).element("ossuary", "falling-skulls"); err != nil {
		t.Fatal("the trap did not follow its name")
	}
}

// What the validator finds is shown on the object it concerns; a text in
// one language only is flagged apart, not as a problem.
func TestProblemsOnTheirObjects(t *testing.T) {
	d, _ := build(t, tomb(t))
	// A section reached by no exit: not the start, unreachable.
	id, err := d.AddSection("room", 40, 40, 3, 3)
	must(t, err)
	must(t, d.SetSectionName(id, quest.Text{"en": "Lonely Cell"}))
	id = d.LastID()
	must(t, d.SetSectionText(id, quest.Text{"en": "Dust.", "es": "Polvo."}))
	// Overlapping the Ossuary.
	over, err := d.AddSection("corridor", 7, 13, 2, 2)
	must(t, err)
	// A text and an element without Spanish.
	must(t, d.SetEffect("ossuary-box", quest.Effect{Reserve: 1}))
	must(t, d.SetText("ossuary-box", Reveal{Section: "ossuary"}, quest.Text{"en": "Bones."}))
	el, err := d.AddElement("gatehouse", "chest", quest.Text{"es": "Cofre"}, 1, 9)
	must(t, err)

	data, _ := d.TOML()
	lines := strings.Split(string(data), "\n")
	ps := d.Problems()
	for _, p := range ps {
		// The problem's line is in its object's table.
		if p.Line < 1 || p.Line > len(lines) || p.Ref.Kind != "section" {
			t.Fatalf("%+v: line %d", p, p.Line)
		}
		if l := lines[p.Line]; l != `id = "`+p.Ref.ID+`"` {
			t.Errorf("%s at line %d, the table of %s", p.ID, p.Line, l)
		}
	}
	sec := func(id string) Ref { return Ref{Kind: "section", Section: id, ID: id} }
	withField := func(r Ref, f string) Ref { r.Field = f; return r }
	for _, w := range []struct {
		id  string
		ref Ref
	}{
		{"quest.unreachable", sec(id)},
		{"quest.unreachable", sec(over)},
		{"quest.overlap", sec(over)},
		{"quest.missing_text", withField(sec(over), "text")}, // no text in any language
	} {
		if !slices.ContainsFunc(ps, func(p Problem) bool { return p.ID == w.id && p.Ref == w.ref }) {
			t.Errorf("no %s on %+v among %+v", w.id, w.ref, ps)
		}
	}
	if len(ps) != 5 { // the overlapping corridor has no text in English nor in Spanish
		t.Errorf("%d problems: %+v", len(ps), ps)
	}
	missing := d.Missing()
	for _, r := range []Ref{
		{Kind: "section", Section: id, ID: id, Field: "name"},
		{Kind: "element", Section: "gatehouse", Index: 0, ID: el, Field: "name"},
		{Kind: "text", Index: 0, ID: "ossuary-box", Field: "text"},
	} {
		if !slices.Contains(missing, r) {
			t.Errorf("%+v is not in Missing %+v", r, missing)
		}
	}
	if len(missing) != 3 {
		t.Errorf("missing %+v", missing)
	}
}

// Every kind of object gets its problems: the Leader, a spawn-table row,
// an element, a hidden text, a condition, the quest itself.
func TestProblemRefs(t *testing.T) {
	d := Open(tomb(t))
	must(t, d.SetLeader(nil, 30))
	must(t, d.SetSpawnRow(4, nil, 9))
	el, err := d.AddElement("ossuary", "furniture", nil, 7, 13)
	must(t, err)
	must(t, d.SetText("casket-box", Reveal{Element: "lacquered-casket"}, nil))
	must(t, d.SetCondition("altar-touched", nil, "", false))
	must(t, d.SetQuestInfo(nil, quest.Text{"en": "x", "es": "x"}, nil, quest.Text{"en": "x", "es": "x"}))
	refs := map[Ref]bool{}
	for _, p := range d.Problems() {
		if p.ID != "quest.missing_text" {
			t.Errorf("%v", p)
		}
		refs[p.Ref] = true
	}
	ossuary, _ := d.Quest().Section("ossuary")
	// Each problem on its object and the field of it an editor goes to.
	want := []Ref{
		{Kind: "quest", Field: "title"},
		{Kind: "leader", Field: "name"},
		{Kind: "spawn", Index: 4, Field: "creatures"},
		{Kind: "element", Section: "ossuary", Index: len(ossuary.Elements) - 1, ID: el, Field: "name"},
		{Kind: "text", Index: 3, ID: "casket-box", Field: "text"},
		{Kind: "condition", Index: 0, ID: "altar-touched", Field: "label"},
	}
	for _, r := range want {
		if !refs[r] {
			t.Errorf("no problem on %+v among %v", r, refs)
		}
	}
	if len(refs) != len(want) {
		t.Errorf("problems on %v", refs)
	}
	if New().Quest() == nil || Open(nil).CanUndo() {
		t.Fatal("Open(nil)")
	}
}
