package factionform

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// window is a test window with the app's theme, at size.
func window(t *testing.T, size fyne.Size) fyne.Window {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(ui.NewTableTheme())
	w := a.NewWindow("test")
	w.SetContent(widget.NewLabel(""))
	w.Resize(size)
	t.Cleanup(w.Close)
	return w
}

// builtin is the app's sample faction with id.
func builtin(t *testing.T, id string) *faction.Faction {
	t.Helper()
	files, err := data.BuiltinFactionFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		fa, ps := bestiary.ParseFaction(f.Name, f.Data)
		if ps != nil {
			t.Fatal(ps)
		}
		if fa.ID == id {
			return fa
		}
	}
	t.Fatalf("no sample faction %q", id)
	return nil
}

// saved is what tapping Save hands on, read with the game's rules.
type saved struct {
	name string
	data []byte
}

func (s *saved) faction(t *testing.T) *faction.Faction {
	t.Helper()
	if s.data == nil {
		t.Fatal("nothing saved")
	}
	f, ps := bestiary.ParseFaction(s.name, s.data)
	if ps != nil {
		t.Fatalf("%v\n%s", ps, s.data)
	}
	return f
}

// open opens the form on start in lang over a window of size; what Save
// hands on lands in the saved.
func open(t *testing.T, lang string, size fyne.Size, start *faction.Faction) (*Editor, *saved, fyne.Window) {
	t.Helper()
	w := window(t, size)
	s := &saved{}
	e := Open(w, translations.New(lang), start, func(name string, data []byte) { s.name, s.data = name, data })
	uitest.Settle(w)
	return e, s, w
}

// same reports whether a and b are the same faction, their files aside.
func same(a, b *faction.Faction) bool {
	x, y := *a, *b
	x.Source, y.Source = nil, nil
	return reflect.DeepEqual(x, y)
}

var factionIDs = []string{"ash-court", "vermin"}

// Each sample opened in the form and saved is the same faction, whether
// saved as it came or after the form wrote it again.
func TestSampleOpenedAndSaved(t *testing.T) {
	for _, id := range factionIDs {
		t.Run(id, func(t *testing.T) {
			want := builtin(t, id)
			e, s, _ := open(t, "en", fyne.NewSize(1024, 768), want)
			if e.Save.Disabled() {
				t.Fatalf("a sample cannot be saved: %s", e.status.Text)
			}
			test.Tap(e.Save)
			if got := s.faction(t); !same(got, want) || s.name != id+".toml" {
				t.Fatalf("saved %s as\n%+v", s.name, got)
			}

			e, s, _ = open(t, "es", fyne.NewSize(1024, 768), want)
			vp := e.cards[0].numbers[0]
			test.Tap(vp.plus) // the form writes the file again
			if !strings.Contains(e.Text(), "vp = 2\n") || strings.Contains(e.Text(), "#") {
				t.Fatalf("the file is not the form's:\n%s", e.Text())
			}
			e.Tabs.Select(e.tomlTab) // the TOML tab shows the form's file once opened
			if e.TOML.Text != e.Text() {
				t.Fatalf("the TOML tab shows\n%s", e.TOML.Text)
			}
			e.Tabs.Select(e.formTab)
			test.Tap(vp.minus)
			test.Tap(e.Save)
			if got := s.faction(t); !same(got, want) {
				t.Fatalf("saved as\n%+v", got)
			}
			if string(s.data) != string(faction.Encode(want)) {
				t.Fatalf("not the faction's file:\n%s", s.data)
			}
		})
	}
}

// typeIn replaces an entry's text as a player does: the old text deleted,
// the new one typed.
func typeIn(en *widget.Entry, s string) {
	for range len([]rune(en.Text)) {
		en.SetText(string([]rune(en.Text)[:len([]rune(en.Text))-1]))
	}
	test.Type(en, s)
}

// stepTo taps − or + until the field shows v.
func stepTo(t *testing.T, n *numberField, v int) {
	t.Helper()
	for range 2000 {
		got, ok := n.value()
		switch {
		case !ok:
			t.Fatalf("%q is no number", n.entry.Text)
		case got == v:
			return
		case got < v:
			test.Tap(n.plus)
		default:
			test.Tap(n.minus)
		}
	}
	t.Fatalf("never reached %d: %q", v, n.entry.Text)
}

// The Ash Court, made from an empty form by its own fields and buttons,
// is the sample itself.
func TestAshCourtFromAnEmptyForm(t *testing.T) {
	want := builtin(t, "ash-court")
	tr := translations.New("en")
	e, s, _ := open(t, "en", fyne.NewSize(1024, 768), nil)
	if !e.Save.Disabled() {
		t.Fatal("an empty faction can be saved")
	}
	typeIn(e.nameBox["en"], want.Name["en"])
	typeIn(e.nameBox["es"], want.Name["es"])
	if e.model.ID != "the-ash-court-sample" {
		t.Fatalf("the id does not follow the name: %q", e.model.ID)
	}
	typeIn(e.id, want.ID)
	test.Tap(e.sample)
	for i, p := range want.Profiles {
		test.Tap(e.addCreature)
		c := e.cards[i]
		typeIn(c.nameBox["en"], p.Name["en"])
		typeIn(c.nameBox["es"], p.Name["es"])
		if e.model.Profiles[i].ID != slugOf(p.Name["en"]) {
			t.Fatalf("creature %d's id does not follow its name: %q", i, e.model.Profiles[i].ID)
		}
		typeIn(c.id, p.ID)
		c.behaviour.SetSelected(tr.T("behaviour."+p.Behaviour+".name", nil))
		c.level.SetSelected(upperFirst(tr.T("level."+p.Level, nil)))
		for k, v := range []int{p.VP, p.Vitality, p.Agility, p.Perception, p.Intelligence} {
			stepTo(t, c.numbers[k], v)
		}
		for _, flag := range []struct {
			on bool
			ch *ui.WrapCheck
		}{{p.Ranged, c.ranged}, {p.Spellcaster, c.caster}, {p.Support, c.support}} {
			if flag.on {
				test.Tap(flag.ch)
			}
		}
		for _, n := range p.SkillNames {
			c := e.cards[i] // made again with each skill
			test.Type(c.skills["en"], n["en"])
			test.Type(c.skills["es"], n["es"])
			test.Tap(c.addSkill)
		}
	}
	for j, r := range want.Spawn {
		stepTo(t, e.rows[j].cost, r.Cost)
		for k, g := range r.Creatures {
			test.Tap(e.rows[j].add)
			p, _ := want.Profile(g.ID)
			e.rows[j].picks[k].SetSelected(p.Name["en"])
			stepTo(t, e.rows[j].counts[k], g.Count)
		}
	}
	if e.Save.Disabled() {
		t.Fatalf("the Ash Court cannot be saved: %s", e.status.Text)
	}
	test.Tap(e.Save)
	if got := s.faction(t); !same(got, want) {
		t.Fatalf("made\n%+v\nnot\n%+v", got, want)
	}
}

func slugOf(s string) string { return slug(s) }

// A number out of bounds typed in the file is shown on its creature's row
// in the form, with its line, and Save waits; the form's buttons bring it
// back within bounds.
func TestBadNumberInTheFile(t *testing.T) {
	e, _, w := open(t, "es", fyne.NewSize(1024, 768), builtin(t, "ash-court"))
	e.Tabs.Select(e.tomlTab)
	src := e.TOML.Text
	e.TOML.SetText(strings.Replace(src, "vitality = 2\n", "vitality = 500\n", 1)) // the skeleton's, whose [[creatures]] is line 7
	if !e.Save.Disabled() {
		t.Fatal("a Vitality of 500 can be saved")
	}
	e.Tabs.Select(e.formTab)
	uitest.Settle(w)
	c := e.cards[0]
	if got := c.problems[fieldNumbers]; !got.Visible() || !strings.HasPrefix(got.Text, "Línea 7: ") || !strings.Contains(got.Text, "Vitalidad") {
		t.Fatalf("the skeleton's row says %q", got.Text)
	}
	if !uitest.HasText(w, "Vitalidad debe") && !uitest.HasText(w, "Vitalidad") {
		t.Fatalf("not on screen: %q", uitest.TextsIn(w))
	}
	if c.numbers[1].entry.Text != "500" {
		t.Fatalf("the field shows %q", c.numbers[1].entry.Text)
	}
	for _, other := range e.cards[1:] {
		if other.problems[fieldNumbers].Visible() {
			t.Fatalf("another row has the problem: %q", other.problems[fieldNumbers].Text)
		}
	}
	test.Tap(c.numbers[1].minus) // 500 is past the top: back to the most allowed
	if c.numbers[1].entry.Text != strconv.Itoa(faction.MaxAttribute) || e.Save.Disabled() || c.problems[fieldNumbers].Visible() {
		t.Fatalf("%q, save disabled %v, problem %q", c.numbers[1].entry.Text, e.Save.Disabled(), c.problems[fieldNumbers].Text)
	}
	// A number field's text that is no number: Save waits too.
	typeIn(c.numbers[2].entry, "tres")
	if !e.Save.Disabled() || !strings.Contains(c.problems[fieldNumbers].Text, "Escribe un número entero.") {
		t.Fatal("a creature with an Agility of “tres” can be saved")
	}
	typeIn(c.numbers[2].entry, "3")
	if e.Save.Disabled() || c.problems[fieldNumbers].Visible() {
		t.Fatalf("cannot save again: %s", e.status.Text)
	}
}

// Each problem lands on its field, its creature or its spawn row, with its
// line; the same problems are listed with the file's lines below.
func TestProblemsOnTheirFields(t *testing.T) {
	start := builtin(t, "vermin")
	cases := []struct {
		name, old, new string
		where          func(e *Editor) *widget.Label
		line           int
	}{
		{"no Spanish name", `es = "Alimañas (ejemplo)"`, `es = ""`, func(e *Editor) *widget.Label { return e.nameProblems }, 4},
		{"a bad id", `id = "vermin"`, `id = "Vermin!"`, func(e *Editor) *widget.Label { return e.idProblems }, 3},
		{"an unknown behaviour", "behaviour = \"beast\"\nlevel = \"elite\"", "behaviour = \"dragon\"\nlevel = \"elite\"", func(e *Editor) *widget.Label { return e.cards[2].problems[fieldKind] }, 30},
		{"an unknown level", `level = "champion"`, `level = "boss"`, func(e *Editor) *widget.Label { return e.cards[4].problems[fieldKind] }, 54},
		{"VP 0", "vp = 2\nvitality = 5", "vp = 0\nvitality = 5", func(e *Editor) *widget.Label { return e.cards[3].problems[fieldNumbers] }, 42},
		{"a repeated skill", `skills = [{ en = "Web", es = "Telaraña" }]`, `skills = ["Web", "Web"]`, func(e *Editor) *widget.Label { return e.cards[2].problems[fieldSkills] }, 30},
		{"a creature's id twice", `id = "giant-bat"`, `id = "giant-rat"`, func(e *Editor) *widget.Label { return e.cards[1].problems[fieldID] }, 18},
		{"a creature without a Spanish name", `es = "Rata gigante"`, `es = ""`, func(e *Editor) *widget.Label { return e.cards[0].problems[fieldName] }, 7},
		{"a count of 0", `creatures = [{ id = "giant-rat", count = 3 }]`, `creatures = [{ id = "giant-rat", count = 0 }]`, func(e *Editor) *widget.Label { return e.rows[0].problems }, 79},
		{"a negative cost", "roll = 2\ncost = 4", "roll = 2\ncost = -4", func(e *Editor) *widget.Label { return e.rows[1].problems }, 84},
		{"no creature", "creatures = [{ id = \"giant-bat\", count = 2 }, { id = \"giant-rat\", count = 2 }]", "creatures = []", func(e *Editor) *widget.Label { return e.rows[1].problems }, 84},
		{"an unknown key", `sample = true`, "sample = true\ncolour = \"grey\"", func(e *Editor) *widget.Label { return e.general }, 6},
		{"five rows", "\n[[spawn]]\nroll = 6\ncost = 10\ncreatures = [{ id = \"marsh-serpent\", count = 1 }, { id = \"giant-rat\", count = 4 }]\n", "\n", func(e *Editor) *widget.Label { return e.spawnProblems }, 79},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, _, _ := open(t, "en", fyne.NewSize(1024, 768), start)
			src := e.TOML.Text
			if !strings.Contains(src, c.old) {
				t.Fatalf("the sample lacks %q", c.old)
			}
			e.Tabs.Select(e.tomlTab)
			e.TOML.SetText(strings.Replace(src, c.old, c.new, 1))
			e.Tabs.Select(e.formTab)
			l := c.where(e)
			want := "Line " + strconv.Itoa(c.line) + ": "
			if !l.Visible() || !strings.Contains(l.Text, want) {
				t.Fatalf("%q (status %q)", l.Text, e.status.Text)
			}
			if !strings.Contains(e.status.Text, "faction.toml:"+strconv.Itoa(c.line)+": ") || !e.Save.Disabled() || strings.Contains(l.Text, "spellcaster") {
				t.Fatalf("status %q, save disabled %v", e.status.Text, e.Save.Disabled())
			}
		})
	}
}

// A file that is not TOML leaves the form as it was, saying why; fixed,
// the form follows it again.
func TestUnreadableFileKeepsTheForm(t *testing.T) {
	e, _, _ := open(t, "en", fyne.NewSize(1024, 768), builtin(t, "vermin"))
	e.Tabs.Select(e.tomlTab)
	src := e.TOML.Text
	e.TOML.SetText(strings.Replace(src, "vp = 3\n", "vp = \n", 1))
	e.Tabs.Select(e.formTab)
	if !e.general.Visible() || !strings.Contains(e.general.Text, "last faction that could be read") || !strings.Contains(e.general.Text, "not valid TOML") {
		t.Fatalf("the form says %q", e.general.Text)
	}
	if e.cards[2].numbers[0].entry.Text != "3" || len(e.cards) != 6 || !e.Save.Disabled() {
		t.Fatalf("the form lost the spider's VP: %q", e.cards[2].numbers[0].entry.Text)
	}
	e.Tabs.Select(e.tomlTab)
	e.TOML.SetText(strings.Replace(src, "vp = 3\n", "vp = 4\n", 1))
	e.Tabs.Select(e.formTab)
	if e.general.Visible() || e.cards[2].numbers[0].entry.Text != "4" || e.Save.Disabled() {
		t.Fatalf("the form does not follow: %q %q", e.general.Text, e.cards[2].numbers[0].entry.Text)
	}
}

// A field edited shows in the file at once; the file edited shows in the
// form when it is opened again.
func TestFormAndFileInStep(t *testing.T) {
	e, _, _ := open(t, "en", fyne.NewSize(1024, 768), builtin(t, "ash-court"))
	// shown is the TOML tab's text, opened a moment.
	shown := func() string {
		e.Tabs.Select(e.tomlTab)
		defer e.Tabs.Select(e.formTab)
		return e.TOML.Text
	}
	king := e.cards[5]
	typeIn(king.nameBox["es"], "El Rey Ceniciento")
	if !strings.Contains(shown(), `name = { en = "The Ash King", es = "El Rey Ceniciento" }`) {
		t.Fatalf("the file:\n%s", e.TOML.Text)
	}
	test.Tap(king.ranged)
	test.Tap(e.cards[5].remove) // the king goes; no spawn row names him
	if strings.Contains(shown(), "ash-king") || len(e.cards) != 5 {
		t.Fatalf("the king is still there:\n%s", e.TOML.Text)
	}
	// Renaming a creature whose id came from its name renames its id in
	// the spawn rows too.
	typeIn(e.cards[1].nameBox["en"], "Bone archer")
	if file := shown(); strings.Contains(file, "skeleton-archer") || !strings.Contains(file, `{ id = "bone-archer", count = 2 }`) || e.Save.Disabled() {
		t.Fatalf("the archer's id:\n%s", e.TOML.Text)
	}
	if e.rows[1].picks[0].Selected != "Bone archer" {
		t.Fatalf("the row picks %q", e.rows[1].picks[0].Selected)
	}

	e.Tabs.Select(e.tomlTab)
	e.TOML.SetText(strings.Replace(e.TOML.Text, "vp = 7\n", "vp = 9\n", 1))
	e.TOML.SetText(strings.Replace(e.TOML.Text, `level = "champion"`, `level = "elite"`, 1))
	e.TOML.SetText(strings.Replace(e.TOML.Text, "roll = 6\ncost = 11\n", "roll = 6\ncost = 12\n", 1))
	e.Tabs.Select(e.formTab)
	knight := e.cards[4]
	if knight.numbers[0].entry.Text != "9" || knight.level.Selected != "Elite" || e.rows[5].cost.entry.Text != "12" {
		t.Fatalf("the form shows VP %q, level %q, cost %q", knight.numbers[0].entry.Text, knight.level.Selected, e.rows[5].cost.entry.Text)
	}
	// Skills: one removed, one added.
	test.Tap(findChipRemove(t, knight.content))
	test.Type(e.cards[4].skills["en"], "Shield wall")
	test.Type(e.cards[4].skills["es"], "Muro de escudos")
	test.Tap(e.cards[4].addSkill)
	if !strings.Contains(shown(), `skills = [{ en = "Shield wall", es = "Muro de escudos" }]`) {
		t.Fatalf("the knight's skills:\n%s", e.TOML.Text)
	}
}

// findChipRemove is the first skill chip's remove button under o.
func findChipRemove(t *testing.T, o fyne.CanvasObject) *widget.Button {
	t.Helper()
	var found *widget.Button
	uitest.WalkVisible(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*widget.Button); ok && found == nil && b.Text == "" && b.Importance == widget.LowImportance {
			found = b
		}
	})
	if found == nil {
		t.Fatal("no skill to remove")
	}
	return found
}

// A spawn table without its six rows is mended by one button.
func TestSixRows(t *testing.T) {
	e, _, _ := open(t, "en", fyne.NewSize(1024, 768), builtin(t, "vermin"))
	src := e.TOML.Text
	e.TOML.SetText(strings.Replace(src, "roll = 6", "roll = 5", 1))
	if !e.fixRows.Visible() || !e.spawnProblems.Visible() {
		t.Fatalf("no mending: %q", e.spawnProblems.Text)
	}
	test.Tap(e.fixRows)
	if e.fixRows.Visible() || len(e.rows) != 6 || e.model.Spawn[5].Roll != 6 || len(e.model.Spawn[5].Creatures) != 0 {
		t.Fatalf("rows %+v", e.model.Spawn)
	}
}

// The form fits a small laptop in Spanish and a large screen in English:
// nothing wider than the window, no text over another.
func TestFits(t *testing.T) {
	for _, c := range []struct {
		lang string
		size fyne.Size
	}{{"es", fyne.NewSize(1024, 768)}, {"en", fyne.NewSize(1920, 1080)}, {"en", fyne.NewSize(1024, 768)}, {"es", fyne.NewSize(1920, 1080)}} {
		for _, start := range []*faction.Faction{builtin(t, "ash-court"), nil} {
			e, _, w := open(t, c.lang, c.size, start)
			for _, tab := range []*container.TabItem{e.formTab, e.tomlTab} {
				e.Tabs.Select(tab)
				uitest.Settle(w)
				if m := e.dialog.MinSize(); m.Width > c.size.Width || m.Height > c.size.Height {
					t.Errorf("%s at %v: the dialog needs %v", c.lang, c.size, m)
				}
				for _, root := range uitest.OnScreen(w) {
					wider(root, c.size.Width, func(o fyne.CanvasObject) {
						t.Errorf("%s at %v: %T is %v wide", c.lang, c.size, o, o.Size().Width)
					})
				}
				if m := e.form.MinSize(); tab == e.formTab && m.Width > e.formScroll.Size().Width {
					t.Errorf("%s at %v: the form needs %v in %v", c.lang, c.size, m.Width, e.formScroll.Size().Width)
				}
				for _, o := range uitest.OverlappingTexts(w) {
					t.Errorf("%s at %v: %s", c.lang, c.size, o)
				}
			}
		}
	}
}

// wider finds the objects wider than width under o, but for what a scroll
// region holds: it is drawn cut to the region.
func wider(o fyne.CanvasObject, width float32, found func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	if o.Size().Width > width+1 {
		found(o)
	}
	if _, ok := o.(fyne.Scrollable); ok {
		return
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			wider(c, width, found)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			wider(c, width, found)
		}
	}
}

// The − and + buttons keep every number within the faction file's limits
// (core's), never past them.
func TestNumbersWithinCoreLimits(t *testing.T) {
	e, _, _ := open(t, "en", fyne.NewSize(1024, 768), builtin(t, "vermin"))
	c, r := e.cards[0], e.rows[0]
	for _, n := range []struct {
		name   string
		field  *numberField
		lo, hi int
	}{
		{"VP", c.numbers[0], 1, faction.MaxVP},
		{"Vitality", c.numbers[1], 1, faction.MaxAttribute},
		{"Agility", c.numbers[2], 0, faction.MaxAttribute},
		{"Perception", c.numbers[3], 0, faction.MaxAttribute},
		{"Intelligence", c.numbers[4], 0, faction.MaxAttribute},
		{"cost", r.cost, 0, faction.MaxCost},
		{"count", r.counts[0], 1, faction.MaxPerRow},
	} {
		for _, edge := range []struct {
			v    int
			step *widget.Button
		}{{n.hi, n.field.plus}, {n.lo, n.field.minus}} {
			typeIn(n.field.entry, strconv.Itoa(edge.v))
			test.Tap(edge.step)
			if got, _ := n.field.value(); got != edge.v || !edge.step.Disabled() || e.Save.Disabled() {
				t.Errorf("%s at %d: stepped to %d (button disabled %v, save disabled %v: %s)", n.name, edge.v, got, edge.step.Disabled(), e.Save.Disabled(), e.status.Text)
			}
		}
	}
}
