package dunui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// openForm is the New game dialog's form, opened when no saved game opened
// it already.
func openForm(t *testing.T, h *harness) *newGameForm {
	t.Helper()
	if h.form() == nil {
		test.Tap(h.button(t, h.tr().T("ui.newgame.open", nil)))
	}
	return h.form()
}

// Every row of DUN's rule options table is in the New game dialog, in
// sight in both languages, captioned with its label: a row added to the
// table without an input fails here.
func TestNewGameShowsEveryRuleOption(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			h := newTestUI(t, uitest.NewMemStore())
			if lang != "en" {
				h.u.SetLanguage(lang)
			}
			f := openForm(t, h)
			shown := map[fyne.CanvasObject]bool{}
			uitest.WalkVisible(f.content, func(o fyne.CanvasObject) { shown[o] = true })
			for _, o := range dun.RuleOptions {
				in := f.rules.Input(o.ID)
				if in == nil || !shown[in] {
					t.Errorf("%s: no input shown", o.ID)
					continue
				}
				label := f.tr.T(o.Label, nil)
				if c, ok := in.(*ui.WrapCheck); !ok || c.Text != label || label == o.Label {
					t.Errorf("%s: input %T captioned %q, want its label", o.ID, in, label)
				}
			}
		})
	}
}

// Each option ticked or not is saved in the new game's setup as the
// table's value; the other reading of "Caught by Surprise!" among them.
func TestNewGameSavesEveryRuleOption(t *testing.T) {
	for _, o := range dun.RuleOptions {
		for _, v := range o.Values() {
			t.Run(o.ID+"="+v, func(t *testing.T) {
				store := uitest.NewMemStore()
				h := newTestUI(t, store)
				f := openForm(t, h)
				mode := dun.ConductorSingle
				if !dun.OptionInMode(o, mode) {
					mode = dun.ConductorRotating
					f.conductor.SetSelected(f.conductor.Options[1])
				}
				f.rules.Input(o.ID).(*ui.WrapCheck).SetChecked(v == engine.OptionOn)
				startGame(t, h, "2", []string{"20", "20"}, "10")
				r := h.game().Setup().Rules
				got := engine.OptionValue(r, o.ID)
				if got == "" {
					got = engine.OptionOff // a plain flag off is left out
				}
				if got != v || r.Edition != dun.LatestEdition {
					t.Fatalf("ticked %s (%s Conductor): saved %q, rules %+v", v, mode, got, r)
				}
			})
		}
	}
}

// What is ticked survives a language switch.
func TestRuleOptionsKeptAcrossLanguages(t *testing.T) {
	h := newTestUI(t, uitest.NewMemStore())
	f := openForm(t, h)
	f.rules.Input("surprise_in_combat").(*ui.WrapCheck).SetChecked(true)
	f.rules.Input("increased_difficulty").(*ui.WrapCheck).SetChecked(false)
	for _, l := range translations.Languages {
		if l.Tag == "es" {
			f.language.SetSelected(l.Name)
		}
	}
	f = h.form()
	if f.rules.Value("surprise_in_combat") != engine.OptionOn || f.rules.Value("increased_difficulty") != engine.OptionOff {
		t.Fatalf("after the switch: %v", f.rules.Values())
	}
}
