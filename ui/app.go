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
	"slices"
	"strconv"
	"sync"
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
	readOnly     readOnlyWhy   // why the open game is read-only; nil when it is not
	lastImport   data.ImportResult
	importDialog dialog.Dialog

	// savedSize is the window's size when it was last closed (zero when
	// none was saved), read before the last game's load holds the store.
	savedSize fyne.Size
	// resuming says the last game is being loaded behind the window, which
	// shows a placeholder meanwhile; anything else opened drops the load.
	resuming bool
	// resumeDone is closed once the resume is over: the last game's screen
	// opened, or not (none, deleted, a problem, the window closed first).
	resumeDone chan struct{}
	// loadDone is closed once the load behind the window no longer uses the
	// store (at once when there is none).
	loadDone chan struct{}
	// closedMu guards closed: the window is closing (or the app stopped), so
	// a load that ends now opens nothing.
	closedMu sync.Mutex
	closed   bool
	// share is the players' page, while it is on.
	share sharing
}

// New builds the main window on a, using store for every save. lang is the
// language to use when none was saved yet. The games' screens must be
// registered first.
//
// The window is ready to show at once, with the top bar and a placeholder:
// the last game played is loaded behind it on a goroutine once the app runs,
// and its screen opens on Fyne's main thread when the load is over (Loaded
// says when). With no last game, the saved games show, or on a first start
// the New game dialog.
func New(a fyne.App, store Store, lang string) *UI {
	u := &UI{app: a, store: store, win: a.NewWindow("Conductor"), resumeDone: make(chan struct{}), loadDone: make(chan struct{})}
	u.lib, _ = store.(Library)
	if saved, ok, err := store.Setting(settingLanguage); err == nil && ok {
		lang = saved
	}
	u.tr = translations.New(lang)
	fyneLanguage(u.tr.Lang)
	u.savedSize = u.readWindowSize()
	u.win.Resize(u.windowSize(fyne.Size{}))
	u.win.SetCloseIntercept(u.closeWindow)
	id, resume := u.lastGame()
	u.resuming = resume
	waitFonts() // before the theme changes and any text is measured
	a.Settings().SetTheme(NewTableTheme())
	u.build()
	if !resume && !u.hasSaves() {
		u.showNewGame() // a first start: nothing else to choose
	}
	if e, ok := store.(emptyFile); ok && e.FoundEmpty() {
		// Say so: an empty file was taken as a new saves file, not silently.
		dialog.ShowInformation(u.tr.T("ui.notice.empty_db_title", nil), u.tr.T("ui.notice.empty_db", map[string]any{"Path": e.Path()}), u.win)
	}
	if !resume {
		close(u.loadDone)
		close(u.resumeDone)
		return u
	}
	// Last, so that nothing above runs beside it: Fyne's test driver runs
	// fyne.Do's function at once, on the goroutine that calls it.
	go func() {
		defer close(u.loadDone)
		// The load starts once the app runs, after the window's first frame
		// (Show draws it), so that it does not slow that frame down.
		fyne.DoAndWait(func() {})
		var g engine.Play
		var err error
		if !u.isClosed() { // else resumed opens nothing
			g, err = store.LoadGame(id)
		}
		fyne.Do(func() { u.resumed(id, g, err) })
	}()
	return u
}

// Loaded is closed once the last game's load behind the window is over and
// its screen is open (or it was not opened: deleted, a problem shown, the
// window closed first); at once when there was none to load.
func (u *UI) Loaded() <-chan struct{} { return u.resumeDone }

// closeWindow is the window's close button: the open game's last snapshot
// is written before the store closes, and a load still running opens
// nothing.
func (u *UI) closeWindow() {
	if AskBeforeClose(u.win, u.closeWindow) {
		return // an editor asks first about its unsaved work
	}
	u.setClosed()
	u.saveWindowSize()
	u.stopSharing() // every device's connection ends with the app
	StopSpeaking()  // and so does a text being read aloud
	if u.sess != nil {
		u.sess.Flush() // the last snapshot written before the store closes
	}
	u.win.Close()
}

// Shutdown is for after the app has stopped, before the store closes: a
// load of the last game still running opens nothing, and Shutdown returns
// once it no longer uses the store.
func (u *UI) Shutdown() {
	u.setClosed()
	<-u.loadDone
}

func (u *UI) setClosed() {
	u.closedMu.Lock()
	u.closed = true
	u.closedMu.Unlock()
}

func (u *UI) isClosed() bool {
	u.closedMu.Lock()
	defer u.closedMu.Unlock()
	return u.closed
}

// fontsReady is closed once the fonts PrepareFonts loads are in Fyne's
// cache; nil when PrepareFonts was not called.
var fontsReady chan struct{}

// PrepareFonts loads the fonts the window's first frame draws with, regular
// and bold, on a goroutine of its own: 10 to 20 ms each, spent beside what
// the app does before New (opening the database) and in New before it
// lays out text (the window system's set-up). Fyne's text shaping must not
// run on two goroutines at once, nor the theme change while it runs: New
// and ShowStartupError wait for the fonts before they set the theme or lay
// out any text, and nothing else may until then. Call it once, on the main
// goroutine, right after the app is made.
func PrepareFonts() {
	fontsReady = make(chan struct{})
	go func() {
		defer close(fontsReady)
		for _, style := range []fyne.TextStyle{{}, {Bold: true}} {
			fyne.MeasureText("Conductor", 18, style)
		}
	}()
}

// waitFonts waits for PrepareFonts' fonts, if it was called.
func waitFonts() {
	if fontsReady != nil {
		<-fontsReady
	}
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

// readWindowSize is the window's size when it was last closed, or zero.
func (u *UI) readWindowSize() fyne.Size {
	if v, ok, err := u.store.Setting(settingWindow); err == nil && ok {
		var w, h float32
		if _, err := fmt.Sscanf(v, "%gx%g", &w, &h); err == nil && w >= 320 && h >= 240 {
			return fyne.NewSize(w, h)
		}
	}
	return fyne.Size{}
}

// windowSize is the size to open the window at: the one it had when last
// closed, or the default, shrunk to fit screen when it is known (not zero).
func (u *UI) windowSize(screen fyne.Size) fyne.Size {
	size := defaultWindow
	if !u.savedSize.IsZero() {
		size = u.savedSize
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

// lastGame is the last game played, if one is remembered.
func (u *UI) lastGame() (int64, bool) {
	v, ok, err := u.store.Setting(settingLastGame)
	if err != nil || !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, false
	}
	return id, true
}

// resumed opens the last game played, on Fyne's main thread, once it has
// been loaded behind the window: unless the window is closing, or another
// screen was opened meanwhile. A deleted game starts afresh, a problem is
// shown, and with no saved game left the New game dialog opens.
func (u *UI) resumed(id int64, g engine.Play, err error) {
	defer close(u.resumeDone)
	// Held throughout: once the app has stopped, Fyne runs this on the
	// loading goroutine, beside Shutdown.
	u.closedMu.Lock()
	defer u.closedMu.Unlock()
	if u.closed || !u.resuming {
		return
	}
	u.resuming = false
	if !errors.Is(err, fs.ErrNotExist) { // a deleted last game: start afresh
		g, readOnly, problem := u.loaded(g, err)
		if problem != "" {
			dialog.ShowError(errors.New(problem), u.win)
		} else {
			u.open(id, g, readOnly)
		}
	}
	u.build()
	if u.sess != nil {
		u.offerRecap(u.sess.ID(), u.sess.Game(), u.sess.ReadOnly()) // after a rest: recap.go
	}
	if u.sess == nil && !u.hasSaves() {
		u.showNewGame() // nothing else to choose
	}
}

// loaded sorts out what LoadGame gave: a game to play, one to show
// read-only (its events no longer replay), or a problem to show. A game
// with no screens here is never opened, so nothing is written to it.
func (u *UI) loaded(g engine.Play, err error) (engine.Play, readOnlyWhy, string) {
	var unknown *engine.UnknownModuleError
	var re *data.ReplayError
	var readOnly readOnlyWhy
	switch {
	case errors.As(err, &unknown):
		return nil, nil, u.tr.T("error.unknown_module", map[string]any{"Module": unknown.Name})
	case errors.As(err, &re) && g != nil:
		readOnly = func(tr *translations.Translator) string {
			return tr.T("ui.readonly.why", map[string]any{"Seq": re.Seq, "Detail": ErrorText(tr, re.Err)})
		}
	case err != nil:
		return nil, nil, u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()})
	}
	if _, ok := gameUI(g.Module()); !ok {
		return nil, nil, u.tr.T("error.unknown_module", map[string]any{"Module": g.Module()})
	}
	return g, readOnly, ""
}

// windowTitle names the app and, while one is open, the game played.
func (u *UI) windowTitle() string {
	if u.sess != nil {
		if gui, ok := gameUI(u.sess.Game().Module()); ok {
			return u.tr.T("ui.app.title_game", map[string]any{"Game": u.tr.T(gui.Title(), nil)})
		}
	}
	return u.tr.T("ui.app.title", nil)
}

// readOnlyWhy says, in a language, why a game opens read-only; nil when it
// does not. It is kept as a message, not a text, so that a language switch
// says it again in the new language.
type readOnlyWhy func(tr *translations.Translator) string

// open shows game id's screen.
func (u *UI) open(id int64, g engine.Play, readOnly readOnlyWhy) {
	gui, _ := gameUI(g.Module()) // loaded and startGame checked it
	u.closeScreen()
	if readOnly == nil {
		readOnly = endedReason(g) // a game that has ended is looked at, not played on
	}
	u.readOnly = readOnly
	u.sess = NewSession(u.store, id, g, u.readOnlyText())
	u.sess.onApplied = u.publish
	u.screen = gui.Open(u.sess, u.app, u.win)
	u.publish()
}

// closeScreen lets the screen shown go, with any window of its own. The
// last game, if it is still loading, will not open over what comes next.
func (u *UI) closeScreen() {
	u.resuming = false
	if u.screen != nil {
		u.screen.Close()
	}
	if u.sess != nil {
		u.sess.Flush()
	}
	u.sess, u.screen = nil, nil
	u.publish()
}

// build lays out the window in the current language.
func (u *UI) build() {
	u.win.SetTitle(u.windowTitle())
	buttons := container.NewHBox(u.languagePicker())
	if u.lib != nil && u.screen != nil {
		buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.saves.button", nil), theme.StorageIcon(), u.showSaves))
	}
	buttons.Add(widget.NewButtonWithIcon(u.tr.T("ui.newgame.open", nil), theme.ContentAddIcon(), u.showNewGame))
	buttons.Add(u.rulingsButton())
	buttons.Add(u.shareButton())
	// The app's name gives way first on a narrow screen: the window's title says it too.
	top := container.NewBorder(nil, nil, nil, buttons, wholeOrNothing(Heading(u.tr.T("ui.app.short", nil))))
	// A game's screen binds its own shortcuts (its play area); no other screen has any.
	u.win.Canvas().SetOnTypedRune(nil)
	u.win.Canvas().RemoveShortcut(ShortcutUndo)
	u.win.Canvas().RemoveShortcut(ShortcutRedo)
	u.savesNotice = nil
	var body fyne.CanvasObject
	switch {
	case u.resuming:
		body = container.NewCenter(widget.NewLabel(u.tr.T("ui.resume.loading", nil)))
	case u.screen != nil:
		body = u.screen.Build(u.tr)
		if u.sess != nil && u.sess.readOnly != "" {
			u.sess.readOnly = u.readOnlyText() // in the language now chosen
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
	sel := &keySelect{}
	sel.Options = names
	// A select is as wide as its placeholder: the longest name, so that the
	// top bar keeps room for the app's name.
	sel.PlaceHolder = slices.MaxFunc(names, func(a, b string) int { return len([]rune(a)) - len([]rune(b)) })
	sel.ExtendBaseWidget(sel)
	sel.SetSelected(current)
	sel.OnChanged = func(name string) {
		for _, l := range translations.Languages {
			if l.Name == name {
				u.SetLanguage(l.Tag)
			}
		}
		// The picker is drawn anew in the new language: the keys go back
		// to the window's shortcuts, not to the picker gone.
		u.win.Canvas().Unfocus()
	}
	return sel
}

// SetLanguage switches every string on screen to tag and remembers it.
func (u *UI) SetLanguage(tag string) {
	if tag == u.tr.Lang || !translations.Known(tag) {
		return
	}
	u.tr = translations.New(tag)
	fyneLanguage(tag)
	if err := u.store.SetSetting(settingLanguage, tag); err != nil {
		dialog.ShowError(errors.New(u.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), u.win)
	}
	u.build()
	languageSwitched(u.tr) // the windows of their own (an editor) follow
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

// startGame saves a new game, runs the module's saved (when not nil) with
// its id, and opens it.
func (u *UI) startGame(g engine.Play, saved func(id int64) error) error {
	if _, ok := gameUI(g.Module()); !ok {
		return &engine.UnknownModuleError{Name: g.Module()}
	}
	name := defaultName(u.tr, time.Now())
	id, err := u.store.CreateGame(name, g)
	if err != nil {
		return saveError{err}
	}
	if err := u.store.SetSetting(settingLastGame, strconv.FormatInt(id, 10)); err != nil {
		return saveError{err}
	}
	if saved != nil {
		if err := saved(id); err != nil {
			return saveError{err}
		}
	}
	u.open(id, g, nil)
	u.build()
	return nil
}

// ShowStartupError fills a window with a problem that stops the app from
// opening its database, in the Conductor's language, and a Quit button. It
// never touches the file.
func ShowStartupError(a fyne.App, lang, id string, args map[string]any) fyne.Window {
	waitFonts()
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

// keySelect is a drop-down that, while it has the focus, hands letter keys
// on to the window's shortcuts (Space still opens it): after a pick, the
// table's keys work as before.
type keySelect struct{ widget.Select }

func (s *keySelect) TypedRune(r rune) {
	if r == ' ' {
		s.Select.TypedRune(r)
		return
	}
	ForwardRune(s, r)
}
