package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// maxOpenedSave bounds the save file an import from the command line reads
// (the app's own Import a save… reads as much).
const maxOpenedSave = 256 << 20

// importStore is what offering an import needs of the store.
type importStore interface {
	Import(r io.Reader, mode data.ImportMode) (data.ImportResult, error)
	Setting(key string) (value string, ok bool, err error)
}

// importOutcome is how an offered import ended: nothing done (declined),
// saves imported, or a problem.
type importOutcome struct {
	imported bool
	result   data.ImportResult
	err      error
}

// show tells the Conductor how the import ended, in the main window w.
func (o importOutcome) show(w fyne.Window, tr *translations.Translator) {
	switch {
	case o.err != nil:
		dialog.ShowError(errors.New(importProblem(tr, o.err)), w)
	case o.imported:
		dialog.ShowInformation(tr.T("cli.open.title", nil), tr.T("cli.open.done", map[string]any{"Games": len(o.result.Games), "Campaigns": len(o.result.Campaigns)}), w)
	}
}

// errTooBig is a file too big to be a save.
var errTooBig = errors.New("too big")

// importProblem words why an import failed.
func importProblem(tr *translations.Translator, err error) string {
	var pathErr *os.PathError
	switch {
	case errors.Is(err, errTooBig):
		return tr.T("ui.import.too_big", nil)
	case errors.As(err, &pathErr):
		return tr.T("quest.unreadable", map[string]any{"Detail": err.Error()})
	}
	return ui.LibraryError(tr, err)
}

// importOffer is the window that asks whether to import a save file the
// app was opened with (a file manager's "Open with Conductor").
type importOffer struct {
	win      fyne.Window
	store    importStore
	path     string
	tr       *translations.Translator
	then     func(importOutcome)
	finished bool
	// The buttons shown now: Import and Cancel, then, when the file holds
	// saves that are here already, copies, replace and cancel.
	importButton, cancelButton, copyButton, replaceButton *widget.Button
}

// offerImport opens a window asking whether to import the saves in the
// file at path into store; then hears how it ended (once, also when the
// window is closed), before the window closes.
func offerImport(a fyne.App, store importStore, path, lang string, then func(importOutcome)) *importOffer {
	if saved, ok, err := store.Setting("language"); err == nil && ok && translations.Known(saved) {
		lang = saved // the language the app was last shown in
	}
	o := &importOffer{store: store, path: path, tr: translations.New(lang), then: then}
	a.Settings().SetTheme(ui.NewTableTheme())
	o.win = a.NewWindow(o.tr.T("cli.open.title", nil))
	o.win.SetCloseIntercept(o.decline) // the window's close button
	question := ui.Wrapped(o.tr.T("cli.open.question", map[string]any{"Name": filepath.Base(path), "Folder": filepath.Dir(path)}), widget.MediumImportance)
	o.cancelButton = widget.NewButton(o.tr.T("ui.cancel", nil), o.decline)
	o.importButton = widget.NewButton(o.tr.T("cli.open.import", nil), func() { o.importWith(data.ImportRefuseExisting) })
	o.importButton.Importance = widget.HighImportance
	o.win.SetContent(container.NewPadded(container.NewVBox(question, container.NewGridWithColumns(2, o.cancelButton, o.importButton))))
	o.win.Resize(fyne.NewSize(520, 160))
	o.win.CenterOnScreen()
	o.win.Show()
	return o
}

// importWith imports the file; saves that are here already make it ask
// for copies or a replacement first (nothing has been written then).
func (o *importOffer) importWith(mode data.ImportMode) {
	if o.finished {
		return // a tap that came after the answer
	}
	res, err := importSaveFile(o.store, o.path, mode)
	var exists *data.ExistsError
	if errors.As(err, &exists) {
		msg := ui.Wrapped(o.tr.T("ui.import.exists", map[string]any{"Names": strings.Join(exists.Names, ", ")}), widget.MediumImportance)
		o.copyButton = widget.NewButton(o.tr.T("ui.import.as_copy", nil), func() { o.importWith(data.ImportAsCopy) })
		o.copyButton.Importance = widget.HighImportance
		o.replaceButton = widget.NewButton(o.tr.T("ui.import.replace", nil), func() { o.importWith(data.ImportReplace) })
		o.replaceButton.Importance = widget.DangerImportance
		o.cancelButton = widget.NewButton(o.tr.T("ui.cancel", nil), o.decline)
		o.importButton = nil
		o.win.SetTitle(o.tr.T("ui.import.title", nil))
		o.win.SetContent(container.NewPadded(container.NewVBox(msg, container.NewGridWithColumns(3, o.cancelButton, o.replaceButton, o.copyButton))))
		return
	}
	o.finish(importOutcome{imported: err == nil, result: res, err: err})
}

// decline goes on to the app without importing anything.
func (o *importOffer) decline() { o.finish(importOutcome{}) }

// finish hands the outcome on (the main window opens), then closes the
// offer: the app goes on with the main window.
func (o *importOffer) finish(out importOutcome) {
	if o.finished {
		return
	}
	o.finished = true
	o.then(out)
	o.win.Close()
}

// importSaveFile imports the save file at path with mode.
func importSaveFile(store importStore, path string, mode data.ImportMode) (data.ImportResult, error) {
	f, err := os.Open(path)
	if err != nil {
		return data.ImportResult{}, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > maxOpenedSave {
		return data.ImportResult{}, errTooBig
	}
	return store.Import(io.LimitReader(f, maxOpenedSave+1), mode)
}
