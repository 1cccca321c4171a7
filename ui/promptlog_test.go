package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The prompt region gets the height its card needs, up to promptShare of
// the column; the log gets the rest.
func TestPromptOverLogSharesTheColumn(t *testing.T) {
	const column = 600
	pad := theme.Padding()
	for _, c := range []struct {
		name    string
		card    float32 // the card's own height
		wantTop float32 // the prompt region's height
	}{
		{"a short card leaves the log the rest", 120, 120},
		{"a card that fits is shown whole", 400, 400},
		{"a long card scrolls within its share", 2000, column * promptShare},
		{"exactly the share", column * promptShare, column * promptShare},
	} {
		t.Run(c.name, func(t *testing.T) {
			space := canvas.NewRectangle(nil)
			space.SetMinSize(fyne.NewSize(300, c.card))
			card := container.NewStack(space)
			log := canvas.NewRectangle(nil)
			log.SetMinSize(fyne.NewSize(300, 50))
			top := container.NewVScroll(card)
			box := container.New(promptOverLog{card}, top, log)
			box.Resize(fyne.NewSize(500, column))
			if got := top.Size().Height; got != c.wantTop {
				t.Errorf("prompt region %v high, want %v", got, c.wantTop)
			}
			if got, want := log.Size().Height, column-c.wantTop-pad; got != want {
				t.Errorf("log %v high, want %v", got, want)
			}
			if got := log.Position().Y; got != c.wantTop+pad {
				t.Errorf("log starts at %v, want %v", got, c.wantTop+pad)
			}
		})
	}
}

// A VScroll's content ends before its scroll bar: a button at the right
// edge is never under the bar.
func TestVScrollKeepsTheBarOffTheContent(t *testing.T) {
	b := widget.NewButton("Edit…", nil)
	s := VScroll(container.NewBorder(nil, nil, nil, b))
	w := test.NewTempWindow(t, s)
	w.Resize(fyne.NewSize(400, 200))
	right := fyne.CurrentApp().Driver().AbsolutePositionForObject(b).X + b.Size().Width - fyne.CurrentApp().Driver().AbsolutePositionForObject(s).X
	if bar := s.Size().Width - theme.ScrollBarSmallSize(); right > bar {
		t.Fatalf("the button ends at %v, under the bar from %v", right, bar)
	}
}

// vscrollContentWidth is the width VScroll's content gets.
func TestVScrollContentWidth(t *testing.T) {
	content := canvas.NewRectangle(nil)
	s := VScroll(content)
	test.NewTempWindow(t, s).Resize(fyne.NewSize(400, 200))
	if got, want := content.Size().Width, vscrollContentWidth(s.Size().Width); got != want {
		t.Fatalf("content %v wide, want %v", got, want)
	}
}
