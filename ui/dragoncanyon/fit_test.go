package dcui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A tile's text wraps at word breaks and fits the tile, shrinking when the
// tile is narrow: no word is broken ("face-dow n"), no line is wider than
// the tile or drawn below it, at 1024×768 and 1280×800, in both languages,
// and no text of the table is drawn over another.
func TestTileTextsFit(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
		tb := h.table()
		// The longest a tile says: a known card, a slayer, the canyon and the dragon.
		p := dragoncanyon.Pos{1, 1}
		ts := tileState{resource: dragoncanyon.Stone, amount: 3, canyon: true, dragon: true, order: 16,
			force: &dragoncanyon.Force{Owner: "p1", Known: true, Strength: 5, Slayer: true}}
		tb.board.set(tb.tr, p, ts)
		tb.board.set(tb.tr, dragoncanyon.Pos{1, 2}, tileState{resource: dragoncanyon.Wood, amount: 1,
			force: &dragoncanyon.Force{Owner: "ai"}})
		for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1024, Height: 768}, {Width: 1008, Height: 696}} {
			h.win.Resize(size)
			uitest.Settle(h.win)
			for _, o := range uitest.OverlappingTexts(h.win) {
				t.Errorf("%s at %v: %s", lang, size, o)
			}
			for r := range dragoncanyon.Size {
				for c := range dragoncanyon.Size {
					v := tb.board.tiles[r][c]
					checkTile(t, lang, size, v)
				}
			}
		}
	}
}

// checkTile fails when a tile breaks a word, or draws a line wider than
// the tile or below it.
func checkTile(t *testing.T, lang string, size fyne.Size, v *tileView) {
	t.Helper()
	tile := v.content.Size()
	var lines []string
	uitest.WalkVisible(v.text, func(o fyne.CanvasObject) {
		txt, ok := o.(*canvas.Text)
		if !ok || txt.Text == "" || txt == v.order {
			return
		}
		lines = append(lines, txt.Text)
		w := fyne.MeasureText(txt.Text, txt.TextSize, txt.TextStyle).Width
		if txt.Position().X+w > tile.Width || txt.Position().Y+txt.Size().Height > tile.Height {
			t.Errorf("%s at %v: %q (%v wide at %v) is outside its tile %v", lang, size, txt.Text, w, txt.Position(), tile)
		}
	})
	want := strings.Fields(v.text.text())
	if got := strings.Fields(strings.Join(lines, " ")); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s at %v: a word is broken: lines %q for %q", lang, size, lines, want)
	}
}

// The table never asks for more room than a 1024×768 screen gives the
// window, in both languages: it would grow past the screen.
func TestTableFitsTheSmallestScreen(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
		h.win.Resize(fyne.NewSize(1008, 696))
		uitest.Settle(h.win)
		m := h.win.Content().MinSize()
		t.Logf("%s: the table needs %v", lang, m)
		if m.Width > 1008 || m.Height > 696 {
			t.Errorf("%s: the table needs %v", lang, m)
		}
	}
}
