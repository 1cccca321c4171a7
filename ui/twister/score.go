package twisterui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// scoreForms record what scores: a death, an escape, the treasure.
type scoreForms struct {
	t *tableScreen

	deadName  *widget.Entry
	deadOwner *widget.Select
	// deadPick and escPick offer the characters met (core's pieces): one
	// picked fills its name and controller. fromCombat says the form was
	// filled from the last combat; filled is the defaults last put in.
	deadPick   *widget.Select
	escPick    *widget.Select
	living     []twister.Character
	livingKey  string
	fromCombat *widget.Label
	filled     twister.DeathDefaults
	cause      *widget.Select
	causes     []string // the causes, in the select's order
	by         *widget.Select
	deadPoints *ui.Stepper
	died       *widget.Button
	// terrain is where a suicide happens (shown for a suicide only); whys
	// the rulings recording a death of the cause picked applies.
	terrain    *widget.Select
	terrainBox *fyne.Container
	// facts are what the table says of a suicide's character where the
	// terrain needs it (twister.TerrainNeeds): the Fire Elemental, undead,
	// wounded, in that order.
	facts   [3]*widget.Check
	whys    *fyne.Container
	whysFor string

	escName   *widget.Entry
	escOwner  *widget.Select
	escPoints *ui.Stepper
	escaped   *widget.Button

	treasureBy *widget.Select
	treasure   *widget.Button

	// Each button's refusal, said under it (never in the left column).
	diedWhy, escapedWhy, treasureWhy *widget.Label

	// picker shows one form at a time: a big button per form, the one
	// shown standing out; forms are the death's, the escape's and the
	// treasure's, in that order. whysShown unfolds the death's rulings.
	picker    *fyne.Container
	pickers   []*widget.Button
	forms     []fyne.CanvasObject
	shown     int
	whysShown bool
	whyToggle *widget.Button

	content fyne.CanvasObject
}

// The Score tab's forms, in the picker's order.
const (
	scoreDeath = iota
	scoreEscape
	scoreTreasure
)

var causeOrder = []string{twister.CauseCombat, twister.CauseRanged, twister.CauseTrap, twister.CauseSpell, twister.CauseOther, twister.CauseSuicide}

func newScoreForms(t *tableScreen) *scoreForms {
	f := &scoreForms{t: t, causes: causeOrder, diedWhy: refusalLine(), escapedWhy: refusalLine(), treasureWhy: refusalLine()}
	names := t.names()
	f.deadName, f.escName = widget.NewEntry(), widget.NewEntry()
	f.deadName.SetPlaceHolder(t.t("ui.twister.score.character_hint", nil))
	f.escName.SetPlaceHolder(t.t("ui.twister.score.character_hint", nil))
	// The controller is never guessed: none until a character is picked,
	// the last combat fills it, or the Conductor picks one.
	f.deadOwner, f.escOwner = widget.NewSelect(names, nil), widget.NewSelect(names, nil)
	f.deadOwner.PlaceHolder = t.t("ui.twister.score.pick_controller", nil)
	f.escOwner.PlaceHolder = t.t("ui.twister.score.pick_controller", nil)
	f.deadPick = probe.Name(widget.NewSelect(nil, func(string) { f.picked(f.deadPick, f.deadName, f.deadOwner) }), "twister.dead.pick")
	f.escPick = probe.Name(widget.NewSelect(nil, func(string) { f.picked(f.escPick, f.escName, f.escOwner) }), "twister.escape.pick")
	f.deadPick.PlaceHolder = t.t("ui.twister.score.pick_hint", nil)
	f.escPick.PlaceHolder = t.t("ui.twister.score.pick_hint", nil)
	f.fromCombat = ui.Wrapped("", widget.WarningImportance)
	f.fromCombat.Hide()
	var causeNames []string
	for _, c := range f.causes {
		causeNames = append(causeNames, t.t("ui.twister.cause."+c, nil))
	}
	f.by = widget.NewSelect(names, nil)
	f.by.PlaceHolder = t.t("ui.twister.score.pick_controller", nil)
	var terrainNames []string
	for _, tr := range twister.Terrains {
		terrainNames = append(terrainNames, t.t("ui.twister.terrain."+tr, nil))
	}
	f.terrain = widget.NewSelect(terrainNames, func(string) { f.showFacts() })
	f.terrainBox = container.NewVBox(widget.NewLabel(t.t("ui.twister.score.terrain", nil)), f.terrain)
	for i, id := range []string{"ui.twister.score.fire_elemental", "ui.twister.score.undead", "ui.twister.score.wounded"} {
		f.facts[i] = widget.NewCheck(t.t(id, nil), nil)
		f.facts[i].Hide()
		f.terrainBox.Add(f.facts[i])
	}
	f.whys = container.NewVBox()
	f.cause = widget.NewSelect(causeNames, func(string) { f.refresh() })
	f.cause.SetSelected(causeNames[0])
	f.deadPoints = ui.NewStepper(t.t("ui.twister.score.points", nil), 1, 1, twister.MaxPoints)
	f.escPoints = ui.NewStepper(t.t("ui.twister.score.points", nil), 1, 1, twister.MaxPoints)
	f.died = widget.NewButton(t.t("ui.twister.score.died", nil), func() {
		e := f.death()
		f.confirmOwner(e.Character, e.Controller, func() {
			if t.doAt(e, f.diedWhy) {
				f.deadName.SetText("")
				f.deadOwner.ClearSelected()
				f.deadPick.ClearSelected()
			}
		})
	})
	f.escaped = widget.NewButton(t.t("ui.twister.score.escaped", nil), func() {
		e := &twister.CharacterEscaped{Character: strings.TrimSpace(f.escName.Text), Controller: t.seatOf(f.escOwner.Selected), Points: f.escPoints.Value}
		f.confirmOwner(e.Character, e.Controller, func() {
			if t.doAt(e, f.escapedWhy) {
				f.escName.SetText("")
				f.escOwner.ClearSelected()
				f.escPick.ClearSelected()
			}
		})
	})
	f.treasureBy = probe.Name(widget.NewSelect(names, nil), "twister.treasure.by")
	f.treasureBy.PlaceHolder = t.t("ui.twister.score.pick_controller", nil)
	f.treasure = widget.NewButton(t.t("ui.twister.score.treasure", nil), func() {
		if t.doAt(&twister.TreasureOut{Player: t.seatOf(f.treasureBy.Selected)}, f.treasureWhy) {
			f.treasureBy.ClearSelected()
		}
	})
	for _, b := range []*widget.Button{f.died, f.escaped, f.treasure} {
		b.Importance = widget.HighImportance
	}
	field := func(id string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewVBox(widget.NewLabel(t.t(id, nil)), o)
	}
	by := field("ui.twister.score.by", f.by)
	if t.game.Setup().Players == 2 {
		by = ui.Wrapped(t.t("ui.twister.score.by_other", nil), widget.LowImportance)
	}
	// The death's rulings stay folded behind "Why?" until asked for.
	f.whys.Hide()
	f.whyToggle = widget.NewButtonWithIcon(t.t("ui.twister.score.whys", nil), theme.QuestionIcon(), func() {
		f.whysShown = !f.whysShown
		if f.whysShown {
			f.whys.Show()
		} else {
			f.whys.Hide()
		}
	})
	f.whyToggle.Importance = widget.LowImportance
	// Each form's button comes before what is rarely changed (the points).
	f.forms = []fyne.CanvasObject{
		container.NewVBox(
			ui.Heading(t.t("ui.twister.score.death_title", nil)),
			f.fromCombat,
			field("ui.twister.score.pick", f.deadPick),
			container.NewGridWithColumns(2, field("ui.twister.score.character", f.deadName), field("ui.twister.score.controller", f.deadOwner)),
			container.NewGridWithColumns(2, field("ui.twister.score.cause", f.cause), by),
			f.terrainBox,
			f.died, f.diedWhy, f.deadPoints.Content, f.whyToggle, f.whys),
		container.NewVBox(
			container.NewBorder(nil, nil, nil, ui.WhyButton(t.tr, t.win, twister.RulingScoreTokens), ui.Heading(t.t("ui.twister.score.escape_title", nil))),
			field("ui.twister.score.pick", f.escPick),
			container.NewGridWithColumns(2, field("ui.twister.score.character", f.escName), field("ui.twister.score.controller", f.escOwner)),
			f.escaped, f.escapedWhy, f.escPoints.Content),
		container.NewVBox(
			ui.Heading(t.t("ui.twister.score.treasure_title", nil)),
			container.NewGridWithColumns(2, f.treasureBy, f.treasure), f.treasureWhy),
	}
	f.picker = container.NewGridWithColumns(3)
	for i, id := range []string{"ui.twister.score.show.death", "ui.twister.score.show.escape", "ui.twister.score.show.treasure"} {
		b := probe.Name(widget.NewButton(t.t(id, nil), func() { f.show(i) }), fmt.Sprintf("twister.score.show.%d", i))
		f.pickers = append(f.pickers, b)
		f.picker.Add(b)
	}
	f.content = container.NewStack(f.forms...)
	f.show(scoreDeath)
	return f
}

// show shows one of the forms, its button standing out.
func (f *scoreForms) show(form int) {
	f.shown = form
	for i, o := range f.forms {
		imp := widget.MediumImportance
		if i == form {
			o.Show()
			imp = widget.HighImportance
		} else {
			o.Hide()
		}
		if f.pickers[i].Importance != imp {
			f.pickers[i].Importance = imp
			f.pickers[i].Refresh()
		}
	}
}

// cause is the cause picked.
func (f *scoreForms) pickedCause() string {
	for i, c := range f.causes {
		if f.t.t("ui.twister.cause."+c, nil) == f.cause.Selected {
			return f.causes[i]
		}
	}
	return twister.CauseCombat
}

// death is the death the form describes.
func (f *scoreForms) death() *twister.CharacterDied {
	t := f.t
	e := &twister.CharacterDied{Character: strings.TrimSpace(f.deadName.Text), Controller: t.seatOf(f.deadOwner.Selected),
		Cause: f.pickedCause(), Points: f.deadPoints.Value}
	if t.game.Setup().Players > 2 && e.Cause != twister.CauseSuicide {
		e.By = t.seatOf(f.by.Selected)
	}
	if e.Cause == twister.CauseSuicide {
		for i, tr := range twister.Terrains {
			if f.terrain.SelectedIndex() == i {
				e.Terrain = tr
			}
		}
		said := func(c *widget.Check) bool { return c.Visible() && c.Checked }
		e.FireElemental, e.Undead, e.Wounded = said(f.facts[0]), said(f.facts[1]), said(f.facts[2])
	}
	return e
}

// showFacts asks, for the terrain picked, only what core needs said of
// the character (twister.TerrainNeeds).
func (f *scoreForms) showFacts() {
	i := f.terrain.SelectedIndex()
	var needs [3]bool
	if i >= 0 && i < len(twister.Terrains) {
		needs[0], needs[1], needs[2] = twister.TerrainNeeds(twister.Terrains[i])
	}
	for j, c := range f.facts {
		if needs[j] {
			c.Show()
		} else {
			c.Hide()
		}
	}
}

// picked fills a form's name and controller from the character picked.
func (f *scoreForms) picked(pick *widget.Select, name *widget.Entry, owner *widget.Select) {
	i := pick.SelectedIndex()
	if i < 0 || i >= len(f.living) {
		return
	}
	name.SetText(f.living[i].Name)
	owner.SetSelected(f.t.name(f.living[i].Owner))
}

// confirmOwner does record at once, or first asks when core says the
// character named is another player's (twister.OwnerCheck).
func (f *scoreForms) confirmOwner(character string, controller int, record func()) {
	t := f.t
	owner := twister.OwnerCheck(t.game.State(), character, controller)
	if owner == 0 || controller == 0 {
		record()
		return
	}
	ask := t.t("ui.twister.score.owner_ask", map[string]any{"Character": character, "Owner": t.name(owner), "Name": t.name(controller)})
	t.confirm(t.t("ui.twister.score.owner_title", nil), ask, record)
}

// fill puts core's defaults in the death form when they change: from the
// combat just walked, the loser's fighter, its controller, who scores.
func (f *scoreForms) fill() {
	t := f.t
	s := t.game.State()
	living := twister.Living(s)
	if key := fmt.Sprint(living); key != f.livingKey {
		f.livingKey, f.living = key, living
		var opts []string
		for _, p := range living {
			opts = append(opts, t.t("ui.twister.piece", map[string]any{"Character": p.Name, "Name": t.name(p.Owner)}))
		}
		for _, sel := range []*widget.Select{f.deadPick, f.escPick} {
			sel.Options = opts
			sel.ClearSelected()
		}
	}
	d := twister.DeathForm(s)
	if d == f.filled {
		return
	}
	old := f.filled
	f.filled = d
	// What the last suggestion put in and nobody changed goes with it.
	if old.Controller != 0 && f.deadName.Text == old.Character && f.deadOwner.Selected == t.name(old.Controller) {
		f.deadName.SetText("")
		f.deadOwner.ClearSelected()
	}
	if d.Cause != "" {
		f.cause.SetSelectedIndex(slices.Index(f.causes, d.Cause))
	}
	if d.Controller == 0 {
		f.fromCombat.Hide()
		return
	}
	f.deadName.SetText(d.Character)
	f.deadOwner.SetSelected(t.name(d.Controller))
	if d.By != 0 {
		f.by.SetSelected(t.name(d.By))
	}
	f.fromCombat.SetText(t.t("ui.twister.score.from_combat", map[string]any{"Character": d.Character, "Name": t.name(d.Controller)}))
	f.fromCombat.Show()
}

func (f *scoreForms) refresh() {
	if f.t == nil || f.died == nil {
		return
	}
	f.fill()
	f.t.enable(f.died, "character_died")
	f.t.enable(f.escaped, "character_escaped")
	f.t.enable(f.treasure, "treasure_out")
	cause := f.pickedCause()
	if cause == twister.CauseSuicide {
		f.by.Disable()
		f.terrainBox.Show()
	} else {
		f.by.Enable()
		f.terrainBox.Hide()
	}
	// Each ruling this death applies, by its title, with its Why?.
	if f.whysFor != cause {
		f.whysFor = cause
		f.whys.RemoveAll()
		for _, id := range twister.DeathRulings(cause) {
			f.whys.Add(container.NewBorder(nil, nil, nil, ui.WhyButton(f.t.tr, f.t.win, id),
				ui.Wrapped(f.t.t(engine.RulingTitle(id), nil), widget.LowImportance)))
		}
	}
}
