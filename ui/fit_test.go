package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A list of wrapped lines held by RewrapOnResize measures its items again
// when it narrows: each line shown is as tall as its wrapped text, so none
// runs into the next. (A list alone keeps the heights of the old width.)
func TestListRewrapsOnResize(t *testing.T) {
	w := test.NewTempApp(t).NewWindow("log")
	lines := []string{strings.Repeat("a long line of the log that wraps ", 4), "short", strings.Repeat("another long line ", 6)}
	var l *widget.List
	l = widget.NewList(func() int { return len(lines) },
		func() fyne.CanvasObject { return Wrapped("", widget.MediumImportance) },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(lines[i])
			l.SetItemHeight(i, o.MinSize().Height)
		})
	w.SetContent(RewrapOnResize(l))
	for _, width := range []float32{900, 300, 600, 200} {
		w.Resize(fyne.NewSize(width, 600))
		var labels []*widget.Label
		uitest.WalkVisible(l, func(o fyne.CanvasObject) {
			if x, ok := o.(*widget.Label); ok {
				labels = append(labels, x)
			}
		})
		if len(labels) < len(lines) {
			t.Fatalf("at %v: %d lines shown (heights measured at another width push the others out)", width, len(labels))
		}
		for _, x := range labels {
			if x.Size().Height < x.MinSize().Height-0.5 {
				t.Errorf("at %v: %q is %v tall, its text %v", width, x.Text, x.Size().Height, x.MinSize().Height)
			}
		}
	}
}
