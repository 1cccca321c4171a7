package dunui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui"
)

// decksPanel shows each deck's cards left, its spare corner (activated and
// discarded), the lasting Power cards and whom they benefit, and what the
// group's VP adds (re-rolls, Leader improvement).
func (t *tableScreen) decksPanel(s dun.State) fyne.CanvasObject {
	tr := t.tr
	box := container.NewVBox(ui.Heading(tr.T("ui.decks.title", nil)))
	for _, name := range dun.DeckNames {
		d := s.Decks.Deck(name)
		var line string
		if d.Absent {
			line = tr.T("ui.decks.absent", map[string]any{"DeckKey": dun.DeckKeys[name]})
		} else {
			line = tr.T("ui.decks.line", map[string]any{"DeckKey": dun.DeckKeys[name], "Count": d.Size, "Activated": d.Activated, "Discarded": d.Discarded})
		}
		l := widget.NewLabel(line)
		l.Wrapping = fyne.TextWrapWord
		if !d.Absent && d.Size == 0 {
			l.Importance = widget.WarningImportance
		}
		box.Add(l)
	}
	if len(s.Sustained) > 0 {
		box.Add(widget.NewLabel(tr.T("ui.decks.sustained", nil)))
		for _, sc := range s.Sustained {
			l := widget.NewLabel(tr.T("ui.decks.sustained_line", map[string]any{"Name": sc.Name, "Target": sc.Target}))
			l.Wrapping = fyne.TextWrapWord
			box.Add(l)
		}
	}
	if len(s.Difficulty.Rerolls) > 0 {
		var names []string
		for _, r := range s.Difficulty.Rerolls {
			names = append(names, tr.T(dice.SymbolKeys[r], nil))
		}
		l := widget.NewLabel(tr.T("ui.decks.rerolls", map[string]any{"Symbols": strings.Join(names, ", ")}))
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
	}
	if s.Difficulty.EliteBonus {
		id := "ui.decks.elite_bonus"
		if s.Difficulty.LeaderBonus {
			id = "ui.decks.elite_leader_bonus"
		}
		l := widget.NewLabel(tr.T(id, nil))
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
	}
	if s.Leader.ExtraActions > 0 || s.Leader.VitalityBonus > 0 {
		l := widget.NewLabel(tr.T("ui.decks.leader", map[string]any{"Vitality": s.Leader.VitalityBonus, "Actions": s.Leader.ExtraActions}))
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
	}
	return box
}
