package edit

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

func TestSlug(t *testing.T) {
	for name, want := range map[string]string{
		"Ash Stair":                  "ash-stair",
		"Embalmers' Workshop":        "embalmers-workshop",
		"Chief’s Hall":               "chiefs-hall",
		"Chief's Hall":               "chiefs-hall",
		"  Sección grande, ¡otra!  ": "seccion-grande-otra",
		"Room 2":                     "room-2",
		"Ñandú & Co.":                "nandu-co",
		"死者の門":                       "",
		"":                           "",
	} {
		if got := Slug(name); got != want {
			t.Errorf("Slug(%q) = %q, want %q", name, got, want)
		}
	}
	if got := Slug(strings.Repeat("long ", 40)); len(got) > MaxID-4 || !strings.HasPrefix(got, "long-long-") || strings.HasSuffix(got, "-") {
		t.Errorf("a long name: %q", got)
	}
}

// Each change that cannot be made is refused with a message ID, like a
// quest problem, and is no step to undo.
func TestRefusals(t *testing.T) {
	en := quest.Text{"en": "x", "es": "x"}
	cases := []struct {
		name string
		do   func(d *Doc) error
		id   string
	}{
		{"an unknown section kind", func(d *Doc) error { _, err := d.AddSection("cave", 0, 0, 2, 2); return err }, "quest.section_kind"},
		{"a section of no width", func(d *Doc) error { _, err := d.AddSection("room", 0, 0, 0, 2); return err }, "quest.section_size"},
		{"a section off the grid", func(d *Doc) error { _, err := d.AddSection("room", quest.MaxGrid-1, 0, 2, 2); return err }, "quest.grid"},
		{"a taken id", func(d *Doc) error { _, err := d.AddSectionID("ossuary", "room", 50, 50, 2, 2); return err }, "quest.duplicate_id"},
		{"an id with spaces", func(d *Doc) error { _, err := d.AddSectionID("my room", "room", 50, 50, 2, 2); return err }, "quest.edit.bad_id"},
		{"a section that is not there", func(d *Doc) error { return d.SetSectionText("nowhere", en) }, "quest.edit.not_found"},
		{"moving a section off the grid", func(d *Doc) error { return d.MoveSection("ash-throne", quest.MaxGrid-2, 0) }, "quest.grid"},
		{"moving a section to -1", func(d *Doc) error { return d.MoveSection("ash-stair", -1, 0) }, "quest.section_size"},
		{"resizing to nothing", func(d *Doc) error { return d.ResizeSection("ash-stair", 2, 0) }, "quest.section_size"},
		{"an exit into its own section", func(d *Doc) error { _, err := d.AddExit("ossuary", "ossuary", "door", 6, 12); return err }, "quest.edit.exit_self"},
		{"an exit into nowhere", func(d *Doc) error { _, err := d.AddExit("ossuary", "nowhere", "door", 6, 12); return err }, "quest.edit.not_found"},
		{"an unknown exit kind", func(d *Doc) error { _, err := d.AddExit("ossuary", "gatehouse", "portcullis", 6, 12); return err }, "quest.exit_kind"},
		{"an exit that is not there", func(d *Doc) error { return d.SetExitKind("ossuary", 5, "door") }, "quest.edit.no_exit"},
		{"an unknown element kind", func(d *Doc) error { _, err := d.AddElement("ossuary", "altar", en, 7, 13); return err }, "quest.element_kind"},
		{"an element in another section", func(d *Doc) error { return d.SetElement("ossuary", "ember-altar", en, false) }, "quest.edit.not_found"},
		{"a text revealed by two things", func(d *Doc) error {
			_, err := d.AddText("red", Reveal{Section: "ossuary", Condition: "altar-touched"}, en)
			return err
		}, "quest.text_trigger"},
		{"a text revealed by nothing", func(d *Doc) error { _, err := d.AddText("red", Reveal{}, en); return err }, "quest.text_trigger"},
		{"a text revealed by an unknown element", func(d *Doc) error { _, err := d.AddText("red", Reveal{Element: "ghost"}, en); return err }, "quest.text_ref"},
		{"an unknown text style", func(d *Doc) error { _, err := d.AddText("blue", Reveal{Section: "ossuary"}, en); return err }, "quest.text_style"},
		{"an effect of negative points", func(d *Doc) error { return d.SetEffect("ossuary-box", quest.Effect{Reserve: -1}) }, "quest.effect_points"},
		{"until on an effect that does not last", func(d *Doc) error {
			return d.SetEffect("ossuary-box", quest.Effect{Reserve: 1, Until: "altar-touched"})
		}, "quest.effect_until"},
		{"unlocking a section that is not there", func(d *Doc) error { return d.SetEffect("ossuary-box", quest.Effect{Unlock: "vault"}) }, "quest.text_ref"},
		{"a Leader of negative VP", func(d *Doc) error { return d.SetLeader(en, -1) }, "quest.leader_vp"},
		{"a Leader past the bound", func(d *Doc) error { return d.SetLeader(en, quest.MaxLeaderVP+1) }, "quest.leader_vp_max"},
		{"an unknown deck", func(d *Doc) error { return d.SetDeck("treasure", quest.DeckRule{Absent: true}) }, "quest.deck"},
		{"negative random cards", func(d *Doc) error { n := -1; return d.SetDeck("power", quest.DeckRule{Random: &n}) }, "quest.deck_random"},
		{"a spawn roll of 7", func(d *Doc) error { return d.SetSpawnRow(7, en, 1) }, "quest.spawn_roll"},
		{"a negative spawn cost", func(d *Doc) error { return d.SetSpawnRow(1, en, -1) }, "quest.spawn_cost"},
		{"a picture that is not one", func(d *Doc) error { return d.SetImage("ossuary", "data:image/png;base64,AAAA") }, "quest.image_data"},
		{"a picture path out of the folder", func(d *Doc) error { return d.SetImage("ossuary", "../x.png") }, "quest.image_path"},
		{"renaming onto a taken id", func(d *Doc) error { return d.SetID(Ref{Kind: "section", ID: "ossuary"}, "gatehouse") }, "quest.duplicate_id"},
		{"a bad quest id", func(d *Doc) error { return d.SetQuestID("") }, "quest.edit.bad_id"},
		{"a spawn table that is neither the faction's nor the quest's", func(d *Doc) error { return d.SetSpawnsFrom("both") }, "quest.spawns_from"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Open(tomb(t))
			before, _ := d.TOML()
			err := c.do(d)
			var p quest.Problem
			if !errors.As(err, &p) || p.ID != c.id {
				t.Fatalf("got %v, want %s", err, c.id)
			}
			after, _ := d.TOML()
			if d.CanUndo() || !bytes.Equal(before, after) {
				t.Fatal("a refused change changed the quest")
			}
		})
	}
}

// A change that changes nothing is no step; the document knows whether it
// changed since it was saved.
func TestStepsAndDirty(t *testing.T) {
	d := Open(tomb(t))
	if d.Dirty() {
		t.Fatal("dirty when opened")
	}
	sec, _ := d.Quest().Section("ossuary")
	must(t, d.SetSectionText("ossuary", sec.Text))
	must(t, d.SetStart("ash-stair"))
	if d.CanUndo() || d.Dirty() {
		t.Fatal("a change that changes nothing is a step")
	}
	must(t, d.MoveSection("ash-throne", 28, 10))
	if !d.Dirty() {
		t.Fatal("not dirty after a change")
	}
	d.MarkSaved()
	if d.Dirty() {
		t.Fatal("dirty after saving")
	}
	d.Undo()
	if !d.Dirty() {
		t.Fatal("not dirty after undoing past the save")
	}
	d.Redo()
	if d.Dirty() {
		t.Fatal("dirty once back at the saved quest")
	}
	d.Undo()
	must(t, d.MoveSection("ash-throne", 29, 10)) // the saved quest is gone from the redo stack
	d.Undo()
	d.Redo()
	if !d.Dirty() {
		t.Fatal("clean, but the saved quest is no more")
	}
}

// A sequence of every kind of change: undoing them all gives the quest
// back as it was, redoing them all gives the end.
func TestUndoRedoEveryChange(t *testing.T) {
	en := func(s string) quest.Text { return quest.Text{"en": s, "es": s + " (es)"} }
	four := 4
	d := New()
	steps := []func() error{
		func() error { return d.SetQuestInfo(en("The Pit"), en("Deep."), en("Bring rope."), en("Vermin")) },
		func() error { return d.SetLeader(en("Pit Lord"), 20) },
		func() error { return d.SetDeck("power", quest.DeckRule{Absent: true}) },
		func() error { return d.SetDeck("encounter", quest.DeckRule{Random: &four}) },
		func() error { return d.SetSpawnRow(3, en("rats"), 3) },
		func() error { return d.SetSpawnRow(1, en("bats"), 2) },
		func() error { return d.SetSpawnsFrom(quest.SpawnsQuest) },
		func() error { _, err := d.AddSection("corridor", 0, 0, 2, 6); return err },
		func() error { _, err := d.AddSection("main", 2, 0, 6, 6); return err },
		func() error { return d.SetSectionName("main", en("Pit")) },
		func() error { return d.SetSectionText("pit", en("Dark.")) },
		func() error { return d.SetSectionText("corridor", en("Narrow.")) },
		func() error { _, err := d.AddExit("corridor", "pit", "door", 2, 3); return err },
		func() error { return d.SetExitKind("corridor", 0, "secret_door") },
		func() error { _, err := d.AddElement("pit", "chest", en("Chest"), 4, 2); return err },
		func() error { return d.SetElement("pit", "chest", en("Old chest"), false) },
		func() error { _, err := d.AddCondition(en("The lord falls"), "leader", true); return err },
		func() error {
			_, err := d.AddText("red", Reveal{Element: "corridor-secret-door"}, en("Found!"))
			return err
		},
		func() error { return d.SetEffect("corridor-secret-door-box", quest.Effect{Reserve: 2}) },
		func() error { return d.MoveSection("pit", 2, 1) },
		func() error { return d.ResizeSection("pit", 7, 7) },
		func() error { return d.SetImage("pit", pngURI(t)) },
		func() error { return d.SetID(Ref{Kind: "condition", ID: "the-lord-falls"}, "lord-slain") },
		func() error { _, err := d.AddSection("room", 20, 20, 3, 3); return err },
		func() error { return d.RemoveSection("room") },
		func() error { return d.RemoveSpawnRow(3) },
		func() error { return d.SetStart("pit") },
		func() error { _, err := d.AddExit("pit", "corridor", "arrow", 2, 5); return err },
	}
	states := []*quest.Quest{d.Quest()}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		states = append(states, d.Quest())
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if !d.Undo() {
			t.Fatalf("no undo at step %d", i)
		}
		same(t, d.Quest(), states[i])
	}
	same(t, d.Quest(), New().Quest())
	for i := range steps {
		if !d.Redo() {
			t.Fatalf("no redo at step %d", i)
		}
		same(t, d.Quest(), states[i+1])
	}
	if d.Redo() {
		t.Fatal("a redo past the end")
	}
	if ps := d.Problems(); len(ps) != 0 {
		t.Fatalf("problems: %v", ps)
	}
	q := d.Quest()
	if q.ID != "the-pit" || q.Sections[1].X != 2 || q.Sections[1].Y != 1 || q.Sections[1].Elements[0].Y != 3 ||
		q.Texts[0].Element != "corridor-secret-door" || q.Conditions[0].ID != "lord-slain" || !q.Sections[1].Start || q.Sections[0].Start ||
		q.SpawnsFrom != quest.SpawnsQuest {
		t.Fatalf("%+v", q)
	}
}

func pngURI(t *testing.T) string {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 10, 10))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// Removing something removes what only made sense with it.
func TestRemovals(t *testing.T) {
	cases := []struct {
		name         string
		do           func(d *Doc) error
		textsGone    []string
		exitsInto    string // no exit leads here any more
		noUnlock     bool
		noUntil      bool
		wantProblems []string
	}{
		{"the Ember Shrine", func(d *Doc) error { return d.RemoveSection("ember-shrine") },
			[]string{"secret-door-note"}, "ember-shrine", false, false, []string{"quest.unreachable"}},
		{"the Gallery of Kings", func(d *Doc) error { return d.RemoveSection("gallery-of-kings") },
			nil, "gallery-of-kings", true, false, []string{"quest.unreachable", "quest.unreachable"}},
		{"the secret door", func(d *Doc) error { return d.RemoveExit("ember-shrine", 0) },
			[]string{"secret-door-note"}, "hidden-reliquary", false, false, []string{"quest.unreachable"}},
		{"the funeral ledger", func(d *Doc) error { return d.RemoveElement("embalmers-workshop", "funeral-ledger") },
			[]string{"ledger-box"}, "", false, false, nil},
		{"the altar's condition", func(d *Doc) error { return d.RemoveCondition("altar-touched") },
			[]string{"altar-box"}, "", false, true, nil},
		{"the start", func(d *Doc) error { return d.RemoveSection("ash-stair") },
			nil, "", false, false, nil},
		{"a text", func(d *Doc) error { return d.RemoveText("casket-box") },
			[]string{"casket-box"}, "", false, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Open(tomb(t))
			must(t, c.do(d))
			q := d.Quest()
			for _, id := range c.textsGone {
				if slices.ContainsFunc(q.Texts, func(x quest.HiddenText) bool { return x.ID == id }) {
					t.Errorf("text %s is still there", id)
				}
			}
			for _, s := range q.Sections {
				for _, e := range s.Exits {
					if c.exitsInto != "" && e.To == c.exitsInto && s.ID != "" {
						t.Errorf("an exit from %s still leads into %s", s.ID, e.To)
					}
				}
			}
			for _, x := range q.Texts {
				if c.noUnlock && x.Effect.Unlock != "" || c.noUntil && x.Effect.Until != "" {
					t.Errorf("text %s keeps %+v", x.ID, x.Effect)
				}
			}
			if q.Start().ID == "" {
				t.Error("no start")
			}
			var ids []string
			for _, p := range d.Problems() {
				ids = append(ids, p.ID)
			}
			if !slices.Equal(ids, c.wantProblems) {
				t.Errorf("problems %v, want %v", ids, c.wantProblems)
			}
			d.Undo()
			same(t, d.Quest(), tomb(t))
		})
	}
}

// A section moves with its exits and elements; the map finds sections and
// the walls they share.
func TestMapGeometry(t *testing.T) {
	d := Open(tomb(t))
	for _, c := range []struct {
		x, y int
		id   string
	}{{0, 0, "ash-stair"}, {1, 7, "ash-stair"}, {1, 8, "gatehouse"}, {35, 18, "ash-throne"}, {36, 18, ""}, {-1, 0, ""}} {
		if id, ok := d.SectionAt(c.x, c.y); id != c.id || ok != (c.id != "") {
			t.Errorf("SectionAt(%d, %d) = %q, want %q", c.x, c.y, id, c.id)
		}
	}
	// Every exit of the Tomb is on the wall between its two sections.
	for _, s := range d.Quest().Sections {
		for _, e := range s.Exits {
			a, b, ok := d.EdgeBetween(e.X, e.Y)
			if !ok || !(a == s.ID && b == e.To || a == e.To && b == s.ID) {
				t.Errorf("EdgeBetween(%d, %d) = %s %s %v, want %s and %s", e.X, e.Y, a, b, ok, s.ID, e.To)
			}
		}
	}
	if a, b, ok := d.EdgeBetween(30, 30); ok {
		t.Errorf("an edge in the void: %s %s", a, b)
	}
	if a, b, ok := d.EdgeBetween(0, 4); ok { // the Ash Stair's outer wall
		t.Errorf("an outer wall is shared: %s %s", a, b)
	}
	must(t, d.MoveSection("ember-shrine", 16, 9))
	q := d.Quest()
	sec, _ := q.Section("ember-shrine")
	if sec.X != 16 || sec.Y != 9 || sec.Exits[0].X != 21 || sec.Exits[0].Y != 11 || sec.Elements[0].X != 18 || sec.Elements[0].Y != 11 {
		t.Fatalf("%+v", sec)
	}
}

// A picture set through the editor is kept in the quest's TOML, and the
// file is a valid quest.
func TestPictureInTheFile(t *testing.T) {
	d := Open(tomb(t))
	uri := pngURI(t)
	must(t, d.SetImage("ossuary", uri))
	data, err := d.TOML()
	must(t, err)
	q, ps := quest.Parse("pictured.toml", data)
	if ps != nil {
		t.Fatal(ps)
	}
	sec, _ := q.Section("ossuary")
	if img, ok := quest.SectionImage(sec); !ok || img.Bounds().Dx() != 10 {
		t.Fatal("the picture is not in the file")
	}
	must(t, d.SetImage("ossuary", ""))
	same(t, d.Quest(), tomb(t))
}

// The pictures are checked once each, apart from the rest of the quest;
// what the editor reports is still what the validator says of the file.
func TestPictureProblemsAsTheValidatorSaysThem(t *testing.T) {
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	pic.Write(make([]byte, 1_000_000)) // about MaxImageSize: 17 are more than MaxImagesSize
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pic.Bytes())
	d := Open(tomb(t))
	for i := range 7 {
		if _, err := d.AddSection("room", 40+4*i, 40, 3, 3); err != nil {
			t.Fatal(err)
		}
	}
	var last string
	for _, s := range d.Quest().Sections {
		must(t, d.SetImage(s.ID, uri))
		last = s.ID
	}
	data, err := d.TOML()
	must(t, err)
	if len(data) > quest.MaxSize {
		t.Fatalf("%d bytes", len(data))
	}
	_, want := quest.Parse(File, data)
	got := d.Problems()
	// The same problems on the same lines (in the same order but within a
	// line), with the same arguments.
	key := func(p quest.Problem) string { return fmt.Sprintf("%05d %s %v", p.Line, p.ID, p.Args) }
	var a, b []string
	for _, p := range got {
		a = append(a, key(p.Problem))
	}
	for _, p := range want {
		b = append(b, key(p))
	}
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	total := slices.IndexFunc(got, func(p Problem) bool { return p.ID == "quest.images_total" })
	if total < 0 || got[total].Ref.ID != last {
		t.Fatalf("images_total: %v", got)
	}
	// One more: the file is over MaxSize, as the validator says first.
	id, err := d.AddSection("room", 80, 40, 3, 3)
	must(t, err)
	must(t, d.SetImage(id, uri))
	data, _ = d.TOML()
	_, want = quest.Parse(File, data)
	got = d.Problems()
	if want[0].ID != "quest.too_big" || got[0].ID != "quest.too_big" || got[0].Args["Size"] != len(data) || got[0].Ref.Kind != "quest" {
		t.Fatalf("got %v, want %v", got[0], want)
	}
}

// "Creature Spawn Table": whose table wins in a game with a faction is the
// author's to say; the faction's is written as no key (files as before).
func TestSpawnsFromInTheFile(t *testing.T) {
	cases := []struct {
		name, from, key string
	}{
		{"the quest's rows win: the key written", quest.SpawnsQuest, `spawns_from = "quest"`},
		{"the faction's table: no key, as before the key", quest.SpawnsFaction, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Open(tomb(t))
			if err := d.SetSpawnsFrom(quest.SpawnsQuest); err != nil {
				t.Fatal(err)
			}
			if err := d.SetSpawnsFrom(c.from); err != nil {
				t.Fatal(err)
			}
			b, _ := d.TOML()
			if got := bytes.Contains(b, []byte("spawns_from")); got != (c.key != "") || c.key != "" && !bytes.Contains(b, []byte(c.key)) {
				t.Fatalf("the file's spawns_from key: want %q in\n%s", c.key, b)
			}
			q, ps := quest.Parse("tomb.toml", b)
			if ps != nil {
				t.Fatalf("the file does not read back: %v", ps)
			}
			if want := map[string]string{quest.SpawnsQuest: quest.SpawnsQuest}[c.from]; q.SpawnsFrom != want {
				t.Fatalf("read back %q, want %q", q.SpawnsFrom, want)
			}
		})
	}
}
