package dcui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// The table's side of what the app counts and reminds: the reminders open
// until ticked done (core's Reminders), in a panel of bounded height that
// scrolls, so however many stack up nothing below moves out of view; the
// selected player's stash and caravan with a correction; and the log as a
// tab of its own, as tall as the window.

// remindersMax is the most height the reminders take: one or two of them,
// the rest scrolled to.
const remindersMax = 110

// bounded lays out one object at its own height up to max (a scroll that
// shows all it holds, or max of it).
type bounded struct {
	max     float32
	content fyne.CanvasObject // what the scroll holds
}

func (b bounded) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(objs[0].MinSize().Width, min(b.content.MinSize().Height, b.max))
}

func (b bounded) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// remindersPanel builds the panel: one row a reminder, each with its
// Done, and beside them "All done" with how many are open (no heading
// row: the panel takes as little height as it can).
func (t *tableScreen) remindersPanel() fyne.CanvasObject {
	t.remDrawn = "" // built anew (a language switch): nothing of it is drawn yet
	t.remAll = widget.NewButton("", func() { t.area.Do(&dragoncanyon.ReminderDone{All: true}) })
	probe.Name(t.remAll, "dc.reminders.all")
	t.remRows = container.NewVBox()
	t.reminders = ui.NewRows(t.remRows, t.newReminderRow)
	scroll := container.NewVScroll(t.remRows)
	t.remBox = container.NewVBox(container.NewBorder(nil, nil, nil, container.NewVBox(t.remAll),
		container.New(bounded{max: remindersMax, content: t.remRows}, scroll)), widget.NewSeparator())
	return t.remBox
}

// refreshReminders shows the open reminders; the panel hides when none is
// open.
func (t *tableScreen) refreshReminders(s dragoncanyon.State) {
	// The ones core asks on the card as a step (the gathering) are there.
	open := slices.DeleteFunc(slices.Clone(s.Reminders), dragoncanyon.Reminder.OnCard)
	key := fmt.Sprint(open, len(s.Reminders))
	if key == t.remDrawn {
		return
	}
	t.remDrawn = key
	// The columns below take the room the panel leaves, or give it back.
	defer t.inner.Refresh()
	rows := t.reminders.Show(len(open))
	if len(open) == 0 {
		t.remBox.Hide()
		return
	}
	// All done ticks the card's steps too: it counts them.
	t.remAll.SetText(t.t("ui.dc.reminders.all", map[string]any{"Count": len(s.Reminders)}))
	for i, r := range open {
		rows[i].id = r.ID
		rows[i].text.SetText(t.t(r.Message, r.Args))
	}
	t.remBox.Show()
	t.remBox.Refresh()
}

// reminderRow is an open reminder's row, updated in place: its text and
// its Done, which ticks the reminder the row shows now.
type reminderRow struct {
	id   int
	text *widget.Label
}

// newReminderRow is the next row of the reminders' list (row n, counted
// from 1, named so for the real-input tests).
func (t *tableScreen) newReminderRow() (*reminderRow, fyne.CanvasObject) {
	n := len(t.remRows.Objects) + 1
	r := &reminderRow{}
	done := widget.NewButton(t.t("ui.dc.reminder.done", nil), func() { t.area.Do(&dragoncanyon.ReminderDone{ID: r.id}) })
	done.Importance = widget.LowImportance
	probe.Name(done, fmt.Sprintf("dc.reminder.done.%d", n))
	r.text = probe.Name(ui.Wrapped("", widget.WarningImportance), fmt.Sprintf("dc.reminder.%d", n))
	return r, container.NewBorder(nil, nil, nil, done, r.text)
}

// resourcesText is what the selected player holds, as core counts it.
func (t *tableScreen) resourcesText(s dragoncanyon.State) string {
	n := t.playerNo()
	if n < 1 || n > len(s.Players) {
		return ""
	}
	p := s.Players[n-1]
	return t.t("ui.dc.players.res", map[string]any{"SeatKey": seatIDs[n-1],
		"Stash": shortRes(t.tr, p.Stash), "Load": shortRes(t.tr, p.Load)})
}

// askCorrection asks what the selected player holds on the table, from
// what the app counts, and says it to core (player_corrected).
func (t *tableScreen) askCorrection() {
	n := t.playerNo()
	s := t.game.State()
	if n < 1 || n > len(s.Players) {
		return
	}
	p := s.Players[n-1]
	type row struct {
		stash, load *narrowStepper
	}
	rows := map[string]row{}
	grid := container.NewGridWithColumns(3, widget.NewLabel(""),
		ui.WrappedHeading(t.t("ui.dc.correct.stash", nil)), ui.WrappedHeading(t.t("ui.dc.correct.load", nil)))
	for _, r := range dragoncanyon.ByValue {
		x := row{newNarrowStepper("", p.Stash.Get(r), 0, 99), newNarrowStepper("", p.Load.Get(r), 0, 99)}
		rows[r] = x
		grid.Add(widget.NewLabel(t.t("ui.dc.res."+r, nil)))
		grid.Add(probe.Name(x.stash.Content, "dc.correct.stash."+r))
		grid.Add(probe.Name(x.load.Content, "dc.correct.load."+r))
	}
	var d dialog.Dialog
	save := big(t.t("ui.dc.correct.save", nil), func() {
		e := &dragoncanyon.PlayerCorrected{Player: n}
		for r, x := range rows {
			e.Stash.Add(r, x.stash.Value)
			e.Load.Add(r, x.load.Value)
		}
		d.Hide()
		t.area.Do(e)
	})
	probe.Name(save, "dc.correct.save")
	cancel := widget.NewButton(t.t("ui.cancel", nil), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(t.t("ui.dc.correct.title", map[string]any{"SeatKey": seatIDs[n-1]}),
		container.NewVBox(grid, container.NewGridWithColumns(2, cancel, save)), t.win)
	d.Show()
}

// logTab is the log as a tab of the right column: the whole column's
// height, newest first (as the play area's), back at the top when a line
// is added.
func (t *tableScreen) logTab() fyne.CanvasObject {
	t.logList = widget.NewList(
		func() int { return len(t.logLines) },
		func() fyne.CanvasObject { return ui.Wrapped("", widget.MediumImportance) },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(t.logLines[i])
			t.logList.SetItemHeight(i, o.MinSize().Height)
		})
	return probe.Name(t.logList, "dc.log")
}

// refreshLog reads the log as the play area keeps it.
func (t *tableScreen) refreshLog() {
	if t.logList == nil {
		return
	}
	entries := t.area.Entries()
	lines := make([]string, 0, len(entries))
	for _, e := range entries {
		lines = append(lines, t.t(e.ID, e.Args))
	}
	if len(lines) == len(t.logLines) && (len(lines) == 0 || lines[0] == t.logLines[0]) {
		return
	}
	t.logLines = lines
	t.logList.Refresh()
	t.logList.ScrollToTop()
}

// shortRes is what a stash or caravan holds in few words (the counts sit
// at the top of the Players tab: a line or two at 1024×768): the
// resources it has, least valuable first, or "nothing".
func shortRes(tr *translations.Translator, r dragoncanyon.Resources) string {
	var parts []string
	for _, name := range dragoncanyon.ByValue {
		if n := r.Get(name); n != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", tr.T("ui.dc.res."+name, nil), n))
		}
	}
	if len(parts) == 0 {
		return tr.T("ui.dc.res.none", nil)
	}
	return strings.Join(parts, ", ")
}
