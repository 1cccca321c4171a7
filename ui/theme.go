package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// tableTheme enlarges text and touch targets: the app is read at arm's length
// beside a board, often by someone holding dice.
type tableTheme struct{ fyne.Theme }

// NewTableTheme wraps Fyne's default theme with larger sizes.
func NewTableTheme() fyne.Theme { return tableTheme{theme.DefaultTheme()} }

func (t tableTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 18
	case theme.SizeNameSubHeadingText:
		return 22
	case theme.SizeNameHeadingText:
		return 28
	case theme.SizeNameInnerPadding:
		return 12
	case theme.SizeNamePadding:
		return 6
	case theme.SizeNameInlineIcon:
		return 24
	}
	return t.Theme.Size(n)
}
