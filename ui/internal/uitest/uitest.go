// Package uitest helps the UI's tests: a store in memory and ways to find
// what a window draws.
package uitest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
)

// MemStore keeps games in memory and can be told to fail saves. It keeps
// imported content files (quests, factions) as the store does.
type MemStore struct {
	Created  map[int64]engine.Play // each game as it was created
	Records  map[int64][]engine.Record
	Settings map[string]string
	FailSave bool
	// Content holds imported content files by kind ("faction"), by id.
	Content map[string]map[string][]byte

	setups, content map[int64][]byte
	modules         map[int64]string
}

// NewMemStore is an empty store.
func NewMemStore() *MemStore {
	return &MemStore{Created: map[int64]engine.Play{}, Records: map[int64][]engine.Record{}, Settings: map[string]string{},
		setups: map[int64][]byte{}, content: map[int64][]byte{}, modules: map[int64]string{}}
}

func (m *MemStore) CreateGame(name string, g engine.Play) (int64, error) {
	setup, err := g.SetupJSON()
	if err != nil {
		return 0, err
	}
	id := int64(len(m.Created) + 1)
	m.Created[id], m.setups[id], m.content[id], m.modules[id] = g, setup, g.Content(), g.Module()
	return id, nil
}

func (m *MemStore) Append(id int64, r engine.Record, _ []engine.Message) error {
	if m.FailSave {
		return errors.New("disk full")
	}
	m.Records[id] = append(m.Records[id], r)
	return nil
}

func (m *MemStore) SaveSnapshot(int64, engine.Snapshot) error { return nil }

func (m *MemStore) LoadGame(id int64) (engine.Play, error) {
	mod, err := engine.Find(m.modules[id])
	if err != nil {
		return nil, err
	}
	return mod.Resume(m.setups[id], m.content[id], slices.Clone(m.Records[id]), nil)
}

// ImportContent checks a content file with its module (data.CheckContent)
// and stores it under the id it gives.
func (m *MemStore) ImportContent(kind, file string, source []byte) (string, error) {
	id, err := data.CheckContent(kind, file, source)
	if err != nil {
		return "", err
	}
	if m.Content == nil {
		m.Content = map[string]map[string][]byte{}
	}
	if m.Content[kind] == nil {
		m.Content[kind] = map[string][]byte{}
	}
	m.Content[kind][id] = slices.Clone(source)
	return id, nil
}

// ContentFiles are the stored content files of a kind, by id.
func (m *MemStore) ContentFiles(kind string) ([]data.ContentFile, error) {
	var out []data.ContentFile
	for id, b := range m.Content[kind] {
		out = append(out, data.ContentFile{Name: id + ".toml", Data: b})
	}
	slices.SortFunc(out, func(a, b data.ContentFile) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (m *MemStore) Setting(k string) (string, bool, error) { v, ok := m.Settings[k]; return v, ok, nil }
func (m *MemStore) SetSetting(k, v string) error           { m.Settings[k] = v; return nil }

// WalkVisible visits every visible object drawn under o, widgets' parts included.
func WalkVisible(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			WalkVisible(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			WalkVisible(c, visit)
		}
	}
}

// OnScreen is the window's content and its dialogs.
func OnScreen(w fyne.Window) []fyne.CanvasObject {
	return append([]fyne.CanvasObject{w.Canvas().Content()}, w.Canvas().Overlays().List()...)
}

// VisibleTexts lists every piece of text drawn in the window, dialogs included.
func VisibleTexts(w fyne.Window) []string {
	var out []string
	for _, root := range OnScreen(w) {
		WalkVisible(root, func(o fyne.CanvasObject) {
			if x, ok := o.(*canvas.Text); ok && x.Text != "" {
				out = append(out, x.Text)
			}
		})
	}
	return out
}

// TextOf is the text drawn inside one object, its lines joined.
func TextOf(o fyne.CanvasObject) string {
	var out []string
	WalkVisible(o, func(x fyne.CanvasObject) {
		if t, ok := x.(*canvas.Text); ok && t.Text != "" {
			out = append(out, t.Text)
		}
	})
	return strings.Join(out, " ")
}

// TextsIn lists the text drawn in one window, joined as read.
func TextsIn(w fyne.Window) string { return strings.Join(VisibleTexts(w), " ") }

// HasText reports whether want is drawn in the window; wrapped text is
// drawn line by line, so the lines are joined first.
func HasText(w fyne.Window, want string) bool {
	return strings.Contains(TextsIn(w), want)
}

// asButton is a widget that is a button underneath (ui.WrapButton).
type asButton interface{ AsButton() *widget.Button }

// ButtonOf is o as a button, when it is one.
func ButtonOf(o fyne.CanvasObject) (*widget.Button, bool) {
	switch b := o.(type) {
	case *widget.Button:
		return b, true
	case asButton:
		return b.AsButton(), true
	}
	return nil, false
}

// asCheck is a widget that is a check box underneath (ui.WrapCheck).
type asCheck interface{ AsCheck() *widget.Check }

// CheckOf is o as a check box, when it is one.
func CheckOf(o fyne.CanvasObject) (*widget.Check, bool) {
	switch c := o.(type) {
	case *widget.Check:
		return c, true
	case asCheck:
		return c.AsCheck(), true
	}
	return nil, false
}

// FindButton is the first visible button whose label starts with prefix, or nil.
func FindButton(w fyne.Window, prefix string) *widget.Button {
	var found *widget.Button
	for _, root := range OnScreen(w) {
		WalkVisible(root, func(o fyne.CanvasObject) {
			if b, ok := ButtonOf(o); ok && found == nil && strings.HasPrefix(b.Text, prefix) {
				found = b
			}
		})
	}
	return found
}

// Button is the first visible button whose label starts with prefix; the
// test fails without one.
func Button(t *testing.T, w fyne.Window, prefix string) *widget.Button {
	t.Helper()
	b := FindButton(w, prefix)
	if b == nil {
		t.Fatalf("no button %q on screen: %q", prefix, VisibleTexts(w))
	}
	return b
}

// TapInDialog taps the button of the top dialog whose label starts with prefix.
func TapInDialog(t *testing.T, w fyne.Window, prefix string) {
	t.Helper()
	var found *widget.Button
	WalkVisible(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := ButtonOf(o); ok && found == nil && strings.HasPrefix(b.Text, prefix) {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no %q in the dialog: %q", prefix, VisibleTexts(w))
	}
	test.Tap(found)
}

// FirstChoice taps the first button of a prompt card's box.
func FirstChoice(t *testing.T, prompt *fyne.Container) {
	t.Helper()
	for _, o := range prompt.Objects {
		if b, ok := ButtonOf(o); ok {
			test.Tap(b)
			return
		}
	}
	t.Fatal("the prompt offers no choice")
}

// DrawnText is a piece of text as the window draws it: where its glyphs
// are, in the window's coordinates, cut to the scroll regions around it.
type DrawnText struct {
	Text string
	Pos  fyne.Position
	Size fyne.Size
	// Spills says the text is drawn outside the label it belongs to: its
	// label is shorter than its lines, and what is below is drawn over it.
	Spills bool
}

// DrawnTexts lists the text drawn on screen under root (at origin), with
// the rectangle its glyphs take; text scrolled out of sight is left out.
func DrawnTexts(root fyne.CanvasObject, origin fyne.Position, clip fyne.Size) []DrawnText {
	var d textWalk
	d.walk(root, origin.Subtract(root.Position()), box{origin, origin.Add(fyne.NewPos(clip.Width, clip.Height))}, nil)
	return d.out
}

// box is a rectangle on the screen: a clip, or a label's bounds.
type box struct{ min, max fyne.Position }

// textWalk gathers the texts drawn under an object.
type textWalk struct{ out []DrawnText }

func (d *textWalk) walk(o fyne.CanvasObject, parent fyne.Position, cl box, label *box) {
	if o == nil || !o.Visible() {
		return
	}
	at := parent.Add(o.Position())
	switch x := o.(type) {
	case *canvas.Text:
		if t, ok := drawnText(x, at, cl, label); ok {
			d.out = append(d.out, t)
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			d.walk(c, at, cl, label)
		}
	case fyne.Widget:
		cl, label = widgetBounds(o, at, cl, label)
		for _, c := range test.WidgetRenderer(x).Objects() {
			d.walk(c, at, cl, label)
		}
	}
}

// widgetBounds are the clip and the label the texts of widget o (at at)
// are drawn in: a scroll region (a scroll container, a list) clips what
// is outside it; a rich text is the label its lines belong to.
func widgetBounds(o fyne.CanvasObject, at fyne.Position, cl box, label *box) (box, *box) {
	if _, ok := o.(fyne.Scrollable); ok {
		cl = box{fyne.NewPos(max(cl.min.X, at.X), max(cl.min.Y, at.Y)),
			fyne.NewPos(min(cl.max.X, at.X+o.Size().Width), min(cl.max.Y, at.Y+o.Size().Height))}
		label = nil
	}
	if _, ok := o.(*widget.RichText); ok {
		label = &box{at, at.Add(fyne.NewPos(o.Size().Width, o.Size().Height))}
		if o.Size().IsZero() {
			label = nil // never laid out (a dialog's title): drawn as it comes
		}
	}
	return cl, label
}

// drawnText is text x at at as drawn inside clip cl; false when blank or
// out of sight.
func drawnText(x *canvas.Text, at fyne.Position, cl box, label *box) (DrawnText, bool) {
	if strings.TrimSpace(x.Text) == "" {
		return DrawnText{}, false
	}
	m := x.MinSize()
	dx, dy := float32(0), float32(0)
	switch x.Alignment {
	case fyne.TextAlignTrailing:
		dx = x.Size().Width - m.Width
	case fyne.TextAlignCenter:
		dx = (x.Size().Width - m.Width) / 2
	}
	if x.Size().Height > m.Height {
		dy = (x.Size().Height - m.Height) / 2
	}
	// The glyphs: the line box less a little room above capitals and
	// below descenders.
	w := fyne.MeasureText(x.Text, x.TextSize, x.TextStyle).Width
	p0 := fyne.NewPos(at.X+dx, at.Y+dy+m.Height*0.15)
	p1 := fyne.NewPos(at.X+dx+w, at.Y+dy+m.Height*0.85)
	q0 := fyne.NewPos(max(p0.X, cl.min.X), max(p0.Y, cl.min.Y))
	q1 := fyne.NewPos(min(p1.X, cl.max.X), min(p1.Y, cl.max.Y))
	if q1.X <= q0.X || q1.Y <= q0.Y {
		return DrawnText{}, false // out of sight
	}
	spills := label != nil && (p1.Y > label.max.Y+1 || p0.Y < label.min.Y-1)
	return DrawnText{Text: x.Text, Pos: q0, Size: fyne.NewSize(q1.X-q0.X, q1.Y-q0.Y), Spills: spills}, true
}

// OverlappingTexts lists the texts drawn over each other in the window's
// content and in each dialog (a dialog covers the content: only its own
// texts are compared), and the wrapped lines drawn outside their label.
func OverlappingTexts(w fyne.Window) []string {
	var out []string
	size := w.Canvas().Size()
	for _, root := range OnScreen(w) {
		texts := DrawnTexts(root, root.Position(), size)
		for i, a := range texts {
			if a.Spills {
				out = append(out, fmt.Sprintf("%q at %v+%v is drawn outside its label", a.Text, a.Pos, a.Size))
			}
			for _, b := range texts[i+1:] {
				if a.Pos.X < b.Pos.X+b.Size.Width && b.Pos.X < a.Pos.X+a.Size.Width &&
					a.Pos.Y < b.Pos.Y+b.Size.Height && b.Pos.Y < a.Pos.Y+a.Size.Height {
					out = append(out, fmt.Sprintf("%q at %v+%v over %q at %v+%v", a.Text, a.Pos, a.Size, b.Text, b.Pos, b.Size))
				}
			}
		}
	}
	return out
}

// minSizes are the minimum sizes Settle saw last, by window.
var minSizes = map[fyne.Window]map[fyne.CanvasObject]fyne.Size{}

// Settle does for a test window what the real driver does before each
// frame: an object whose minimum size changed since the last look (a
// wrapped label given a new width) has its parent laid out again, until
// nothing changes. The test driver lays out only on a resize.
func Settle(w fyne.Window) {
	st := settler{seen: minSizes[w]}
	if st.seen == nil {
		st.seen = map[fyne.CanvasObject]fyne.Size{}
		minSizes[w] = st.seen
	}
	for range 20 {
		st.changed = false
		for _, root := range OnScreen(w) {
			st.visit(root)
		}
		if !st.changed {
			return
		}
	}
}

// settler lays out again what Settle finds changed.
type settler struct {
	seen    map[fyne.CanvasObject]fyne.Size
	changed bool
}

// visit reports whether o's minimum size changed; it lays out o again
// when one of its children's did.
func (st *settler) visit(o fyne.CanvasObject) bool {
	if o == nil || !o.Visible() {
		return false
	}
	relayout := false
	for _, k := range children(o) {
		if st.visit(k) {
			relayout = true
		}
	}
	if relayout {
		st.changed = true
		layOut(o)
	}
	m := o.MinSize()
	old, ok := st.seen[o]
	st.seen[o] = m
	return !ok || old != m
}

// children are what a container holds or a widget's renderer draws.
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case fyne.Widget:
		return test.WidgetRenderer(x).Objects()
	}
	return nil
}

// layOut lays o's children out again at its size.
func layOut(o fyne.CanvasObject) {
	switch x := o.(type) {
	case *fyne.Container:
		if x.Layout != nil {
			x.Layout.Layout(x.Objects, x.Size())
		}
	case fyne.Widget:
		test.WidgetRenderer(x).Layout(x.Size())
	}
}

// TypeRune types r as the real driver does: into the focused control when
// there is one, to the window's shortcut keys otherwise.
func TypeRune(w fyne.Window, r rune) {
	if f := w.Canvas().Focused(); f != nil {
		f.TypedRune(r)
		return
	}
	if typed := w.Canvas().OnTypedRune(); typed != nil {
		typed(r)
	}
}

// TypeShortcut types a shortcut (Ctrl+Z) as the real driver does: to the
// focused control when it takes shortcuts (a text field), to the window's
// shortcuts otherwise.
func TypeShortcut(w fyne.Window, s fyne.Shortcut) {
	if f, ok := w.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	if c := shortcutable(w.Canvas()); c != nil {
		c.TypedShortcut(s)
	}
}

// CanvasShortcut types a shortcut to the window's own shortcuts, whatever
// has the focus.
func CanvasShortcut(w fyne.Window, s fyne.Shortcut) {
	shortcutable(w.Canvas()).TypedShortcut(s)
}

// shortcutable is the canvas's shortcut handler: the test driver's canvas
// keeps it in the canvas it wraps.
func shortcutable(c fyne.Canvas) fyne.Shortcutable {
	if s, ok := c.(fyne.Shortcutable); ok {
		return s
	}
	v := reflect.ValueOf(c)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		if f := v.FieldByName("WindowlessCanvas"); f.IsValid() && f.CanInterface() {
			if s, ok := f.Interface().(fyne.Shortcutable); ok {
				return s
			}
		}
	}
	return nil
}

// Keyed is a visible button whose label ends with its shortcut: "Start
// turn 2  [N]" has the key "N", "Redo  [Ctrl+Shift+Z]" "Ctrl+Shift+Z".
type Keyed struct {
	Button *widget.Button
	Key    string
}

// KeyedButtons are the visible buttons that show a shortcut, dialogs
// included.
func KeyedButtons(w fyne.Window) []Keyed {
	var out []Keyed
	for _, root := range OnScreen(w) {
		WalkVisible(root, func(o fyne.CanvasObject) {
			b, ok := ButtonOf(o)
			if !ok || !strings.HasSuffix(b.Text, "]") {
				return
			}
			if i := strings.LastIndex(b.Text, "  ["); i >= 0 {
				out = append(out, Keyed{b, b.Text[i+3 : len(b.Text)-1]})
			}
		})
	}
	return out
}

// CheckKeys fails when two visible buttons show the same key, or when
// typing a button's key (press types it) does not tap that very button: an
// enabled button once, a disabled one not at all, and nothing else (changed
// says whether anything else happened, such as an event applied). It
// returns the keys it checked.
func CheckKeys(t *testing.T, w fyne.Window, press func(key string), changed func() bool) []string {
	t.Helper()
	keyed := KeyedButtons(w)
	seen := map[string]string{}
	var keys []string
	for _, k := range keyed {
		if other, dup := seen[strings.ToUpper(k.Key)]; dup {
			t.Errorf("two buttons show the key %s: %q and %q", k.Key, other, k.Button.Text)
			continue
		}
		seen[strings.ToUpper(k.Key)] = k.Button.Text
		keys = append(keys, k.Key)
	}
	for _, k := range keyed {
		tapped := k.Button.OnTapped
		hits := 0
		k.Button.OnTapped = func() { hits++ }
		press(k.Key)
		k.Button.OnTapped = tapped
		want := 1
		if k.Button.Disabled() {
			want = 0
		}
		if hits != want {
			t.Errorf("the key %s shown on %q tapped it %d times, want %d", k.Key, k.Button.Text, hits, want)
		}
		if changed() {
			t.Errorf("the key %s shown on %q did something else", k.Key, k.Button.Text)
		}
	}
	return keys
}
