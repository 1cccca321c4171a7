package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui/share"
)

// showSeating shows who holds which seat and the requests waiting: in the
// sharing dialog while it is open, and their count on the top bar.
func (u *UI) showSeating() {
	srv := u.share.srv
	if srv == nil {
		return
	}
	seating := srv.Seating()
	if u.share.asks != len(seating.Asks) {
		u.share.asks = len(seating.Asks)
		u.relabelShare()
	}
	if u.share.seats == nil {
		return
	}
	u.share.seats.Objects = u.seatingRows(seating)
	u.share.seats.Refresh()
	u.placeSeating(len(seating.Asks) > 0)
}

// seatingBox adds the seats' part to the sharing dialog's body, kept up to
// date while the dialog is open.
func (u *UI) seatingBox() {
	u.share.seats = container.NewVBox()
	u.share.body.Add(u.share.seats)
	u.showSeating()
}

// placeSeating puts the seats first in the dialog while a request waits
// (its Approve in sight without scrolling), else after how to join.
func (u *UI) placeSeating(first bool) {
	body, seats := u.share.body, u.share.seats
	if body == nil || len(body.Objects) == 0 || (body.Objects[0] == seats) == first {
		return
	}
	objs := slices.DeleteFunc(slices.Clone(body.Objects), func(o fyne.CanvasObject) bool { return o == seats })
	if first {
		objs = append([]fyne.CanvasObject{seats}, objs...)
	} else {
		objs = append(objs, seats)
	}
	body.Objects = objs
	body.Refresh()
}

// seatingRows are the requests waiting first (Approve, Refuse), then each
// seat with its device (Free) and a picker to give or move it.
func (u *UI) seatingRows(seating share.Seating) []fyne.CanvasObject {
	rows := []fyne.CanvasObject{widget.NewSeparator(), Heading(u.tr.T("ui.share.seats.title", nil))}
	if len(seating.Seats) == 0 {
		return append(rows, Wrapped(u.tr.T("ui.share.seats.none", nil), widget.LowImportance))
	}
	srv := u.share.srv
	for _, ask := range seating.Asks {
		approve := widget.NewButtonWithIcon(u.tr.T("ui.share.seats.approve", nil), theme.ConfirmIcon(), func() {
			srv.Give(ask.Seat.ID, ask.Device)
			u.showSeating()
		})
		approve.Importance = widget.HighImportance
		refuse := widget.NewButtonWithIcon(u.tr.T("ui.share.seats.refuse", nil), theme.CancelIcon(), func() {
			srv.Refuse(ask.Device)
			u.showSeating()
		})
		text := u.tr.T("ui.share.seats.asks", map[string]any{"Device": ask.Device, "Seat": ask.Seat.Name})
		rows = append(rows, container.NewBorder(nil, nil, nil, container.NewHBox(approve, refuse), Wrapped(text, widget.WarningImportance)))
	}
	for _, h := range seating.Seats {
		rows = append(rows, u.seatRow(h, seating.Devices))
	}
	return rows
}

// seatRow is one seat: its name, its device or "free", Free, and a picker
// of the devices in that gives (or moves) it.
func (u *UI) seatRow(h share.Holder, devices []int) fyne.CanvasObject {
	srv := u.share.srv
	who := u.tr.T("ui.share.seats.free", nil)
	if h.Device > 0 {
		who = u.tr.T("ui.share.seats.device", map[string]any{"Device": h.Device})
	}
	text := u.tr.T("ui.share.seats.held", map[string]any{"Seat": h.Seat.Name, "Who": who})
	var names []string
	var picks []int
	for _, d := range devices {
		if d != h.Device {
			names = append(names, u.tr.T("ui.share.seats.device", map[string]any{"Device": d}))
			picks = append(picks, d)
		}
	}
	give := widget.NewSelect(names, nil)
	give.PlaceHolder = u.tr.T("ui.share.seats.give", nil)
	give.OnChanged = func(string) {
		if i := give.SelectedIndex(); i >= 0 {
			srv.Give(h.Seat.ID, picks[i])
			u.showSeating()
		}
	}
	buttons := container.NewHBox(give)
	if len(names) == 0 {
		give.Disable()
	}
	if h.Device > 0 {
		buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.share.seats.release", nil), theme.ContentClearIcon(), func() {
			srv.Free(h.Seat.ID)
			u.showSeating()
		}))
	}
	return container.NewBorder(nil, nil, nil, buttons, Wrapped(text, widget.MediumImportance))
}
