package dcui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui"
)

// addRuleOptions makes the form's rule readings, one input per row of
// dragoncanyon.RuleOptions; a reading the players and the difficulty
// decide follows them until the Conductor chooses it.
func (f *newGameForm) addRuleOptions() fyne.CanvasObject {
	f.rules = ui.NewRuleOptionInputs(f.tr, dragoncanyon.RuleOptions, nil)
	f.players.OnChanged = func(string) { f.followRules() }
	f.difficulty.OnChanged = func(string) { f.followRules() }
	f.followRules()
	return container.NewVBox(ui.Heading(f.tr.T("ui.dc.new.rules", nil)),
		ui.Wrapped(f.tr.T("ui.dc.new.rules_help", nil), widget.MediumImportance), f.rules.Content)
}

// followRules shows the readings the players and the difficulty chosen
// give, as core normalizes them.
func (f *newGameForm) followRules() {
	players, difficulty := f.chosen()
	f.rules.Follow(dragoncanyon.Setup{Players: players, Difficulty: difficulty}.Normalize().Rules)
}

// chosen is the number of players and the difficulty picked.
func (f *newGameForm) chosen() (players int, difficulty string) {
	players = 1
	if f.players.Selected == f.players.Options[1] {
		players = 2
	}
	levels := []string{dragoncanyon.Easier, dragoncanyon.Normal, dragoncanyon.Harder}
	return players, levels[max(0, indexOf(f.difficulty.Options, f.difficulty.Selected))]
}
