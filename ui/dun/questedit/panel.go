package questedit

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
	"github.com/dunconductor/conductor/ui/speech"
)

// textEntry is the panel's text field, of one line or several. Tab goes
// on to the next field, in a text of several lines too (the English text,
// then the Spanish one): a tab is never typed into a quest's text. Undo's
// and Redo's keys are the editor's, not the field's own: what was typed
// is undone as the editor's step, and the field shows it.
type textEntry struct {
	ui.TextBox // keeps fast typing where it is typed (see ui.TextBox)
	ed         *Editor
}

// newEntry is a text field of the panel; the panel's fields are listed in
// ed.fields in the order they are laid out (which Tab follows).
func (ed *Editor) newEntry(multi bool) *textEntry {
	e := &textEntry{ed: ed}
	if multi {
		e.MultiLine, e.Wrapping = true, fyne.TextWrapWord
	}
	e.ExtendBaseWidget(e)
	if multi {
		e.SetMinRowsVisible(4)
	}
	ed.fields = append(ed.fields, e)
	return e
}

// AcceptsTab: Tab moves the focus.
func (e *textEntry) AcceptsTab() bool { return false }

// FocusGained selects a line's text when the focus comes to it from
// elsewhere (Tab, a new element's name), as a desktop's fields do: what is
// typed replaces it ("Trampa"). A click puts the cursor where it is (the
// Entry's MouseDown comes after), and the field that had the focus when
// the window was left gets it back as it was.
func (e *textEntry) FocusGained() {
	e.Entry.FocusGained()
	if !e.MultiLine && (e.ed == nil || e.ed.blurred != fyne.Focusable(e)) {
		e.TextBox.TypedShortcut(&fyne.ShortcutSelectAll{}) // the box learns the cursor moved
	}
	if e.ed != nil {
		e.ed.showField(e)
	}
}

// showField scrolls the side panel, when needed, so that a field given the
// keys (by Tab, a click on a field half hidden, a new object's name) is in
// sight: what is typed is seen as it is typed. A field taller than the
// panel shows its top.
func (ed *Editor) showField(f fyne.CanvasObject) {
	wrap := ed.panelWrap
	if wrap == nil || !slices.Contains(ed.fields, f.(fyne.Focusable)) {
		return
	}
	// Its place in the panel as laid out now (the driver knows a panel
	// just built only once it is drawn).
	at, ok := placeIn(wrap.Content, f)
	if !ok {
		return
	}
	top := at.Y
	bottom := top + f.Size().Height
	off, view, pad := wrap.Offset.Y, wrap.Size().Height, theme.Padding()
	switch {
	case top < off:
		off = top - pad
	case bottom > off+view:
		off = min(bottom+pad-view, top-pad)
	default:
		return
	}
	wrap.ScrollToOffset(fyne.NewPos(wrap.Offset.X, max(off, 0)))
}

// FocusLost notes the field left last (see FocusGained).
func (e *textEntry) FocusLost() {
	e.Entry.FocusLost()
	if e.ed != nil {
		e.ed.blurred = e
	}
}

// TypedShortcut gives Undo's and Redo's keys to the editor, the others
// (copy, paste, select all…) to the field.
func (e *textEntry) TypedShortcut(s fyne.Shortcut) {
	if e.ed != nil && e.ed.historyKey(s) {
		return
	}
	e.TextBox.TypedShortcut(s)
}

// placeIn is where o lies in root, found through containers and the open
// items of accordions (the panel's own ways of holding its fields).
func placeIn(root, o fyne.CanvasObject) (fyne.Position, bool) {
	if root == o {
		return fyne.Position{}, true
	}
	var inside []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		inside = x.Objects
	case *widget.Accordion:
		for _, it := range x.Items {
			if it.Open {
				inside = append(inside, it.Detail)
			}
		}
	}
	for _, c := range inside {
		if !c.Visible() {
			continue
		}
		if at, ok := placeIn(c, o); ok {
			return c.Position().Add(at), true
		}
	}
	return fyne.Position{}, false
}

// buildPanel fills the side panel for the selection; a section or an
// element just made has its name's field focused, to type at once.
func (ed *Editor) buildPanel() {
	// A field of the old panel keeps no focus: the keys typed would go to
	// a field no longer shown.
	if f := ed.win.Canvas().Focused(); f != nil && slices.Contains(ed.fields, f) {
		ed.win.Canvas().Unfocus()
	}
	ed.panel.RemoveAll()
	ed.fields = nil
	ed.retitle = nil
	ed.fileLine = nil
	defer func() {
		switch {
		case ed.focusName && len(ed.fields) > 0:
			// The name, selected (textEntry.FocusGained): what is typed
			// replaces "Trap".
			ed.win.Canvas().Focus(ed.fields[0])
		case ed.textFocus != nil:
			// A text just added: its words, in sight, to type at once.
			ed.win.Canvas().Focus(ed.textFocus)
		}
		ed.focusName, ed.focusText, ed.textFocus = false, "", nil
	}()
	switch ed.sel.kind {
	case "section":
		ed.sectionPanel()
	case "exit":
		ed.exitPanel()
	case "element":
		ed.elementPanel()
	default:
		ed.questPanel()
	}
	ed.panel.Refresh()
	if ed.sel != ed.shown {
		// Another object: its panel from the top.
		ed.shown = ed.sel
		ed.panelWrap.ScrollToTop()
	}
}

func (ed *Editor) t(id string) string { return ed.tr.T(id, nil) }

// caption is a bold label above an input, wrapping rather than widening.
func caption(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	l.TextStyle.Bold = true
	return l
}

// textField is a text in English and Spanish side by side; a missing
// translation is flagged beside it (not refused). set gets every change.
func (ed *Editor) textField(title string, t quest.Text, multi bool, set func(quest.Text) error) fyne.CanvasObject {
	return ed.field(title, t, multi, nil, set)
}

// readAloudField is a text the app reads aloud (a section's, a red box's:
// spoken says whether it is one now); its length is shown under each
// language once it comes near the most Read aloud reads of a text.
func (ed *Editor) readAloudField(title string, t quest.Text, spoken func() bool, set func(quest.Text) error) fyne.CanvasObject {
	return ed.field(title, t, true, spoken, set)
}

// field is textField, its length counted against Read aloud's when spoken
// is given. Under the field, when typed in once the quest file's text
// comes near the most a quest file may hold, how much it holds.
func (ed *Editor) field(title string, t quest.Text, multi bool, spoken func() bool, set func(quest.Text) error) fyne.CanvasObject {
	// entry gives the text's entry and the widget to lay out and focus: for
	// several lines the wrapper, never its inner Entry (Fyne sends a click
	// and the keys to the object in the tree, and only the wrapper says Tab
	// moves on).
	entry := func(lang string) (*widget.Entry, *textEntry) {
		m := ed.newEntry(multi)
		m.SetText(t[lang])
		return &m.Entry, m
	}
	en, enBox := entry("en")
	es, esBox := entry("es")
	flag := ui.Wrapped("", widget.WarningImportance)
	enCount, esCount := ui.Wrapped("", widget.LowImportance), ui.Wrapped("", widget.LowImportance)
	fileSize := ui.Wrapped("", widget.WarningImportance)
	fileSize.Hide()
	update := func() {
		switch {
		case strings.TrimSpace(en.Text) != "" && strings.TrimSpace(es.Text) == "":
			flag.SetText(ed.t("ui.questedit.missing_es"))
			flag.Show()
		case strings.TrimSpace(es.Text) != "" && strings.TrimSpace(en.Text) == "":
			flag.SetText(ed.t("ui.questedit.missing_en"))
			flag.Show()
		default:
			flag.Hide()
		}
		on := spoken != nil && spoken()
		ed.showLength(enCount, en.Text, on)
		ed.showLength(esCount, es.Text, on)
	}
	changed := func(string) {
		update()
		var text quest.Text
		for lang, e := range map[string]*widget.Entry{"en": en, "es": es} {
			if e.Text != "" {
				if text == nil {
					text = quest.Text{}
				}
				text[lang] = e.Text
			}
		}
		ed.typed(en, func() error { return set(text) })
		ed.showFileSize(fileSize)
	}
	en.OnChanged, es.OnChanged = changed, changed
	update()
	langs := container.NewGridWithColumns(2,
		container.NewBorder(widget.NewLabel(ed.t("ui.questedit.english")), enCount, nil, nil, enBox),
		container.NewBorder(widget.NewLabel(ed.t("ui.questedit.spanish")), esCount, nil, nil, esBox))
	return container.NewVBox(caption(title), langs, flag, fileSize)
}

// showLength shows, under a text read aloud, how long it is against the
// most Read aloud reads of a text (speech.MaxText bytes, which it cuts at
// a word break before): once past four fifths of it, and as a warning past
// it. Hidden otherwise, or when the text is not read aloud.
func (ed *Editor) showLength(l *widget.Label, text string, spoken bool) {
	n := len(strings.TrimSpace(text))
	if !spoken || n < speech.MaxText*4/5 {
		l.Hide()
		return
	}
	args := map[string]any{"Count": utf8.RuneCountInString(text), "Max": speech.MaxText}
	if n > speech.MaxText {
		l.Importance = widget.WarningImportance
		l.SetText(ed.tr.T("ui.questedit.limit.read_aloud_over", args))
	} else {
		l.Importance = widget.LowImportance
		l.SetText(ed.tr.T("ui.questedit.limit.read_aloud", args))
	}
	l.Show()
}

// fileText is how many bytes of text the quest file holds (its pictures
// aside): what quest.MaxTextSize bounds.
func (ed *Editor) fileText() int {
	if c := &ed.fileSize; c.at != ed.changes || c.at == 0 {
		c.at, c.n = ed.changes, 0
		q := ed.doc.Quest()
		if data, err := quest.Encode(q); err == nil {
			c.n = len(data)
			for _, s := range q.Sections {
				if quest.IsDataURI(s.Image) {
					c.n -= len(s.Image) + 2 // the picture and its quotes, as quest.Parse counts
				}
			}
		}
	}
	return ed.fileSize.n
}

// showFileSize shows under the text typed in how much text the quest file
// holds, once it is past four fifths of the most a quest file may hold
// (under that text only: the line under the one typed in before goes).
func (ed *Editor) showFileSize(l *widget.Label) {
	if ed.fileLine != nil && ed.fileLine != l {
		ed.fileLine.Hide()
	}
	ed.fileLine = l
	n := ed.fileText()
	if n < quest.MaxTextSize*4/5 {
		l.Hide()
		return
	}
	l.SetText(ed.tr.T("ui.questedit.limit.file", map[string]any{"Count": n, "Max": quest.MaxTextSize}))
	l.Show()
}

// typed applies what is typed into a field: the keys typed in one field
// one after the other make one step to undo, not one a key.
func (ed *Editor) typed(field any, set func() error) {
	if ed.typing.field == field && ed.typing.at == ed.changes && ed.typing.pushed {
		ed.doc.Undo() // the field's last step: replaced by this one
		ed.sel = ed.typing.sel
	} else {
		ed.typing.sel = ed.sel // what was selected before the typing (a fresh id follows a name)
	}
	before := ed.doc.Quest()
	err := set()
	ed.typing.field, ed.typing.pushed = field, err == nil && !reflect.DeepEqual(before, ed.doc.Quest())
	ed.edit(err)
	ed.typing.at = ed.changes
}

// edit shows the result of an edit typed in the panel: the map and the
// problems follow, the panel stays as it is (the typing goes on).
func (ed *Editor) edit(err error) {
	if err != nil {
		ed.refuse(err)
		return
	}
	ed.showHint()
	ed.followSelection()
	ed.changed(false)
	if ed.retitle != nil {
		ed.retitle()
	}
}

// followSelection keeps the selection on the same object when an edit
// changed its id (a fresh section's id follows its English name).
func (ed *Editor) followSelection() {
	id := ed.doc.LastID()
	if id == "" {
		return
	}
	now := ed.doc.Quest()
	switch ed.sel.kind {
	case "section":
		if _, ok := now.Section(id); ok {
			ed.sel.section = id
		}
	case "element":
		for _, s := range now.Sections {
			if slices.ContainsFunc(s.Elements, func(e quest.Element) bool { return e.ID == id }) {
				ed.sel.section, ed.sel.id = s.ID, id
			}
		}
	}
}

// number is a whole-number entry; bad input is named beside it.
func (ed *Editor) number(value int, set func(int) error) fyne.CanvasObject {
	e := probe.Name(ed.newEntry(false), "questedit.number")
	e.SetText(strconv.Itoa(value))
	bad := ui.Wrapped("", widget.DangerImportance)
	bad.Hide()
	e.OnChanged = func(s string) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			bad.SetText(ed.tr.T("ui.questedit.not_number", map[string]any{"Text": s}))
			bad.Show()
			return
		}
		bad.Hide()
		ed.typed(e, func() error { return set(n) })
	}
	return container.NewVBox(e, bad)
}

// heading is the panel's title and, under it, a line of help. It returns
// the title, for a panel whose title follows what is typed (a name).
func (ed *Editor) heading(title, help string) *widget.RichText {
	h := ui.WrappedHeading(title).(*widget.RichText)
	ed.panel.Add(h)
	if help != "" {
		ed.panel.Add(ui.Wrapped(help, widget.LowImportance))
	}
	return h
}

// questPanel: with nothing selected, the quest itself.
func (ed *Editor) questPanel() {
	q := ed.q
	ed.heading(ed.t("ui.questedit.quest"), ed.t("ui.questedit.quest_help"))
	info := func(title, intro, setup, faction quest.Text) error {
		return ed.doc.SetQuestInfo(title, intro, setup, faction)
	}
	cur := func() *quest.Quest { return ed.doc.Quest() }
	ed.panel.Add(ed.textField(ed.t("ui.questedit.title_field"), q.Title, false, func(t quest.Text) error {
		c := cur()
		return info(t, c.Introduction, c.Setup, c.Faction)
	}))
	ed.panel.Add(ed.textField(ed.t("ui.questedit.introduction"), q.Introduction, true, func(t quest.Text) error {
		c := cur()
		return info(c.Title, t, c.Setup, c.Faction)
	}))
	ed.panel.Add(ed.textField(ed.t("ui.questedit.setup"), q.Setup, true, func(t quest.Text) error {
		c := cur()
		return info(c.Title, c.Introduction, t, c.Faction)
	}))
	ed.panel.Add(ed.textField(ed.t("ui.questedit.faction"), q.Faction, false, func(t quest.Text) error {
		c := cur()
		return info(c.Title, c.Introduction, c.Setup, t)
	}))
	ed.panel.Add(ed.textField(ed.t("ui.questedit.leader"), q.Leader.Name, false, func(t quest.Text) error {
		return ed.doc.SetLeader(t, cur().Leader.VP)
	}))
	ed.panel.Add(ed.idField(q.ID, func(id string) error { return ed.doc.SetQuestID(id) }))
	ed.panel.Add(caption(ed.tr.T("ui.questedit.leader_vp", map[string]any{"Max": quest.MaxLeaderVP})))
	ed.panel.Add(ed.number(q.Leader.VP, func(vp int) error { return ed.doc.SetLeader(cur().Leader.Name, vp) }))

	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.decks")))
	for _, deck := range []string{"obstacle", "encounter", "power"} {
		ed.panel.Add(ed.deckRow(deck, q.Decks[deck]))
	}

	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.spawn")))
	for roll := 1; roll <= 6; roll++ {
		ed.panel.Add(ed.spawnRow(roll))
	}

	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.conditions")))
	for i := range q.Conditions {
		ed.panel.Add(ed.conditionBlock(i))
	}
	ed.panel.Add(widget.NewButton(ed.t("ui.questedit.add_condition"), func() {
		_, err := ed.doc.AddCondition(quest.Text{}, "", false)
		ed.do(err, true)
	}))

	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.texts")))
	ed.panel.Add(ui.Wrapped(ed.t("ui.questedit.texts_help"), widget.LowImportance))
	for i := range q.Texts {
		ed.panel.Add(ed.textBlock(i))
	}
	ed.panel.Add(ed.addTextButton(nil))
	ed.panel.Add(widget.NewLabel("")) // room under the last list, which opens downwards
}

var deckIDs = map[string]string{"obstacle": "ui.questedit.deck.obstacle", "encounter": "ui.questedit.deck.encounter", "power": "ui.questedit.deck.power"}

// deckRow is a deck's change: taken out, or a number of random cards.
func (ed *Editor) deckRow(deck string, r quest.DeckRule) fyne.CanvasObject {
	random := probe.Name(ed.newEntry(false), "questedit.number")
	random.SetPlaceHolder(ed.t("ui.questedit.deck_all"))
	if r.Random != nil {
		random.SetText(strconv.Itoa(*r.Random))
	}
	absent := ui.NewWrapCheck(ed.t("ui.questedit.deck_absent"), nil)
	absent.SetChecked(r.Absent)
	bad := ui.Wrapped("", widget.DangerImportance)
	bad.Hide()
	apply := func() {
		rule := quest.DeckRule{Absent: absent.Checked}
		if s := strings.TrimSpace(random.Text); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				bad.SetText(ed.tr.T("ui.questedit.not_number", map[string]any{"Text": s}))
				bad.Show()
				return
			}
			rule.Random = &n
		}
		bad.Hide()
		ed.edit(ed.doc.SetDeck(deck, rule))
	}
	absent.OnChanged = func(bool) { apply() }
	random.OnChanged = func(string) { apply() }
	return container.NewVBox(caption(ed.t(deckIDs[deck])), absent,
		container.NewBorder(nil, nil, widget.NewLabel(ed.t("ui.questedit.deck_random")), nil, random), bad)
}

// spawnRow is a row of the spawn table: the creatures and their cost; the
// chosen faction's profiles can be added to the creatures from a list.
func (ed *Editor) spawnRow(roll int) fyne.CanvasObject {
	var row quest.SpawnRow
	for _, r := range ed.q.SpawnTable {
		if r.Roll == roll {
			row = r
		}
	}
	get := func() quest.SpawnRow {
		for _, r := range ed.doc.Quest().SpawnTable {
			if r.Roll == roll {
				return r
			}
		}
		return quest.SpawnRow{Roll: roll}
	}
	field := ed.textField(ed.tr.T("ui.questedit.spawn_row", map[string]any{"Roll": roll}), row.Creatures, false, func(t quest.Text) error {
		return ed.doc.SetSpawnRow(roll, t, get().Cost)
	})
	cost := ed.number(row.Cost, func(n int) error { return ed.doc.SetSpawnRow(roll, get().Creatures, n) })
	line := container.NewBorder(nil, nil, widget.NewLabel(ed.t("ui.questedit.spawn_cost")), nil, cost)
	out := container.NewVBox(field, line)
	if len(ed.opts.Profiles) > 0 {
		var names []string
		for _, p := range ed.opts.Profiles {
			names = append(names, p.Name.In(ed.tr.Lang))
		}
		pick := widget.NewSelect(names, nil)
		pick.PlaceHolder = ed.t("ui.questedit.add_creature")
		pick.OnChanged = func(string) {
			i := pick.SelectedIndex()
			if i < 0 {
				return
			}
			p := ed.opts.Profiles[i]
			t := get().Creatures
			nt := quest.Text{}
			for _, lang := range quest.Languages {
				nt[lang] = joinCreature(t[lang], p.Name.In(lang))
			}
			ed.do(ed.doc.SetSpawnRow(roll, nt, get().Cost), true)
		}
		out.Add(pick)
	}
	return out
}

// joinCreature adds "1 name" to a row's creatures.
func joinCreature(have, name string) string {
	if strings.TrimSpace(have) == "" {
		return "1 " + name
	}
	return have + ", 1 " + name
}

// conditionBlock edits the i-th condition: its label, what ticks it, the
// mission, and the texts it reveals.
func (ed *Editor) conditionBlock(i int) fyne.CanvasObject {
	c := ed.q.Conditions[i]
	id := func() string { return ed.doc.Quest().Conditions[i].ID }
	get := func() quest.Condition { return ed.doc.Quest().Conditions[i] }
	box := container.NewVBox(widget.NewSeparator())
	box.Add(ed.textField(ed.tr.T("ui.questedit.condition", map[string]any{"N": i + 1}), c.Label, false, func(t quest.Text) error {
		g := get()
		return ed.doc.SetCondition(id(), t, g.Slain, g.Mission)
	}))
	// What ticks it: nothing (the Conductor), the Leader's death, or a
	// profile's.
	keys := []string{"", quest.SlainLeader}
	names := []string{ed.t("ui.questedit.slain_none"), ed.t("ui.questedit.slain_leader")}
	for _, p := range ed.opts.Profiles {
		keys = append(keys, p.ID)
		names = append(names, ed.tr.T("ui.questedit.slain_profile", map[string]any{"NameText": map[string]string(p.Name)}))
	}
	if !slices.Contains(keys, c.Slain) {
		keys = append(keys, c.Slain)
		names = append(names, ed.tr.T("ui.questedit.slain_profile", map[string]any{"NameText": map[string]string{"en": c.Slain}}))
	}
	slain := widget.NewSelect(names, nil)
	slain.SetSelectedIndex(slices.Index(keys, c.Slain))
	slain.OnChanged = func(string) {
		g := get()
		ed.edit(ed.doc.SetCondition(id(), g.Label, keys[slain.SelectedIndex()], g.Mission))
	}
	box.Add(caption(ed.t("ui.questedit.slain")))
	box.Add(slain)
	mission := ui.NewWrapCheck(ed.t("ui.questedit.mission"), nil)
	mission.SetChecked(c.Mission)
	mission.OnChanged = func(on bool) {
		g := get()
		ed.edit(ed.doc.SetCondition(id(), g.Label, g.Slain, on))
	}
	box.Add(mission)
	box.Add(ed.idField(c.ID, func(s string) error { return ed.doc.SetID(edit.Ref{Kind: "condition", ID: id(), Index: i}, s) }))
	remove := widget.NewButton(ed.t("ui.questedit.remove_condition"), func() { ed.do(ed.doc.RemoveCondition(id()), true) })
	remove.Importance = widget.DangerImportance
	box.Add(remove)
	return box
}

// reveals are what can reveal a text, with their names: sections,
// elements, secret doors, conditions.
func (ed *Editor) reveals() ([]edit.Reveal, []string) {
	var out []edit.Reveal
	var names []string
	lang := ed.tr.Lang
	for _, s := range ed.q.Sections {
		out = append(out, edit.Reveal{Section: s.ID})
		names = append(names, ed.tr.T("ui.questedit.by_section", map[string]any{"Name": ed.q.SectionName(s.ID).In(lang)}))
	}
	for _, s := range ed.q.Sections {
		for _, el := range s.Elements {
			out = append(out, edit.Reveal{Element: el.ID})
			names = append(names, ed.tr.T("ui.questedit.by_element", map[string]any{"Name": el.Name.In(lang), "KindKey": elementKindIDs[el.Kind]}))
		}
		for _, e := range s.Exits {
			if e.ID != "" {
				out = append(out, edit.Reveal{Element: e.ID})
				names = append(names, ed.tr.T("ui.questedit.by_secret", map[string]any{"Name": ed.q.SectionName(s.ID).In(lang)}))
			}
		}
	}
	for _, c := range ed.q.Conditions {
		out = append(out, edit.Reveal{Condition: c.ID})
		names = append(names, ed.tr.T("ui.questedit.by_condition", map[string]any{"Name": c.Label.In(lang)}))
	}
	return out, names
}

func revealOf(t quest.HiddenText) edit.Reveal {
	return edit.Reveal{Section: t.Section, Element: t.Element, Condition: t.Condition}
}

var styleIDs = map[string]string{"red": "ui.questedit.style.red", "adp": "ui.questedit.style.adp"}

// textBlock edits the i-th hidden text: red box or ADP note, what reveals
// it (picked from the quest's names), its words, what it does.
func (ed *Editor) textBlock(i int) fyne.CanvasObject {
	h := ed.q.Texts[i]
	id := func() string { return ed.doc.Quest().Texts[i].ID }
	get := func() quest.HiddenText { return ed.doc.Quest().Texts[i] }
	box := container.NewVBox(widget.NewSeparator())
	var styleNames []string
	for _, s := range quest.TextStyles {
		styleNames = append(styleNames, kindName(ed.tr, styleIDs, s))
	}
	style := widget.NewSelect(styleNames, nil)
	style.SetSelectedIndex(slices.Index(quest.TextStyles, h.Style))
	refs, names := ed.reveals()
	by := widget.NewSelect(names, nil)
	by.PlaceHolder = ed.t("ui.questedit.pick_reveal")
	by.SetSelectedIndex(slices.Index(refs, revealOf(h)))
	by.OnChanged = func(string) {
		if j := by.SelectedIndex(); j >= 0 {
			ed.edit(ed.doc.SetText(id(), refs[j], get().Text))
		}
	}
	style.OnChanged = func(string) {
		if j := style.SelectedIndex(); j >= 0 {
			ed.do(ed.doc.SetTextStyle(id(), quest.TextStyles[j]), true) // read aloud or not: its length shown or not
		}
	}
	// Each caption above its list, as everywhere in the panel: a caption
	// beside a list wraps in a narrow column, over the list.
	box.Add(caption(ed.t("ui.questedit.text_style")))
	box.Add(style)
	box.Add(caption(ed.t("ui.questedit.revealed_by")))
	box.Add(by)
	first := len(ed.fields)
	box.Add(ed.readAloudField(ed.tr.T("ui.questedit.text_n", map[string]any{"N": i + 1}), h.Text, func() bool { return get().Style == "red" }, func(t quest.Text) error {
		return ed.doc.SetText(id(), revealOf(get()), t)
	}))
	if h.ID == ed.focusText && first < len(ed.fields) {
		ed.textFocus = ed.fields[first]
	}
	box.Add(ed.effectBlock(i))
	box.Add(ed.idField(h.ID, func(s string) error { return ed.doc.SetID(edit.Ref{Kind: "text", ID: id(), Index: i}, s) }))
	remove := widget.NewButton(ed.t("ui.questedit.remove_text"), func() { ed.do(ed.doc.RemoveText(id()), true) })
	remove.Importance = widget.DangerImportance
	box.Add(remove)
	return box
}

// addTextButton adds a red box or an ADP note revealed by what r gives
// when tapped (the object's id as it is then: a name typed since the panel
// was built may have changed it); with no r (the quest's panel), two lists
// offer what can reveal it, and picking one adds the text.
func (ed *Editor) addTextButton(r func() edit.Reveal) fyne.CanvasObject {
	add := func(style string, by edit.Reveal) {
		id, err := ed.doc.AddText(style, by, quest.Text{})
		if err == nil {
			ed.focusText = id // its words get the keys
		}
		ed.do(err, true)
	}
	if r != nil {
		return container.NewGridWithColumns(2,
			ui.NewWrapButton(ed.t("ui.questedit.add_text"), func() { add("red", r()) }),
			ui.NewWrapButton(ed.t("ui.questedit.add_note"), func() { add("adp", r()) }))
	}
	refs, names := ed.reveals()
	pick := func(style, placeholder string) *widget.Select {
		s := widget.NewSelect(names, nil)
		s.PlaceHolder = placeholder
		s.OnChanged = func(string) {
			if j := s.SelectedIndex(); j >= 0 {
				add(style, refs[j])
			}
		}
		if len(refs) == 0 {
			s.Disable()
		}
		return s
	}
	return container.NewVBox(pick("red", ed.t("ui.questedit.add_text_by")), pick("adp", ed.t("ui.questedit.add_note_by")))
}

// textsRevealedBy lists the texts revealed by what r gives, to edit where
// it is.
func (ed *Editor) textsRevealedBy(r func() edit.Reveal) {
	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.texts_here")))
	for i, h := range ed.q.Texts {
		if revealOf(h) == r() {
			ed.panel.Add(ed.textBlock(i))
		}
	}
	ed.panel.Add(ed.addTextButton(r))
}

// sectionPanel edits the selected section.
func (ed *Editor) sectionPanel() {
	s, _ := ed.q.Section(ed.sel.section)
	id := func() string { return ed.sel.section }
	title := ed.heading(ed.q.SectionName(s.ID).In(ed.tr.Lang), ed.t("ui.questedit.section_help"))
	// The title follows the name as it is typed (the panel is not built again then).
	ed.retitle = func() {
		if seg, ok := title.Segments[0].(*widget.TextSegment); ok {
			seg.Text = ed.q.SectionName(ed.sel.section).In(ed.tr.Lang)
			title.Refresh()
		}
	}
	var kinds []string
	for _, k := range quest.SectionKinds {
		kinds = append(kinds, sectionKindName(ed.tr, k))
	}
	kind := widget.NewSelect(kinds, nil)
	kind.SetSelectedIndex(slices.Index(quest.SectionKinds, s.Kind))
	kind.OnChanged = func(string) {
		if j := kind.SelectedIndex(); j >= 0 && quest.SectionKinds[j] != s.Kind {
			ed.do(ed.doc.SetSectionKind(id(), quest.SectionKinds[j]), false)
		}
	}
	ed.panel.Add(caption(ed.t("ui.questedit.section_kind")))
	ed.panel.Add(kind)
	ed.panel.Add(ed.textField(ed.t("ui.questedit.section_name"), s.Name, false, func(t quest.Text) error {
		return ed.doc.SetSectionName(id(), t)
	}))
	ed.panel.Add(ed.readAloudField(ed.t("ui.questedit.section_text"), s.Text, func() bool { return true }, func(t quest.Text) error {
		return ed.doc.SetSectionText(id(), t)
	}))
	start := widget.NewButton(ed.t("ui.questedit.set_start"), func() { ed.do(ed.doc.SetStart(id()), true) })
	if s.Start {
		start.SetText(ed.t("ui.questedit.is_start"))
		start.Disable()
	}
	ed.panel.Add(start)
	// Its picture, kept inside the quest file.
	ed.panel.Add(caption(ed.t("ui.questedit.image")))
	pick := ui.NewWrapButton(ed.t("ui.questedit.image_pick"), func() { ed.pickImage(id()) })
	remove := ui.NewWrapButton(ed.t("ui.questedit.image_remove"), func() { ed.do(ed.doc.SetImage(id(), ""), true) })
	if s.Image == "" {
		remove.Disable()
	}
	ed.panel.Add(container.NewGridWithColumns(2, pick, remove))
	// What is in it.
	if len(s.Elements) > 0 {
		ed.panel.Add(caption(ed.t("ui.questedit.elements")))
		for _, el := range s.Elements {
			ed.panel.Add(widget.NewButton(el.Name.In(ed.tr.Lang), func() {
				ed.sel = selection{kind: "element", section: id(), id: el.ID}
				ed.changed(true)
			}))
		}
	}
	ed.textsRevealedBy(func() edit.Reveal { return edit.Reveal{Section: id()} })
	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ed.idField(s.ID, func(n string) error {
		err := ed.doc.SetID(edit.Ref{Kind: "section", Section: id(), ID: id()}, n)
		if err == nil {
			ed.sel.section = n
		}
		return err
	}))
	del := widget.NewButton(ed.t("ui.questedit.remove_section"), func() { ed.do(ed.doc.RemoveSection(id()), true) })
	del.Importance = widget.DangerImportance
	ed.panel.Add(del)
}

// pickImage asks for a PNG or JPEG and puts it in the section.
func (ed *Editor) pickImage(id string) {
	ui.OpenFile(ed.win, []string{".png", ".jpg", ".jpeg"}, quest.MaxImageFile, func(_ string, data []byte) {
		ed.setImage(id, data)
	}, func(err error) {
		dialog.ShowError(errors.New(ed.tr.T("quest.unreadable", map[string]any{"Detail": err.Error()})), ed.win)
	})
}

// exitPanel edits the selected exit.
func (ed *Editor) exitPanel() {
	s, _ := ed.q.Section(ed.sel.section)
	e := s.Exits[ed.sel.index]
	lang := ed.tr.Lang
	ed.heading(exitName(ed.tr, e.Kind), ed.tr.T("ui.questedit.exit_from_to", map[string]any{
		"From": ed.q.SectionName(s.ID).In(lang), "To": ed.q.SectionName(e.To).In(lang)}))
	var kinds []string
	for _, k := range quest.ExitKinds {
		kinds = append(kinds, exitName(ed.tr, k))
	}
	kind := widget.NewSelect(kinds, nil)
	kind.SetSelectedIndex(slices.Index(quest.ExitKinds, e.Kind))
	kind.OnChanged = func(string) {
		if j := kind.SelectedIndex(); j >= 0 && quest.ExitKinds[j] != e.Kind {
			ed.do(ed.doc.SetExitKind(s.ID, ed.sel.index, quest.ExitKinds[j]), true)
		}
	}
	ed.panel.Add(caption(ed.t("ui.questedit.exit_kind")))
	ed.panel.Add(kind)
	if e.ID != "" {
		ed.textsRevealedBy(func() edit.Reveal { return edit.Reveal{Element: e.ID} })
		ed.panel.Add(ed.idField(e.ID, func(n string) error {
			return ed.doc.SetID(edit.Ref{Kind: "exit", Section: s.ID, Index: ed.sel.index, ID: e.ID}, n)
		}))
	}
	ed.panel.Add(widget.NewSeparator())
	del := widget.NewButton(ed.t("ui.questedit.remove_exit"), func() { ed.do(ed.doc.RemoveExit(s.ID, ed.sel.index), true) })
	del.Importance = widget.DangerImportance
	ed.panel.Add(del)
}

// elementPanel edits the selected element.
func (ed *Editor) elementPanel() {
	s, _ := ed.q.Section(ed.sel.section)
	j := slices.IndexFunc(s.Elements, func(e quest.Element) bool { return e.ID == ed.sel.id })
	el := s.Elements[j]
	get := func() quest.Element {
		c, _ := ed.doc.Quest().Section(ed.sel.section)
		k := slices.IndexFunc(c.Elements, func(e quest.Element) bool { return e.ID == ed.sel.id })
		return c.Elements[k]
	}
	ed.heading(elementName(ed.tr, el.Kind), ed.tr.T("ui.questedit.element_in", map[string]any{"Name": ed.q.SectionName(s.ID).In(ed.tr.Lang)}))
	ed.panel.Add(ed.textField(ed.t("ui.questedit.element_name"), el.Name, false, func(t quest.Text) error {
		return ed.doc.SetElement(ed.sel.section, ed.sel.id, t, get().TrapAllowed)
	}))
	if el.Kind == "furniture" {
		trap := ui.NewWrapCheck(ed.t("ui.questedit.trap_allowed"), nil)
		trap.SetChecked(el.TrapAllowed)
		trap.OnChanged = func(on bool) { ed.edit(ed.doc.SetElement(ed.sel.section, ed.sel.id, get().Name, on)) }
		ed.panel.Add(trap)
	}
	ed.textsRevealedBy(func() edit.Reveal { return edit.Reveal{Element: ed.sel.id} })
	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ed.idField(el.ID, func(n string) error {
		err := ed.doc.SetID(edit.Ref{Kind: "element", Section: ed.sel.section, ID: ed.sel.id, Index: j}, n)
		if err == nil {
			ed.sel.id = n
		}
		return err
	}))
	del := widget.NewButton(ed.t("ui.questedit.remove_element"), func() { ed.do(ed.doc.RemoveElement(ed.sel.section, ed.sel.id), true) })
	del.Importance = widget.DangerImportance
	ed.panel.Add(del)
}

// effectBlock edits what showing the i-th text does to the game, folded
// away until opened: reserve points, the Leader regenerating, the
// creatures crumbling, a locked door unlocked, a reminder every turn, and
// the condition that ends a lasting effect.
func (ed *Editor) effectBlock(i int) fyne.CanvasObject {
	e := ed.q.Texts[i].Effect
	id := func() string { return ed.doc.Quest().Texts[i].ID }
	get := func() quest.Effect { return ed.doc.Quest().Texts[i].Effect }
	set := func(change func(*quest.Effect)) {
		eff := get()
		change(&eff)
		ed.edit(ed.doc.SetEffect(id(), eff))
	}
	points := func(caption string, v int, put func(*quest.Effect, int)) fyne.CanvasObject {
		entry := ed.newEntry(false)
		if v != 0 {
			entry.SetText(strconv.Itoa(v))
		}
		entry.SetPlaceHolder("0")
		bad := ui.Wrapped("", widget.DangerImportance)
		bad.Hide()
		entry.OnChanged = func(s string) {
			n := 0
			if s = strings.TrimSpace(s); s != "" {
				var err error
				if n, err = strconv.Atoi(s); err != nil {
					bad.SetText(ed.tr.T("ui.questedit.not_number", map[string]any{"Text": s}))
					bad.Show()
					return
				}
			}
			bad.Hide()
			set(func(eff *quest.Effect) { put(eff, n) })
		}
		return container.NewVBox(container.NewGridWithColumns(2, ui.Wrapped(caption, widget.MediumImportance), entry), bad)
	}
	box := container.NewVBox(
		container.NewVBox(
			points(ed.t("ui.questedit.effect.reserve"), e.Reserve, func(eff *quest.Effect, n int) { eff.Reserve = n }),
			points(ed.t("ui.questedit.effect.reserve_each_turn"), e.ReserveEachTurn, func(eff *quest.Effect, n int) { eff.ReserveEachTurn = n }),
			points(ed.t("ui.questedit.effect.regenerates"), e.LeaderRegenerates, func(eff *quest.Effect, n int) { eff.LeaderRegenerates = n })))
	crumble := ui.NewWrapCheck(ed.t("ui.questedit.effect.crumble"), func(on bool) { set(func(eff *quest.Effect) { eff.Crumble = on }) })
	crumble.Checked = e.Crumble
	every := ui.NewWrapCheck(ed.t("ui.questedit.effect.every_turn"), func(on bool) { set(func(eff *quest.Effect) { eff.EveryTurn = on }) })
	every.Checked = e.EveryTurn
	box.Add(crumble)
	box.Add(every)
	// The section whose locked door it opens, and the condition that ends it.
	secKeys, secNames := []string{""}, []string{ed.t("ui.questedit.effect.none")}
	for _, s := range ed.q.Sections {
		secKeys = append(secKeys, s.ID)
		secNames = append(secNames, ed.q.SectionName(s.ID).In(ed.tr.Lang))
	}
	unlock := widget.NewSelect(secNames, nil)
	unlock.SetSelectedIndex(max(slices.Index(secKeys, e.Unlock), 0))
	unlock.OnChanged = func(string) {
		if j := unlock.SelectedIndex(); j >= 0 {
			set(func(eff *quest.Effect) { eff.Unlock = secKeys[j] })
		}
	}
	condKeys, condNames := []string{""}, []string{ed.t("ui.questedit.effect.none")}
	for _, c := range ed.q.Conditions {
		condKeys = append(condKeys, c.ID)
		condNames = append(condNames, c.Label.In(ed.tr.Lang))
	}
	until := widget.NewSelect(condNames, nil)
	until.SetSelectedIndex(max(slices.Index(condKeys, e.Until), 0))
	until.OnChanged = func(string) {
		if j := until.SelectedIndex(); j >= 0 {
			set(func(eff *quest.Effect) { eff.Until = condKeys[j] })
		}
	}
	box.Add(caption(ed.t("ui.questedit.effect.unlock")))
	box.Add(unlock)
	box.Add(caption(ed.t("ui.questedit.effect.until")))
	box.Add(until)
	item := widget.NewAccordionItem(ed.t("ui.questedit.effect"), box)
	item.Open = e != (quest.Effect{})
	return widget.NewAccordion(item)
}

// idField is an object's id, for the rare quest that needs one of its own
// (another file refers to it): applied when Enter is pressed.
func (ed *Editor) idField(current string, set func(string) error) fyne.CanvasObject {
	e := ed.newEntry(false)
	e.SetText(current)
	e.OnSubmitted = func(s string) {
		s = strings.TrimSpace(s)
		if s == "" {
			return
		}
		ed.do(set(s), true)
	}
	return container.NewBorder(nil, nil, widget.NewLabel(ed.t("ui.questedit.id")), nil, probe.Name(e, "questedit.id"))
}

// setImage puts a picture file's content in a section, shrunk to fit the
// quest file; a file that is no picture is refused with its reason.
func (ed *Editor) setImage(id string, data []byte) {
	uri, err := quest.ImageFromFile(data)
	if err != nil {
		ed.refuse(errors.New(ed.tr.T("ui.questedit.image_bad", map[string]any{"Detail": errorText(ed.tr, err)})))
		return
	}
	ed.do(ed.doc.SetImage(id, uri), true)
}
