package dunui

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// questTab is the Conductor's view of the quest: the map with every
// unexplored section hidden, the exits that can be opened now as buttons,
// what to read aloud, and what can be found or can happen.
type questTab struct {
	q       *quest.Quest
	game    *dun.Game
	tr      *translations.Translator
	do      func(engine.Event) // applies an event, saying why on the table when it is refused
	notice  func() string      // the table's notice
	toTable func()             // shows the table

	m          *mapView
	brokenDoor *ui.WrapCheck
	read       *fyne.Container
	marks      *fyne.Container
	busy       *fyne.Container
	// What the panels above show, each updated in place (panelItems).
	readItems, markItems, busyItems panelItems
	content                         fyne.CanvasObject
	// What each panel was last built from: a tap that changes none of it
	// leaves the panel as it is.
	readFrom, marksFrom, busyFrom memo
	// tryLock opens the lock test on the door to a section, and says
	// whether it did (not when the lock was tried already).
	tryLock func(section string) bool
	// canTry and tryTest: a hero's test on a secret door or a chest.
	canTry  func(action string, target dun.Test) bool
	tryTest func(action string, target dun.Test) bool
	// breakDown asks for a turn of breaking a door (section) or chest
	// (element) down (doors.go).
	breakDown func(section, element string, first bool)
	// speech reads the texts aloud (nil: no Read aloud buttons);
	// speechControls are its Stop, Repeat and option, made once.
	speech         *ui.ReadAloud
	speechControls fyne.CanvasObject
}

// newQuestTab builds the map tab of a game of quest q. do applies an event
// as the table does (notice is the table's word on the last one), toTable
// shows the table and openPlayers the players' window.
func newQuestTab(q *quest.Quest, g *dun.Game, tr *translations.Translator, do func(engine.Event), notice func() string, toTable, openPlayers func()) *questTab {
	t := &questTab{q: q, game: g, tr: tr, do: do, notice: notice, toTable: toTable, m: newMapView(q, 40)}
	t.m.onExit = t.open
	// An exit is named as it is now: a locked door the quest unlocked is not locked.
	t.m.exitName = func(e quest.Exit) string { return tr.T("ui.quest.exit."+dun.ExitKind(g.State(), e), nil) }
	t.m.canOpen = func() bool { return g.Allowed((&dun.ExitOpened{}).Type()) == nil }
	t.m.closed = func(section string) bool { return slices.Contains(g.State().Shut, section) }
	t.m.breakName = tr.T("ui.quest.break_door", nil)
	// A shut door is broken down turn by turn, as from the card (doors.go),
	// where the rules count turns; a door core does not count reveals at once.
	t.m.onBreak = func(e quest.Exit) {
		if !t.breakTurn(e.To) {
			t.do(&dun.SectionRevealed{Section: e.To, BrokenDoor: true})
		}
	}
	t.m.onTrap = func(quest.Element) { t.do(&dun.ObstacleTrigger{Reason: "trap"}) }
	t.m.trapName = func(el quest.Element) string {
		return tr.T("ui.quest.trap", map[string]any{"Name": el.Name.In(tr.Lang)})
	}
	t.m.canTrap = func() bool { return g.Allowed((&dun.ObstacleTrigger{}).Type()) == nil }
	t.m.lang = func() string { return tr.Lang }
	t.brokenDoor = ui.NewWrapCheck(tr.T("ui.section.broken_door", nil), nil)
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { t.m.zoom(0.8, g.State()) })
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { t.m.zoom(1.25, g.State()) })
	players := widget.NewButtonWithIcon(tr.T("ui.quest.players", nil), theme.ComputerIcon(), openPlayers)
	// The check has a line of its own and wraps: the toolbar never widens
	// the window.
	toolbar := container.NewVBox(container.NewBorder(nil, nil, container.NewHBox(zoomOut, zoomIn), players), t.brokenDoor)
	t.read, t.marks, t.busy = container.NewVBox(), container.NewVBox(), container.NewVBox()
	t.readItems, t.markItems, t.busyItems = newPanelItems(t.read), newPanelItems(t.marks), newPanelItems(t.busy)
	// What can be found or can happen comes before the texts read so far:
	// the texts grow, the list is tapped.
	side := ui.VScroll(container.NewVBox(t.busy, t.marks, widget.NewSeparator(), t.read))
	split := container.NewHSplit(container.NewBorder(toolbar, nil, nil, nil, t.m.scroll), side)
	split.Offset = 0.6
	t.content = split
	return t
}

// open is a hero opening an exit: the ADP's Obstacle roll for a door or an
// arrow, then the section waits to be revealed (the prompt card, or the
// buttons here, answer it). With "broken door" ticked the door is broken
// down: the section is revealed at once, with the broken door's re-roll.
func (t *questTab) open(e quest.Exit) {
	if !t.brokenDoor.Checked && e.Kind == "locked_door" && t.openLocked(e.To) {
		return // declared first, or broken down after a failed lock (doors.go)
	}
	if !t.brokenDoor.Checked && e.Kind == "locked_door" && t.tryLock != nil && t.tryLock(e.To) {
		return // a locked door is unlocked by a hero's test first ("Opening Locked Doors")
	}
	if t.brokenDoor.Checked {
		t.do(&dun.SectionRevealed{Section: e.To, BrokenDoor: true})
	} else {
		t.do(&dun.ExitOpened{Section: e.To})
	}
	if t.notice() == "" {
		t.brokenDoor.SetChecked(false)
	}
}

func (t *questTab) refresh() {
	s := t.game.State()
	t.m.draw(s)
	t.refreshBusy(s)
	t.refreshRead(s)
	t.refreshMarks(s)
}

// refreshRead shows what to read aloud: everything read so far, newest
// first, whatever revealed it; the introduction stays, last. Each text is
// made once and kept: a new one is put at the top.
func (t *questTab) refreshRead(s dun.State) {
	tr, lang := t.tr, t.tr.Lang
	if !t.readFrom.changed(s.ReadAloud, lang) {
		return
	}
	// The heading, with Stop, Repeat and the option under it: one
	// object, the newest text comes next.
	objs := []fyne.CanvasObject{t.readItems.get(lang+"|head", func() fyne.CanvasObject {
		head := container.NewVBox(ui.Heading(tr.T("ui.quest.read_aloud", nil)))
		if t.speech != nil {
			if t.speechControls == nil {
				t.speechControls = t.speech.Controls()
			}
			head.Add(t.speechControls)
		}
		return head
	})}
	for i := len(s.ReadAloud) - 1; i >= 0; i-- {
		entry := s.ReadAloud[i]
		if _, _, ok := readAloud(t.q, entry); ok {
			objs = append(objs, t.readItems.get(lang+"|"+entry, func() fyne.CanvasObject { return t.readText(entry) }))
		}
	}
	intro := t.q.Introduction.In(lang)
	objs = append(objs, t.readItems.get(lang+"|intro", func() fyne.CanvasObject {
		return t.withRead(ui.Wrapped(intro, widget.MediumImportance), intro)
	}))
	if t.speech != nil {
		// A text new since the last step is read by itself, with the
		// option on.
		t.speech.Follow(lang, s.ReadAloud, func(i int) string { return spokenText(t.q, s.ReadAloud[i], lang) })
	}
	if t.q.Setup != nil {
		objs = append(objs, t.readItems.get(lang+"|setup", func() fyne.CanvasObject {
			return ui.Wrapped(t.q.Setup.In(lang), widget.MediumImportance)
		}))
	}
	t.readItems.set(objs)
}

// readText is an entry of State.ReadAloud as shown: a section's text or a
// hidden text, with its Read aloud button.
func (t *questTab) readText(entry string) fyne.CanvasObject {
	lang := t.tr.Lang
	sec, h, _ := readAloud(t.q, entry)
	if h == nil {
		return t.withRead(ui.Wrapped(sec.Text.In(lang), widget.MediumImportance), sec.Text.In(lang))
	}
	return t.withRead(t.hidden(*h), spokenText(t.q, entry, lang))
}

// refreshMarks shows what can be found or can happen now: a button for
// each, kept from one refresh to the next and relabelled in place.
func (t *questTab) refreshMarks(s dun.State) {
	tr, lang := t.tr, t.tr.Lang
	if !t.marksFrom.changed(s.Revealed, s.Found, s.ConditionsMet, s.Tried, lang) {
		return
	}
	objs := []fyne.CanvasObject{t.markItems.get(lang+"|head", func() fyne.CanvasObject { return ui.Heading(tr.T("ui.quest.marks", nil)) })}
	// What may still be found is the rules' answer.
	for _, f := range dun.Findable(s, t.q) {
		label, tap := t.findMark(f)
		objs = append(objs, t.markButton("found|"+f.Element, label, tap))
	}
	for _, c := range t.q.Conditions {
		if !slices.Contains(s.ConditionsMet, c.ID) {
			label := tr.T("ui.quest.happened", map[string]any{"Label": c.Label.In(lang)})
			objs = append(objs, t.markButton("condition|"+c.ID, label, func() { t.do(&dun.ConditionMet{ID: c.ID}) }))
		}
	}
	t.markItems.set(objs)
}

// markButton is the marks panel's button kept under key, showing label and
// doing tap.
func (t *questTab) markButton(key, label string, tap func()) fyne.CanvasObject {
	b := t.markItems.get(key, func() fyne.CanvasObject { return ui.NewWrapButton(label, tap) }).(*ui.WrapButton)
	b.OnTapped = tap
	if b.Text != label {
		b.SetText(label)
	}
	return b
}

// findMark is the label and the tap of a thing that may still be found. A
// secret door or a chest is found by a hero's test while one may still be
// tried: the button opens it; otherwise it marks the thing found.
func (t *questTab) findMark(f dun.OnceTarget) (string, func()) {
	tr, lang := t.tr, t.tr.Lang
	label := tr.T("ui.quest.found", map[string]any{"Name": f.Name.In(lang)})
	action := ""
	switch {
	case f.ExitKind != "":
		// Searched for already: found some other way, if at all.
		label, action = tr.T("ui.quest.secret_found_other", nil), "secret_door"
		if t.canTry != nil && t.canTry(action, dun.Test{Element: f.Element}) {
			label = tr.T("ui.quest.search_secret", nil)
		}
	case f.Kind == "chest":
		action = "open_chest"
		if t.canTry != nil && t.canTry(action, dun.Test{Element: f.Element}) {
			label = tr.T("ui.quest.open_chest", map[string]any{"Name": f.Name.In(lang)})
		}
	}
	return label, func() {
		if action == "open_chest" && dun.NeedsDeclaring(t.game.State(), t.game.Setup(), "", f.Element) {
			t.do(&dun.OpenDeclared{Element: f.Element}) // "Obstacle Cards": the roll comes first
			return
		}
		if action == "" || t.tryTest == nil || !t.tryTest(action, dun.Test{Element: f.Element}) {
			t.do(&dun.ElementFound{ID: f.Element})
		}
	}
}

// refreshBusy shows what the map waits for: the table's word on a refused
// step, the reveal that is due, or the way to the ADP's step.
func (t *questTab) refreshBusy(s dun.State) {
	tr := t.tr
	notice := t.notice()
	reveal, due := t.game.RevealPrompt()
	if !t.busyFrom.changed(notice, reveal, t.m.canOpen(), s.QuestOver != nil, tr.Lang) {
		return
	}
	var objs []fyne.CanvasObject
	if notice != "" {
		l := t.busyItems.get("notice", func() fyne.CanvasObject { return ui.Wrapped("", widget.DangerImportance) }).(*widget.Label)
		setText(l, notice)
		objs = append(objs, l)
	}
	switch {
	case due:
		// The Obstacle is dealt with: the section is opened from here too.
		l := t.busyItems.get("reveal", func() fyne.CanvasObject { return ui.Wrapped("", widget.HighImportance) }).(*widget.Label)
		setText(l, tr.T(reveal.ID, reveal.Args)) // names the section
		objs = append(objs, l)
		for i, ch := range reveal.Choices {
			b := t.busyItems.get("choice|"+strconv.Itoa(i), func() fyne.CanvasObject { return ui.NewWrapButton("", nil) }).(*ui.WrapButton)
			b.OnTapped = func() { t.do(ch.Event) }
			if i == 0 {
				b.Importance = widget.HighImportance
			}
			b.SetText(tr.T(ch.ID, ch.Args))
			objs = append(objs, b)
		}
	case !t.m.canOpen() && s.QuestOver == nil:
		// The exits wait for the ADP's step: the way to it.
		b := t.busyItems.get("to_table", func() fyne.CanvasObject {
			b := ui.NewWrapButton("", t.toTable)
			b.Importance = widget.HighImportance
			return b
		}).(*ui.WrapButton)
		b.SetText(tr.T("ui.quest.to_table", nil))
		objs = append(objs, b)
	}
	t.busyItems.set(objs)
}

// panelItems keeps a panel's objects by key: a refresh lists the objects
// to show, in order, reusing each one made before (the caller updates its
// values) and making only the new ones; the panel is redrawn only when
// its list of objects changes.
type panelItems struct {
	box  *fyne.Container
	made map[string]fyne.CanvasObject
}

func newPanelItems(box *fyne.Container) panelItems {
	return panelItems{box: box, made: map[string]fyne.CanvasObject{}}
}

// get is the object kept under key, made by mk the first time.
func (p panelItems) get(key string, mk func() fyne.CanvasObject) fyne.CanvasObject {
	o, ok := p.made[key]
	if !ok {
		o = mk()
		p.made[key] = o
	}
	return o
}

// set shows objs in the panel, in order.
func (p panelItems) set(objs []fyne.CanvasObject) {
	if slices.Equal(p.box.Objects, objs) {
		return
	}
	p.box.Objects = objs
	p.box.Refresh()
}

// hidden draws a red box in red, and an ADP note as a note for the Conductor.
func (t *questTab) hidden(h quest.HiddenText) fyne.CanvasObject {
	imp := widget.DangerImportance
	if h.Style == "adp" {
		imp = widget.WarningImportance
	}
	return ui.Wrapped(t.tr.T("text_style."+h.Style, nil)+": "+h.Text.In(t.tr.Lang), imp)
}

// withRead is a text with its Read aloud button, reading spoken; a text
// that is not read aloud (spoken is "", an ADP note) has none.
func (t *questTab) withRead(shown fyne.CanvasObject, spoken string) fyne.CanvasObject {
	if t.speech == nil || strings.TrimSpace(spoken) == "" {
		return shown
	}
	return t.speech.With(shown, t.tr.Lang, spoken)
}

// spokenText is what is read aloud of an entry of State.ReadAloud in lang:
// a section's text, a red box's text (without its "Red box" label); "" for
// an ADP note, which is the Conductor's alone.
func spokenText(q *quest.Quest, entry, lang string) string {
	sec, h, ok := readAloud(q, entry)
	switch {
	case !ok:
		return ""
	case h == nil:
		return sec.Text.In(lang)
	case h.Style == "red":
		return h.Text.In(lang)
	}
	return ""
}

func hiddenText(q *quest.Quest, id string) quest.HiddenText {
	i := slices.IndexFunc(q.Texts, func(h quest.HiddenText) bool { return h.ID == id })
	return q.Texts[i]
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"ui.quest.exit.door", "ui.quest.exit.locked_door", "ui.quest.exit.secret_door", "ui.quest.exit.arrow", "ui.quest.exit.unlocked_door"}

// readAloud finds an entry of State.ReadAloud: a section, or a hidden text.
func readAloud(q *quest.Quest, entry string) (quest.Section, *quest.HiddenText, bool) {
	if id, ok := strings.CutPrefix(entry, dun.ReadText); ok {
		i := slices.IndexFunc(q.Texts, func(h quest.HiddenText) bool { return h.ID == id })
		if i < 0 {
			return quest.Section{}, nil, false
		}
		return quest.Section{}, &q.Texts[i], true
	}
	id, _ := strings.CutPrefix(entry, dun.ReadSection)
	sec, ok := q.Section(id)
	return sec, nil, ok
}
