package dunui

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/dun/questedit"
)

// questEditorButtons are New game's "New quest…" and "Edit…" beside the
// quest: they open the quest editor in a window of its own.
func (d *newGameDialog) questEditorButtons() fyne.CanvasObject {
	newQuest := widget.NewButton(d.tr.T("ui.questedit.new", nil), func() { d.editQuest(nil, nil) })
	editQuest := widget.NewButton(d.tr.T("ui.questedit.edit", nil), func() { d.editQuest(d.form.quest(), nil) })
	// Free play has no quest to edit.
	d.form.onQuest = func() { setEnabled(editQuest, d.form.quest() != nil) }
	d.form.onQuest()
	return container.NewGridWithColumns(2, newQuest, editQuest)
}

// openQuestEditor opens the editor on q (nil: a new quest, whose faction
// is the one chosen in New game, if any). Saving stores the quest as Import
// does, and New game then offers it, chosen.
func (d *newGameDialog) openQuestEditor(q *quest.Quest) *questedit.Editor {
	q = editableCopy(q)
	var profiles []questedit.Profile
	if fa := d.form.faction(); fa != nil {
		for _, p := range fa.Profiles {
			profiles = append(profiles, questedit.Profile{ID: p.ID, Name: p.Name})
		}
		if q == nil {
			q = edit.NewQuest(fa.Name) // the quest's faction field: the faction chosen
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
		},
		Taken: func(id string) bool { return builtinQuestIDs()[id] }})
	return ed
}

// builtinQuestIDs are the app's own quests' ids, which a quest saved from
// the editor may not take (the editor says so before saving).
var builtinQuestIDs = sync.OnceValue(func() map[string]bool {
	ids := map[string]bool{}
	qs, _ := content.BuiltinQuests()
	for _, q := range qs {
		ids[q.ID] = true
	}
	return ids
})

// editableCopy is what the editor opens for q: q itself, or for one of the
// app's own quests (whose ids an import refuses) a copy with an id and a
// title of its own, so that saving it never meets "quest.builtin_id".
func editableCopy(q *quest.Quest) *quest.Quest {
	if q == nil {
		return nil
	}
	if builtin, _ := content.IsBuiltinQuest(q.ID); !builtin {
		return q
	}
	c := *q
	c.ID = q.ID + "-copy"
	c.Title = quest.Text{}
	for _, l := range translations.Languages {
		c.Title[l.Tag] = translations.New(l.Tag).T("ui.questedit.copy_title", map[string]any{"Title": q.Title.In(l.Tag)})
	}
	c.Source = nil
	return &c
}
