// Package ui is the Conductor's Fyne interface. It shows the engine's state
// and turns taps into events; rules live in core and SQL in data.
package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// UI is the main window and the game open in it.
type UI struct {
	app   fyne.App
	win   fyne.Window
	store Store
	tr    *translations.Translator
	sess  *session // nil until a game is started or resumed
	table *tableScreen

	newGame        *newGameForm
	newGameDialog  dialog.Dialog
	importProblems string // the last refused import's problems, as shown

	tabs    *container.AppTabs // the table and, with a quest, its map
	quest   *questTab
	players *playersWindow // open when not nil

	savesNotice  *widget.Label // problems on the saved-games screen
	lastImport   data.ImportResult
	importDialog dialog.Dialog
	campaign     *campaignScreen // the campaign shown, when one is

	newGameCampaign int64 // the campaign the next new game belongs to
	heroDialog      dialog.Dialog
	heroRows        *heroRows
	heroName        *widget.Entry
}

// New builds the main window on a, using store for every save. It resumes
// the last game played, or asks for a new one. lang is the language to use
// when none was saved yet.
func New(a fyne.App, store Store, lang string) *UI {
	a.Settings().SetTheme(NewTableTheme())
	u := &UI{app: a, store: store, win: a.NewWindow("Conductor")}
	if saved, ok, err := store.Setting(settingLanguage); err == nil && ok {
		lang = saved
	}
	u.tr = translations.New(lang)
	u.win.Resize(fyne.NewSize(1280, 800))
	u.resume()
	u.build()
	if u.sess == nil && !u.hasSaves() {
		u.showNewGame(nil) // a first start: nothing else to choose
	}
	return u
}

// hasSaves says whether there is a saved game to choose from.
func (u *UI) hasSaves() bool {
	if lib := u.library(); lib != nil {
		games, err := lib.Games()
		return err == nil && len(games) > 0
	}
	return false
}

// Window is the main window.
func (u *UI) Window() fyne.Window { return u.win }

// resume opens the last game played, if there is one that loads.
func (u *UI) resume() {
	v, ok, err := u.store.Setting(settingLastGame)
	if err != nil || !ok {
		return
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return
	}
	g, err := u.store.LoadGame(id)
	if errors.Is(err, fs.ErrNotExist) {
		return // the last game was deleted: start afresh
	}
	readOnly := ""
	var re *data.ReplayError
	if errors.As(err, &re) && g != nil {
		readOnly = u.tr.T("ui.readonly.why", map[string]any{"Seq": re.Seq, "Detail": u.errorText(re.Err)})
	} else if err != nil {
		dialog.ShowError(errors.New(u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()})), u.win)
		return
	}
	u.sess = &session{store: u.store, id: id, game: g, readOnly: readOnly}
}

// build lays out the window in the current language.
func (u *UI) build() {
	u.win.SetTitle(u.tr.T("ui.app.title", nil))
	buttons := container.NewHBox(u.languagePicker())
	if u.library() != nil && (u.sess != nil || u.campaign != nil) {
		buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.saves.title", nil), theme.StorageIcon(), u.showSaves))
	}
	buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.newgame.open", nil), theme.ContentAddIcon(), func() { u.showNewGame(nil) }))
	top := container.NewBorder(nil, nil, nil, buttons, heading(u.tr.T("ui.app.short", nil)))
	var body fyne.CanvasObject
	if u.sess != nil {
		u.quest = nil
		if q := u.sess.game.Setup().QuestData; q != nil {
			u.quest = newQuestTab(u, q)
		}
		u.table = newTableScreen(u)
		body = u.table.content
		if u.quest != nil {
			u.tabs = container.NewAppTabs(
				container.NewTabItem(u.tr.T("ui.tab.table", nil), u.table.content),
				container.NewTabItem(u.tr.T("ui.tab.quest", nil), u.quest.content))
			body = u.tabs
			u.quest.refresh()
		}
		u.win.Canvas().SetOnTypedRune(u.table.typed)
		if u.sess.readOnly != "" {
			body = container.NewBorder(wrapped(u.sess.readOnly, widget.WarningImportance), nil, nil, nil, body)
		}
	} else if u.campaign != nil {
		u.table = nil
		body = u.campaign.content()
	} else if u.library() != nil {
		u.table = nil
		body = u.savesScreen()
	} else {
		u.table = nil
		start := widget.NewButtonWithIcon(u.tr.T("ui.newgame.open", nil), theme.ContentAddIcon(), func() { u.showNewGame(nil) })
		start.Importance = widget.HighImportance
		body = container.NewCenter(container.NewVBox(widget.NewLabel(u.tr.T("ui.welcome", nil)), start))
	}
	u.win.SetContent(container.NewBorder(container.NewVBox(top, widget.NewSeparator()), nil, nil, nil, body))
}

func (u *UI) languagePicker() fyne.CanvasObject {
	var names []string
	current := ""
	for _, l := range translations.Languages {
		names = append(names, l.Name)
		if l.Tag == u.tr.Lang {
			current = l.Name
		}
	}
	sel := widget.NewSelect(names, nil)
	sel.SetSelected(current)
	sel.OnChanged = func(name string) {
		for _, l := range translations.Languages {
			if l.Name == name {
				u.SetLanguage(l.Tag)
			}
		}
	}
	return sel
}

// SetLanguage switches every string on screen to tag and remembers it.
func (u *UI) SetLanguage(tag string) {
	if tag == u.tr.Lang || !translations.Known(tag) {
		return
	}
	u.tr = translations.New(tag)
	if err := u.store.SetSetting(settingLanguage, tag); err != nil {
		dialog.ShowError(errors.New(u.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), u.win)
	}
	var keep *formValues
	if u.newGameDialog != nil {
		v := u.newGame.values()
		keep = &v
		u.newGameDialog.Hide()
	}
	u.build()
	if keep != nil {
		u.showNewGame(keep)
	}
}

// showNewGame opens the New game dialog, filled with v when given.
func (u *UI) showNewGame(v *formValues) {
	quests, err := u.store.Quests()
	if err != nil {
		dialog.ShowError(errors.New(u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()})), u.win)
	}
	f := newNewGameForm(u.tr, quests, u.SetLanguage, u.importQuest)
	if v != nil {
		f.setValues(*v)
	}
	var d dialog.Dialog
	cancel := widget.NewButton(u.tr.T("ui.cancel", nil), func() { d.Hide() })
	start := widget.NewButtonWithIcon(u.tr.T("ui.newgame.start", nil), theme.ConfirmIcon(), func() {
		if setup, ok := f.validate(); ok {
			if err := u.startGame(setup); err != nil {
				dialog.ShowError(errors.New(u.errorText(err)), u.win)
				return
			}
			d.Hide()
		}
	})
	start.Importance = widget.HighImportance
	scroll := container.NewVScroll(f.content)
	scroll.SetMinSize(fyne.NewSize(560, 520))
	d = dialog.NewCustomWithoutButtons(u.tr.T("ui.newgame.title", nil),
		container.NewBorder(nil, container.NewGridWithColumns(2, cancel, start), nil, nil, scroll), u.win)
	d.SetOnClosed(func() {
		if u.newGameDialog == d {
			u.newGame, u.newGameDialog = nil, nil
		}
	})
	u.newGame, u.newGameDialog = f, d
	d.Show()
}

// importQuest asks for a quest file, checks it and stores it; the New game
// dialog then offers it, chosen. An invalid file is listed problem by
// problem and nothing is stored.
func (u *UI) importQuest() {
	u.openFile([]string{".toml"}, quest.MaxSize, u.importQuestData)
}

// importQuestData stores a quest file's content and reopens the New game
// dialog with it chosen, or shows its problems.
func (u *UI) importQuestData(name string, data []byte) {
	q, ps, err := u.store.ImportQuest(name, data)
	if err != nil {
		dialog.ShowError(errors.New(u.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), u.win)
		return
	}
	if ps != nil {
		var lines []string
		for _, p := range ps {
			lines = append(lines, fmt.Sprintf("%s:%d: %s", p.File, p.Line, u.tr.T(p.ID, p.Args)))
		}
		u.importProblems = strings.Join(lines, "\n")
		dialog.ShowInformation(u.tr.T("ui.newgame.import_failed", nil), u.importProblems, u.win)
		return
	}
	u.importProblems = ""
	var keep formValues
	if u.newGame != nil {
		keep = u.newGame.values()
		u.newGameDialog.Hide()
	}
	quests, _ := u.store.Quests()
	for i, known := range quests {
		if known.ID == q.ID {
			keep.questIndex = i + 1
		}
	}
	u.showNewGame(&keep)
	if keep.heroes == "" {
		u.newGame.questPick.SetSelectedIndex(keep.questIndex) // opened fresh: keep the defaults, pick the quest
	}
}

// startGame creates, saves and opens a game. The seed is drawn now and kept
// in the setup, so every later roll can be replayed.
func (u *UI) startGame(setup dun.Setup) error {
	setup.Seed = uint64(time.Now().UnixNano())
	g, err := dun.NewGame(setup)
	if err != nil {
		return err
	}
	name := u.tr.T("ui.game.name", map[string]any{"Date": time.Now().Format("2006-01-02 15:04")})
	id, err := u.store.CreateGame(name, g.Setup())
	if err != nil {
		return saveError{err}
	}
	if err := u.store.SetSetting(settingLastGame, strconv.FormatInt(id, 10)); err != nil {
		return saveError{err}
	}
	if lib := u.library(); lib != nil && u.newGameCampaign != 0 {
		if err := lib.SetGameCampaign(id, u.newGameCampaign); err != nil {
			return saveError{err}
		}
	}
	u.newGameCampaign = 0
	u.campaign = nil
	u.sess = &session{store: u.store, id: id, game: g}
	u.build()
	return nil
}

// errorText words an error from the engine or the store for the Conductor.
func (u *UI) errorText(err error) string {
	var re *dun.RuleError
	var se saveError
	var ro errReadOnly
	switch {
	case errors.As(err, &ro):
		return u.tr.T("ui.readonly.refused", nil)
	case errors.As(err, &re):
		return u.tr.T("ui.rejected", map[string]any{"Reason": u.tr.T(re.ID, re.Args)})
	case errors.As(err, &se):
		return u.tr.T("ui.error.save", map[string]any{"Detail": se.err.Error()})
	}
	return fmt.Sprint(err)
}

// ShowStartupError fills a window with a problem that stops the app from
// opening its database, in the Conductor's language, and a Quit button. It
// never touches the file.
func ShowStartupError(a fyne.App, lang, id string, args map[string]any) fyne.Window {
	a.Settings().SetTheme(NewTableTheme())
	tr := translations.New(lang)
	w := a.NewWindow(tr.T("ui.app.title", nil))
	msg := widget.NewLabel(tr.T(id, args))
	msg.Wrapping = fyne.TextWrapWord
	quit := widget.NewButton(tr.T("ui.quit", nil), a.Quit)
	quit.Importance = widget.HighImportance
	w.SetContent(container.NewBorder(heading(tr.T("ui.error.startup_title", nil)), quit, nil, nil, msg))
	w.Resize(fyne.NewSize(720, 360))
	return w
}
