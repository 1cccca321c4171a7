package dcui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/dunconductor/conductor/ui"
)

// compactTheme is the app's theme with smaller text and padding, for the
// New game dialog's board: sixteen cells of pickers fit a 1024×768 screen
// side by side, and the board is set up at the laptop, not read across
// the table.
type compactTheme struct{ fyne.Theme }

func (t compactTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 15
	case theme.SizeNameCaptionText:
		return 13
	case theme.SizeNameInnerPadding:
		return 7
	case theme.SizeNamePadding:
		return 4
	case theme.SizeNameInlineIcon:
		return 20
	}
	return t.Theme.Size(n)
}

// compact draws o with compactTheme (ui.ThemeOverride: Fyne's own
// parses the fonts again at each refresh of the board).
func compact(o fyne.CanvasObject) fyne.CanvasObject {
	base := theme.Current()
	if app := fyne.CurrentApp(); app != nil {
		base = app.Settings().Theme()
	}
	return ui.NewThemeOverride(o, compactTheme{base})
}
