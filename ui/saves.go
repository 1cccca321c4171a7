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
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/data"
)

// savesScreen lists the saved games: continue the last one in one tap, open,
// rename, duplicate (to try another choice from the same point), export or
// delete any of them, start a new one, or import a save.
func (u *UI) savesScreen() fyne.CanvasObject {
	lib := u.library()
	tr := func(id string) string { return u.tr.T(id, nil) }
	games, err := lib.Games()
	if err != nil {
		return wrapped(u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()}), widget.DangerImportance)
	}
	newGame := widget.NewButtonWithIcon(tr("ui.newgame.open"), theme.ContentAddIcon(), func() { u.showNewGame(nil) })
	importSave := widget.NewButtonWithIcon(tr("ui.saves.import"), theme.DownloadIcon(), u.importSave)
	campaigns := widget.NewButtonWithIcon(tr("ui.campaigns.open"), theme.ListIcon(), u.showCampaigns)
	top := container.NewVBox()
	if len(games) > 0 {
		last := games[0]
		cont := widget.NewButtonWithIcon(u.tr.T("ui.saves.continue", map[string]any{"Name": last.Name}), theme.MediaPlayIcon(), func() { u.openGame(last.ID) })
		cont.Importance = widget.HighImportance
		top.Add(cont)
	}
	top.Add(container.NewGridWithColumns(3, newGame, importSave, campaigns))

	list := container.NewVBox()
	if len(games) == 0 {
		list.Add(widget.NewLabel(tr("ui.saves.none")))
	}
	quests := map[string]string{}
	if qs, err := u.store.Quests(); err == nil {
		for _, q := range qs {
			quests[q.ID] = q.Title.In(u.tr.Lang)
		}
	}
	for _, g := range games {
		questName := tr("ui.saves.free_play")
		if g.QuestID != "" {
			questName = quests[g.QuestID]
			if questName == "" {
				questName = g.QuestID
			}
		}
		campaign := g.CampaignName
		if campaign == "" {
			campaign = tr("ui.saves.no_campaign")
		}
		info := u.tr.T("ui.saves.line", map[string]any{"Name": g.Name, "Campaign": campaign, "Quest": questName,
			"Turn": g.Turn, "Reserve": g.Reserve, "When": g.Updated.Local().Format("2006-01-02 15:04")})
		actions := container.NewHBox(
			u.rowButton("ui.saves.open", theme.MediaPlayIcon(), func() { u.openGame(g.ID) }),
			u.rowButton("ui.saves.rename", theme.DocumentCreateIcon(), func() { u.renameGame(g) }),
			u.rowButton("ui.saves.duplicate", theme.ContentCopyIcon(), func() { u.duplicateGame(g) }),
			u.rowButton("ui.saves.export", theme.UploadIcon(), func() { u.exportTo(g.Name, func(w io.Writer) error { return lib.ExportGame(g.ID, w) }) }),
			u.rowButton("ui.saves.delete", theme.DeleteIcon(), func() { u.deleteGame(g) }),
		)
		list.Add(container.NewBorder(nil, nil, nil, actions, wrapped(info, widget.MediumImportance)))
		list.Add(widget.NewSeparator())
	}
	u.savesNotice = wrapped("", widget.DangerImportance)
	u.savesNotice.Hide()
	return container.NewBorder(container.NewVBox(heading(tr("ui.saves.title")), top, u.savesNotice), nil, nil, nil, container.NewVScroll(list))
}

func (u *UI) rowButton(id string, icon fyne.Resource, tap func()) *widget.Button {
	return widget.NewButtonWithIcon(u.tr.T(id, nil), icon, tap)
}

// showSaves shows the saved games in the main window.
func (u *UI) showSaves() {
	u.sess, u.table, u.quest, u.tabs = nil, nil, nil, nil
	if u.players != nil {
		u.players.win.Close()
	}
	u.build()
}

// openGame loads a saved game and makes it the one to continue next time. A
// save whose events no longer replay opens read-only, up to where it stops.
func (u *UI) openGame(id int64) {
	g, err := u.store.LoadGame(id)
	var re *data.ReplayError
	readOnly := ""
	switch {
	case errors.As(err, &re) && g != nil:
		readOnly = u.tr.T("ui.readonly.why", map[string]any{"Seq": re.Seq, "Detail": u.errorText(re.Err)})
	case err != nil:
		u.saveProblem(u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()}))
		return
	}
	if err := u.store.SetSetting(settingLastGame, strconv.FormatInt(id, 10)); err != nil {
		u.saveProblem(u.tr.T("ui.error.save", map[string]any{"Detail": err.Error()}))
	}
	u.sess = &session{store: u.store, id: id, game: g, readOnly: readOnly}
	u.build()
}

// saveProblem says what went wrong on the saved-games screen, or in a dialog.
func (u *UI) saveProblem(text string) {
	if u.savesNotice != nil && u.sess == nil {
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
			if err := u.library().RenameGame(g.ID, entry.Text); err != nil {
				u.saveProblem(u.libraryError(err))
				return
			}
			u.build()
		}, u.win)
}

func (u *UI) duplicateGame(g data.GameInfo) {
	if _, err := u.library().DuplicateGame(g.ID, u.tr.T("ui.saves.copy_name", map[string]any{"Name": g.Name})); err != nil {
		u.saveProblem(u.libraryError(err))
		return
	}
	u.build()
}

func (u *UI) deleteGame(g data.GameInfo) {
	dialog.ShowConfirm(u.tr.T("ui.saves.delete", nil), u.tr.T("ui.saves.delete_confirm", map[string]any{"Name": g.Name}), func(ok bool) {
		if !ok {
			return
		}
		if err := u.library().DeleteGame(g.ID); err != nil {
			u.saveProblem(u.libraryError(err))
			return
		}
		u.build()
	}, u.win)
}

// exportTo asks where to write an export file and writes it.
func (u *UI) exportTo(name string, write func(io.Writer) error) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		defer w.Close()
		if err := write(w); err != nil {
			u.saveProblem(u.libraryError(err))
		}
	}, u.win)
	d.SetFileName(strings.ReplaceAll(name, "/", "-") + ".dunsave")
	d.Show()
}

// importSave reads an export file and imports it; when it holds games or
// campaigns that are already here, it asks before anything is written.
func (u *UI) importSave() {
	u.openFile([]string{".dunsave", ".json"}, maxSaveFile, func(_ string, content []byte) {
		u.importSaveData(content, data.ImportRefuseExisting)
	})
}

// openFile asks for a file with one of exts and reads at most limit+1 bytes
// of it, so an oversized file is seen as such without reading it all.
func (u *UI) openFile(exts []string, limit int64, then func(name string, content []byte)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		content, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err != nil {
			u.saveProblem(u.tr.T("quest.unreadable", map[string]any{"Detail": err.Error()}))
			return
		}
		then(r.URI().Name(), content)
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Show()
}

// maxSaveFile bounds what an import reads into memory.
const maxSaveFile = 256 << 20

func (u *UI) importSaveData(content []byte, mode data.ImportMode) {
	if len(content) > maxSaveFile {
		u.saveProblem(u.tr.T("ui.import.too_big", nil))
		return
	}
	res, err := u.library().Import(bytes.NewReader(content), mode)
	var exists *data.ExistsError
	if errors.As(err, &exists) {
		u.askImportMode(content, exists)
		return
	}
	if err != nil {
		u.saveProblem(u.libraryError(err))
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
	msg := wrapped(u.tr.T("ui.import.exists", map[string]any{"Names": strings.Join(exists.Names, ", ")}), widget.MediumImportance)
	d = dialog.NewCustomWithoutButtons(tr("ui.import.title"), container.NewVBox(msg, container.NewGridWithColumns(3, cancel, replace, asCopy)), u.win)
	u.importDialog = d
	d.Show()
}

// libraryError words an error of the saved-games store.
func (u *UI) libraryError(err error) string {
	var newer *data.ExportNewerError
	var replay *data.ReplayError
	switch {
	case errors.Is(err, data.ErrNotExport):
		return u.tr.T("ui.import.not_export", nil)
	case errors.As(err, &newer):
		return u.tr.T("ui.import.newer", map[string]any{"Found": newer.Found, "Supported": newer.Supported})
	case errors.Is(err, data.ErrExportDamaged):
		return u.tr.T("ui.import.damaged", map[string]any{"Detail": err.Error()})
	case errors.As(err, &replay):
		return u.tr.T("ui.import.replay", map[string]any{"Game": replay.Game, "Seq": replay.Seq, "Detail": u.errorText(replay.Err)})
	case errors.Is(err, data.ErrEmptyName):
		return u.tr.T("ui.saves.name_empty", nil)
	}
	return u.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})
}
