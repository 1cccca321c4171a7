package ui

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/translations"
)

// NewGameDialog is every game's New game dialog: its form in a scroll, and
// below it, always in sight, Cancel and the one Start button. start makes
// and starts the game: started false with no error keeps the dialog open
// (the form shows what is missing); an error is put into words over it.
type NewGameDialog struct {
	dialog.Dialog
	Start *widget.Button
}

// NewNewGameDialog builds (not shows) a game's New game dialog of form at
// least min big, titled title.
func NewNewGameDialog(w fyne.Window, tr *translations.Translator, title string, form fyne.CanvasObject, min fyne.Size, start func() (started bool, err error)) *NewGameDialog {
	d := &NewGameDialog{}
	cancel := widget.NewButton(tr.T("ui.cancel", nil), func() { d.Hide() })
	d.Start = widget.NewButtonWithIcon(tr.T("ui.newgame.start", nil), theme.ConfirmIcon(), func() {
		started, err := start()
		if err != nil {
			dialog.ShowError(errors.New(ErrorText(tr, err)), w)
			return
		}
		if started {
			d.Hide()
		}
	})
	d.Start.Importance = widget.HighImportance
	scroll := FormScroll(form)
	scroll.SetMinSize(min)
	d.Dialog = dialog.NewCustomWithoutButtons(title,
		container.NewBorder(nil, container.NewGridWithColumns(2, cancel, d.Start), nil, nil, scroll), w)
	return d
}
