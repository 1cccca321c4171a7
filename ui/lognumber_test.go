package ui

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
)

// The log numbers its steps 1, 2, 3… as they count now: a step taken after
// an undo, a redo or a jump back has the number of the one it replaces,
// never a number that jumps over what was undone.
func TestLogNumbersDoNotJumpAfterUndo(t *testing.T) {
	add := func(a *PlayArea) { a.Do(&ToyAdd{By: 1}) }
	cases := []struct {
		name  string
		play  func(a *PlayArea)
		steps int // the steps that count at the end
	}{
		{"steps only", func(a *PlayArea) { add(a); add(a); add(a) }, 3},
		{"an undo, then a step", func(a *PlayArea) { add(a); add(a); add(a); a.doUndo(); add(a) }, 3},
		{"two undos, a redo, a step", func(a *PlayArea) {
			add(a)
			add(a)
			add(a)
			a.doUndo()
			a.doUndo()
			a.doRedo()
			add(a)
		}, 3},
		{"a jump back, then steps", func(a *PlayArea) {
			add(a)
			add(a)
			add(a)
			add(a)
			a.Do(&engine.Rewind{To: 1})
			add(a)
			add(a)
		}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _, _, _ := newTestArea(t, newToy(t, toySetup{Count: 5}), PromptParts{})
			c.play(a)
			if a.Notice() != "" && a.notice.Importance == widget.DangerImportance {
				t.Fatalf("refused: %s", a.Notice())
			}
			// The numbers the log's rows show, oldest first, once per step.
			var shown []string
			for i := len(a.lines) - 1; i >= 0; i-- {
				row := a.log.CreateItem()
				row.Resize(fyne.NewSize(400, 40))
				a.log.UpdateItem(i, row)
				if n := row.(*fyne.Container).Objects[0].(*widget.Label).Text; n != "" {
					shown = append(shown, n)
				}
			}
			var want []string
			for i := range c.steps + 1 { // the setup's line: 0
				want = append(want, fmt.Sprint(i))
			}
			if !slices.Equal(shown, want) {
				t.Fatalf("the log numbers its steps %v, want %v", shown, want)
			}
		})
	}
}
