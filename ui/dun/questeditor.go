package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/dun/questedit"
)

// questEditorButtons are New game's "New quest…" and "Edit…" beside the
// quest: they open the quest editor in a window of its own.
func (d *newGameDialog) questEditorButtons() fyne.CanvasObject {
	newQuest := widget.NewButton(d.tr.T("ui.questedit.new", nil), func() { d.openQuestEditor(nil) })
	editQuest := widget.NewButton(d.tr.T("ui.questedit.edit", nil), func() { d.openQuestEditor(d.form.quest()) })
	return container.NewGridWithColumns(2, newQuest, editQuest)
}

// openQuestEditor opens the editor on q (nil: a new quest). Saving stores
// the quest as Import does, and New game then offers it, chosen.
func (d *newGameDialog) openQuestEditor(q *quest.Quest) *questedit.Editor {
	var profiles []questedit.Profile
	if fa := d.form.faction(); fa != nil {
		for _, p := range fa.Profiles {
			profiles = append(profiles, questedit.Profile{ID: p.ID, Name: p.Name})
		}
	}
	s := d.screens
	ed := questedit.Show(fyne.CurrentApp(), d.win, d.tr, questedit.Options{Quest: q, Profiles: profiles,
		Save: func(name string, content []byte) bool {
			nd := s.newGame // the dialog open now: an earlier save reopened it
			if nd == nil {
				nd = d
			}
			nd.importQuestData(name, content)
			return nd.importProblems == ""
		}})
	return ed
}
