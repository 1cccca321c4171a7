package questedit

import (
	"errors"
	"io"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui"
)

// Save stores the quest as the Save button does, when it has no problem.
func (ed *Editor) Save() { ed.saveQuest() }

// saveQuest stores the quest (the same way as New game's Import).
func (ed *Editor) saveQuest() {
	if ed.opts.Save == nil || !ed.valid() {
		return
	}
	data, err := ed.doc.TOML()
	if err != nil {
		ed.refuse(err)
		return
	}
	if ed.opts.Save(fileName(ed.q), data) {
		ed.doc.MarkSaved()
		ed.draftSaved() // the draft goes (draft.go)
		ed.status.Importance = widget.SuccessImportance
		ed.status.SetText(ed.tr.T("ui.questedit.saved", map[string]any{"TitleText": map[string]string(ed.q.Title)}))
	}
}

// fileName is the quest's file name.
func fileName(q *quest.Quest) string {
	if q.ID == "" {
		return edit.File
	}
	return q.ID + ".toml"
}

// saveAsFile writes the quest file where the Conductor says.
func (ed *Editor) saveAsFile() {
	data, err := ed.doc.TOML()
	if err != nil {
		ed.refuse(err)
		return
	}
	ui.SaveFileAs(ed.win, fileName(ed.q), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, func(err error) {
		dialog.ShowError(errors.New(ed.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), ed.win)
	})
}
