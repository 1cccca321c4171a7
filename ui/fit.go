package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui/probe"
)

// WrapButton is a button whose label wraps at word breaks instead of
// widening its column: a long Spanish choice or a large number never pushes
// the window wider than the screen. It is a widget.Button in every other way
// (Text, Importance, OnTapped, Enable, Disable).
type WrapButton struct {
	widget.Button
}

// NewWrapButton is a button labelled text that wraps when space is short.
func NewWrapButton(text string, tap func()) *WrapButton {
	b := &WrapButton{}
	b.Text, b.OnTapped = text, tap
	b.ExtendBaseWidget(b)
	return b
}

// TypedRune presses the button on Space and hands any other key to the
// window's shortcuts: a button reached by Tab does not swallow them.
func (b *WrapButton) TypedRune(r rune) {
	if r == ' ' {
		b.Button.TypedRune(r)
		return
	}
	ForwardRune(b, r)
}

// AsButton is the button itself, for tests that look buttons up.
func (b *WrapButton) AsButton() *widget.Button { return &b.Button }

// wrapMinWidth is the narrowest a wrapping button gets, padding included.
const wrapMinWidth = 96

// CreateRenderer draws the button as widget.Button does, with its label
// wrapped to the width it is given.
func (b *WrapButton) CreateRenderer() fyne.WidgetRenderer {
	b.ExtendBaseWidget(b)
	inner := b.Button.CreateRenderer()
	r := &wrapButtonRenderer{WidgetRenderer: inner, b: b}
	for _, o := range inner.Objects() {
		if t, ok := o.(*widget.RichText); ok {
			r.label = t
			t.Wrapping = fyne.TextWrapWord
		}
	}
	return r
}

type wrapButtonRenderer struct {
	fyne.WidgetRenderer
	b     *WrapButton
	label *widget.RichText
}

func (r *wrapButtonRenderer) pad() float32 {
	return r.b.Theme().Size(theme.SizeNameInnerPadding) * 2
}

func (r *wrapButtonRenderer) MinSize() fyne.Size {
	if r.label == nil || r.b.Icon != nil {
		return r.WidgetRenderer.MinSize()
	}
	th := r.b.Theme()
	pad := r.pad()
	one := fyne.MeasureText(r.b.Text, th.Size(theme.SizeNameText), fyne.TextStyle{Bold: true})
	w := min(one.Width+pad+2, wrapMinWidth)
	if width := r.b.Size().Width - pad; width > 1 {
		r.label.Resize(fyne.NewSize(width, r.label.Size().Height))
	} else {
		return fyne.NewSize(w, one.Height+pad)
	}
	return fyne.NewSize(w, r.label.MinSize().Height+pad-2*th.Size(theme.SizeNameInnerPadding)+pad)
}

func (r *wrapButtonRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	if r.label == nil || r.b.Icon != nil {
		return
	}
	pad := r.pad()
	width := max(size.Width-pad, 1)
	r.label.Resize(fyne.NewSize(width, r.label.MinSize().Height))
	h := r.label.MinSize().Height
	r.label.Resize(fyne.NewSize(width, h))
	r.label.Move(fyne.NewPos(pad/2, (size.Height-h)/2))
}

func (r *wrapButtonRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.Layout(r.b.Size())
}

// FitText is a large number or word that shrinks to fit its column instead
// of widening it: the reserve stays whole and in sight on a narrow window.
type FitText struct {
	widget.BaseWidget
	Text     string
	TextSize float32 // the size it is drawn at when there is room
	Color    color.Color
	Bold     bool
	text     *canvas.Text
}

// NewFitText draws s at size, smaller when the space is narrower.
func NewFitText(s string, size float32, c color.Color) *FitText {
	f := &FitText{Text: s, TextSize: size, Color: c, Bold: true}
	f.ExtendBaseWidget(f)
	return f
}

// SetText shows s.
func (f *FitText) SetText(s string) {
	if f.Text == s {
		return
	}
	f.Text = s
	f.Refresh()
}

// Drawn is the text as drawn (its size shows how much it shrank).
func (f *FitText) Drawn() *canvas.Text {
	f.ExtendBaseWidget(f)
	return cacheText(f)
}

func cacheText(f *FitText) *canvas.Text {
	if f.text == nil {
		f.text = canvas.NewText(f.Text, f.Color)
		f.text.Alignment = fyne.TextAlignCenter
		f.text.TextSize = f.TextSize
	}
	return f.text
}

func (f *FitText) CreateRenderer() fyne.WidgetRenderer {
	return &fitTextRenderer{f: f, text: cacheText(f)}
}

type fitTextRenderer struct {
	f    *FitText
	text *canvas.Text
}

// fitMinWidth is the narrowest a FitText asks for.
const fitMinWidth = 80

func (r *fitTextRenderer) MinSize() fyne.Size {
	r.text.TextStyle.Bold = r.f.Bold
	one := fyne.MeasureText(r.f.Text, r.f.TextSize, r.text.TextStyle)
	return fyne.NewSize(min(one.Width, fitMinWidth), one.Height)
}

func (r *fitTextRenderer) Layout(size fyne.Size) {
	r.text.TextStyle.Bold = r.f.Bold
	r.text.Text = r.f.Text
	r.text.TextSize = r.f.TextSize
	if one := fyne.MeasureText(r.f.Text, r.f.TextSize, r.text.TextStyle); one.Width > size.Width && one.Width > 0 {
		r.text.TextSize = max(r.f.TextSize*size.Width/one.Width*0.98, 8)
		// Glyphs do not scale quite in proportion: a few steps down at most.
		for range 10 {
			if r.text.TextSize <= 8 || fyne.MeasureText(r.f.Text, r.text.TextSize, r.text.TextStyle).Width <= size.Width {
				break
			}
			r.text.TextSize = max(r.text.TextSize*0.95, 8)
		}
	}
	r.text.Resize(size)
	r.text.Move(fyne.NewPos(0, 0))
}

func (r *fitTextRenderer) Refresh() {
	r.text.Color = r.f.Color
	r.Layout(r.f.Size())
	r.text.Refresh()
}

func (r *fitTextRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.text} }
func (r *fitTextRenderer) Destroy()                     {}

// WrapCheck is a check box whose text wraps instead of widening its column.
// A tap never takes the keyboard focus, and keys typed while it has the focus
// (after Tab) still reach the screen's shortcuts: only Space toggles it.
type WrapCheck struct {
	widget.Check
}

// NewWrapCheck is a check box labelled text.
func NewWrapCheck(text string, changed func(bool)) *WrapCheck {
	c := &WrapCheck{}
	c.Text, c.OnChanged = text, changed
	c.ExtendBaseWidget(c)
	return c
}

// AsCheck is the check box itself.
func (c *WrapCheck) AsCheck() *widget.Check { return &c.Check }

// Tapped toggles the box, wherever its line is tapped, keeping the focus
// where it was.
func (c *WrapCheck) Tapped(*fyne.PointEvent) {
	if !c.Disabled() {
		c.SetChecked(!c.Checked)
	}
}

// TypedRune toggles on Space and hands any other key to the shortcuts.
func (c *WrapCheck) TypedRune(r rune) {
	if r == ' ' {
		c.Check.TypedRune(r)
		return
	}
	ForwardRune(c, r)
}

// ForwardRune hands a key typed into a focused control to the shortcuts of
// the window o is in.
func ForwardRune(o fyne.CanvasObject, r rune) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil {
		if f := c.OnTypedRune(); f != nil {
			f(r)
		}
	}
}

func (c *WrapCheck) CreateRenderer() fyne.WidgetRenderer {
	c.ExtendBaseWidget(c)
	text := c.Text
	c.Text = ""
	inner := c.Check.CreateRenderer()
	c.Text = text
	r := &wrapCheckRenderer{WidgetRenderer: inner, c: c, label: widget.NewLabel(text)}
	r.label.Wrapping = fyne.TextWrapWord
	r.hideInnerText()
	return r
}

type wrapCheckRenderer struct {
	fyne.WidgetRenderer
	c     *WrapCheck
	label *widget.Label
}

func (r *wrapCheckRenderer) hideInnerText() {
	for _, o := range r.WidgetRenderer.Objects() {
		if t, ok := o.(*canvas.Text); ok {
			t.Text = ""
		}
	}
}

func (r *wrapCheckRenderer) box() float32 {
	th := r.c.Theme()
	return th.Size(theme.SizeNameInlineIcon) + th.Size(theme.SizeNameInnerPadding)*2
}

func (r *wrapCheckRenderer) Objects() []fyne.CanvasObject {
	return append(r.WidgetRenderer.Objects(), r.label)
}

func (r *wrapCheckRenderer) MinSize() fyne.Size {
	box := r.box()
	if w := r.c.Size().Width - box; w > 1 {
		r.label.Resize(fyne.NewSize(w, r.label.Size().Height))
	}
	l := r.label.MinSize()
	if r.label.Size().Width <= 1 {
		l = fyne.MeasureText("M", r.c.Theme().Size(theme.SizeNameText), fyne.TextStyle{}).AddWidthHeight(0, r.c.Theme().Size(theme.SizeNameInnerPadding)*2)
	}
	return fyne.NewSize(box+wrapMinWidth, max(l.Height, box))
}

func (r *wrapCheckRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(fyne.NewSize(r.box(), size.Height))
	box := r.box()
	w := max(size.Width-box, 1)
	r.label.Resize(fyne.NewSize(w, r.label.Size().Height))
	r.label.Resize(fyne.NewSize(w, r.label.MinSize().Height))
	r.label.Move(fyne.NewPos(box-r.c.Theme().Size(theme.SizeNameInnerPadding), (size.Height-r.label.Size().Height)/2))
}

func (r *wrapCheckRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.hideInnerText()
	r.label.Text = r.c.Text
	if r.c.Disabled() {
		r.label.Importance = widget.LowImportance
	} else {
		r.label.Importance = widget.MediumImportance
	}
	r.label.Refresh()
	r.Layout(r.c.Size())
}

// RewrapOnResize holds a list of wrapped lines whose items measure their
// own height (SetItemHeight in UpdateItem). A list resized only moves its
// items, keeping the heights measured at the old width: when the window
// narrows (as it does when it opens on a small screen), a line that now
// wraps once more runs into the next one. Held here, the list measures the
// items shown again whenever its width changes; the others are measured as
// they scroll into sight.
func RewrapOnResize(l *widget.List) fyne.CanvasObject {
	return container.New(&rewrapLayout{list: l}, l)
}

type rewrapLayout struct {
	list  *widget.List
	width float32
}

func (r *rewrapLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	r.list.Move(fyne.NewPos(0, 0))
	r.list.Resize(size)
	if size.Width != r.width {
		r.width = size.Width
		r.list.Refresh()
	}
}

func (r *rewrapLayout) MinSize([]fyne.CanvasObject) fyne.Size { return r.list.MinSize() }

// VScroll scrolls content up and down with a gutter on its right, so the
// scroll bar never lies over a button at the content's right edge.
func VScroll(content fyne.CanvasObject) *container.Scroll {
	return container.NewVScroll(withGutter(content))
}

// withGutter is o with VScroll's gutter on its right: what stands above or
// below a VScroll lines up with its content.
func withGutter(o fyne.CanvasObject) fyne.CanvasObject {
	gutter := canvas.NewRectangle(color.Transparent)
	gutter.SetMinSize(fyne.NewSize(scrollGutter(), 0))
	return container.NewBorder(nil, nil, nil, gutter, o)
}

// scrollGutter is the width VScroll keeps clear for its bar.
func scrollGutter() float32 { return theme.ScrollBarSmallSize() + theme.Padding() }

// vscrollContentWidth is the width a VScroll width wide gives its content:
// less the gutter and the padding before it.
func vscrollContentWidth(width float32) float32 { return width - scrollGutter() - theme.Padding() }

// wholeOrNothing shows o only where it fits whole: it asks for no width, so
// it never widens the window, and hides o rather than clip it.
func wholeOrNothing(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&wholeLayout{}, o)
}

type wholeLayout struct{}

func (*wholeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		min := o.MinSize()
		if min.Width > size.Width {
			o.Hide()
			continue
		}
		o.Show()
		o.Resize(fyne.NewSize(size.Width, min.Height))
		o.Move(fyne.NewPos(0, (size.Height-min.Height)/2))
	}
}

func (*wholeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}

// FormScroll is VScroll for a form of text boxes: its mouse wheel scrolls
// the form wherever the pointer is. Fyne gives the wheel to the innermost
// scrollable thing under the pointer, and every text box holds a scroller
// of its own, so over a text box the wheel did nothing (or slid a long
// line sideways). A transparent catcher laid over the form's content,
// which takes no tap, click, drag or focus, hands the wheel to the form.
// The real-input tests find it by the name FormScrollName.
func FormScroll(content fyne.CanvasObject) *container.Scroll {
	c := &wheelCatcher{}
	c.ExtendBaseWidget(c)
	s := container.NewVScroll(withGutter(container.NewStack(content, c)))
	c.target = s
	return probe.Name(s, FormScrollName)
}

// FormScrollName is what the real-input tests (ui/realinput) know a
// FormScroll by (probe.Name), unless it is given a name of its own.
const FormScrollName = "form scroll"

type wheelCatcher struct {
	widget.BaseWidget
	target fyne.Scrollable
}

func (c *wheelCatcher) Scrolled(ev *fyne.ScrollEvent) {
	if c.target != nil {
		c.target.Scrolled(ev)
	}
}

func (c *wheelCatcher) MinSize() fyne.Size { return fyne.Size{} }

func (c *wheelCatcher) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}
