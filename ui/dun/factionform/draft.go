package factionform

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui"
)

// Drafts keep the form's unsaved work as it changes (data.DraftWriter):
// Set hands on the faction's file as it is now, written a moment later;
// Flush writes it at once; Clear forgets it (saved, or discarded); Stop
// ends the keeping.
type Drafts interface {
	Set(body []byte)
	Flush() error
	Clear() error
	Stop()
}

// KeepDrafts keeps the faction's file as a draft in drafts from now on,
// whenever it differs from the one the form opened on; restored says the
// form was opened on a draft (it is unsaved work from the start).
func (e *Editor) KeepDrafts(d Drafts, restored bool) {
	e.drafts, e.restored, e.drafted = d, restored, false
	e.keepDraft()
}

// Unsaved says whether the form holds work that is not saved: a file
// other than the one it opened on, or a draft it was opened on.
func (e *Editor) Unsaved() bool { return e.restored || e.text != e.opened }

// keepDraft hands the file on as the draft after a change, whatever its
// problems (the text as typed), or forgets the draft when the file is back
// as it opened.
func (e *Editor) keepDraft() {
	if e.drafts == nil {
		return
	}
	if !e.Unsaved() {
		if e.drafted {
			e.drafted = false
			e.drafts.Clear()
		}
		return
	}
	e.drafted = true
	e.drafts.Set([]byte(e.text))
}

// cancel is the Cancel button: the form closes at once when nothing is
// unsaved; otherwise the draft is written first, and the Conductor is
// asked to keep editing or to discard the changes.
func (e *Editor) cancel() { e.leave(nil) }

// leave closes the form, asking first about unsaved work; then, when not
// nil, runs once the form has closed (the app's window closing).
func (e *Editor) leave(then func()) {
	if !e.Unsaved() {
		e.close()
		if then != nil {
			then()
		}
		return
	}
	if e.drafts != nil {
		e.drafts.Flush()
	}
	if e.win == nil {
		return
	}
	msg := ui.Wrapped(e.tr.T("ui.draft.unsaved", map[string]any{"What": DraftName(e.tr.T, e.tr.Lang, e.named())}), widget.MediumImportance)
	ask := dialog.NewCustomConfirm(e.t("ui.draft.unsaved_title"), e.t("ui.draft.discard"), e.t("ui.draft.keep_editing"), msg, func(discard bool) {
		e.asking = nil
		if discard {
			e.discard()
			if then != nil {
				then()
			}
		}
	}, e.win)
	ask.SetConfirmImportance(widget.DangerImportance)
	e.asking = ask
	ask.Show()
}

// discard forgets the draft and closes the form.
func (e *Editor) discard() {
	if e.drafts != nil {
		e.drafts.Clear()
		e.drafts.Stop()
		e.drafts = nil
	}
	e.close()
}

// named is the faction as the form shows it (while the file cannot be
// read, the last faction that could).
func (e *Editor) named() *faction.Faction { return &e.model }

// DraftName names a faction in a sentence about its unsaved work: by its
// name in lang, or as a new faction when it has none yet.
func DraftName(tr func(string, map[string]any) string, lang string, f *faction.Faction) string {
	if f != nil {
		for _, l := range append([]string{lang}, quest.Languages...) {
			if name := f.Name[l]; name != "" {
				return tr("ui.draft.faction", map[string]any{"Name": name})
			}
		}
	}
	return tr("ui.draft.new_faction", nil)
}
