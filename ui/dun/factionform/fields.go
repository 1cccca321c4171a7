package factionform

import (
	"image/color"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// numberField is a whole number with − and + beside it: the buttons keep
// it within lo and hi (core's limits), and a number can be typed too; a
// typed number out of bounds is the validator's to name.
type numberField struct {
	entry       *widget.Entry
	minus, plus *widget.Button
	lo, hi      int
	content     fyne.CanvasObject
}

// number makes a number field showing value; set is called with each
// number typed or stepped to. Text that is no number is named on
// problems.
func (e *Editor) number(value, lo, hi int, problems *widget.Label, set func(int)) *numberField {
	n := &numberField{lo: lo, hi: hi}
	var box fyne.CanvasObject
	n.entry, box = entry()
	n.entry.SetText(strconv.Itoa(value))
	n.entry.OnChanged = func(s string) {
		if e.updating {
			return
		}
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			e.bad[n] = problems
			e.check()
			return
		}
		delete(e.bad, n)
		set(v)
		n.enable()
		e.formChanged()
	}
	step := func(d int) func() {
		return func() {
			v, err := strconv.Atoi(strings.TrimSpace(n.entry.Text))
			if err != nil {
				v = lo - d
			}
			n.entry.SetText(strconv.Itoa(min(max(v+d, lo), hi)))
		}
	}
	n.minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), step(-1))
	n.plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), step(1))
	n.enable()
	// −, the number, + in this order: Tab goes through them as they are
	// read (NewBorder would list the number first, so Tab went from it
	// back to − on its left).
	n.content = container.New(layout.NewBorderLayout(nil, nil, n.minus, n.plus), n.minus, box, n.plus)
	return n
}

// enable leaves − and + on only when they can change the number.
func (n *numberField) enable() {
	v, err := strconv.Atoi(strings.TrimSpace(n.entry.Text))
	on := func(b *widget.Button, ok bool) {
		if ok {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	on(n.minus, err != nil || v > n.lo)
	on(n.plus, err != nil || v < n.hi)
}

// value is the number shown, and whether it is one.
func (n *numberField) value() (int, bool) {
	v, err := strconv.Atoi(strings.TrimSpace(n.entry.Text))
	return v, err == nil
}

// entry is a one-line text box that leaves the mouse wheel to the form:
// Fyne's own scrolls inside an entry and keeps the wheel, so the form would
// stop scrolling under every box (fyne-io/fyne#1939). Its text is cut at
// the box's edge instead; the box never widens the form.
func entry() (*widget.Entry, fyne.CanvasObject) {
	en := widget.NewEntry()
	en.Wrapping = fyne.TextWrapOff
	en.Scroll = container.ScrollNone
	return en, container.New(boxLayout{en, 48}, container.NewClip(container.New(boxLayout{en, 0}, en)))
}

// boxLayout gives its object all its room, and asks for an entry's height
// and width (the clip's content asks for none: it is the clip's size).
type boxLayout struct {
	en    *widget.Entry
	width float32
}

func (l boxLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(l.width, l.en.MinSize().Height)
}

func (l boxLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// captioned is a field with its caption above it.
func captioned(caption string, field fyne.CanvasObject) fyne.CanvasObject {
	l := widget.NewLabel(caption)
	l.Wrapping = fyne.TextWrapWord
	l.TextStyle.Bold = true
	return container.NewVBox(l, field)
}

// problemLabel is where a field's problems are listed; hidden while it has none.
func problemLabel() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.DangerImportance
	l.Hide()
	return l
}

// setProblems shows lines on l, or hides it.
func setProblems(l *widget.Label, lines []string) {
	text := strings.Join(lines, "\n")
	if text == l.Text && l.Visible() == (text != "") {
		return
	}
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}

// panel sets a group of fields apart: a creature, a spawn row.
func panel(content fyne.CanvasObject) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	bg.StrokeWidth = 1
	return container.NewStack(bg, container.NewPadded(content))
}

// chip is a skill: its names and a button that removes it.
func chip(text string, remove func()) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameButton))
	bg.CornerRadius = 16
	bg.StrokeColor = color.Transparent
	l := widget.NewLabel(text)
	l.Truncation = fyne.TextTruncateEllipsis // a very long name: cut, never wider than the screen
	width := fyne.MeasureText(text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding() + 2
	x := widget.NewButtonWithIcon("", theme.CancelIcon(), remove)
	x.Importance = widget.LowImportance
	return container.NewStack(bg, container.NewBorder(nil, nil, nil, x, container.New(widthLayout(min(width, 600)), l)))
}

// widthLayout gives its objects all its room, and asks for this width.
type widthLayout float32

func (w widthLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var h float32
	for _, o := range objects {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(float32(w), h)
}

func (w widthLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// slug is an id made from a name: lowercase letters and digits, words
// joined by dashes ("Araña gigante" gives "arana-gigante").
func slug(name string) string {
	plain, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), name)
	if err != nil {
		plain = name
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(plain) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	return b.String()
}

// upperFirst is s with its first letter a capital: a level's name in a list.
func upperFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}
