package dunui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// decksView shows each deck's cards left, its spare corner (activated and
// discarded), the lasting Power cards and whom they benefit, and what the
// group's VP adds (re-rolls, Leader improvement). Its labels are made once
// and refresh sets their text.
type decksView struct {
	tr      *translations.Translator
	decks   []*widget.Label // one per deck, in dun.DeckNames order
	extras  *widget.Label   // lasting cards and the group's bonuses
	content fyne.CanvasObject
}

func newDecksView(tr *translations.Translator) *decksView {
	v := &decksView{tr: tr, extras: ui.Wrapped("", widget.MediumImportance)}
	box := container.NewVBox(ui.WrappedHeading(tr.T("ui.decks.title", nil)))
	for range dun.DeckNames {
		l := ui.Wrapped("", widget.MediumImportance)
		v.decks = append(v.decks, l)
		box.Add(l)
	}
	v.extras.Hide()
	box.Add(v.extras)
	v.content = box
	return v
}

func (v *decksView) refresh(s dun.State) {
	tr := v.tr
	for i, name := range dun.DeckNames {
		d := s.Decks.Deck(name)
		var line string
		if d.Absent {
			line = tr.T("ui.decks.absent", map[string]any{"DeckKey": dun.DeckKeys[name]})
		} else {
			line = tr.T("ui.decks.line", map[string]any{"DeckKey": dun.DeckKeys[name], "Count": d.Size, "Activated": d.Activated, "Discarded": d.Discarded})
		}
		imp := widget.MediumImportance
		if !d.Absent && d.Size == 0 {
			imp = widget.WarningImportance
		}
		l := v.decks[i]
		if l.Text != line || l.Importance != imp {
			l.Importance = imp
			l.SetText(line)
		}
	}
	extras := append(sustainedLines(tr, s), difficultyLines(tr, s)...)
	setText(v.extras, strings.Join(extras, "\n"))
	if len(extras) > 0 {
		v.extras.Show()
	} else {
		v.extras.Hide()
	}
}

// sustainedLines list the lasting Power cards in play, under a heading.
func sustainedLines(tr *translations.Translator, s dun.State) []string {
	if len(s.Sustained) == 0 {
		return nil
	}
	out := []string{tr.T("ui.decks.sustained", nil)}
	for _, sc := range s.Sustained {
		out = append(out, tr.T("ui.decks.sustained_line", map[string]any{"Name": cardName(tr, sc.Name), "Target": targetName(s, sc.Target, tr.Lang)}))
	}
	return out
}

// difficultyLines say what the difficulty and the leader give the ADP:
// rerolls, the elite (and leader) bonus, the leader's extras.
func difficultyLines(tr *translations.Translator, s dun.State) []string {
	var out []string
	if len(s.Difficulty.Rerolls) > 0 {
		var names []string
		for _, r := range s.Difficulty.Rerolls {
			names = append(names, tr.T(dice.SymbolKeys[r], nil))
		}
		out = append(out, tr.T("ui.decks.rerolls", map[string]any{"Symbols": strings.Join(names, ", ")}))
	}
	if s.Difficulty.EliteBonus {
		id := "ui.decks.elite_bonus"
		if s.Difficulty.LeaderBonus {
			id = "ui.decks.elite_leader_bonus"
		}
		out = append(out, tr.T(id, nil))
	}
	if s.Leader.ExtraActions > 0 || s.Leader.VitalityBonus > 0 {
		out = append(out, tr.T("ui.decks.leader", map[string]any{"Vitality": s.Leader.VitalityBonus, "Actions": s.Leader.ExtraActions}))
	}
	return out
}

// targetName is the name of whom a lasting card benefits: the creature's
// name when it is on the roster (never its id), or what was typed.
func targetName(s dun.State, target, lang string) string {
	if c, ok := s.Creature(target); ok {
		return creatureName(lang, c)
	}
	return target
}

// cardName is a card's name as typed, or a word for an unnamed one.
func cardName(tr *translations.Translator, name string) string {
	if strings.TrimSpace(name) == "" {
		return tr.T("ui.card.unnamed", nil)
	}
	return name
}
