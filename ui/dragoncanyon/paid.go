package dcui

import (
	"slices"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// A purchase whose cost the deck list does not give (the shipped list
// gives none): the table says what was paid, one tap a resource, and the
// app takes it from the stash it counts (core's AskPaid, PayOptions; the
// answer is the event's Paid).

// buy enters purchase e: at once when the deck list gives the building's
// cost, else once what was paid has been said.
func (t *tableScreen) buy(e *dragoncanyon.BuildingBought) {
	label := t.t("ui.dc.do.buy", nil)
	if !t.game.AskPaid(e.Building) {
		t.do(e, label)
		return
	}
	t.askPaid(e, label)
}

// paidForm is the question's state: what was tapped so far and what shows it.
type paidForm struct {
	e    dragoncanyon.BuildingBought
	adds map[string]*widget.Button // a resource's button, by resource
	text *widget.Label
}

// askPaid asks what the player paid for e's building: a button a resource
// adds one of it, offered only while the counted stash can give it; Buy
// enters the purchase with what was tapped.
func (t *tableScreen) askPaid(e *dragoncanyon.BuildingBought, label string) {
	f := &paidForm{e: *e, adds: map[string]*widget.Button{}}
	f.text = probe.Name(ui.Wrapped("", widget.MediumImportance), "dc.paid.text")
	grid := container.NewGridWithColumns(2)
	for _, r := range dragoncanyon.ByValue {
		b := widget.NewButton(t.t("ui.dc.paid.add", map[string]any{"ResourceKey": "ui.dc.res." + r}), func() {
			f.e.Paid.Add(r, 1)
			t.showPaid(f)
		})
		f.adds[r] = probe.Name(b, "dc.paid."+r)
		grid.Add(b)
	}
	again := widget.NewButton(t.t("ui.dc.paid.again", nil), func() {
		f.e.Paid = dragoncanyon.Resources{}
		t.showPaid(f)
	})
	var d dialog.Dialog
	cancel := widget.NewButton(t.t("ui.cancel", nil), func() { d.Hide() })
	ok := probe.Name(big(label, func() {
		d.Hide()
		e := f.e
		t.do(&e, label)
	}), "dc.paid.buy")
	title := t.t("ui.dc.paid.title", map[string]any{"SeatKey": seatIDs[e.Player-1],
		"Building": dragoncanyon.BuildingText(t.game.Setup(), e.Building)})
	d = dialog.NewCustomWithoutButtons(title, container.NewVBox(
		ui.Wrapped(t.t("ui.dc.paid.help", nil), widget.MediumImportance), grid, f.text, again,
		container.NewGridWithColumns(2, cancel, ok)), t.win)
	t.showPaid(f)
	d.Resize(ui.DialogSize(t.win.Canvas().Size(), 480, 0))
	d.Show()
}

// showPaid says what was tapped and what the stash still holds, and
// offers each resource only while core says the stash can give one more.
func (t *tableScreen) showPaid(f *paidForm) {
	offered := t.game.PayOptions(f.e.Player, f.e.Building, f.e.Paid)
	for r, b := range f.adds {
		if slices.Contains(offered, r) {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	left := t.game.State().Players[f.e.Player-1].Stash // what the stash keeps once paid
	for _, r := range dragoncanyon.ByValue {
		left.Add(r, -f.e.Paid.Get(r))
	}
	f.text.SetText(t.t("ui.dc.paid.so_far", map[string]any{"Paid": shortRes(t.tr, f.e.Paid), "Left": shortRes(t.tr, left)}))
}
