package ui

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// newGameForm collects a Setup. Problems are shown beside the field they
// belong to, worded by the same rules the engine enforces.
type newGameForm struct {
	tr *translations.Translator

	questPick *widget.Select
	quests    []*quest.Quest // what questPick offers after "no quest"

	heroes     *widget.Entry
	vpMode     *widget.RadioGroup
	heroVP     [dun.MaxHeroes]*widget.Entry
	heroVPRow  [dun.MaxHeroes]formRow
	groupVP    *widget.Entry
	groupRow   formRow
	leaderVP   *widget.Entry
	conductor  *widget.RadioGroup
	language   *widget.Select
	encounters *widget.Entry
	difficulty *widget.Check
	leaderFix  *widget.Check
	rotating1  *widget.Check
	errs       map[string]*widget.Label // field name → its error line
	content    fyne.CanvasObject
	onLanguage func(tag string)
}

const (
	vpEach  = "each"
	vpGroup = "group"
)

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

	form := container.New(layout.NewFormLayout())
	row := func(caption string, input fyne.CanvasObject, errField string) formRow {
		r := formRow{widget.NewLabel(caption), input}
		if errField != "" {
			r.input = container.NewVBox(input, errLine(errField))
		}
		form.Add(r.caption)
		form.Add(r.input)
		return r
	}

	questNames := []string{t("ui.newgame.no_quest")}
	for _, q := range quests {
		questNames = append(questNames, q.Title.In(tr.Lang))
	}
	f.questPick = widget.NewSelect(questNames, func(string) {
		// The quest says what its Leader costs.
		if q := f.quest(); q != nil && f.leaderVP != nil {
			f.leaderVP.SetText(strconv.Itoa(q.Leader.VP))
		}
	})
	f.questPick.SetSelectedIndex(0)
	importButton := widget.NewButton(t("ui.newgame.import"), onImport)
	row(t("ui.newgame.quest"), container.NewBorder(nil, nil, nil, importButton, f.questPick), "quest")
	row(t("ui.newgame.heroes"), f.heroes, "heroes")
	row(t("ui.newgame.vp_mode"), f.vpMode, "")
	for i := range f.heroVP {
		f.heroVP[i] = numberEntry("15")
		f.heroVPRow[i] = row(tr.T("ui.newgame.hero_vp", map[string]any{"Hero": i + 1}), f.heroVP[i], "hero_vp."+strconv.Itoa(i))
	}
	f.groupVP = numberEntry("30")
	f.groupRow = row(t("ui.newgame.group_vp"), f.groupVP, "group_vp")
	f.leaderVP = numberEntry("10")
	row(t("ui.newgame.leader_vp"), f.leaderVP, "leader_vp")

	f.conductor = widget.NewRadioGroup([]string{t("ui.newgame.conductor_single"), t("ui.newgame.conductor_rotating")}, func(string) { f.refresh() })
	f.conductor.Required = true
	f.conductor.SetSelected(t("ui.newgame.conductor_single"))
	row(t("ui.newgame.conductor"), f.conductor, "conductor")

	// Rule options, saved with the game ("rules" in its setup).
	f.difficulty = widget.NewCheck(t("ui.newgame.rule_difficulty"), nil)
	f.difficulty.SetChecked(true)
	f.leaderFix = widget.NewCheck(t("ui.newgame.rule_leader_fix"), nil)
	f.rotating1 = widget.NewCheck(t("ui.newgame.rule_rotating_action"), nil)
	row(t("ui.newgame.rules"), container.NewVBox(f.difficulty, f.leaderFix, f.rotating1), "")
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
	s := dun.Setup{Heroes: num("heroes", f.heroes), LeaderVP: num("leader_vp", f.leaderVP), Conductor: dun.ConductorSingle}
	if f.conductor.Selected == f.tr.T("ui.newgame.conductor_rotating", nil) {
		s.Conductor = dun.ConductorRotating
	}
	if !f.difficulty.Checked {
		off := false
		s.Rules.IncreasedDifficulty = &off
	}
	s.Rules.LeaderFix = f.leaderFix.Checked && s.Conductor == dun.ConductorSingle
	s.Rules.RotatingExtraAction = f.rotating1.Checked && s.Conductor == dun.ConductorRotating
	s.EncounterCardsAvailable = num("encounter_cards_available", f.encounters)
	s.QuestData = f.quest()
	if f.mode() == vpGroup {
		s.GroupVP = num("group_vp", f.groupVP)
	} else {
		for i := 0; i < min(max(s.Heroes, 0), dun.MaxHeroes); i++ {
			s.HeroVP = append(s.HeroVP, num("hero_vp."+strconv.Itoa(i), f.heroVP[i]))
		}
		if len(s.HeroVP) != s.Heroes {
			s.HeroVP = nil // a count out of range: validate reports it on the heroes field
		}
	}
	return s, errs
}

// validate returns the setup when it is good, and otherwise shows every
// problem beside its field.
func (f *newGameForm) validate() (dun.Setup, bool) {
	s, errs := f.read()
	s = s.Normalize()
	if len(errs) == 0 {
		var verrs dun.SetupErrors
		if err := s.Validate(); errors.As(err, &verrs) {
			errs = verrs
		}
		if f.mode() == vpEach && slices.ContainsFunc(errs, func(e dun.FieldError) bool { return e.Field == "heroes" }) {
			// Without a valid hero count there is no group VP to check the
			// Leader against: the heroes field is the one problem to fix.
			errs = slices.DeleteFunc(errs, func(e dun.FieldError) bool {
				return e.Field == "group_vp" || e.Field == "leader_vp" && e.ID == "setup.leader_vp.too_high"
			})
		}
	}
	for _, l := range f.errs {
		l.SetText("")
		l.Hide()
	}
	for _, e := range errs {
		l, ok := f.errs[e.Field]
		if !ok {
			l = f.errs["heroes"] // hero_vp as a whole: about how many heroes
		}
		if l.Text != "" {
			continue // the first problem with a field is the one to fix
		}
		l.SetText(f.tr.T(e.ID, e.Args))
		l.Show()
	}
	return s, len(errs) == 0
}

// refresh shows the VP inputs the chosen mode needs and re-checks the form.
func (f *newGameForm) refresh() {
	if f.encounters == nil {
		return // still being built
	}
	// Each Leader option belongs to one Conductor mode.
	if f.conductor.Selected == f.conductor.Options[1] {
		f.leaderFix.Disable()
		f.rotating1.Enable()
	} else {
		f.leaderFix.Enable()
		f.rotating1.Disable()
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
	groupMode, rotating                   bool
	difficulty, leaderFix, rotating1      bool
	questIndex                            int
}

func (f *newGameForm) values() formValues {
	v := formValues{heroes: f.heroes.Text, groupVP: f.groupVP.Text, leaderVP: f.leaderVP.Text,
		groupMode: f.mode() == vpGroup, rotating: f.conductor.Selected == f.conductor.Options[1],
		encounters: f.encounters.Text, difficulty: f.difficulty.Checked, leaderFix: f.leaderFix.Checked, rotating1: f.rotating1.Checked,
		questIndex: f.questPick.SelectedIndex()}
	for i, e := range f.heroVP {
		v.heroVP[i] = e.Text
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
	}
	if v.groupMode {
		f.vpMode.SetSelected(f.vpMode.Options[1])
	}
	if v.rotating {
		f.conductor.SetSelected(f.conductor.Options[1])
	}
	f.encounters.SetText(v.encounters)
	f.difficulty.SetChecked(v.difficulty)
	f.leaderFix.SetChecked(v.leaderFix)
	f.rotating1.SetChecked(v.rotating1)
	f.refresh()
}
