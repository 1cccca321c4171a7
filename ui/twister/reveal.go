package twisterui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// revealForm is the room reveal's form: who reveals, the opponent who
// places the revealer's objects (3-4 players), the room's name, and what it
// holds, one row per piece.
type revealForm struct {
	t        *tableScreen
	revealer *widget.Select
	opponent *widget.Select
	room     *widget.Entry
	rows     []*pieceRow
	list     *fyne.Container
	problem  *widget.Label
	content  fyne.CanvasObject
	// following: the rows' owners are being set to the revealer (not a
	// choice of the Conductor's).
	following bool
}

// pieceRow is one character or object of the room.
type pieceRow struct {
	name   *widget.Entry
	owner  *widget.Select
	kind   *widget.RadioGroup
	cursed *ui.WrapCheck
	torch  *ui.WrapCheck
	box    fyne.CanvasObject
	// chosen: the Conductor picked the owner; until then it follows the
	// revealer.
	chosen bool
}

func newRevealForm(t *tableScreen) *revealForm {
	f := &revealForm{t: t, list: container.NewVBox(), problem: ui.Wrapped("", widget.DangerImportance)}
	f.problem.Hide()
	f.revealer = widget.NewSelect(t.names(), nil)
	f.opponent = widget.NewSelect(t.names(), nil)
	f.revealer.SetSelected(t.names()[0])
	if s := t.game.State(); s.Room != nil {
		// The next room is often revealed by the other side.
		f.revealer.SetSelected(t.name(s.Room.Opponent))
	}
	// Each piece is the revealer's until the Conductor says otherwise: the
	// owner follows the revealer picked.
	f.revealer.OnChanged = func(name string) {
		f.following = true
		for _, r := range f.rows {
			if !r.chosen {
				r.owner.SetSelected(name)
			}
		}
		f.following = false
	}
	f.room = widget.NewEntry()
	f.room.SetPlaceHolder(t.t("ui.twister.reveal.room_hint", nil))
	who := container.NewGridWithColumns(2,
		container.NewVBox(widget.NewLabel(t.t("ui.twister.reveal.revealer", nil)), f.revealer),
		container.NewVBox(widget.NewLabel(t.t("ui.twister.reveal.room", nil)), f.room))
	top := container.NewVBox(who)
	if t.game.Setup().Players > 2 {
		top.Add(ui.Wrapped(t.t("ui.twister.reveal.opponent", nil), widget.MediumImportance))
		top.Add(f.opponent)
	}
	top.Add(ui.Heading(t.t("ui.twister.reveal.contents", nil)))
	add := widget.NewButtonWithIcon(t.t("ui.twister.reveal.add", nil), theme.ContentAddIcon(), func() { f.addRow() })
	f.addRow()
	f.addRow()
	f.content = container.NewBorder(top, container.NewVBox(add, f.problem), nil, nil, ui.FormScroll(f.list))
	return f
}

// addRow adds an empty piece row, owned by the player revealing the room
// (the one placing its pieces) until another owner is picked.
func (f *revealForm) addRow() *pieceRow {
	t := f.t
	r := &pieceRow{name: widget.NewEntry(), owner: probe.Name(widget.NewSelect(t.names(), nil), fmt.Sprintf("twister.reveal.owner.%d", len(f.rows)+1))}
	r.name.SetPlaceHolder(t.t("ui.twister.reveal.name_hint", nil))
	r.owner.SetSelected(f.revealer.Selected)
	r.owner.OnChanged = func(string) {
		if !f.following {
			r.chosen = true
		}
	}
	r.kind = widget.NewRadioGroup([]string{t.t("ui.twister.kind.character", nil), t.t("ui.twister.kind.object", nil)}, nil)
	r.kind.Horizontal = true
	r.kind.SetSelected(r.kind.Options[1])
	r.cursed = ui.NewWrapCheck(t.t("ui.twister.reveal.cursed", nil), nil)
	r.torch = ui.NewWrapCheck(t.t("ui.twister.reveal.torch", nil), nil)
	var remove *widget.Button
	remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
		for i, x := range f.rows {
			if x == r {
				f.rows = append(f.rows[:i:i], f.rows[i+1:]...)
				f.list.Remove(r.box)
			}
		}
	})
	line1 := container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewLabel(t.t("ui.twister.reveal.owner", nil)), r.owner, remove), r.name)
	line2 := container.NewBorder(nil, nil, r.kind, nil, container.NewGridWithColumns(2, r.cursed, r.torch))
	r.box = container.NewVBox(line1, line2, widget.NewSeparator())
	f.rows = append(f.rows, r)
	f.list.Add(r.box)
	return r
}

// event is the reveal the form describes; rows without a name are skipped.
func (f *revealForm) event() *twister.RoomRevealed {
	t := f.t
	e := &twister.RoomRevealed{Revealer: t.seatOf(f.revealer.Selected), Room: strings.TrimSpace(f.room.Text), Contents: []twister.Piece{}}
	if t.game.Setup().Players > 2 {
		e.Opponent = t.seatOf(f.opponent.Selected)
	}
	for _, r := range f.rows {
		name := strings.TrimSpace(r.name.Text)
		if name == "" {
			continue
		}
		kind := twister.KindObject
		if r.kind.Selected == r.kind.Options[0] {
			kind = twister.KindCharacter
		}
		e.Contents = append(e.Contents, twister.Piece{Name: name, Owner: t.seatOf(r.owner.Selected), Kind: kind, Cursed: r.cursed.Checked, Torch: r.torch.Checked})
	}
	return e
}

// openReveal opens the room reveal's form; "Reveal" applies it and shows
// the placement lists.
func (t *tableScreen) openReveal() *revealForm {
	f := newRevealForm(t)
	var d dialog.Dialog
	cancel := widget.NewButton(t.t("ui.cancel", nil), func() { d.Hide() })
	ok := widget.NewButtonWithIcon(t.t("ui.twister.reveal.apply", nil), theme.ConfirmIcon(), func() {
		e := f.event()
		if err := t.game.Check(e); err != nil {
			f.problem.SetText(ui.ErrorText(t.tr, err))
			f.problem.Show()
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
	c := t.win.Canvas().Size()
	d.Resize(fyne.NewSize(max(min(860, c.Width-40), 400), max(min(640, c.Height-40), 360)))
	d.Show()
	t.revealDialog, t.revealForm = d, f
	return f
}
