package twisterui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// revealForm is the room reveal's form: who reveals, the opponent who
// places the revealer's objects (3-4 players), the room's name, and what it
// holds. A piece of the box takes one tap: each player's pieces not yet
// revealed are buttons under their name, and a tap puts the piece in the
// room with its owner and its kind. A piece from outside the box (an
// expansion's) is typed, and added as a character or as an object: a row
// never lacks its kind.
type revealForm struct {
	t        *tableScreen
	revealer *widget.Select
	opponent *widget.Select
	room     *widget.Entry
	rows     []*pieceRow
	list     *fyne.Container // the room's pieces
	empty    *widget.Label
	picks    *fyne.Container // the pieces to tap, a grid per player
	// other is a piece typed by hand, with its owner (the revealer's
	// until another is picked: otherChosen).
	other       *widget.Entry
	otherOwner  *widget.Select
	otherChosen bool
	following   bool
	problem     *widget.Label
	revealed    []twister.Piece // the pieces of the rooms revealed before
	content     fyne.CanvasObject
}

// pieceRow is one piece in the room: its name and kind, fixed when it was
// added, its owner (which can still be changed), and for an object whether
// it is cursed or a torch.
type pieceRow struct {
	name   string
	kind   string
	owner  *widget.Select
	cursed *ui.WrapCheck // nil for a character
	torch  *ui.WrapCheck // nil for a character
	box    fyne.CanvasObject
}

func newRevealForm(t *tableScreen) *revealForm {
	f := &revealForm{t: t, list: container.NewVBox(), picks: container.NewVBox(), problem: ui.Wrapped("", widget.DangerImportance),
		empty: ui.Wrapped(t.t("ui.twister.reveal.empty", nil), widget.LowImportance), revealed: t.game.Revealed()}
	f.problem.Hide()
	f.revealer = widget.NewSelect(t.names(), nil)
	f.opponent = widget.NewSelect(t.names(), nil)
	f.revealer.SetSelected(t.names()[0])
	if s := t.game.State(); s.Room != nil {
		// The next room is often revealed by the other side.
		f.revealer.SetSelected(t.name(s.Room.Opponent))
	}
	f.room = widget.NewEntry()
	f.room.SetPlaceHolder(t.t("ui.twister.reveal.room_hint", nil))
	// Each label beside its box, on one line: the pieces keep the
	// dialog's height; the room's name has the width the revealer's
	// names leave.
	f.revealer.PlaceHolder = longest(t.names())
	who := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel(t.t("ui.twister.reveal.revealer", nil)), f.revealer),
		nil, container.NewBorder(nil, nil, widget.NewLabel(t.t("ui.twister.reveal.room", nil)), nil, f.room))
	top := container.NewVBox(who)
	if t.game.Setup().Players > 2 {
		top.Add(container.NewBorder(nil, nil, widget.NewLabel(t.t("ui.twister.reveal.opponent", nil)), nil, f.opponent))
	}
	// The pieces to tap on the left, with the line for a piece from
	// outside the box; the room's on the right: what a tap adds never
	// moves what is left to tap.
	pick := container.NewVBox(f.picks, widget.NewSeparator(), f.otherForm())
	room := container.NewVBox(ui.Heading(t.t("ui.twister.reveal.contents", nil)), f.empty, f.list, f.problem)
	split := container.NewHSplit(ui.FormScroll(pick), ui.FormScroll(room))
	split.Offset = 0.66
	f.content = container.NewBorder(top, nil, nil, nil, split)
	f.drawPicks()
	return f
}

// otherForm is the line for a piece from outside the box: its name, its
// owner, and a button per kind that adds it.
func (f *revealForm) otherForm() fyne.CanvasObject {
	t := f.t
	f.other = widget.NewEntry()
	f.other.SetPlaceHolder(t.t("ui.twister.reveal.name_hint", nil))
	f.otherOwner = probe.Name(widget.NewSelect(t.names(), nil), "twister.reveal.other_owner")
	f.otherOwner.SetSelected(f.revealer.Selected)
	f.otherOwner.PlaceHolder = longest(t.names())
	f.otherOwner.OnChanged = func(string) { f.otherChosen = f.otherChosen || !f.following }
	// A piece typed belongs to the revealer until another owner is picked.
	f.revealer.OnChanged = func(name string) {
		if !f.otherChosen {
			f.following = true
			f.otherOwner.SetSelected(name)
			f.following = false
		}
	}
	add := func(kind string) fyne.CanvasObject {
		b := widget.NewButtonWithIcon(t.t("ui.twister.kind."+kind, nil), theme.ContentAddIcon(), func() { f.addOther(kind) })
		return probe.Name(b, "twister.reveal.other."+kind)
	}
	return container.NewVBox(ui.Wrapped(t.t("ui.twister.reveal.other", nil), widget.MediumImportance),
		container.NewBorder(nil, nil, nil, container.NewHBox(f.otherOwner, add(twister.KindCharacter), add(twister.KindObject)), f.other))
}

// addOther adds the piece typed, of the kind its button says.
func (f *revealForm) addOther(kind string) {
	name := strings.TrimSpace(f.other.Text)
	if name == "" {
		f.say(f.t.t("ui.twister.reveal.name_needed", nil))
		return
	}
	f.add(twister.Piece{Name: name, Owner: f.t.seatOf(f.otherOwner.Selected), Kind: kind})
	f.other.SetText("")
}

// drawPicks lays out each player's pieces still to be revealed: those of
// the box no room held yet, nor already in this one.
func (f *revealForm) drawPicks() {
	t := f.t
	f.picks.RemoveAll()
	s := t.game.State()
	known := append(f.revealed, f.pieces()...)
	for seat := 1; seat <= t.game.Setup().Players; seat++ {
		// The player's name, then each piece as wide as its name, as many
		// a line as fit, characters first: three lines or so a player.
		line := container.New(layout.NewRowWrapLayout(),
			widget.NewLabelWithStyle(t.t("ui.twister.reveal.pieces_of", map[string]any{"Name": t.name(seat)}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		for _, b := range twister.BoxPieces() {
			name := t.t(twister.PieceNameID(b.ID), nil)
			if !twister.Unrevealed(s, known, seat, name) {
				continue
			}
			p := b.Piece(name, seat)
			line.Add(probe.Name(widget.NewButton(name, func() { f.add(p) }), fmt.Sprintf("twister.reveal.add.%d.%s", seat, b.ID)))
		}
		if len(line.Objects) == 1 {
			line.Add(widget.NewLabel(t.t("ui.twister.reveal.none_left", nil)))
		}
		f.picks.Add(line)
	}
}

// add puts piece p in the room: a row with its name and kind, its owner,
// and for an object the cursed and torch boxes.
func (f *revealForm) add(p twister.Piece) *pieceRow {
	t := f.t
	f.problem.Hide()
	r := &pieceRow{name: p.Name, kind: p.Kind}
	r.owner = probe.Name(widget.NewSelect(t.names(), func(string) { f.drawPicks() }), fmt.Sprintf("twister.reveal.owner.%d", len(f.rows)+1))
	r.owner.SetSelected(t.name(p.Owner))
	r.owner.PlaceHolder = longest(t.names()) // never shown: as wide as a name needs, no wider
	remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { f.remove(r) })
	name := ui.Wrapped(t.t("ui.twister.reveal.row", map[string]any{"Piece": p.Name, "KindKey": "ui.twister.kind." + p.Kind}), widget.MediumImportance)
	line := container.NewBorder(nil, nil, nil, container.NewHBox(r.owner, remove), name)
	box := container.NewVBox(line)
	if p.Kind == twister.KindObject {
		r.cursed = ui.NewWrapCheck(t.t("ui.twister.reveal.cursed", nil), nil)
		r.torch = ui.NewWrapCheck(t.t("ui.twister.reveal.torch", nil), nil)
		r.torch.SetChecked(p.Torch)
		box.Add(container.NewGridWithColumns(2, r.cursed, r.torch))
	}
	box.Add(widget.NewSeparator())
	r.box = box
	f.rows = append(f.rows, r)
	f.list.Add(r.box)
	f.empty.Hide()
	f.drawPicks()
	return r
}

// remove takes row r out of the room: its piece is offered again.
func (f *revealForm) remove(r *pieceRow) {
	for i, x := range f.rows {
		if x == r {
			f.rows = append(f.rows[:i:i], f.rows[i+1:]...)
			f.list.Remove(r.box)
		}
	}
	if len(f.rows) == 0 {
		f.empty.Show()
	}
	f.drawPicks()
}

// longest is the longest of names: a select of them set to it as its
// placeholder is as wide as the names need, not as Fyne's own "(Select
// one)".
func longest(names []string) string {
	l := ""
	for _, n := range names {
		if len([]rune(n)) > len([]rune(l)) {
			l = n
		}
	}
	return l
}

// say shows why the form cannot go on, beside what it holds.
func (f *revealForm) say(text string) {
	f.problem.SetText(text)
	f.problem.Show()
}

// pieces are the room's pieces as the form holds them.
func (f *revealForm) pieces() []twister.Piece {
	out := []twister.Piece{}
	for _, r := range f.rows {
		p := twister.Piece{Name: r.name, Owner: f.t.seatOf(r.owner.Selected), Kind: r.kind}
		if r.cursed != nil {
			p.Cursed, p.Torch = r.cursed.Checked, r.torch.Checked
		}
		out = append(out, p)
	}
	return out
}

// event is the reveal the form describes.
func (f *revealForm) event() *twister.RoomRevealed {
	t := f.t
	e := &twister.RoomRevealed{Revealer: t.seatOf(f.revealer.Selected), Room: strings.TrimSpace(f.room.Text), Contents: f.pieces()}
	if t.game.Setup().Players > 2 {
		e.Opponent = t.seatOf(f.opponent.Selected)
	}
	return e
}

// openReveal opens the room reveal's form, as tall as the window allows;
// "Reveal" applies it and shows the placement lists, or says under the
// room's pieces why not.
func (t *tableScreen) openReveal() *revealForm {
	f := newRevealForm(t)
	var d dialog.Dialog
	cancel := widget.NewButton(t.t("ui.cancel", nil), func() { d.Hide() })
	ok := widget.NewButtonWithIcon(t.t("ui.twister.reveal.apply", nil), theme.ConfirmIcon(), func() {
		e := f.event()
		if err := t.game.Check(e); err != nil {
			f.say(ui.ErrorText(t.tr, err))
			return
		}
		if t.do(e) {
			d.Hide()
			t.tabs.SelectIndex(tabRoom)
		}
	})
	ok.Importance = widget.HighImportance
	body := container.NewBorder(nil, container.NewGridWithColumns(2, cancel, ok), nil, nil, f.content)
	d = dialog.NewCustomWithoutButtons(t.t("ui.twister.reveal.title", nil), body, t.win)
	d.Resize(revealSize(t.win.Canvas().Size()))
	d.Show()
	t.revealDialog, t.revealForm = d, f
	return f
}

// revealSize is the reveal dialog's size on a window of size c: the
// window's whole height and width, less a margin (up to 1100 px wide), so
// every player's pieces and the room's are in sight at once.
func revealSize(c fyne.Size) fyne.Size {
	if c.Width <= 0 || c.Height <= 0 {
		return fyne.NewSize(900, 640)
	}
	return ui.DialogSize(c, 1100, c.Height)
}
