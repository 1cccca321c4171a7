package questedit

import (
	"bytes"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
	"github.com/BurntSushi/toml"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui"
)

// Drafts keep the editor's unsaved work as it changes (data.DraftWriter):
// Set hands on the quest file as it is now; Flush writes it; Clear forgets
// it (saved, or discarded); Stop ends the keeping. Delay is how far the
// draft may be behind the changes: the editor writes its file out (which
// takes a while with pictures in it) at most that often, not on every key.
type Drafts interface {
	Set(body []byte)
	Flush() error
	Clear() error
	Stop()
	Delay() time.Duration
}

// draftKeeping is the editor's part in keeping its draft.
type draftKeeping struct {
	drafts Drafts
	// restored: the editor opened on a draft, which is unsaved work until
	// the quest is saved.
	restored bool
	// last is the file last handed on, nil when none is kept.
	last []byte
	// due, while a change waits to be handed on, fires when it is;
	// since is when the first change of those waiting came.
	due   *time.Timer
	since time.Time
}

// draftPause is the pause in typing at which the draft is written: a kill
// loses no more than what was typed in the last draftPause.
const draftPause = 400 * time.Millisecond

// draftWait is how long after a change at now the draft is handed on: at
// the next pause in the changes (draftPause without one), but never later
// than the drafts' delay after the first change waiting (since), however
// fast the changes come.
func draftWait(since, now time.Time, delay time.Duration) time.Duration {
	return max(min(draftPause, delay-now.Sub(since)), 0)
}

// KeepDrafts keeps the quest as a draft in drafts from now on, whenever it
// differs from the one saved; restored says the editor was opened on a
// draft (it is unsaved work from the start).
func (ed *Editor) KeepDrafts(d Drafts, restored bool) {
	ed.stopDraft()
	ed.draft = draftKeeping{drafts: d, restored: restored}
	ed.draftChanged()
}

// Unsaved says whether the editor holds work that is not saved: changes
// since it opened or was last saved, or a draft it was opened on.
func (ed *Editor) Unsaved() bool { return ed.draft.restored || ed.doc.Dirty() }

// draftChanged, after a change, has the quest handed on as the draft
// within the drafts' delay (draftNow), or forgets the draft when the quest
// is back as it was saved.
func (ed *Editor) draftChanged() {
	k := &ed.draft
	if k.drafts == nil {
		return
	}
	if !ed.Unsaved() {
		ed.stopDraft()
		if k.last != nil {
			k.last = nil
			k.drafts.Clear()
		}
		return
	}
	now := time.Now()
	if k.due == nil {
		k.since = now
	} else {
		k.due.Stop() // the pause starts again with each change
	}
	k.due = time.AfterFunc(draftWait(k.since, now, k.drafts.Delay()), func() { fyne.Do(func() { ed.draftNow(false) }) })
}

// draftNow hands the quest on as the draft if it changed since the last
// one (the whole file, its problems and all) and has it written at once:
// here when sync, else on a goroutine of its own.
func (ed *Editor) draftNow(sync bool) {
	k := &ed.draft
	ed.stopDraft()
	if k.drafts == nil || !ed.Unsaved() {
		return
	}
	if body, err := ed.doc.TOML(); err == nil && !bytes.Equal(body, k.last) {
		k.last = body
		k.drafts.Set(body)
	}
	if d := k.drafts; sync {
		d.Flush()
	} else {
		go d.Flush()
	}
}

// stopDraft cancels the handing on that waits.
func (ed *Editor) stopDraft() {
	if ed.draft.due != nil {
		ed.draft.due.Stop()
		ed.draft.due = nil
	}
}

// draftSaved forgets the draft once the quest is saved.
func (ed *Editor) draftSaved() {
	ed.stopDraft()
	ed.draft.restored = false
	ed.draft.last = nil
	if ed.draft.drafts != nil {
		ed.draft.drafts.Clear()
	}
}

// guardClose makes the window's close button ask before unsaved work goes,
// and writes the draft at once when the window closes any other way (the
// app quitting).
func (ed *Editor) guardClose() {
	ed.win.SetCloseIntercept(ed.RequestClose)
	ed.win.SetOnClosed(func() {
		ed.closed()
		if d := ed.draft.drafts; d != nil {
			ed.draftNow(true)
			d.Stop()
		}
	})
}

// RequestClose is the window's close button: the window closes at once
// when everything is saved; with unsaved work the draft is written first,
// then the Conductor is asked to keep editing or to discard the changes.
func (ed *Editor) RequestClose() {
	if !ed.Unsaved() {
		ed.win.Close()
		return
	}
	ed.draftNow(true)
	t := func(id string) string { return ed.tr.T(id, nil) }
	msg := ui.Wrapped(ed.tr.T("ui.draft.unsaved", map[string]any{"What": ed.draftName()}), widget.MediumImportance)
	ask := dialog.NewCustomConfirm(t("ui.draft.unsaved_title"), t("ui.draft.discard"), t("ui.draft.keep_editing"), msg, func(discard bool) {
		if !discard {
			return
		}
		ed.stopDraft()
		if d := ed.draft.drafts; d != nil {
			d.Clear()
			d.Stop()
		}
		ed.draft = draftKeeping{}
		ed.win.Close()
	}, ed.win)
	ask.SetConfirmImportance(widget.DangerImportance)
	ask.Show()
}

// draftName names the quest being edited for the reader, by its title.
func (ed *Editor) draftName() string { return DraftName(ed.tr.T, ed.tr.Lang, ed.q) }

// DraftName names a quest in a sentence about its unsaved work: by its
// title in lang, or as a new quest when it has none yet.
func DraftName(tr func(string, map[string]any) string, lang string, q *quest.Quest) string {
	if q != nil {
		if name := q.Title.In(lang); name != "" { // else English, else any language it has
			return tr("ui.draft.quest", map[string]any{"Name": name})
		}
	}
	return tr("ui.draft.new_quest", nil)
}

// DecodeDraft reads a quest kept as a draft: the file the editor wrote,
// read as it is and not checked (a draft may have problems; the editor
// shows them). A file that is no quest file at all is an error.
func DecodeDraft(body []byte) (*quest.Quest, error) {
	if len(body) > quest.MaxSize {
		return nil, fmt.Errorf("%d bytes, more than a quest file holds (%d)", len(body), quest.MaxSize)
	}
	var q quest.Quest
	if _, err := toml.NewDecoder(bytes.NewReader(body)).Decode(&q); err != nil {
		return nil, err
	}
	return &q, nil
}
