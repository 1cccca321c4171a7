package dunui

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/dun/questedit"
)

// draftStore is the part of the store that keeps the editors' unsaved work
// (data.Store). A store without it keeps no drafts: the editors still ask
// before unsaved work goes, and nothing is offered back.
type draftStore interface {
	data.DraftStore
	Draft(kind, key string) ([]byte, time.Time, bool, error)
}

// draftDelay is how far the draft kept may be behind the editor: what a
// crash or a kill can lose at most.
var draftDelay = 1500 * time.Millisecond

// draftNew is the key of the draft of a quest or faction made new in its
// editor (no id has a '+'); one being edited has its own id.
const draftNew = "+new"

// drafts is the store's draft keeping, nil when it has none.
func (d *newGameDialog) drafts() draftStore {
	ds, _ := d.screens.store.(draftStore)
	return ds
}

// draftWriter keeps the draft of kind and key as an editor changes it,
// telling once when it cannot; nil when the store keeps no drafts.
func (d *newGameDialog) draftWriter(kind, key string) *data.DraftWriter {
	ds := d.drafts()
	if ds == nil {
		return nil
	}
	win, tr := d.win, d.tr
	return data.NewDraftWriter(ds, kind, key, draftDelay, func(err error) {
		fyne.Do(func() {
			dialog.ShowError(errors.New(tr.T("ui.draft.write_failed", map[string]any{"Detail": err.Error()})), win)
		})
	})
}

// offerDraft opens an editor of kind on key: when unsaved work of it is
// kept, it first asks whether to restore it (open gets the draft) or to
// discard it (open gets nil: what was saved). what names the work from its
// draft, for the question. A draft that cannot be read is said so, and the
// editor is not opened over it.
func (d *newGameDialog) offerDraft(kind, key string, what func(body []byte) string, open func(body []byte)) {
	ds := d.drafts()
	if ds == nil {
		open(nil)
		return
	}
	body, at, ok, err := ds.Draft(kind, key)
	if err != nil {
		dialog.ShowError(errors.New(d.tr.T("ui.draft.read_failed", map[string]any{"Detail": err.Error()})), d.win)
		return
	}
	if !ok {
		open(nil)
		return
	}
	at = at.Local()
	msg := ui.Wrapped(d.tr.T("ui.draft.offer", map[string]any{"What": what(body),
		"Date": at.Format("2006-01-02"), "Time": at.Format("15:04")}), widget.MediumImportance)
	t := func(id string) string { return d.tr.T(id, nil) }
	dialog.NewCustomConfirm(t("ui.draft.title"), t("ui.draft.restore"), t("ui.draft.discard"), msg, func(restore bool) {
		if restore {
			open(body)
			return
		}
		if err := ds.DeleteDraft(kind, key); err != nil {
			dialog.ShowError(errors.New(d.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), d.win)
			return
		}
		open(nil)
	}, d.win).Show()
}

// editQuest opens the quest editor on q (nil: a new quest), offering back
// the unsaved work of it first; the editor keeps its work as a draft.
// opened, when not nil, gets the editor once it is open.
func (d *newGameDialog) editQuest(q *quest.Quest, opened func(*questedit.Editor)) {
	key := draftNew
	if c := editableCopy(q); c != nil {
		key = c.ID
	}
	// A draft is its store's: the key alone would find an editor of
	// another store (a test's earlier window).
	claim := fmt.Sprintf("%p %s %s", d.drafts(), content.KindQuest, key)
	if ed := questedit.Opened(claim); ed != nil {
		ed.Raise() // one editor a draft: the one open comes to the front
		if opened != nil {
			opened(ed)
		}
		return
	}
	what := func(body []byte) string {
		dq, _ := questedit.DecodeDraft(body)
		return questedit.DraftName(d.tr.T, d.tr.Lang, dq)
	}
	d.offerDraft(content.KindQuest, key, what, func(body []byte) {
		start := q
		if body != nil {
			dq, err := questedit.DecodeDraft(body)
			if err != nil {
				dialog.ShowError(errors.New(d.tr.T("ui.draft.unreadable", map[string]any{"Detail": err.Error()})), d.win)
				return
			}
			start = dq
		}
		ed := d.openQuestEditor(start)
		ed.Claim(claim)
		if w := d.draftWriter(content.KindQuest, key); w != nil {
			ed.KeepDrafts(w, body != nil)
		}
		if opened != nil {
			opened(ed)
		}
	})
}
