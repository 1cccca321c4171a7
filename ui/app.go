// Package ui is the Conductor's shell: the window and its top bar, the
// language switch, the saved games, the session of the open game, the
// prompt card with the log and Undo, and the widgets every game's screens
// share. Each game module's own screens live in a package of their own
// (ui/dun), registered with RegisterGame; the shell knows no game.
package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// UI is the main window and what fills it.
type UI struct {
	app   fyne.App
	win   fyne.Window
	store Store
	lib   Library // nil when the store keeps no saved-games library
	tr    *translations.Translator
	sess  *Session // the open game, or nil
	// screen fills the window: the open game's, or a module's own
	// (campaigns); nil shows the saved games.
	screen Screen

	savesNotice  *widget.Label // problems on the saved-games screen
	lastImport   data.ImportResult
	importDialog dialog.Dialog
}

// New builds the main window on a, using store for every save. It resumes
// the last game played, or asks for a new one. lang is the language to use
// when none was saved yet. The games' screens must be registered first.
func New(a fyne.App, store Store, lang string) *UI {
	a.Settings().SetTheme(NewTableTheme())
	u := &UI{app: a, store: store, win: a.NewWindow("Conductor")}
	u.lib, _ = store.(Library)
	if saved, ok, err := store.Setting(settingLanguage); err == nil && ok {
		lang = saved
	}
	u.tr = translations.New(lang)
	u.win.Resize(u.windowSize(fyne.Size{}))
	u.win.SetCloseIntercept(func() {
		u.saveWindowSize()
		if u.sess != nil {
			u.sess.Flush() // the last snapshot written before the store closes
		}
		u.win.Close()
	})
	u.resume()
	u.build()
	if u.sess == nil && !u.hasSaves() {
		u.showNewGame() // a first start: nothing else to choose
	}
	if e, ok := store.(emptyFile); ok && e.FoundEmpty() {
		// Say so: an empty file was taken as a new saves file, not silently.
		dialog.ShowInformation(u.tr.T("ui.notice.empty_db_title", nil), u.tr.T("ui.notice.empty_db", map[string]any{"Path": e.Path()}), u.win)
	}
	return u
}

// emptyFile is a store that can say it began on an empty file.
type emptyFile interface {
	FoundEmpty() bool
	Path() string
}

// Default window size, when none was saved and the screen's is not known:
// one that fits a 1366×768 laptop with its panels.
var defaultWindow = fyne.NewSize(1280, 720)

// Room left on the screen around the window for the desktop's panels and
// the window's title bar.
const screenMarginW, screenMarginH = 16, 72

// windowSize is the size to open the window at: the one it had when last
// closed, or the default, shrunk to fit screen when it is known (not zero).
func (u *UI) windowSize(screen fyne.Size) fyne.Size {
	size := defaultWindow
	if v, ok, err := u.store.Setting(settingWindow); err == nil && ok {
		var w, h float32
		if _, err := fmt.Sscanf(v, "%gx%g", &w, &h); err == nil && w >= 320 && h >= 240 {
			size = fyne.NewSize(w, h)
		}
	}
	if screen.Width > 0 && screen.Height > 0 {
		size.Width = min(size.Width, screen.Width-screenMarginW)
		size.Height = min(size.Height, screen.Height-screenMarginH)
	}
	return size
}

// FitScreen sizes the window to fit a screen of that size (in Fyne's units):
// cmd/conductor asks the display for it before the window shows.
func (u *UI) FitScreen(screen fyne.Size) {
	u.win.Resize(u.windowSize(screen))
}

// saveWindowSize remembers the window's size for the next start.
func (u *UI) saveWindowSize() {
	s := u.win.Canvas().Size()
	if s.Width >= 320 && s.Height >= 240 {
		_ = u.store.SetSetting(settingWindow, fmt.Sprintf("%.0fx%.0f", s.Width, s.Height))
	}
}

// Window is the main window.
func (u *UI) Window() fyne.Window { return u.win }

// Translator is the language the window speaks now.
func (u *UI) Translator() *translations.Translator { return u.tr }

// Session is the open game, or nil.
func (u *UI) Session() *Session { return u.sess }

// Screen is what fills the window below the top bar: the open game's, a
// module's own, or nil for the saved games.
func (u *UI) Screen() Screen { return u.screen }

// hasSaves says whether there is a saved game to choose from.
func (u *UI) hasSaves() bool {
	if u.lib != nil {
		games, err := u.lib.Games()
		return err == nil && len(games) > 0
	}
	return false
}

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
	g, readOnly, problem := u.loaded(g, err)
	if problem != "" {
		dialog.ShowError(errors.New(problem), u.win)
		return
	}
	u.open(id, g, readOnly)
}

// loaded sorts out what LoadGame gave: a game to play, one to show
// read-only (its events no longer replay), or a problem to show. A game
// with no screens here is never opened, so nothing is written to it.
func (u *UI) loaded(g engine.Play, err error) (engine.Play, string, string) {
	var unknown *engine.UnknownModuleError
	var re *data.ReplayError
	readOnly := ""
	switch {
	case errors.As(err, &unknown):
		return nil, "", u.tr.T("error.unknown_module", map[string]any{"Module": unknown.Name})
	case errors.As(err, &re) && g != nil:
		readOnly = u.tr.T("ui.readonly.why", map[string]any{"Seq": re.Seq, "Detail": ErrorText(u.tr, re.Err)})
	case err != nil:
		return nil, "", u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()})
	}
	if _, ok := gameUI(g.Module()); !ok {
		return nil, "", u.tr.T("error.unknown_module", map[string]any{"Module": g.Module()})
	}
	return g, readOnly, ""
}

// open shows game id's screen.
func (u *UI) open(id int64, g engine.Play, readOnly string) {
	gui, _ := gameUI(g.Module()) // loaded and startGame checked it
	u.closeScreen()
	u.sess = NewSession(u.store, id, g, readOnly)
	u.screen = gui.Open(u.sess, u.app, u.win)
}

// closeScreen lets the screen shown go, with any window of its own.
func (u *UI) closeScreen() {
	if u.screen != nil {
		u.screen.Close()
	}
	if u.sess != nil {
		u.sess.Flush()
	}
	u.sess, u.screen = nil, nil
}

// build lays out the window in the current language.
func (u *UI) build() {
	u.win.SetTitle(u.tr.T("ui.app.title", nil))
	buttons := container.NewHBox(u.languagePicker())
	if u.lib != nil && u.screen != nil {
		buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.saves.title", nil), theme.StorageIcon(), u.showSaves))
	}
	buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.newgame.open", nil), theme.ContentAddIcon(), u.showNewGame))
	buttons.Add(u.rulingsButton())
	top := container.NewBorder(nil, nil, nil, buttons, Heading(u.tr.T("ui.app.short", nil)))
	u.win.Canvas().SetOnTypedRune(nil) // a game's screen binds its own shortcuts
	u.savesNotice = nil
	var body fyne.CanvasObject
	switch {
	case u.screen != nil:
		body = u.screen.Build(u.tr)
		if u.sess != nil && u.sess.readOnly != "" {
			body = container.NewBorder(Wrapped(u.sess.readOnly, widget.WarningImportance), nil, nil, nil, body)
		}
	case u.lib != nil:
		body = u.savesScreen()
	default:
		start := widget.NewButtonWithIcon(u.tr.T("ui.newgame.open", nil), theme.ContentAddIcon(), u.showNewGame)
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
	u.build()
}

// starter is what a game's dialogs get to start a game.
func (u *UI) starter() Starter {
	return Starter{
		Start: u.startGame,
		SetLanguage: func(tag string) *translations.Translator {
			u.SetLanguage(tag)
			return u.tr
		},
	}
}

// showNewGame opens the New game dialog of the one game there is, or asks
// which game first.
func (u *UI) showNewGame() {
	modules := registered()
	switch len(modules) {
	case 0:
		return
	case 1:
		gui, _ := gameUI(modules[0])
		gui.NewGame(u.win, u.tr, u.starter())
		return
	}
	var d dialog.Dialog
	list := container.NewVBox()
	for _, m := range modules {
		gui, _ := gameUI(m)
		list.Add(widget.NewButton(u.tr.T(gui.Title(), nil), func() {
			d.Hide()
			gui.NewGame(u.win, u.tr, u.starter())
		}))
	}
	d = dialog.NewCustom(u.tr.T("ui.newgame.which", nil), u.tr.T("ui.cancel", nil), list, u.win)
	d.Show()
}

// startGame saves a new game and opens it, in campaign when not 0.
func (u *UI) startGame(g engine.Play, campaign int64) error {
	if _, ok := gameUI(g.Module()); !ok {
		return &engine.UnknownModuleError{Name: g.Module()}
	}
	name := u.tr.T("ui.game.name", map[string]any{"Date": time.Now().Format("2006-01-02 15:04")})
	id, err := u.store.CreateGame(name, g)
	if err != nil {
		return saveError{err}
	}
	if err := u.store.SetSetting(settingLastGame, strconv.FormatInt(id, 10)); err != nil {
		return saveError{err}
	}
	if u.lib != nil && campaign != 0 {
		if err := u.lib.SetGameCampaign(id, campaign); err != nil {
			return saveError{err}
		}
	}
	u.open(id, g, "")
	u.build()
	return nil
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
	w.SetContent(container.NewBorder(Heading(tr.T("ui.error.startup_title", nil)), quit, nil, nil, msg))
	w.Resize(fyne.NewSize(720, 360))
	return w
}
