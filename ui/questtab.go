package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// questTab is the Conductor's view of the quest: the map with every
// unexplored section hidden, the exits that can be opened now as buttons,
// what to read aloud, and what can be found or can happen.
type questTab struct {
	u          *UI
	q          *quest.Quest
	m          *mapView
	brokenDoor *widget.Check
	read       *fyne.Container
	marks      *fyne.Container
	busy       *fyne.Container
	content    fyne.CanvasObject
}

func newQuestTab(u *UI, q *quest.Quest) *questTab {
	tr := func(id string) string { return u.tr.T(id, nil) }
	t := &questTab{u: u, q: q, m: newMapView(q, 40)}
	t.m.onExit = t.open
	t.m.exitName = func(e quest.Exit) string { return u.tr.T("ui.quest.exit."+e.Kind, nil) }
	t.brokenDoor = widget.NewCheck(tr("ui.section.broken_door"), nil)
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { t.m.zoom(0.8, u.sess.game.State()) })
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { t.m.zoom(1.25, u.sess.game.State()) })
	players := widget.NewButtonWithIcon(tr("ui.quest.players"), theme.ComputerIcon(), u.openPlayers)
	toolbar := container.NewHBox(zoomOut, zoomIn, t.brokenDoor, players)
	t.read = container.NewVBox()
	t.marks = container.NewVBox()
	t.busy = container.NewVBox()
	side := container.NewVScroll(container.NewVBox(t.busy, t.read, widget.NewSeparator(), t.marks))
	split := container.NewHSplit(container.NewBorder(toolbar, nil, nil, nil, t.m.scroll), side)
	split.Offset = 0.6
	t.content = split
	return t
}

// open reveals the section behind an exit: the ADP's Encounter flow for its
// kind starts on the table screen.
func (t *questTab) open(e quest.Exit) {
	t.u.table.do(&dun.SectionRevealed{Section: e.To, BrokenDoor: t.brokenDoor.Checked})
	if t.u.table.notice.Text == "" {
		t.brokenDoor.SetChecked(false)
	}
}

func (t *questTab) refresh() {
	u, s := t.u, t.u.sess.game.State()
	lang := u.tr.Lang
	t.m.draw(s)

	t.busy.RemoveAll()
	if t.u.table != nil && t.u.table.notice.Text != "" {
		l := widget.NewLabel(t.u.table.notice.Text)
		l.Importance = widget.DangerImportance
		l.Wrapping = fyne.TextWrapWord
		t.busy.Add(l)
	}
	if len(s.Pending) > 0 && u.tabs != nil {
		go2 := widget.NewButton(u.tr.T("ui.quest.to_table", nil), func() { u.tabs.SelectIndex(0) })
		go2.Importance = widget.HighImportance
		t.busy.Add(go2)
	}

	// What to read aloud: the newest section first, then everything earlier.
	t.read.RemoveAll()
	t.read.Add(heading(u.tr.T("ui.quest.read_aloud", nil)))
	if len(s.Revealed) == 1 {
		t.read.Add(wrapped(t.q.Introduction.In(lang), widget.MediumImportance))
		if t.q.Setup != nil {
			t.read.Add(wrapped(t.q.Setup.In(lang), widget.MediumImportance))
		}
	}
	for i := len(s.Revealed) - 1; i >= 0; i-- {
		sec, _ := t.q.Section(s.Revealed[i])
		for j := len(s.TextsShown) - 1; j >= 0; j-- {
			if h := hiddenText(t.q, s.TextsShown[j]); h.Section == sec.ID {
				t.read.Add(t.hidden(h))
			}
		}
		t.read.Add(wrapped(sec.Text.In(lang), widget.MediumImportance))
	}
	for j := len(s.TextsShown) - 1; j >= 0; j-- {
		if h := hiddenText(t.q, s.TextsShown[j]); h.Section == "" {
			t.read.Add(t.hidden(h))
		}
	}

	// What can be found or can happen now.
	t.marks.RemoveAll()
	t.marks.Add(heading(u.tr.T("ui.quest.marks", nil)))
	for _, id := range s.Revealed {
		sec, _ := t.q.Section(id)
		for _, el := range sec.Elements {
			if !slices.Contains(s.Found, el.ID) {
				label := u.tr.T("ui.quest.found", map[string]any{"Name": el.Name.In(lang)})
				t.marks.Add(widget.NewButton(label, func() { u.table.do(&dun.ElementFound{ID: el.ID}) }))
			}
		}
		for _, ex := range sec.Exits {
			if ex.Kind == "secret_door" && !slices.Contains(s.Found, ex.ID) {
				t.marks.Add(widget.NewButton(u.tr.T("ui.quest.secret_found", nil), func() { u.table.do(&dun.ElementFound{ID: ex.ID}) }))
			}
		}
	}
	for _, c := range t.q.Conditions {
		if !slices.Contains(s.ConditionsMet, c.ID) {
			label := u.tr.T("ui.quest.happened", map[string]any{"Label": c.Label.In(lang)})
			t.marks.Add(widget.NewButton(label, func() { u.table.do(&dun.ConditionMet{ID: c.ID}) }))
		}
	}
}

// hidden draws a red box in red, and an ADP note as a note for the Conductor.
func (t *questTab) hidden(h quest.HiddenText) fyne.CanvasObject {
	imp := widget.DangerImportance
	if h.Style == "adp" {
		imp = widget.WarningImportance
	}
	return wrapped(t.u.tr.T("text_style."+h.Style, nil)+": "+h.Text.In(t.u.tr.Lang), imp)
}

func hiddenText(q *quest.Quest, id string) quest.HiddenText {
	i := slices.IndexFunc(q.Texts, func(h quest.HiddenText) bool { return h.ID == id })
	return q.Texts[i]
}

func wrapped(text string, imp widget.Importance) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.Importance = imp
	return l
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"ui.quest.exit.door", "ui.quest.exit.locked_door", "ui.quest.exit.secret_door", "ui.quest.exit.arrow"}
