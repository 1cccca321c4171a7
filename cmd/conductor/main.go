// Command conductor is the Conductor's companion for Dungeon Universalis. With
// no subcommand it opens the app; subcommands run without a display.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"github.com/go-gl/glfw/v3.4/glfw"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	dcui "github.com/dunconductor/conductor/ui/dragoncanyon"
	dunui "github.com/dunconductor/conductor/ui/dun"
	twisterui "github.com/dunconductor/conductor/ui/twister"
)

const appID = "io.github.dunconductor.conductor"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	lang := translations.Detect(os.Getenv("LC_ALL"), os.Getenv("LC_MESSAGES"), os.Getenv("LANG"))
	tr := translations.New(lang)
	if len(args) > 0 {
		switch args[0] {
		case "quest":
			return runQuest(args[1:], stdout, stderr, tr)
		case "faction":
			return runFaction(args[1:], stdout, stderr, tr)
		case "replay":
			return runReplay(args[1:], stdout, stderr, tr)
		case "export":
			return runExport(args[1:], stdout, stderr, tr)
		case "import":
			return runImport(args[1:], stdout, stderr, tr)
		}
	}
	if len(args) > 0 && args[0] == "script" {
		fs := flag.NewFlagSet("script", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		full := fs.Bool("full", false, "")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 1 {
			fmt.Fprintln(stderr, tr.T("cli.script.usage", nil))
			return 2
		}
		in := stdin
		if path := fs.Arg(0); path != "-" {
			f, err := os.Open(path)
			if err != nil {
				fmt.Fprintln(stderr, tr.T("cli.script.open", map[string]any{"Path": path, "Detail": err.Error()}))
				return 2
			}
			defer f.Close()
			in = f
		}
		return runScript(in, stdout, stderr, tr, *full)
	}

	fs := flag.NewFlagSet("conductor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	// The flag's text is rendered only when shown: the messages are still
	// being parsed while the app starts (translations).
	dbPath := fs.String("db", "", "")
	fs.Usage = func() {
		fs.Lookup("db").Usage = tr.T("cli.flag.db", nil)
		fmt.Fprintln(stderr, tr.T("cli.usage", nil))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *dbPath == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			fmt.Fprintln(stderr, tr.T("cli.no_config_dir", map[string]any{"Detail": err.Error()}))
			return 1
		}
		*dbPath = filepath.Join(dir, "conductor", "conductor.db")
	}
	runGUI(*dbPath, lang)
	return 0
}

// runGUI opens the store and the main window. A store that cannot be opened
// gets a window that says why; the file is never touched.
func runGUI(dbPath, lang string) {
	a := app.NewWithID(appID)
	ui.PrepareFonts() // beside opening the database and the window system
	res := fyne.NewStaticResource("icon.png", icon)
	store, err := data.Open(dbPath)
	if err != nil {
		id, args := openErrorMessage(dbPath, err)
		a.SetIcon(res)
		ui.ShowStartupError(a, lang, id, args).ShowAndRun()
		return
	}
	defer store.Close()
	// Each game module's screens; the modules themselves register with the
	// engine when their packages are imported.
	ui.RegisterGame(dun.ModuleName, dunui.New(store))
	ui.RegisterGame(dragoncanyon.ModuleName, dcui.New(store))
	ui.RegisterGame(twister.ModuleName, twisterui.New())
	// The window shows at once, drawn with its top bar; the last game
	// loads behind it and opens when it is ready.
	u := ui.New(a, store, lang)
	if screen, ok := screenSize(); ok {
		u.FitScreen(screen) // never larger than the laptop it opens on
	}
	u.Window().Show() // draws the first frame before it returns
	// The icon after the first frame: decoding it and handing it to the
	// window system takes about 10 ms, spent while the last game loads.
	a.SetIcon(res) // the app's other windows
	go fyne.Do(func() { u.Window().SetIcon(res) })
	if os.Getenv("CONDUCTOR_FIRST_FRAME") == "1" {
		reportFrames(a, u)
	}
	a.Run()
	u.Shutdown() // a load still running stops using the store before it closes
}

// reportFrames is for scripts/firstframe.sh: it prints when the first frame
// has been drawn (Show has drawn it), then when the first frame showing the
// resumed game's screen has been drawn, as "first-frame MICROSECONDS" and
// "table MICROSECONDS" (Unix time), then quits. An animation's tick runs on
// the main thread right before each frame is drawn: the first tick that
// finds the screen open comes right before the frame that first draws it,
// and fyne.Do's function, queued then, runs once that frame is drawn.
func reportFrames(a fyne.App, u *ui.UI) {
	fmt.Printf("first-frame %d\n", time.Now().UnixMicro())
	var probe *fyne.Animation
	probe = fyne.NewAnimation(time.Hour, func(float32) {
		select {
		case <-u.Loaded():
		default:
			return
		}
		probe.Stop()
		if u.Screen() == nil {
			fmt.Println("table none")
			a.Quit()
			return
		}
		fyne.Do(func() {
			fmt.Printf("table %d\n", time.Now().UnixMicro())
			a.Quit()
		})
	})
	probe.Start()
}

// screenSize is the primary screen's size in Fyne's units. Fyne has set up
// GLFW when the window was made, on this (the main) thread. Without a usable
// display GLFW panics; the window then keeps its own size and Fyne reports
// the display problem itself.
func screenSize() (size fyne.Size, ok bool) {
	defer func() {
		if recover() != nil {
			size, ok = fyne.Size{}, false
		}
	}()
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return fyne.Size{}, false
	}
	v := m.GetVideoMode()
	if v == nil || v.Width <= 0 || v.Height <= 0 {
		return fyne.Size{}, false
	}
	scale, _ := m.GetContentScale()
	if scale <= 0 {
		scale = 1
	}
	return fyne.NewSize(float32(v.Width)/scale, float32(v.Height)/scale), true
}

// openErrorMessage turns a failure to open the store into a message ID.
func openErrorMessage(path string, err error) (string, map[string]any) {
	args := map[string]any{"Path": path, "Detail": err.Error()}
	var newer *data.NewerError
	switch {
	case errors.Is(err, data.ErrLocked):
		return "ui.error.locked", args
	case errors.Is(err, data.ErrCorrupt):
		return "ui.error.corrupt", args
	case errors.Is(err, data.ErrForeign):
		return "ui.error.foreign", args
	case errors.Is(err, data.ErrReadOnly):
		return "ui.error.readonly", args
	case errors.As(err, &newer):
		args["Found"], args["Supported"] = newer.Found, newer.Supported
		return "ui.error.newer", args
	}
	return "ui.error.open", args
}
