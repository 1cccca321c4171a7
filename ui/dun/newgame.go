package dunui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// newGameDialog is the open New game dialog: the form, and what to do with
// the game it makes.
type newGameDialog struct {
	screens  *Screens
	win      fyne.Window
	tr       *translations.Translator
	starter  ui.Starter
	campaign int64 // the campaign the game belongs to, or 0
	form     *newGameForm
	dialog   dialog.Dialog
	// importProblems are the last refused quest import's problems, as shown.
	importProblems string
	// importOffer asks whether to import a quest with a built-in quest's
	// id as a new quest (offerNewID), while it is open.
	importOffer dialog.Dialog
	// The faction editor, while it is open.
	factionEditor dialog.Dialog
	factionText   *widget.Entry
}

// openNewGame opens the New game dialog, filled with v when given; the game
// started from it belongs to campaign when not 0.
func (s *Screens) openNewGame(w fyne.Window, tr *translations.Translator, st ui.Starter, v *formValues, campaign int64) *newGameDialog {
	quests, err := s.quests()
	if err != nil {
		dialog.ShowError(errors.New(tr.T("ui.error.load", map[string]any{"Detail": err.Error()})), w)
	}
	d := &newGameDialog{screens: s, win: w, tr: tr, starter: st, campaign: campaign}
	f := newNewGameForm(tr, quests, d.setLanguage, d.importQuest)
	fs, imported := s.factions()
	f.addFactions(fs, imported, d.importFaction, d.editFaction)
	if v != nil {
		f.setValues(*v)
	}
	d.form = f
	f.questTools.Add(d.questEditorButtons())
	d.dialog = ui.NewNewGameDialog(w, tr, tr.T("ui.newgame.title", nil), f.content, fyne.NewSize(560, 480), d.start)
	d.dialog.SetOnClosed(func() {
		if s.newGame == d {
			s.newGame = nil
		}
	})
	s.newGame = d
	d.dialog.Show()
	return d
}

// newGameForParty opens the New game dialog with the party's VP; the game
// started from it belongs to the campaign.
func (s *Screens) newGameForParty(w fyne.Window, tr *translations.Translator, st ui.Starter, cp data.Campaign) {
	f := s.openNewGame(w, tr, st, nil, cp.ID).form
	heroes := heroesOf(cp.Party)
	f.heroes.SetText(strconv.Itoa(len(heroes)))
	for i, h := range heroes {
		if i < dun.MaxHeroes {
			// The campaign's party in one tap: names, VP and attributes.
			f.heroVP[i].SetText(strconv.Itoa(h.VP))
			f.heroName[i].SetText(h.Name)
			for j, a := range partyAttributes {
				if v, ok := h.Attributes[a]; ok {
					f.heroAttr[i][j].SetText(strconv.Itoa(v))
				}
			}
		}
	}
	f.refresh()
}

// start makes the game, has the shell save and open it, and closes the
// dialog. The seed is drawn now and kept in the setup, so every later roll
// can be replayed.
func (d *newGameDialog) start() (started bool, err error) {
	setup, ok := d.form.validate()
	if !ok {
		return false, nil
	}
	setup.Seed = uint64(time.Now().UnixNano())
	g, err := dun.NewGame(setup)
	if err == nil {
		err = d.starter.Start(g, d.saved)
	}
	return err == nil, err
}

// saved puts a game just stored in the campaign it was started from, if
// any, before the shell opens it.
func (d *newGameDialog) saved(id int64) error {
	if d.campaign == 0 || d.screens.campaigns == nil {
		return nil
	}
	return d.screens.campaigns.SetGameCampaign(id, d.campaign)
}

// setLanguage switches the app's language; the dialog follows, keeping what
// was typed.
func (d *newGameDialog) setLanguage(tag string) {
	v := d.form.values()
	d.dialog.Hide()
	tr := d.starter.SetLanguage(tag)
	d.screens.openNewGame(d.win, tr, d.starter, &v, d.campaign)
}

// importQuest asks for a quest file, checks it and stores it; the dialog
// then offers it, chosen. An invalid file is listed problem by problem and
// nothing is stored.
func (d *newGameDialog) importQuest() {
	ui.OpenFile(d.win, []string{".toml"}, quest.MaxSize, d.importQuestData, func(err error) {
		dialog.ShowError(errors.New(d.tr.T("quest.unreadable", map[string]any{"Detail": err.Error()})), d.win)
	})
}

// importQuestData stores a quest file's content and reopens the dialog with
// it chosen, or shows its problems. A quest with the id of one of the
// app's own is refused, with the offer to import it as a new quest.
func (d *newGameDialog) importQuestData(name string, source []byte) {
	id, err := d.screens.store.ImportContent(content.KindQuest, name, source)
	var ps quest.Problems
	if errors.As(err, &ps) {
		d.importProblems = problemLines(d.tr.T, ps)
		if d.offerNewID(name, source) {
			return
		}
		dialog.ShowInformation(d.tr.T("ui.newgame.import_failed", nil), d.importProblems, d.win)
		return
	}
	if err != nil {
		dialog.ShowError(errors.New(d.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), d.win)
		return
	}
	d.importProblems = ""
	keep := d.form.values()
	quests, _ := d.screens.quests()
	for i, known := range quests {
		if known.ID == id {
			keep.questIndex = i + 1
		}
	}
	d.dialog.Hide()
	f := d.screens.openNewGame(d.win, d.tr, d.starter, &keep, d.campaign).form
	if q := f.quest(); q != nil {
		f.leaderVP.SetText(strconv.Itoa(q.Leader.VP)) // the quest says what its Leader costs
	}
}

// offerNewID asks, for a valid quest file refused only because its id is
// one of the app's own quests', whether to import it as a new quest: with
// a fresh id (newQuestID), the file chosen left as it is. It says whether
// it asked.
func (d *newGameDialog) offerNewID(name string, source []byte) bool {
	q, ps := quest.Parse(name, source)
	if ps != nil {
		return false
	}
	if builtin, err := content.IsBuiltinQuest(q.ID); err != nil || !builtin {
		return false
	}
	newID, err := d.screens.newQuestID(q.ID)
	if err != nil {
		return false
	}
	msg := d.tr.T("ui.newgame.import_builtin", map[string]any{"TitleText": map[string]string(q.Title), "ID": q.ID, "NewID": newID})
	d.importOffer = dialog.NewCustomConfirm(d.tr.T("ui.newgame.import_builtin_title", nil), d.tr.T("ui.newgame.import_as_new", nil), d.tr.T("ui.cancel", nil),
		ui.Wrapped(msg, widget.MediumImportance), func(ok bool) {
			if !ok {
				return
			}
			renamed, err := quest.WithID(source, newID)
			if err != nil {
				dialog.ShowError(errors.New(d.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), d.win)
				return
			}
			d.importQuestData(name, renamed)
		}, d.win)
	d.importOffer.Resize(ui.DialogSize(d.win.Canvas().Size(), 480, 0))
	d.importOffer.Show()
	return true
}

// newGameForm collects a Setup. Problems are shown beside the field they
// belong to, worded by the same rules the engine enforces.
type newGameForm struct {
	tr *translations.Translator

	questPick *widget.Select
	// questTools holds New game's quest editor buttons (questeditor.go).
	questTools *fyne.Container
	onQuest    func()         // told when another quest is chosen (the editor's buttons follow)
	quests     []*quest.Quest // what questPick offers after "no quest"

	heroes    *widget.Entry
	totals    *widget.Label // the group's VP and the ADP's starting reserve, as typed
	spawns    *widget.Label // whose Creature Spawn Table the game will roll on
	vpMode    *widget.RadioGroup
	heroVP    [dun.MaxHeroes]*widget.Entry
	heroVPRow [dun.MaxHeroes]formRow
	// heroName and heroAttr make a party: optional, VP alone still works.
	heroName [dun.MaxHeroes]*widget.Entry
	heroAttr [dun.MaxHeroes][6]*widget.Entry
	// factionPick chooses the faction whose spawn rows fill the roster;
	// factions is what it offers after "no faction".
	factionPick *widget.Select
	factions    []*faction.Faction
	factionRow  *fyne.Container
	groupVP     *widget.Entry
	groupRow    formRow
	leaderVP    *widget.Entry
	conductor   *widget.RadioGroup
	language    *widget.Select
	encounters  *widget.Entry
	rules       *ui.RuleOptionInputs     // DUN's rule options table (dun.RuleOptions)
	errs        map[string]*widget.Label // field name → its error line
	content     fyne.CanvasObject
	onLanguage  func(tag string)
}

const (
	vpEach  = "each"
	vpGroup = "group"
)

// partyAttributes are the attributes a party hero is typed in with, in order.
var partyAttributes = [6]string{"perception", "intelligence", "agility", "dexterity", "strength", "movement"}

func newNewGameForm(tr *translations.Translator, quests []*quest.Quest, onLanguage func(string), onImport func()) *newGameForm {
	f := &newGameForm{tr: tr, errs: map[string]*widget.Label{}, onLanguage: onLanguage, quests: quests}
	t := func(id string) string { return tr.T(id, nil) }

	errLine := func(field string) *widget.Label {
		l := widget.NewLabel("")
		l.Importance = widget.DangerImportance
		l.Wrapping = fyne.TextWrapWord
		l.Hide()
		f.errs[field] = l
		return l
	}
	numberEntry := func(value string) *widget.Entry {
		e := widget.NewEntry()
		e.SetText(value)
		e.OnChanged = func(string) { f.refresh() }
		return e
	}

	f.heroes = numberEntry("2")
	f.vpMode = widget.NewRadioGroup([]string{t("ui.newgame.vp_each"), t("ui.newgame.vp_group")}, func(string) { f.refresh() })
	f.vpMode.Required = true
	f.vpMode.SetSelected(t("ui.newgame.vp_each"))

	// Each caption above its input: a long Spanish caption never widens
	// the dialog past a small laptop's screen.
	form := container.NewVBox()
	row := func(caption string, input fyne.CanvasObject, errField string) formRow {
		label := widget.NewLabel(caption)
		label.Wrapping = fyne.TextWrapWord
		label.TextStyle.Bold = true
		r := formRow{label, input}
		if errField != "" {
			r.input = container.NewVBox(input, errLine(errField))
		}
		form.Add(r.caption)
		form.Add(r.input)
		return r
	}

	// Each quest by its title, told apart where titles clash: the picker
	// finds the quest chosen by its label.
	questNames := append([]string{t("ui.newgame.no_quest")}, questLabels(tr, quests)...)
	f.questPick = widget.NewSelect(questNames, func(string) {
		// The quest says what its Leader costs.
		if q := f.quest(); q != nil && f.leaderVP != nil {
			f.leaderVP.SetText(strconv.Itoa(q.Leader.VP))
		}
		if f.onQuest != nil {
			f.onQuest()
		}
	})
	f.questPick.SetSelectedIndex(0)
	importButton := widget.NewButton(t("ui.newgame.import"), onImport)
	f.questTools = container.NewVBox()
	row(t("ui.newgame.quest"), container.NewVBox(container.NewBorder(nil, nil, nil, importButton, f.questPick), f.questTools), "quest")
	// The faction comes with the quest: above the heroes' long grids.
	f.factionRow = container.NewVBox()
	form.Add(f.factionRow)
	f.addHeroCount(form, errLine)
	f.addHeroRows(form, errLine, numberEntry)
	f.groupVP = numberEntry("30")
	f.groupRow = row(t("ui.newgame.group_vp"), f.groupVP, "group_vp")
	f.leaderVP = numberEntry("10")
	row(t("ui.newgame.leader_vp"), f.leaderVP, "leader_vp")
	f.totals = widget.NewLabel("")
	f.totals.Wrapping = fyne.TextWrapWord
	f.totals.Importance = widget.HighImportance
	form.Add(f.totals)
	f.spawns = ui.Wrapped("", widget.MediumImportance)
	form.Add(f.spawns)

	f.conductor = widget.NewRadioGroup([]string{t("ui.newgame.conductor_single"), t("ui.newgame.conductor_rotating")}, func(string) { f.refresh() })
	f.conductor.Required = true
	f.conductor.SetSelected(t("ui.newgame.conductor_single"))
	row(t("ui.newgame.conductor"), f.conductor, "conductor")

	// Rule options, saved with the game ("rules" in its setup).
	f.rules = ui.NewRuleOptionInputs(tr, dun.RuleOptions, nil)
	row(t("ui.newgame.rules"), f.rules.Content, "")
	f.encounters = numberEntry(strconv.Itoa(dun.DefaultEncounterCards))
	row(t("ui.newgame.encounter_cards"), f.encounters, "encounter_cards_available")

	var languageNames []string
	current := ""
	for _, l := range translations.Languages {
		languageNames = append(languageNames, l.Name)
		if l.Tag == tr.Lang {
			current = l.Name
		}
	}
	f.language = widget.NewSelect(languageNames, func(name string) {
		for _, l := range translations.Languages {
			if l.Name == name && l.Tag != f.tr.Lang && f.onLanguage != nil {
				f.onLanguage(l.Tag)
			}
		}
	})
	f.language.SetSelected(current)
	row(t("ui.newgame.language"), f.language, "")

	f.content = form
	f.refresh()
	return f
}

// quest is the chosen quest, or nil for free play.
func (f *newGameForm) quest() *quest.Quest {
	if i := f.questPick.SelectedIndex(); i > 0 {
		return f.quests[i-1]
	}
	return nil
}

// formRow is a caption and its input (with its error line), shown or hidden together.
type formRow struct{ caption, input fyne.CanvasObject }

func (r formRow) show(visible bool) {
	for _, o := range []fyne.CanvasObject{r.caption, r.input} {
		if visible {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

func (r formRow) Visible() bool { return r.input.Visible() }

func (f *newGameForm) mode() string {
	if f.vpMode.Selected == f.tr.T("ui.newgame.vp_group", nil) {
		return vpGroup
	}
	return vpEach
}

// heroCount is the typed number of heroes, or -1 when it is not a number.
func (f *newGameForm) heroCount() int {
	n, err := strconv.Atoi(strings.TrimSpace(f.heroes.Text))
	if err != nil {
		return -1
	}
	return n
}

// read turns the inputs into a Setup, with a problem for each input that is
// not a whole number.
func (f *newGameForm) read() (dun.Setup, dun.SetupErrors) {
	var errs dun.SetupErrors
	num := func(field string, e *widget.Entry) int {
		n, err := strconv.Atoi(strings.TrimSpace(e.Text))
		if err != nil {
			errs = append(errs, dun.FieldError{Field: field, ID: "ui.newgame.not_number", Args: map[string]any{"Text": e.Text}})
		}
		return n
	}
	s := dun.Setup{Heroes: num("heroes", f.heroes), LeaderVP: num("leader_vp", f.leaderVP), Conductor: f.conductorMode()}
	_ = f.rules.Apply(&s.Rules) // the table's own values: never refused
	// The Leader options the mode does not take are dropped (core says which).
	s.Rules = s.Rules.ForMode(s.Conductor)
	s.EncounterCardsAvailable = num("encounter_cards_available", f.encounters)
	s.QuestData = f.quest()
	s.FactionData = f.faction()
	if f.mode() == vpGroup {
		s.GroupVP = num("group_vp", f.groupVP)
		return s, errs
	}
	for i := 0; i < min(max(s.Heroes, 0), dun.MaxHeroes); i++ {
		s.HeroVP = append(s.HeroVP, num("hero_vp."+strconv.Itoa(i), f.heroVP[i]))
	}
	if len(s.HeroVP) != s.Heroes {
		s.HeroVP = nil // a count out of range: validate reports it on the heroes field
	}
	if s.HeroVP != nil && f.namesParty(s.Heroes) {
		// Named heroes are a party: their VP are the hero VP list.
		for i, vp := range s.HeroVP {
			s.Party = append(s.Party, f.partyHero(i, vp, num))
		}
		s.HeroVP = nil
	}
	return s, errs
}

// conductorMode is the Conductor mode chosen.
func (f *newGameForm) conductorMode() string {
	if f.conductor.Selected == f.conductor.Options[1] {
		return dun.ConductorRotating
	}
	return dun.ConductorSingle
}

// partyHero is the i-th hero as typed, with vp; num reads a number,
// noting a problem when it is not one. An attribute not typed is 0, to be
// told at the table.
func (f *newGameForm) partyHero(i, vp int, num func(field string, e *widget.Entry) int) dun.PartyHero {
	h := dun.PartyHero{Name: strings.TrimSpace(f.heroName[i].Text), VP: vp}
	attrs := [len(partyAttributes)]*int{&h.Perception, &h.Intelligence, &h.Agility, &h.Dexterity, &h.Strength, &h.Movement}
	for j, a := range partyAttributes {
		if e := f.heroAttr[i][j]; strings.TrimSpace(e.Text) != "" {
			*attrs[j] = num(fmt.Sprintf("party.%d.%s", i, a), e)
		}
	}
	return h
}

// namesParty says whether any of the first n heroes is named or has an
// attribute typed in: the heroes are then a party.
func (f *newGameForm) namesParty(n int) bool {
	for i := 0; i < min(n, dun.MaxHeroes); i++ {
		if strings.TrimSpace(f.heroName[i].Text) != "" {
			return true
		}
		for _, e := range f.heroAttr[i] {
			if strings.TrimSpace(e.Text) != "" {
				return true
			}
		}
	}
	return false
}

// validate returns the setup when it is good, and otherwise shows every
// problem beside its field.
func (f *newGameForm) validate() (dun.Setup, bool) {
	s, errs := f.read()
	s = s.Normalize()
	if len(errs) == 0 {
		errs = f.setupErrors(s)
	}
	f.showErrors(errs)
	// Whose spawn table the quest and the faction chosen give (the
	// faction's may stand in for the quest's own rows: said, not silent).
	spawns := dun.SpawnTableOf(s)
	f.spawns.SetText(f.tr.T(spawns.ID, spawns.Args))
	// The group's VP as it is typed, and what the ADP starts with.
	if len(errs) == 0 {
		f.totals.SetText(f.tr.T("ui.newgame.totals", map[string]any{"GroupVP": s.GroupVP, "Count": s.StartingReserve()}))
		f.totals.Show()
	} else {
		f.totals.Hide()
	}
	if l := f.errs["leader_vp"]; len(errs) == 0 && s.StartingReserve() == 0 && l.Text == "" {
		// Legal, but rarely meant: the ADP would start with nothing to spend.
		l.SetText(f.tr.T("ui.newgame.reserve_zero", map[string]any{"GroupVP": s.GroupVP, "LeaderVP": s.LeaderVP}))
		l.Show()
	}
	return s, len(errs) == 0
}

// setupErrors are the rules' problems with setup s, as the form shows them.
func (f *newGameForm) setupErrors(s dun.Setup) dun.SetupErrors {
	var errs dun.SetupErrors
	if err := s.Validate(); !errors.As(err, &errs) {
		return nil
	}
	if f.mode() == vpEach {
		// Without a valid hero count there is no group VP to check the
		// Leader against: core says which problems wait for it.
		errs = dun.HeroesFirst(errs)
	}
	return errs
}

// showErrors shows each field's first problem beside it, and clears the
// others.
func (f *newGameForm) showErrors(errs dun.SetupErrors) {
	for _, l := range f.errs {
		l.SetText("")
		l.Hide()
	}
	for _, e := range errs {
		field := e.Field
		var hero int
		if _, err := fmt.Sscanf(field, "party.%d.", &hero); err == nil {
			field = "hero_vp." + strconv.Itoa(hero) // under the hero's row
		}
		l, ok := f.errs[field]
		if !ok {
			l = f.errs["heroes"] // hero_vp as a whole: about how many heroes
		}
		if l.Text != "" {
			continue // the first problem with a field is the one to fix
		}
		l.SetText(f.tr.T(e.ID, e.Args))
		l.Show()
	}
}

// refresh shows the VP inputs the chosen mode needs and re-checks the form.
func (f *newGameForm) refresh() {
	if f.encounters == nil {
		return // still being built
	}
	// Each Leader option belongs to one Conductor mode: core says which.
	for _, o := range dun.RuleOptions {
		f.rules.Enable(o.ID, dun.OptionInMode(o, f.conductorMode()))
	}
	n := f.heroCount()
	for i, row := range f.heroVPRow {
		row.show(f.mode() == vpEach && i < n)
	}
	f.groupRow.show(f.mode() == vpGroup)
	f.validate()
}

// formValues carries what was typed across a language switch.
type formValues struct {
	heroes, groupVP, leaderVP, encounters string
	heroVP                                [dun.MaxHeroes]string
	heroName                              [dun.MaxHeroes]string
	heroAttr                              [dun.MaxHeroes][6]string
	groupMode, rotating                   bool
	rules                                 map[string]string // the rule options, by id
	questIndex                            int
	factionID                             string // chosen after an import: found by id
}

func (f *newGameForm) values() formValues {
	v := formValues{heroes: f.heroes.Text, groupVP: f.groupVP.Text, leaderVP: f.leaderVP.Text,
		groupMode: f.mode() == vpGroup, rotating: f.conductor.Selected == f.conductor.Options[1],
		encounters: f.encounters.Text, rules: f.rules.Values(),
		questIndex: f.questPick.SelectedIndex()}
	for i, e := range f.heroVP {
		v.heroVP[i] = e.Text
		v.heroName[i] = f.heroName[i].Text
		for j, a := range f.heroAttr[i] {
			v.heroAttr[i][j] = a.Text
		}
	}
	if fa := f.faction(); fa != nil {
		v.factionID = fa.ID
	}
	return v
}

func (f *newGameForm) setValues(v formValues) {
	f.questPick.SetSelectedIndex(v.questIndex)
	f.heroes.SetText(v.heroes)
	f.groupVP.SetText(v.groupVP)
	f.leaderVP.SetText(v.leaderVP)
	for i, e := range f.heroVP {
		e.SetText(v.heroVP[i])
		f.heroName[i].SetText(v.heroName[i])
		for j, a := range f.heroAttr[i] {
			a.SetText(v.heroAttr[i][j])
		}
	}
	f.chooseFaction(v.factionID)
	if v.groupMode {
		f.vpMode.SetSelected(f.vpMode.Options[1])
	}
	if v.rotating {
		f.conductor.SetSelected(f.conductor.Options[1])
	}
	f.encounters.SetText(v.encounters)
	f.rules.SetValues(v.rules)
	f.refresh()
}
