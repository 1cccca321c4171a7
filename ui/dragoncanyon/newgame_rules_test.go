package dcui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// Every row of Dragon Canyon's rule options table is in the New game
// dialog, in both languages: a flag as a tick with its label, a choice as
// its values' labels. A row added to the table without its messages, or
// without an input, fails here.
func TestNewGameShowsEveryRuleOption(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t, lang)
			f, tr := h.d.form, h.u.Translator()
			shown := map[fyne.CanvasObject]bool{}
			uitest.WalkVisible(f.content, func(o fyne.CanvasObject) { shown[o] = true })
			texts := uitest.VisibleTexts(h.win)
			en := translations.New("en")
			for _, o := range dragoncanyon.RuleOptions {
				in := f.rules.Input(o.ID)
				if in == nil || !shown[in] {
					t.Errorf("%s: no input shown", o.ID)
					continue
				}
				want := []string{tr.T(o.Label, nil)}
				if r, ok := in.(*widget.RadioGroup); ok {
					for i, v := range o.Choices {
						want = append(want, tr.T(o.ChoiceLabel(v), nil))
						if r.Options[i] != want[len(want)-1] {
							t.Errorf("%s: value %d reads %q", o.ID, i, r.Options[i])
						}
					}
				} else if c := in.(*ui.WrapCheck); c.Text != want[0] {
					t.Errorf("%s: the tick reads %q", o.ID, c.Text)
				}
				for i, w := range want {
					id := o.Label
					if i > 0 {
						id = o.ChoiceLabel(o.Choices[i-1])
					}
					if w == id || lang != "en" && w == en.T(id, nil) || !slices.Contains(texts, w) {
						t.Errorf("%s: %q is not its %s message in sight", o.ID, w, lang)
					}
				}
			}
		})
	}
}

// Each rule reading chosen in New game is the started game's; the AI's
// draws follow the players and the difficulty until they are chosen.
func TestNewGameSavesTheRuleReadings(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	draws := f.rules.Input("ai_wins_draws").(*ui.WrapCheck)
	f.players.SetSelected(f.players.Options[1])
	f.difficulty.SetSelected(f.difficulty.Options[2])
	if !draws.Checked {
		t.Fatal("harder with 2 players: the AI's draws are not shown on")
	}
	f.difficulty.SetSelected(f.difficulty.Options[1])
	if draws.Checked {
		t.Fatal("normal: the AI's draws still shown on")
	}
	other := map[string]string{} // every reading the other way
	for _, o := range dragoncanyon.RuleOptions {
		vs := o.Values()
		other[o.ID] = vs[len(vs)-1]
		if o.Default == vs[len(vs)-1] {
			other[o.ID] = vs[0]
		}
		f.rules.SetValues(map[string]string{o.ID: other[o.ID]})
	}
	f.decks.SetText(playDecks)
	uitest.TapInDialog(t, h.win, "Start")
	r := h.game().Setup().Rules
	for id, want := range other {
		if got := engine.OptionValue(r, id); got != want {
			t.Errorf("%s: the game plays %q, chosen %q", id, got, want)
		}
	}
}

// A tap on a reading is the Conductor's choice: the difficulty no longer
// moves it.
func TestTappedReadingStays(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	draws := f.rules.Input("ai_wins_draws").(*ui.WrapCheck)
	test.Tap(draws)
	f.difficulty.SetSelected(f.difficulty.Options[2])
	f.players.SetSelected(f.players.Options[1])
	f.difficulty.SetSelected(f.difficulty.Options[0])
	if !draws.Checked {
		t.Fatal("the tapped tick moved with the difficulty")
	}
}
