// Package factionform is the faction editor: a faction's name, creatures
// and Creature Spawn Table as fields (a Form tab), and the same faction as
// its TOML file (a TOML tab), each following the other. Every change is
// checked with the game's own validator: each problem is shown on its field
// with its line in the file, and the faction can be saved only when it has
// none.
package factionform

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// file is the name problems give the faction's file.
const file = "faction.toml"

// Editor is an open faction form.
type Editor struct {
	// unguard ends the form's say over the window's close button (Open).
	unguard func()
	tr      *translations.Translator
	win     fyne.Window
	onSave  func(name string, data []byte)

	model faction.Faction // what the form shows
	text  string          // the file: the TOML tab's text
	good  *faction.Faction
	// problems are the file's, as the validator words them.
	problems quest.Problems
	// unread: the TOML tab's text cannot be read; the form shows the last
	// faction that could.
	unread bool
	// formStale: the TOML tab was edited; the form shows it when next opened.
	formStale bool
	// tomlStale: the form was edited; the TOML tab shows the file when next
	// opened (a long file takes a while to set: not on every key).
	tomlStale bool
	// updating: the editor itself is setting widgets; their callbacks wait.
	updating bool
	// bad are the number fields whose text is no number, and where that is said.
	bad map[*numberField]*widget.Label
	// refs are the creature each spawn row's group is of, by its index in
	// the form (-1: none, or one the file names that is not there): a
	// creature renamed keeps its groups, even while its id is passing
	// through another creature's.
	refs [][]int

	behaviours []string // the behaviour types a creature may have
	levels     []string

	// Tabs holds the Form and the TOML tabs.
	Tabs             *container.AppTabs
	formTab, tomlTab *container.TabItem
	// TOML is the file's text.
	TOML   *widget.Entry
	Save   *widget.Button
	export *widget.Button
	status *widget.Label // every problem with its line, or that there is none

	form             *fyne.Container
	formScroll       *container.Scroll
	general          *widget.Label            // problems of the file as a whole
	nameBox          map[string]*widget.Entry // the faction's name, by language (formLangs)
	id               *widget.Entry
	sample           *ui.WrapCheck
	nameProblems     *widget.Label
	idProblems       *widget.Label
	profilesProblems *widget.Label
	spawnProblems    *widget.Label
	profileBox       *fyne.Container
	spawnBox         *fyne.Container
	addCreature      *widget.Button
	fixRows          *widget.Button
	cards            []*profileCard
	rows             []*spawnCard

	// tomlProblem says, in the TOML tab over the text, the line of the
	// mistake that keeps the file from being read; goToLine puts the
	// cursor on it.
	tomlProblem *widget.Label
	goToLine    *widget.Button
	problemLine int

	// Content is the whole editor: the tabs, the problems and the buttons.
	Content fyne.CanvasObject
	dialog  dialog.Dialog

	// Unsaved work (draft.go): the file the form opened on, where the
	// draft is kept, whether the form opened on a draft, whether a draft
	// was handed on, and the question asked before the changes go.
	opened            string
	drafts            Drafts
	restored, drafted bool
	asking            dialog.Dialog
}

func (e *Editor) t(id string) string { return e.tr.T(id, nil) }

// New makes the editor for start (nil: a new, empty faction); onSave gets
// the file, named after the faction's id, once it has no problem.
func New(win fyne.Window, tr *translations.Translator, start *faction.Faction, onSave func(name string, data []byte)) *Editor {
	e := &Editor{tr: tr, win: win, onSave: onSave, bad: map[*numberField]*widget.Label{}, levels: bestiary.Levels}
	for _, b := range bestiary.BehaviourTypes {
		if !b.LeaderOnly {
			e.behaviours = append(e.behaviours, b.ID)
		}
	}
	switch {
	case start == nil:
		e.text = string(faction.Encode(empty()))
	case len(start.Source) > 0:
		e.text = string(start.Source)
	default:
		e.text = string(faction.Encode(start))
	}
	if f, ps := faction.Decode(file, []byte(e.text)); ps == nil {
		e.model = *f // a copy of its own: the faction given is the app's
	} else {
		e.model = *empty()
		e.unread = true
	}
	e.model.Source = nil
	e.loadRefs()
	e.opened = e.text

	e.TOML = widget.NewMultiLineEntry()
	e.TOML.TextStyle.Monospace = true
	e.TOML.Wrapping = fyne.TextWrapOff
	e.TOML.SetText(e.text)
	e.TOML.OnChanged = e.tomlChanged
	e.status = ui.Wrapped("", widget.DangerImportance)
	e.Save = widget.NewButton(e.t("ui.faction_editor.save"), e.save)
	e.Save.Importance = widget.HighImportance
	e.export = widget.NewButton(e.t("ui.faction_editor.export"), e.exportFile)
	cancel := widget.NewButton(e.t("ui.cancel"), e.cancel)

	e.general = problemLabel()
	e.form = container.NewVBox()
	e.formScroll = ui.FormScroll(e.form)
	tomlHelp := ui.Wrapped(e.t("ui.factionform.toml_help"), widget.LowImportance)
	e.tomlProblem = ui.Wrapped("", widget.DangerImportance)
	e.goToLine = widget.NewButton("", e.showProblemLine)
	tomlProblem := container.NewBorder(nil, nil, nil, e.goToLine, e.tomlProblem)
	// The file's own problems stay in sight above the form, wherever it is scrolled to.
	e.formTab = container.NewTabItem(e.t("ui.factionform.tab_form"), container.NewBorder(e.general, nil, nil, nil, e.formScroll))
	e.tomlTab = container.NewTabItem(e.t("ui.factionform.tab_toml"), container.NewBorder(container.NewVBox(tomlHelp, tomlProblem), nil, nil, nil, e.TOML))
	e.Tabs = container.NewAppTabs(e.formTab, e.tomlTab)
	e.Tabs.OnSelected = func(tab *container.TabItem) {
		switch {
		case tab == e.formTab && e.formStale:
			e.rebuild()
		case tab == e.tomlTab && e.tomlStale:
			e.showText()
		}
	}
	statusScroll := ui.VScroll(e.status)
	statusScroll.SetMinSize(fyne.NewSize(0, 72)) // two lines at least: the status is never cut
	e.Content = container.NewBorder(nil, container.NewVBox(statusScroll,
		container.NewGridWithColumns(3, cancel, e.export, e.Save)), nil, nil, e.Tabs)
	e.rebuild()
	return e
}

// maxWidth is the widest the editor opens: on a big screen its rows are
// read at a glance.
const maxWidth = 1400

// Open shows the editor over win, as big as the window allows.
func Open(win fyne.Window, tr *translations.Translator, start *faction.Faction, onSave func(name string, data []byte)) *Editor {
	e := New(win, tr, start, onSave)
	e.dialog = dialog.NewCustomWithoutButtons(e.t("ui.faction_editor.title"), e.Content, win)
	size := win.Canvas().Size()
	e.dialog.Resize(ui.DialogSize(size, maxWidth, size.Height))
	// The app's close button asks first about unsaved work in the form.
	e.unguard = ui.GuardClose(win, func(closeWindow func()) bool {
		if !e.Unsaved() {
			return false
		}
		e.leave(closeWindow)
		return true
	})
	e.dialog.Show()
	return e
}

// Dialog is the editor's dialog, once opened.
func (e *Editor) Dialog() dialog.Dialog { return e.dialog }

// empty is a new faction: no creature yet, and the six spawn rows.
func empty() *faction.Faction {
	f := &faction.Faction{Name: quest.Text{}}
	for roll := 1; roll <= 6; roll++ {
		f.Spawn = append(f.Spawn, faction.SpawnRow{Roll: roll, Creatures: []faction.Group{}})
	}
	return f
}

func (e *Editor) close() {
	if e.unguard != nil {
		e.unguard()
		e.unguard = nil
	}
	if e.dialog != nil {
		e.dialog.Hide()
	}
}

// save hands the file on once it has no problem.
func (e *Editor) save() {
	if e.good == nil || len(e.bad) > 0 {
		return
	}
	e.close()
	if e.onSave != nil {
		e.onSave(e.good.ID+".toml", []byte(e.text))
	}
}

// exportFile saves the file where the player picks: it imports anywhere.
func (e *Editor) exportFile() {
	if e.win == nil {
		return
	}
	name := file
	if e.good != nil {
		name = e.good.ID + ".toml"
	}
	content := e.text
	ui.SaveFileAs(e.win, name, func(w io.Writer) error {
		_, err := io.WriteString(w, content)
		return err
	}, func(err error) {
		dialog.ShowError(errors.New(e.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), e.win)
	})
}

// formChanged writes the file again from the form, and checks it.
func (e *Editor) formChanged() {
	if e.updating {
		return
	}
	e.syncRefs()
	e.text = string(faction.Encode(&e.model))
	e.unread = false
	e.tomlStale = true
	if e.Tabs.Selected() == e.tomlTab {
		e.showText()
	}
	e.check()
}

// showText puts the file in the TOML tab.
func (e *Editor) showText() {
	e.tomlStale = false
	e.updating = true
	e.TOML.SetText(e.text)
	e.updating = false
}

// Text is the faction's file as it is now: what the TOML tab shows, and
// what Save stores.
func (e *Editor) Text() string { return e.text }

// tomlChanged reads the file into the form when it can be read (the form
// shows it when next opened), and checks it.
func (e *Editor) tomlChanged(s string) {
	if e.updating {
		return
	}
	e.text = s
	f, ps := faction.Decode(file, []byte(s))
	e.unread = ps != nil
	if ps == nil {
		e.model = *f
		e.model.Source = nil
		e.loadRefs()
		e.formStale = true
		if e.Tabs.Selected() == e.formTab {
			e.rebuild()
			return
		}
	}
	e.check()
}

// check validates the file with the game's rules, shows every problem in
// the status and on its field, and allows saving only without any.
func (e *Editor) check() {
	fa, ps := bestiary.ParseFaction(file, []byte(e.text))
	e.good, e.problems = fa, ps
	if ps != nil {
		var lines []string
		for _, p := range ps {
			lines = append(lines, fmt.Sprintf("%s:%d: %s", p.File, p.Line, e.words(p)))
		}
		e.status.SetText(strings.Join(lines, "\n"))
		e.status.Importance = widget.DangerImportance
	} else {
		e.status.SetText(e.tr.T("ui.faction_editor.valid", map[string]any{"Name": fa.Name.In(e.tr.Lang), "Count": len(fa.Profiles)}))
		e.status.Importance = widget.SuccessImportance
	}
	e.status.Refresh()
	if fa != nil && len(e.bad) == 0 {
		e.Save.Enable()
	} else {
		e.Save.Disable()
	}
	if !e.formStale {
		e.place()
	}
	e.markProblemLine()
	e.keepDraft()
}

// markProblemLine names, beside the TOML tab and over its text, the line
// of the mistake that keeps the file from being read; nothing when it
// can be read (its problems are then on the form's fields).
func (e *Editor) markProblemLine() {
	e.problemLine = 0
	if e.unread && len(e.problems) > 0 && e.problems[0].Line > 0 {
		e.problemLine = e.problems[0].Line
	}
	title := e.t("ui.factionform.tab_toml")
	if e.problemLine > 0 {
		title = e.tr.T("ui.factionform.tab_toml_line", map[string]any{"Line": e.problemLine})
		e.tomlProblem.SetText(e.line(e.problems[0]))
		e.goToLine.SetText(e.tr.T("ui.factionform.go_to_line", map[string]any{"Line": e.problemLine}))
		e.tomlProblem.Show()
		e.goToLine.Show()
	} else {
		e.tomlProblem.SetText("")
		e.tomlProblem.Hide()
		e.goToLine.Hide()
	}
	if e.tomlTab != nil && e.tomlTab.Text != title {
		e.tomlTab.Text = title
		e.Tabs.Refresh()
	}
}

// showProblemLine puts the TOML text's cursor at the start of the line
// of its mistake, and the focus in the text.
func (e *Editor) showProblemLine() {
	if e.problemLine <= 0 {
		return
	}
	e.Tabs.Select(e.tomlTab)
	e.TOML.CursorRow, e.TOML.CursorColumn = e.problemLine-1, 0
	e.TOML.Refresh()
	if e.win != nil {
		e.win.Canvas().Focus(e.TOML)
	}
}

// line words a problem for its field: its line in the file, and what to fix.
func (e *Editor) line(p quest.Problem) string {
	if p.Line <= 0 {
		return e.words(p)
	}
	return e.tr.T("ui.factionform.line", map[string]any{"Line": p.Line, "Problem": e.words(p)})
}

// words is what a problem says, the behaviours and levels to pick from
// named as the form's lists name them (a problem of a creature's behaviour
// or level field lists what is known).
func (e *Editor) words(p quest.Problem) string {
	var known []string
	_, _, field := splitField(p.Field)
	_, lists := p.Args["Known"]
	switch {
	case lists && field == "behaviour":
		for _, b := range e.behaviours {
			known = append(known, e.tr.T("behaviour."+b+".name", nil))
		}
	case lists && field == "level":
		for _, l := range e.levels {
			known = append(known, upperFirst(e.tr.T("level."+l, nil)))
		}
	default:
		return e.tr.T(p.ID, p.Args)
	}
	args := maps.Clone(p.Args)
	args["Known"] = strings.Join(known, ", ")
	return e.tr.T(p.ID, args)
}

// place shows each problem on the field it is about.
func (e *Editor) place() {
	found := map[*widget.Label][]string{}
	lines := quest.IndexLines([]byte(e.text))
	profileAt, rowAt := map[int]int{}, map[int]int{}
	for i := range e.model.Profiles {
		profileAt[lines.Table("creatures", i)] = i
	}
	for j := range e.model.Spawn {
		rowAt[lines.Table("spawn", j)] = j
	}
	for _, p := range e.problems {
		l := e.where(p, profileAt, rowAt)
		found[l] = append(found[l], e.line(p))
	}
	if e.unread {
		found[e.general] = append([]string{e.t("ui.factionform.unread")}, found[e.general]...)
	}
	for _, l := range e.bad {
		if !slices.Contains(found[l], e.t("ui.factionform.not_number")) {
			found[l] = append(found[l], e.t("ui.factionform.not_number"))
		}
	}
	all := []*widget.Label{e.general, e.nameProblems, e.idProblems, e.profilesProblems, e.spawnProblems}
	for _, c := range e.cards {
		all = append(all, c.problems[:]...)
	}
	for _, r := range e.rows {
		all = append(all, r.problems)
	}
	for _, l := range all {
		setProblems(l, found[l])
	}
}

// where is the label for a problem: the field core says it is about (its
// path), else its creature's or spawn row's by its line, or the file's.
func (e *Editor) where(p quest.Problem, profileAt, rowAt map[int]int) *widget.Label {
	if e.unread {
		return e.general
	}
	if l := e.fieldLabel(splitField(p.Field)); l != nil {
		return l
	}
	// On no one field (an unknown key): its creature or row, by its line.
	if i, ok := profileAt[p.Line]; ok && p.Line > 0 && i < len(e.cards) {
		return e.cards[i].problems[fieldName]
	}
	if j, ok := rowAt[p.Line]; ok && p.Line > 0 && j < len(e.rows) {
		return e.rows[j].problems
	}
	return e.general
}

// fieldLabel is the label of the field at a problem's path (splitField),
// nil when the form shows no such field.
func (e *Editor) fieldLabel(table string, i int, field string) *widget.Label {
	switch {
	case table == "name":
		return e.nameProblems
	case table == "id":
		return e.idProblems
	case table == "creatures" && i < 0:
		return e.profilesProblems
	case table == "spawn" && i < 0:
		return e.spawnProblems
	case table == "creatures" && i < len(e.cards):
		return e.cards[i].problems[cardField(field)]
	case table == "spawn" && i < len(e.rows):
		return e.rows[i].problems
	}
	return nil
}

// splitField reads a problem's field path: its table or top-level field
// ("creatures", "spawn", "name"), the entry's index in the table (-1: the
// table itself, or a field not in one), and the entry's field ("vp";
// "creatures[0].id" in a spawn row).
func splitField(path string) (table string, i int, field string) {
	head, field, _ := strings.Cut(path, ".")
	table, index, ok := strings.Cut(head, "[")
	if !ok {
		return table, -1, field
	}
	n, err := strconv.Atoi(strings.TrimSuffix(index, "]"))
	if err != nil || n < 0 {
		return table, -1, field
	}
	return table, n, field
}

// A creature's fields that problems are shown under.
const (
	fieldName = iota
	fieldKind
	fieldNumbers
	fieldSkills
	fieldID
	fields
)

// cardField is where a creature's card shows a problem of its field.
func cardField(field string) int {
	switch field {
	case "behaviour", "level":
		return fieldKind
	case "vp", "vitality", "agility", "perception", "intelligence":
		return fieldNumbers
	case "skills":
		return fieldSkills
	case "id":
		return fieldID
	}
	return fieldName
}

// rebuild makes the form again from the model.
func (e *Editor) rebuild() {
	e.formStale = false
	e.updating = true
	defer func() { e.updating = false; e.check() }()
	clear(e.bad)

	var id fyne.CanvasObject
	var names []fyne.CanvasObject
	e.nameBox, names = e.nameBoxes(e.model.Name, e.factionName)
	e.id, id = entry()
	e.id.SetText(e.model.ID)
	e.id.OnChanged = func(s string) {
		if e.updating {
			return
		}
		e.model.ID = s
		e.formChanged()
	}
	e.sample = ui.NewWrapCheck(e.t("ui.factionform.sample"), func(on bool) {
		if e.updating {
			return
		}
		e.model.Sample = on
		e.formChanged()
	})
	e.sample.SetChecked(e.model.Sample)
	e.nameProblems, e.idProblems = problemLabel(), problemLabel()
	e.profilesProblems, e.spawnProblems = problemLabel(), problemLabel()

	e.cards = nil
	e.profileBox = container.NewVBox()
	for i := range e.model.Profiles {
		e.cards = append(e.cards, e.profileCard(i))
		e.profileBox.Add(e.cards[i].content)
	}
	e.addCreature = widget.NewButtonWithIcon(e.t("ui.factionform.add_creature"), theme.ContentAddIcon(), e.addProfile)
	if len(e.model.Profiles) >= faction.MaxProfiles {
		e.addCreature.Disable()
	}
	e.rows = nil
	e.spawnBox = container.NewVBox()
	for j := range e.model.Spawn {
		e.rows = append(e.rows, e.spawnCard(j))
		e.spawnBox.Add(e.rows[j].content)
	}
	e.fixRows = widget.NewButton(e.t("ui.factionform.fix_rows"), e.makeSixRows)
	if sixRows(e.model.Spawn) {
		e.fixRows.Hide()
	}

	e.form.Objects = []fyne.CanvasObject{
		ui.WrappedHeading(e.t("ui.factionform.faction")),
		container.NewGridWithColumns(len(names)+1, append(names, captioned(e.t("ui.factionform.id"), id))...),
		e.nameProblems,
		e.idProblems,
		e.sample,
		ui.WrappedHeading(e.t("ui.factionform.creatures")),
		e.profilesProblems,
		e.profileBox,
		e.addCreature,
		ui.WrappedHeading(e.t("ui.factionform.spawn")),
		e.spawnProblems,
		e.fixRows,
		e.spawnBox,
	}
	e.form.Refresh()
}

// factionName sets the faction's name in lang; a new faction's id follows
// its English name until it is typed in.
func (e *Editor) factionName(lang string) func(string) {
	return func(s string) {
		if e.updating {
			return
		}
		old := e.model.Name[lang]
		if e.model.Name == nil {
			e.model.Name = quest.Text{}
		}
		setText(e.model.Name, lang, s)
		if lang == "en" && e.model.ID == slug(old) {
			e.model.ID = slug(s)
			e.updating = true
			e.id.SetText(e.model.ID)
			e.updating = false
		}
		e.formChanged()
	}
}

// setText sets t's text in lang; an empty one is no text.
func setText(t quest.Text, lang, s string) {
	if s == "" {
		delete(t, lang)
		return
	}
	t[lang] = s
}

// sixRows says whether rows are the six rolls, each once.
func sixRows(rows []faction.SpawnRow) bool {
	seen := map[int]bool{}
	for _, r := range rows {
		if r.Roll < 1 || r.Roll > 6 || seen[r.Roll] {
			return false
		}
		seen[r.Roll] = true
	}
	return len(seen) == 6
}

// makeSixRows keeps the first row of each roll from 1 to 6 and adds an
// empty one for each roll missing.
func (e *Editor) makeSixRows() {
	var rows []faction.SpawnRow
	for roll := 1; roll <= 6; roll++ {
		i := slices.IndexFunc(e.model.Spawn, func(r faction.SpawnRow) bool { return r.Roll == roll })
		if i < 0 {
			rows = append(rows, faction.SpawnRow{Roll: roll, Creatures: []faction.Group{}})
		} else {
			rows = append(rows, e.model.Spawn[i])
		}
	}
	e.model.Spawn = rows
	e.loadRefs()
	e.changedStructure()
}

// changedStructure writes the file again after creatures or rows came or
// went, and makes the form again.
func (e *Editor) changedStructure() {
	e.formChanged()
	e.rebuild()
}

// loadRefs finds the creature of each spawn row's group by its id.
func (e *Editor) loadRefs() {
	e.refs = make([][]int, len(e.model.Spawn))
	for j, r := range e.model.Spawn {
		e.refs[j] = make([]int, len(r.Creatures))
		for k, g := range r.Creatures {
			e.refs[j][k] = e.profileIndex(g.ID)
		}
	}
}

// syncRefs gives each group its creature's id as it is now.
func (e *Editor) syncRefs() {
	for j, refs := range e.refs {
		for k, x := range refs {
			if x >= 0 && x < len(e.model.Profiles) {
				e.model.Spawn[j].Creatures[k].ID = e.model.Profiles[x].ID
			}
		}
	}
}
