package ui

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
)

// Confirmer is what a game implements to be asked before a choice of the
// prompt card applies (its key or its button): the question to ask first,
// if any (Dragon Canyon: ending a player's turn on which nothing was
// entered). The game decides; the shell only asks.
type Confirmer interface {
	ConfirmFirst(e engine.Event) (engine.Message, bool)
}

// choose applies a choice's event, labelled label on its button; when the
// game asks to confirm it first, only once the Conductor says yes.
func (a *PlayArea) choose(e engine.Event, label string) {
	c, ok := a.sess.game.(Confirmer)
	if !ok {
		a.Do(e)
		return
	}
	q, ask := c.ConfirmFirst(e)
	if !ask {
		a.Do(e)
		return
	}
	d := dialog.NewConfirm(a.tr.T("ui.confirm.title", nil), a.tr.T(q.ID, q.Args), func(yes bool) {
		if yes {
			a.Do(e)
		}
	}, a.win)
	d.SetConfirmText(label)
	d.SetDismissText(a.tr.T("ui.cancel", nil))
	d.SetConfirmImportance(widget.HighImportance)
	d.Show()
}

// number is the step number the log shows for line e: where its record
// stands among the events that count (the setup's lines: 0), so that a step
// taken after an undo has the number of the one undone, not a new one.
func (a *PlayArea) number(e engine.LogEntry) int {
	if e.Seq == 0 {
		return 0
	}
	return a.sess.game.Position(e.Seq)
}
