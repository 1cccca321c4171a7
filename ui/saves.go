package ui

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/data/storetext"
	"github.com/dunconductor/conductor/translations"
)

// Ending is what a game module (the engine's, found by a game's module
// name) implements to say, from a game's summary as the saved games keep
// it, that the game has ended. The module decides; the shell only asks: a
// game that has ended is offered to look at, read-only, never to continue.
type Ending interface {
	Ended(summary []engine.Message) bool
}

// ended asks module whether a game with that summary has ended (false for
// a module that does not say, or that this build does not have).
func ended(module string, summary []engine.Message) bool {
	m, ok := engine.Lookup(module)
	if !ok {
		return false
	}
	e, ok := m.(Ending)
	return ok && e.Ended(summary)
}

// endedReason is why game g opens read-only when its module says it has
// ended, or nil.
func endedReason(g engine.Play) readOnlyWhy {
	if ended(g.Module(), g.Summary()) {
		return func(tr *translations.Translator) string { return tr.T("ui.readonly.finished", nil) }
	}
	return nil
}

// readOnlyText is why the open game is read-only, in the language now
// chosen, or "".
func (u *UI) readOnlyText() string {
	if u.readOnly == nil {
		return ""
	}
	return u.readOnly(u.tr)
}

// Library is what the saved-games screen needs from the store. data.Store
// implements it; a Store without it gets the game's screen only.
type Library interface {
	Games() ([]data.GameInfo, error)
	RenameGame(gameID int64, name string) error
	DuplicateGame(gameID int64, name string) (int64, error)
	DeleteGame(gameID int64) error
	ExportGame(gameID int64, w io.Writer) error
	Import(r io.Reader, mode data.ImportMode) (data.ImportResult, error)
}

// savesScreen lists the saved games of every game module: continue the last
// one in one tap, open, rename, duplicate (to try another choice from the
// same point), export or delete any of them, start a new one, import a
// save, or go to a game's own screens (campaigns).
func (u *UI) savesScreen() fyne.CanvasObject {
	lib := u.lib
	tr := func(id string) string { return u.tr.T(id, nil) }
	u.savesNotice = Wrapped("", widget.DangerImportance)
	u.savesNotice.Hide()
	games, err := lib.Games()
	if err != nil {
		return Wrapped(u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()}), widget.DangerImportance)
	}
	ShownNames(u.tr, games)
	buttons := []fyne.CanvasObject{
		widget.NewButtonWithIcon(tr("ui.newgame.open"), theme.ContentAddIcon(), u.showNewGame),
		widget.NewButtonWithIcon(tr("ui.saves.import"), theme.DownloadIcon(), u.importSave),
	}
	for _, m := range registered() {
		gui, _ := gameUI(m)
		for _, x := range gui.Extras(u.win, u.starter(), u.showSaves) {
			buttons = append(buttons, widget.NewButtonWithIcon(tr(x.Title), x.Icon, func() { u.showExtra(x) }))
		}
	}
	top := container.NewVBox()
	// Continue the last game played that can go on: one that has ended is
	// only opened read-only, from its row.
	for _, g := range games {
		if ended(g.Module, g.Summary) {
			continue
		}
		cont := widget.NewButtonWithIcon(u.tr.T("ui.saves.continue", map[string]any{"Name": g.Name}), theme.MediaPlayIcon(), func() { u.openGame(g.ID) })
		cont.Importance = widget.HighImportance
		top.Add(cont)
		break
	}
	top.Add(container.NewGridWithColumns(len(buttons), buttons...))

	list := container.NewVBox()
	if len(games) == 0 {
		list.Add(widget.NewLabel(tr("ui.saves.none")))
	}
	for _, g := range games {
		// What its module says of it besides its summary (DUN: its
		// campaign), its summary (how it ended, once it has), and when it
		// was last played.
		var details []string
		if gui, ok := gameUI(g.Module); ok {
			if l, ok := gui.(SaveLabels); ok {
				details = append(details, l.SaveLabels(g, u.tr)...)
			}
		}
		for _, m := range g.Summary {
			details = append(details, u.tr.T(m.ID, m.Args))
		}
		details = append(details, u.playedLine(g)) // the last sitting: recap.go
		info := u.tr.T("ui.saves.entry", map[string]any{"Name": g.Name, "Details": strings.Join(details, " · ")})
		open := RowButton(u.tr, "ui.saves.open", theme.MediaPlayIcon(), func() { u.openGame(g.ID) })
		if ended(g.Module, g.Summary) {
			open = RowButton(u.tr, "ui.saves.open_readonly", theme.VisibilityIcon(), func() { u.openGame(g.ID) })
		}
		// The actions wrap onto a second line rather than widen the window:
		// an ended game's "Abrir solo para leer" and five more buttons
		// need more than 1024 px in Spanish.
		actions := container.New(layout.NewRowWrapLayout(),
			open,
			RowButton(u.tr, "ui.saves.rename", theme.DocumentCreateIcon(), func() { u.renameGame(g) }),
			RowButton(u.tr, "ui.saves.duplicate", theme.ContentCopyIcon(), func() { u.duplicateGame(g) }),
			RowButton(u.tr, "ui.saves.export", theme.UploadIcon(), func() {
				ExportTo(u.win, g.Name, func(w io.Writer) error { return lib.ExportGame(g.ID, w) }, func(err error) { u.saveProblem(LibraryError(u.tr, err)) })
			}),
			RowButton(u.tr, "ui.saves.delete", theme.DeleteIcon(), func() { u.deleteGame(g) }),
			RowButton(u.tr, "journal.save", theme.DocumentSaveIcon(), func() { u.saveStory(g) }), // recap.go
		)
		// The description has the row's whole width, wrapped, and the
		// actions go below it: in Spanish at 1024 px, five buttons beside
		// it left it a narrow column of words.
		list.Add(container.NewVBox(Wrapped(info, widget.MediumImportance), actions))
		list.Add(widget.NewSeparator())
	}
	return container.NewBorder(container.NewVBox(Heading(tr("ui.saves.title")), top, u.savesNotice), nil, nil, nil, VScroll(list))
}

// RowButton is a button of a list's row, labelled with message id.
func RowButton(tr *translations.Translator, id string, icon fyne.Resource, tap func()) *widget.Button {
	return widget.NewButtonWithIcon(tr.T(id, nil), icon, tap)
}

// showSaves shows the saved games in the main window.
func (u *UI) showSaves() {
	u.closeScreen()
	u.build()
}

// showExtra shows a game's own screen in the main window.
func (u *UI) showExtra(x Extra) {
	u.closeScreen()
	u.screen = x.Open()
	u.build()
}

// openGame loads a saved game and makes it the one to continue next time. A
// save whose events no longer replay opens read-only, up to where it stops;
// a game of a module this build does not have is not opened at all.
func (u *UI) openGame(id int64) {
	g, readOnly, problem := u.loaded(u.store.LoadGame(id))
	if problem != "" {
		u.saveProblem(problem)
		return
	}
	if err := u.store.SetSetting(settingLastGame, strconv.FormatInt(id, 10)); err != nil {
		u.saveProblem(u.tr.T("ui.error.save", map[string]any{"Detail": err.Error()}))
	}
	u.open(id, g, readOnly)
	u.build()
	u.offerRecap(id, g, u.sess.ReadOnly()) // after a rest: recap.go
}

// saveProblem says what went wrong on the saved-games screen, or in a dialog.
func (u *UI) saveProblem(text string) {
	if u.savesNotice != nil && u.screen == nil {
		u.savesNotice.SetText(text)
		u.savesNotice.Show()
		return
	}
	dialog.ShowError(errors.New(text), u.win)
}

func (u *UI) renameGame(g data.GameInfo) {
	entry := widget.NewEntry()
	entry.SetText(g.Name)
	dialog.ShowForm(u.tr.T("ui.saves.rename", nil), u.tr.T("ui.saves.rename", nil), u.tr.T("ui.cancel", nil),
		[]*widget.FormItem{widget.NewFormItem(u.tr.T("ui.saves.name", nil), entry)}, func(ok bool) {
			if !ok {
				return
			}
			if err := u.lib.RenameGame(g.ID, entry.Text); err != nil {
				u.saveProblem(LibraryError(u.tr, err))
				return
			}
			u.build()
		}, u.win)
}

func (u *UI) duplicateGame(g data.GameInfo) {
	if _, err := u.lib.DuplicateGame(g.ID, data.FitName(u.tr.T("ui.saves.copy_name", map[string]any{"Name": g.Name}))); err != nil {
		u.saveProblem(LibraryError(u.tr, err))
		return
	}
	u.build()
}

func (u *UI) deleteGame(g data.GameInfo) {
	dialog.ShowConfirm(u.tr.T("ui.saves.delete", nil), u.tr.T("ui.saves.delete_confirm", map[string]any{"Name": g.Name}), func(ok bool) {
		if !ok {
			return
		}
		if err := u.lib.DeleteGame(g.ID); err != nil {
			u.saveProblem(LibraryError(u.tr, err))
			return
		}
		u.build()
	}, u.win)
}

// ExportTo asks where to write an export file named after name and writes
// it; fail hears of a failure.
func ExportTo(w fyne.Window, name string, write func(io.Writer) error, fail func(error)) {
	SaveFileAs(w, strings.ReplaceAll(name, "/", "-")+".dunsave", write, fail)
}

// SaveFileAs asks where to save a file named fileName and writes it.
func SaveFileAs(w fyne.Window, fileName string, write func(io.Writer) error, fail func(error)) {
	d := dialog.NewFileSave(func(out fyne.URIWriteCloser, err error) {
		if err != nil || out == nil {
			return
		}
		defer out.Close()
		if err := write(out); err != nil {
			fail(err)
		}
	}, w)
	d.SetFileName(fileName)
	d.Show()
	namePlaces(w)
}

// importSave reads an export file and imports it; when it holds games or
// campaigns that are already here, it asks before anything is written.
func (u *UI) importSave() {
	OpenFile(u.win, []string{".dunsave", ".json"}, maxSaveFile, func(_ string, content []byte) {
		u.importSaveData(content, data.ImportRefuseExisting)
	}, func(err error) {
		u.saveProblem(u.tr.T("quest.unreadable", map[string]any{"Detail": err.Error()}))
	})
}

// OpenFile asks for a file with one of exts and reads at most limit+1 bytes
// of it, so an oversized file is seen as such without reading it all; fail
// hears of a file that cannot be read.
func OpenFile(w fyne.Window, exts []string, limit int64, then func(name string, content []byte), fail func(error)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		content, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err != nil {
			fail(err)
			return
		}
		then(r.URI().Name(), content)
	}, w)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Show()
	namePlaces(w)
}

// maxSaveFile bounds what an import reads into memory.
const maxSaveFile = 256 << 20

func (u *UI) importSaveData(content []byte, mode data.ImportMode) {
	if len(content) > maxSaveFile {
		u.saveProblem(u.tr.T("ui.import.too_big", nil))
		return
	}
	res, err := u.lib.Import(bytes.NewReader(content), mode)
	var exists *data.ExistsError
	if errors.As(err, &exists) {
		u.askImportMode(content, exists)
		return
	}
	if err != nil {
		u.saveProblem(LibraryError(u.tr, err))
		return
	}
	u.lastImport = res
	u.build()
}

// askImportMode: the file holds saves that are here already. Nothing has
// been written; the Conductor chooses a copy, a replacement, or nothing.
func (u *UI) askImportMode(content []byte, exists *data.ExistsError) {
	tr := func(id string) string { return u.tr.T(id, nil) }
	var d dialog.Dialog
	asCopy := widget.NewButton(tr("ui.import.as_copy"), func() { d.Hide(); u.importSaveData(content, data.ImportAsCopy) })
	asCopy.Importance = widget.HighImportance
	replace := widget.NewButton(tr("ui.import.replace"), func() { d.Hide(); u.importSaveData(content, data.ImportReplace) })
	replace.Importance = widget.DangerImportance
	cancel := widget.NewButton(tr("ui.cancel"), func() { d.Hide() })
	msg := Wrapped(u.tr.T("ui.import.exists", map[string]any{"Names": strings.Join(exists.Names, ", ")}), widget.MediumImportance)
	d = dialog.NewCustomWithoutButtons(tr("ui.import.title"), container.NewVBox(msg, container.NewGridWithColumns(3, cancel, replace, asCopy)), u.win)
	u.importDialog = d
	d.Show()
}

// LibraryError words an error of the saved-games store, as the command
// line words it (storetext).
func LibraryError(tr *translations.Translator, err error) string { return storetext.Error(tr, err) }
