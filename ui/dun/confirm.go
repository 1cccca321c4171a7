package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/dunconductor/conductor/translations"
)

// confirm asks a yes-or-no question with its buttons in the app's language:
// Fyne's own follow the system's, and its Spanish says "Si" for "Sí".
func confirm(tr *translations.Translator, title, message string, answer func(bool), parent fyne.Window) {
	d := dialog.NewConfirm(title, message, answer, parent)
	d.SetConfirmText(tr.T("ui.yes", nil))
	d.SetDismissText(tr.T("ui.no", nil))
	d.Show()
}
