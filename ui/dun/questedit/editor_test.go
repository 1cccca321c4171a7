package questedit

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// harness is an editor in a test window, driven as a Conductor does:
// drags and taps on the map, typing into the panel, picks from lists.
type harness struct {
	t     *testing.T
	ed    *Editor
	win   fyne.Window
	saved [][]byte
}

func newHarness(t *testing.T, lang string, size fyne.Size, q *quest.Quest) *harness {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	h := &harness{t: t, win: w}
	h.ed = New(w, translations.New(lang), Options{Quest: q, Save: func(_ string, content []byte) bool {
		h.saved = append(h.saved, content)
		return true
	}})
	w.Resize(size)
	// A square of 18 pixels: the whole Tomb is in view.
	h.ed.canvas.cell = 18
	h.ed.canvas.pan = fyne.NewPos(-18, -18)
	h.ed.canvas.Refresh()
	return h
}

// drag drags on the map from one grid position to another.
func (h *harness) drag(fx, fy, tx, ty float32) {
	c := h.ed.canvas.cell
	test.Drag(h.win.Canvas(), h.ed.PointOf(fx, fy), (tx-fx)*c, (ty-fy)*c)
}

// tap taps the map at a grid position.
func (h *harness) tap(gx, gy float32) { test.TapCanvas(h.win.Canvas(), h.ed.PointOf(gx, gy)) }

// walk visits the panel's controls in order, into widgets' insides.
func walk(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, visit)
		}
	case *widget.Entry, *textEntry, *widget.Select, *widget.Button, *ui.WrapCheck, *ui.WrapButton, *widget.Label:
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, visit)
		}
	}
}

func (h *harness) entries() []*widget.Entry {
	var out []*widget.Entry
	walk(h.ed.panel, func(o fyne.CanvasObject) {
		switch e := o.(type) {
		case *widget.Entry:
			out = append(out, e)
		case *textEntry:
			out = append(out, &e.Entry)
		}
	})
	return out
}

func (h *harness) selects() []*widget.Select {
	var out []*widget.Select
	walk(h.ed.panel, func(o fyne.CanvasObject) {
		if e, ok := o.(*widget.Select); ok {
			out = append(out, e)
		}
	})
	return out
}

func (h *harness) checks() []*ui.WrapCheck {
	var out []*ui.WrapCheck
	walk(h.ed.panel, func(o fyne.CanvasObject) {
		if e, ok := o.(*ui.WrapCheck); ok {
			out = append(out, e)
		}
	})
	return out
}

// button taps the panel's button whose label starts with prefix.
func (h *harness) button(prefix string) {
	h.t.Helper()
	var found *widget.Button
	walk(h.ed.panel, func(o fyne.CanvasObject) {
		if w, ok := o.(*ui.WrapButton); ok {
			o = w.AsButton()
		}
		if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, prefix) {
			found = b
		}
	})
	if found == nil {
		h.t.Fatalf("no button %q in the panel", prefix)
	}
	test.Tap(found)
}

// typeText types a text in English and Spanish into two entries.
func typeText(en, es *widget.Entry, t quest.Text) {
	if t == nil {
		return
	}
	en.SetText(t["en"])
	es.SetText(t["es"])
}

// setID types an id into an id field and presses Enter, when the one
// the editor gave is not want; it reports whether it had to.
func (h *harness) setID(e *widget.Entry, want string) bool {
	if e.Text == want {
		return false
	}
	e.SetText(want)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	return true
}

func shipped(t *testing.T, path string) *quest.Quest {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	q, ps := quest.Parse(path, data)
	if ps != nil {
		t.Fatal(ps)
	}
	q.Source = nil
	return q
}

func same(t *testing.T, got, want *quest.Quest) {
	t.Helper()
	got.Source, want.Source = nil, nil
	if !reflect.DeepEqual(got, want) {
		a, _ := json.MarshalIndent(got, "", " ")
		b, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("got\n%s\nwant\n%s", a, b)
	}
}

// The built-in Tomb, made from an empty editor by the editor's own
// actions (a loop over the shipped file): the same quest. The ids the
// editor cannot make from names are typed into the id fields; the test
// says which.
func TestBuildTheTombByHand(t *testing.T) {
	want := shipped(t, "../../../core/dun/quests/03-the-tomb-of-the-ash-king.toml")
	h := newHarness(t, "en", fyne.NewSize(1600, 1000), nil)
	ed := h.ed
	var typedIDs []string
	actions := 0

	// The quest itself: nothing selected, its part; then its creatures'.
	e := h.entries()
	typeText(e[0], e[1], want.Title)
	typeText(e[2], e[3], want.Introduction)
	typeText(e[4], e[5], want.Setup)
	typeText(e[6], e[7], want.Faction)
	ed.showPart(partCreatures)
	e = h.entries()
	typeText(e[0], e[1], want.Leader.Name)
	e[2].SetText("30")
	actions += 12     // the Creatures tab too
	const spawnAt = 3 // after the Leader's name and VP
	for _, r := range want.SpawnTable {
		at := spawnAt + 3*(r.Roll-1)
		typeText(e[at], e[at+1], r.Creatures)
		e[at+2].SetText(itoa(r.Cost))
		actions += 3
	}

	// The sections: drag each, then name it and give its text.
	for _, s := range want.Sections {
		ed.kind.SetSelected(sectionKindName(ed.tr, s.Kind))
		h.drag(float32(s.X)+0.5, float32(s.Y)+0.5, float32(s.X+s.W)-0.5, float32(s.Y+s.H)-0.5)
		if ed.sel.kind != "section" {
			t.Fatalf("drawing %s selected %v; status %q", s.ID, ed.sel, ed.status.Text)
		}
		e := h.entries()
		typeText(e[0], e[1], s.Name)
		typeText(e[2], e[3], s.Text)
		actions += 6
		if ed.sel.section != s.ID {
			t.Fatalf("section named %q has id %q", s.Name["en"], ed.sel.section)
		}
		if s.Start {
			ed.SetTool(toolStart)
			h.tap(float32(s.X)+0.5, float32(s.Y)+0.5)
			ed.SetTool(toolSelect)
			actions += 3
		}
	}
	// The exits: a tap on the wall with the exit's tool.
	for _, s := range want.Sections {
		for i, x := range s.Exits {
			ed.SetTool(x.Kind)
			h.tap(float32(x.X), float32(x.Y))
			actions += 2
			if ed.sel.kind != "exit" || ed.sel.section != s.ID || ed.sel.index != i {
				t.Fatalf("exit %s→%s: selected %v; status %q", s.ID, x.To, ed.sel, ed.status.Text)
			}
			if x.ID != "" {
				e := h.entries()
				if h.setID(e[len(e)-1], x.ID) {
					typedIDs = append(typedIDs, x.ID)
					actions++
				}
			}
		}
	}
	// The elements: a tap on their square with the element's tool.
	for _, s := range want.Sections {
		for _, el := range s.Elements {
			ed.SetTool(el.Kind)
			h.tap(float32(el.X)+0.5, float32(el.Y)+0.5)
			actions += 2
			if ed.sel.kind != "element" {
				t.Fatalf("element %s: selected %v; status %q", el.ID, ed.sel, ed.status.Text)
			}
			e := h.entries()
			typeText(e[0], e[1], el.Name)
			actions += 2
			if el.TrapAllowed {
				c := h.checks()
				c[0].SetChecked(true)
				actions++
			}
			if ed.sel.id != el.ID {
				e := h.entries()
				h.setID(e[len(e)-1], el.ID)
				typedIDs = append(typedIDs, el.ID)
				actions++
			}
		}
	}
	ed.SetTool(toolSelect)

	// The conditions, then the texts, each from its part.
	ed.Select("")
	ed.showPart(partConditions)
	for _, c := range want.Conditions {
		h.button(ed.t("ui.questedit.add_condition"))
		e := h.entries()
		typeText(e[len(e)-3], e[len(e)-2], c.Label)
		slain := h.selects()
		pick := slain[len(slain)-1]
		switch c.Slain {
		case quest.SlainLeader:
			pick.SetSelected(ed.t("ui.questedit.slain_leader"))
		case "":
		default:
			t.Fatalf("condition %s is met by a profile: no faction in this test", c.ID)
		}
		if c.Mission {
			checks := h.checks()
			checks[len(checks)-1].SetChecked(true)
		}
		actions += 5
		if h.setID(h.entries()[len(h.entries())-1], c.ID) {
			typedIDs = append(typedIDs, c.ID)
			actions++
		}
	}
	ed.showPart(partTexts)
	for _, x := range want.Texts {
		refs, _ := ed.reveals()
		adders := h.selects()
		adders[len(adders)-2+slices.Index(quest.TextStyles, x.Style)].SetSelectedIndex(slices.Index(refs, revealOf(x)))
		sel := h.selects()
		unlock, until := sel[len(sel)-4], sel[len(sel)-3] // the adding lists are the last two
		e := h.entries()
		n := len(e)
		typeText(e[n-6], e[n-5], x.Text)
		actions += 3
		if x.Effect.Reserve != 0 {
			e[n-4].SetText(itoa(x.Effect.Reserve))
			actions++
		}
		if x.Effect.ReserveEachTurn != 0 {
			e[n-3].SetText(itoa(x.Effect.ReserveEachTurn))
			actions++
		}
		if x.Effect.LeaderRegenerates != 0 {
			e[n-2].SetText(itoa(x.Effect.LeaderRegenerates))
			actions++
		}
		c := h.checks()
		if x.Effect.Crumble {
			c[len(c)-2].SetChecked(true)
			actions++
		}
		if x.Effect.EveryTurn {
			c[len(c)-1].SetChecked(true)
			actions++
		}
		if x.Effect.Unlock != "" {
			unlock.SetSelected(ed.q.SectionName(x.Effect.Unlock).In("en"))
			actions++
		}
		if x.Effect.Until != "" {
			i := slices.IndexFunc(ed.q.Conditions, func(c quest.Condition) bool { return c.ID == x.Effect.Until })
			until.SetSelectedIndex(i + 1)
			actions++
		}
		if h.setID(e[n-1], x.ID) {
			typedIDs = append(typedIDs, x.ID)
			actions++
		}
	}
	if !ed.valid() {
		t.Fatalf("problems: %v; missing %v", ed.probs, ed.missing)
	}
	same(t, ed.doc.Quest(), want)
	test.Tap(ed.save)
	if len(h.saved) != 1 {
		t.Fatal("Save stored nothing")
	}
	got, ps := quest.Parse("saved.toml", h.saved[0])
	if ps != nil {
		t.Fatal(ps)
	}
	same(t, got, want)
	t.Logf("%d actions; ids typed because the editor does not make them from names: %v", actions, typedIDs)
}

func itoa(n int) string { return strconv.Itoa(n) }

// A section nothing leads to shows its problem on the map (a red wall)
// and in the list under the panel, and Save waits; an exit into it fixes
// it and Save can be tapped.
func TestBrokenSectionIsShownAndBlocksSave(t *testing.T) {
	qs, _ := content.BuiltinQuests()
	tomb := qs[slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == "the-tomb-of-the-ash-king" })]
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang, fyne.NewSize(1600, 1000), tomb)
		ed := h.ed
		if !ed.valid() || ed.save.Disabled() {
			t.Fatalf("the Tomb as shipped has problems: %v", ed.probs)
		}
		// A room beside the Ash Throne, no way into it.
		ed.SetSectionKind("room")
		h.drag(36.5, 10.5, 38.5, 12.5)
		e := h.entries()
		typeText(e[0], e[1], quest.Text{"en": "Cellar", "es": "Bodega"})
		typeText(e[2], e[3], quest.Text{"en": "Damp.", "es": "Húmeda."})
		id := ed.sel.section
		if len(ed.probs) != 1 || ed.probs[0].ID != "quest.unreachable" || ed.probs[0].Ref.Section != id {
			t.Fatalf("problems %+v, want only %s unreachable", ed.probs, id)
		}
		floor := h.floorOf(id)
		if floor.StrokeColor != problemColour {
			t.Errorf("%s: the section's wall is %v, not the problem's red", lang, floor.StrokeColor)
		}
		listed := h.problemTexts()
		wantLine := ed.tr.T("quest.unreachable", map[string]any{"Section": id})
		if !strings.Contains(listed, wantLine) {
			t.Errorf("%s: the list says %q, not %q", lang, listed, wantLine)
		}
		if !ed.save.Disabled() {
			t.Errorf("%s: Save is enabled with a problem", lang)
		}
		test.Tap(ed.save)
		if len(h.saved) != 0 {
			t.Fatalf("%s: a quest with a problem was stored", lang)
		}
		// The way in: a door on the wall it shares with the Ash Throne.
		ed.SetTool("door")
		h.tap(36, 11)
		if len(ed.probs) != 0 || ed.save.Disabled() {
			t.Fatalf("%s: after the door: problems %+v, save disabled %v; status %q", lang, ed.probs, ed.save.Disabled(), ed.status.Text)
		}
		if h.floorOf(id).StrokeColor == problemColour {
			t.Errorf("%s: the fixed section is still marked", lang)
		}
		test.Tap(ed.save)
		if len(h.saved) != 1 {
			t.Fatalf("%s: Save stored nothing", lang)
		}
	}
}

// floorOf is the drawn floor of a section.
func (h *harness) floorOf(id string) *canvas.Rectangle {
	i := slices.IndexFunc(h.ed.canvas.pic.Sections, func(s drawSection) bool { return s.ID == id })
	return h.ed.canvas.floors[i]
}

func (h *harness) problemTexts() string {
	var out []string
	for _, o := range h.ed.problems.Objects {
		if l, ok := o.(*tapLabel); ok && l.Visible() {
			// A problem's line is cut to one line on screen; a tap says it
			// whole in the status line.
			test.Tap(l)
			if h.ed.status.Text != l.Text {
				h.t.Errorf("a tap on the problem %q says %q", l.Text, h.ed.status.Text)
			}
			out = append(out, l.Text)
			continue
		}
		if s := uitest.TextOf(o); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n")
}

// Every built-in quest, opened and saved: the same quest.
func TestOpenAndSaveEveryBuiltinQuest(t *testing.T) {
	qs, err := content.BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		h := newHarness(t, "en", fyne.NewSize(1280, 800), q)
		if !h.ed.valid() {
			t.Fatalf("%s: problems %v, missing %v", q.ID, h.ed.probs, h.ed.missing)
		}
		test.Tap(h.ed.save)
		if len(h.saved) != 1 {
			t.Fatalf("%s: Save stored nothing", q.ID)
		}
		got, ps := quest.Parse(q.ID+".toml", h.saved[0])
		if ps != nil {
			t.Fatalf("%s: %v", q.ID, ps)
		}
		same(t, got, q)
	}
}

// Undo and Redo, by the buttons and by the keys.
func TestUndoRedoButtonsAndKeys(t *testing.T) {
	ctrlZ := &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault}
	ctrlShiftZ := &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	for _, tc := range []struct {
		name       string
		undo, redo func(h *harness)
	}{
		{"buttons", func(h *harness) { test.Tap(h.ed.undo) }, func(h *harness) { test.Tap(h.ed.redo) }},
		{"keys", func(h *harness) { uitest.CanvasShortcut(h.win, ctrlZ) }, func(h *harness) { uitest.CanvasShortcut(h.win, ctrlShiftZ) }},
	} {
		h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
		sections := func() int { return len(h.ed.doc.Quest().Sections) }
		if !h.ed.undo.Disabled() || !h.ed.redo.Disabled() {
			t.Fatalf("%s: undo or redo enabled in a new quest", tc.name)
		}
		h.drag(1.5, 1.5, 4.5, 3.5)
		h.drag(5.5, 1.5, 7.5, 3.5)
		if sections() != 2 || h.ed.undo.Disabled() {
			t.Fatalf("%s: %d sections drawn", tc.name, sections())
		}
		tc.undo(h)
		if sections() != 1 || h.ed.redo.Disabled() {
			t.Fatalf("%s: undo left %d sections", tc.name, sections())
		}
		tc.undo(h)
		if sections() != 0 || !h.ed.undo.Disabled() {
			t.Fatalf("%s: undo left %d sections", tc.name, sections())
		}
		tc.redo(h)
		tc.redo(h)
		if sections() != 2 || !h.ed.redo.Disabled() {
			t.Fatalf("%s: redo gave %d sections", tc.name, sections())
		}
		// Moving and resizing by dragging, undone too.
		h.drag(2.5, 2.5, 2.5, 5.5) // the first section, three squares down
		s := h.ed.doc.Quest().Sections[0]
		if s.Y != 4 {
			t.Fatalf("%s: moved to y %d", tc.name, s.Y)
		}
		h.drag(float32(s.X+s.W)-0.1, float32(s.Y+s.H)-0.1, float32(s.X+s.W)+1.9, float32(s.Y+s.H)-0.1)
		if s := h.ed.doc.Quest().Sections[0]; s.W != 6 {
			t.Fatalf("%s: resized to w %d", tc.name, s.W)
		}
		tc.undo(h)
		tc.undo(h)
		if s := h.ed.doc.Quest().Sections[0]; s.Y != 1 || s.W != 4 {
			t.Fatalf("%s: undo left %+v", tc.name, s)
		}
	}
}

// The players' preview walks the quest door by door and shows only what
// the players' window shows: a section's text and red boxes, never an
// ADP note nor a hidden section.
func TestPreviewWalksDoorByDoor(t *testing.T) {
	qs, _ := content.BuiltinQuests()
	tomb := qs[slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == "the-tomb-of-the-ash-king" })]
	h := newHarness(t, "en", fyne.NewSize(1280, 800), tomb)
	test.Tap(h.ed.preview)
	p := h.ed.previewWin
	if p == nil {
		t.Fatal("no preview")
	}
	texts := func() string {
		var out []string
		walk(p.texts, func(o fyne.CanvasObject) {
			if s := uitest.TextOf(o); s != "" {
				out = append(out, s)
			}
		})
		return strings.Join(out, "\n")
	}
	if len(p.canvas.pic.Sections) != 1 || strings.Contains(texts(), "Gatehouse") {
		t.Fatalf("at the start: %d sections drawn", len(p.canvas.pic.Sections))
	}
	p.Open(1, 8) // the stair's door
	p.Open(5, 10)
	p.Open(15, 11)
	if got := len(p.canvas.pic.Sections); got != 4 {
		t.Fatalf("%d sections after three doors", got)
	}
	if !strings.Contains(texts(), "brazier of black iron") {
		t.Errorf("the Ember Shrine's text is not read: %q", texts())
	}
	p.find("shrine-secret-door") // found: its ADP note is the Conductor's only
	if strings.Contains(texts(), "ADP gains 2 reserve points") {
		t.Error("the preview shows an ADP note")
	}
	p.Open(20, 10)
	if got := len(p.canvas.pic.Sections); got != 5 {
		t.Fatalf("%d sections after the secret door", got)
	}
}

// A section's picture: a PNG from disk goes into the quest file (a data
// URI), is drawn inside the section, and can be removed; a file that is
// no picture is refused with a message.
func TestSectionPicture(t *testing.T) {
	h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
	h.drag(1.5, 1.5, 4.5, 4.5)
	id := h.ed.sel.section
	img := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	h.ed.setImage(id, buf.Bytes())
	s, _ := h.ed.doc.Quest().Section(id)
	if !strings.HasPrefix(s.Image, "data:image/") {
		t.Fatalf("image %q", s.Image)
	}
	if !h.ed.canvas.images[0].Visible() || h.ed.canvas.images[0].Image == nil {
		t.Error("the picture is not drawn in its section")
	}
	h.button(h.ed.t("ui.questedit.image_remove"))
	if s, _ := h.ed.doc.Quest().Section(id); s.Image != "" || h.ed.canvas.images[0].Visible() {
		t.Error("the picture was not removed")
	}
	h.ed.setImage(id, []byte("not a picture"))
	if h.ed.status.Importance != widget.DangerImportance || !strings.Contains(h.ed.status.Text, "cannot be used") {
		t.Errorf("a bad file says %q", h.ed.status.Text)
	}
}

// An exit or an element dragged moves; the section stays.
func TestDragExitAndElement(t *testing.T) {
	h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
	h.drag(1.5, 1.5, 3.5, 3.5) // a room 3x3 at (1, 1)
	h.drag(4.5, 1.5, 6.5, 3.5) // another beside it
	h.ed.SetTool("door")
	h.tap(4, 2)
	h.ed.SetTool("chest")
	h.tap(2.5, 2.5)
	h.ed.SetTool(toolSelect)
	h.drag(4, 2, 4, 3) // the door, one square down the wall
	h.drag(2.5, 2.5, 1.5, 1.5)
	q := h.ed.doc.Quest()
	if e := q.Sections[0].Exits[0]; e.X != 4 || e.Y != 3 {
		t.Errorf("door at %d,%d", e.X, e.Y)
	}
	if el := q.Sections[0].Elements[0]; el.X != 1 || el.Y != 1 {
		t.Errorf("chest at %d,%d", el.X, el.Y)
	}
	if s := q.Sections[0]; s.X != 1 || s.Y != 1 {
		t.Errorf("the section moved to %d,%d", s.X, s.Y)
	}
}

// A section just drawn has its name's field focused, and Tab goes from
// field to field, through the texts of several lines too: a section is
// typed in without the mouse.
func TestNewSectionIsTypedByKeyboard(t *testing.T) {
	h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
	h.drag(1.5, 1.5, 3.5, 3.5)
	c := h.win.Canvas()
	for _, s := range []string{"Crypt", "Cripta", "Coffins.", "Ataúdes."} {
		f, ok := c.Focused().(*widget.Entry)
		if m, isText := c.Focused().(*textEntry); isText {
			f, ok = &m.Entry, true
		}
		if !ok {
			t.Fatalf("typing %q: the focus is on %T", s, c.Focused())
		}
		test.Type(c.Focused(), s)
		_ = f
		c.FocusNext()
	}
	got, _ := h.ed.doc.Quest().Section(h.ed.sel.section)
	want := quest.Text{"en": "Crypt", "es": "Cripta"}
	if !reflect.DeepEqual(got.Name, want) || got.Text["en"] != "Coffins." || got.Text["es"] != "Ataúdes." {
		t.Fatalf("section %+v", got)
	}
}

// Typing a name key by key is one step to undo, not one a key.
func TestTypingIsOneUndoStep(t *testing.T) {
	h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
	h.drag(1.5, 1.5, 3.5, 3.5)
	name := h.entries()[0]
	test.Type(name, "Crypt")
	if s := h.ed.doc.Quest().Sections[0]; s.Name["en"] != "Crypt" {
		t.Fatalf("name %q", s.Name["en"])
	}
	test.Tap(h.ed.undo)
	if s := h.ed.doc.Quest().Sections[0]; s.Name["en"] != "" {
		t.Fatalf("one undo left the name %q", s.Name["en"])
	}
	test.Tap(h.ed.undo)
	if n := len(h.ed.doc.Quest().Sections); n != 0 {
		t.Fatalf("two undos left %d sections", n)
	}
}

// The panel's title follows the section's name as it is typed (in the
// editor's language), while the panel itself stays as it is.
func TestSectionTitleFollowsItsName(t *testing.T) {
	h := newHarness(t, "es", fyne.NewSize(1280, 800), nil)
	h.drag(1.5, 1.5, 3.5, 3.5)
	entries := h.entries()
	en, es := entries[0], entries[1]
	test.Type(en, "Crypt")
	test.Type(es, "Cripta")
	title, ok := h.ed.panel.Objects[0].(*widget.RichText)
	if !ok {
		t.Fatalf("the panel starts with %T", h.ed.panel.Objects[0])
	}
	if got := title.String(); got != "Cripta" {
		t.Fatalf("the title says %q", got)
	}
	if h.entries()[0] != en {
		t.Fatal("the panel was built again while typing")
	}
}
