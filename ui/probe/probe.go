// Package probe lets the real-input tests (ui/realinput) see the running
// app as a person does. With CONDUCTOR_PROBE=FILE set, it writes every
// shown control of every window to FILE as JSON, a few times a second
// while the screen changes: its kind, its name (given with Name), its
// text, and its rectangle in the window, with whether it is wholly on
// screen (inside the window and every scrolled area around it). The tests
// then click and type where a person would, through the X server, and
// read the result back from the same file. Without the variable nothing
// runs and Name and Value do nothing.
package probe

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"sync"
	"time"
	_ "unsafe" // go:linkname, for a widget's renderer (its children)

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// Env is the variable that turns the probe on: the file to write.
const Env = "CONDUCTOR_PROBE"

var (
	path  = os.Getenv(Env)
	mu    sync.Mutex
	names = map[fyne.CanvasObject]string{}
	vals  = map[string]func() string{}
)

// Enabled says whether the probe runs (only under the real-input tests).
func Enabled() bool { return path != "" }

// Name gives a control the name the tests find it by, and returns it.
func Name[T fyne.CanvasObject](o T, name string) T {
	if path != "" {
		mu.Lock()
		names[o] = name
		mu.Unlock()
	}
	return o
}

// Value publishes a value of the model under a name (a quest's text as
// the editor holds it, say), read on the main thread at each write.
func Value(name string, f func() string) {
	if path != "" {
		mu.Lock()
		vals[name] = f
		mu.Unlock()
	}
}

// Object is one control or text as the probe file gives it.
type Object struct {
	Kind        string  `json:"kind"`
	Name        string  `json:"name,omitempty"`
	Text        string  `json:"text,omitempty"`
	PlaceHolder string  `json:"placeholder,omitempty"`
	Selected    string  `json:"selected,omitempty"`
	Checked     bool    `json:"checked,omitempty"`
	Disabled    bool    `json:"disabled,omitempty"`
	Focused     bool    `json:"focused,omitempty"`
	X           float32 `json:"x"`
	Y           float32 `json:"y"`
	W           float32 `json:"w"`
	H           float32 `json:"h"`
	// OnScreen: wholly inside the window and every scrolled area around
	// it; Layer: 0 the window's content, 1… its pop-ups and dialogs.
	OnScreen bool `json:"on_screen"`
	Layer    int  `json:"layer"`
	// MinW is the control's or text's smallest width (its MinSize); Cut
	// says a control's text does not fit: the control is smaller than it
	// needs, or its text is longer than it shows (a select's choice, a
	// label cut with "…"). Both are for texts and controls with a text.
	MinW float32 `json:"min_w,omitempty"`
	Cut  bool    `json:"cut,omitempty"`
}

// Window is one window's controls.
type Window struct {
	Title   string   `json:"title"`
	W       float32  `json:"w"`
	H       float32  `json:"h"`
	Scale   float32  `json:"scale"`
	Objects []Object `json:"objects"`
}

// Dump is the whole file.
type Dump struct {
	Seq     int               `json:"seq"`
	Windows []Window          `json:"windows"`
	Values  map[string]string `json:"values,omitempty"`
}

// Start writes the file while the app runs, from the main thread, every
// 50 ms when anything changed.
func Start(a fyne.App) {
	if path == "" {
		return
	}
	go func() {
		var last []byte
		seq := 0
		for range time.Tick(50 * time.Millisecond) {
			fyne.DoAndWait(func() {
				d := snapshot(a)
				body, err := json.Marshal(d) // compared without the counter
				if err != nil || bytes.Equal(body, last) {
					return
				}
				last, seq = body, seq+1
				d.Seq = seq
				b, _ := json.Marshal(d)
				tmp := path + ".tmp"
				if os.WriteFile(tmp, b, 0o644) == nil {
					_ = os.Rename(tmp, path)
				}
			})
		}
	}()
}

func snapshot(a fyne.App) Dump {
	mu.Lock()
	defer mu.Unlock()
	var d Dump
	for _, w := range a.Driver().AllWindows() {
		c := w.Canvas()
		size := c.Size()
		win := Window{Title: w.Title(), W: size.Width, H: size.Height, Scale: c.Scale()}
		screen := rect{0, 0, size.Width, size.Height}
		wk := walker{focused: c.Focused(), out: &win.Objects}
		if c.Content() != nil {
			wk.walk(c.Content(), fyne.Position{}, screen, 0)
		}
		for i, o := range c.Overlays().List() {
			wk.walk(o, fyne.Position{}, screen, i+1)
		}
		d.Windows = append(d.Windows, win)
	}
	if len(vals) > 0 {
		d.Values = map[string]string{}
		for k, f := range vals {
			d.Values[k] = f()
		}
	}
	return d
}

type rect struct{ x, y, x2, y2 float32 }

func (r rect) and(o rect) rect {
	return rect{max(r.x, o.x), max(r.y, o.y), min(r.x2, o.x2), min(r.y2, o.y2)}
}

func (r rect) holds(o rect) bool {
	const e = 0.5 // rounding
	return o.x >= r.x-e && o.y >= r.y-e && o.x2 <= r.x2+e && o.y2 <= r.y2+e && r.x2 > r.x && r.y2 > r.y
}

type walker struct {
	focused fyne.Focusable
	out     *[]Object
}

//go:linkname renderer fyne.io/fyne/v2/internal/cache.Renderer
func renderer(fyne.Widget) fyne.WidgetRenderer

func (wk walker) walk(o fyne.CanvasObject, origin fyne.Position, clip rect, layer int) {
	if o == nil || !o.Visible() {
		return
	}
	pos := origin.Add(o.Position())
	size := o.Size()
	r := rect{pos.X, pos.Y, pos.X + size.Width, pos.Y + size.Height}
	if name, known := names[o]; known || recorded(o) {
		*wk.out = append(*wk.out, wk.describe(o, name, r, clip, layer))
	}
	if isScroll(o) {
		clip = clip.and(r)
	}
	switch t := o.(type) {
	case *fyne.Container:
		for _, c := range t.Objects {
			wk.walk(c, pos, clip, layer)
		}
	case fyne.Widget:
		if rd := renderer(t); rd != nil {
			for _, c := range rd.Objects() {
				wk.walk(c, pos, clip, layer)
			}
		}
	}
}

// recorded: what a test may look for without a name: text on screen and
// whatever takes a tap, a click or the focus.
func recorded(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *canvas.Text, fyne.Tappable, fyne.Focusable:
		return true
	}
	return false
}

func isScroll(o fyne.CanvasObject) bool {
	if _, ok := o.(*container.Scroll); ok {
		return true
	}
	return strings.HasSuffix(reflect.TypeOf(o).String(), ".Scroll")
}

func (wk walker) describe(o fyne.CanvasObject, name string, r, clip rect, layer int) Object {
	t := reflect.TypeOf(o)
	kind := strings.TrimPrefix(t.String(), "*")
	if _, ok := o.(*canvas.Text); ok {
		kind = "text"
	}
	ob := Object{Kind: kind, Name: name, X: r.x, Y: r.y, W: r.x2 - r.x, H: r.y2 - r.y,
		OnScreen: clip.holds(r), Layer: layer}
	if f, ok := o.(fyne.Focusable); ok && wk.focused != nil && f == wk.focused {
		ob.Focused = true
	}
	if d, ok := o.(fyne.Disableable); ok {
		ob.Disabled = d.Disabled()
	}
	if v, ok := structOf(o); ok {
		readFields(&ob, v)
	}
	if ob.Text == "" {
		if s, ok := o.(interface{ String() string }); ok {
			ob.Text = s.String()
		}
	}
	switch {
	case ob.Kind == "text":
		ob.MinW = o.MinSize().Width // its size may be its row's, wider than it
	case ob.Text != "" || ob.Selected != "" || ob.PlaceHolder != "":
		fits(&ob, o)
	}
	return ob
}

// fits sets a control's MinW and Cut (Object).
func fits(ob *Object, o fyne.CanvasObject) {
	const e = 0.5 // rounding
	need, size := o.MinSize(), o.Size()
	ob.MinW = need.Width
	if w := shownTextWidth(ob, o); w > need.Width {
		need.Width = w
	}
	ob.Cut = need.Width > size.Width+e || need.Height > size.Height+e
}

// shownTextWidth is the width a control needs to show its whole text
// where its MinSize does not say it: a select's choice (its MinSize is
// its placeholder's), an empty one-line box's hint, a label that cuts its
// text with "…"; else 0.
func shownTextWidth(ob *Object, o fyne.CanvasObject) float32 {
	v, ok := structOf(o)
	if !ok {
		return 0
	}
	pad, text := theme.InnerPadding(), theme.TextSize()
	if f := v.FieldByName("Options"); f.IsValid() && ob.Selected != "" {
		// As widget.Select lays out its label: the icon and paddings beside.
		return fyne.MeasureText(ob.Selected, text, fyne.TextStyle{}).Width + pad + 3*theme.Padding() + theme.IconInlineSize()
	}
	if f := v.FieldByName("MultiLine"); f.IsValid() && !f.Bool() && ob.Text == "" && ob.PlaceHolder != "" {
		return fyne.MeasureText(ob.PlaceHolder, text, fyne.TextStyle{}).Width + pad*2 // an empty box's hint
	}
	return truncatedWidth(ob, v)
}

// truncatedWidth is the width a label that cuts its text with "…" needs
// to show it whole; 0 for one that does not cut it.
func truncatedWidth(ob *Object, v reflect.Value) float32 {
	pad, text := theme.InnerPadding(), theme.TextSize()
	f := v.FieldByName("Truncation")
	if !f.IsValid() || f.Kind() != reflect.Int || f.Int() == int64(fyne.TextTruncateOff) {
		return 0
	}
	var style fyne.TextStyle
	if f := v.FieldByName("TextStyle"); f.IsValid() && f.CanInterface() {
		style, _ = f.Interface().(fyne.TextStyle)
	}
	w := float32(0)
	for line := range strings.Lines(ob.Text) {
		w = max(w, fyne.MeasureText(strings.TrimSuffix(line, "\n"), text, style).Width)
	}
	return w + pad*2
}

// structOf is the struct o points at; false when there is none.
func structOf(o fyne.CanvasObject) (reflect.Value, bool) {
	v := reflect.ValueOf(o)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return v, false
		}
		v = v.Elem()
	}
	return v, v.Kind() == reflect.Struct
}

// readFields copies a control's text, placeholder, selection and check
// from its struct's fields of those names.
func readFields(ob *Object, v reflect.Value) {
	str := func(field string) string {
		if f := v.FieldByName(field); f.IsValid() && f.Kind() == reflect.String {
			return f.String()
		}
		return ""
	}
	ob.Text, ob.PlaceHolder, ob.Selected = str("Text"), str("PlaceHolder"), str("Selected")
	if f := v.FieldByName("Checked"); f.IsValid() && f.Kind() == reflect.Bool {
		ob.Checked = f.Bool()
	}
}
