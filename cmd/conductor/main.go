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

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

const appID = "io.github.dunconductor.conductor"

func main() {
	attachConsole()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command line and returns the exit status: a command
// (conductor --help lists them), the version or the help, or the app.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	lang := translations.Detect(append([]string{os.Getenv("LC_ALL"), os.Getenv("LC_MESSAGES"), os.Getenv("LANG")}, systemLocales()...)...)
	if os.Getenv(translations.PseudoEnv) == "1" {
		lang = translations.Pseudo // a test aid: every text accented and longer
	}
	tr := translations.New(lang)
	if len(args) > 0 {
		if c := findCommand(args[0]); c != nil {
			if wantsHelp(args[1:]) {
				printCommandHelp(stdout, tr, c)
				return 0
			}
			return c.run(args[1:], stdin, stdout, stderr, tr)
		}
	}

	fs := flag.NewFlagSet("conductor", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "")
	showVersion := fs.Bool("version", false, "")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		printHelp(stdout, tr)
		return 0
	} else if err != nil {
		fmt.Fprintln(stderr, badOption(tr, err))
		fmt.Fprintln(stderr, tr.T("cli.help.see", nil))
		return 2
	}
	if *showVersion {
		printVersion(stdout, tr)
		return 0
	}
	open := ""
	if fs.NArg() > 0 {
		path, err := saveToOpen(fs.Arg(0))
		switch {
		case err != nil:
			fmt.Fprintln(stderr, tr.T("cli.script.open", map[string]any{"Path": fs.Arg(0), "Detail": err.Error()}))
			return 2
		case path == "" && findCommand(fs.Arg(0)) != nil:
			fmt.Fprintln(stderr, tr.T("cli.command_first", map[string]any{"Name": fs.Arg(0)}))
			return 2
		case path == "" || fs.NArg() > 1:
			return unknownCommand(stderr, tr, fs.Arg(fs.NArg()-1))
		}
		open = path
	}
	if *dbPath == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			fmt.Fprintln(stderr, tr.T("cli.no_config_dir", map[string]any{"Detail": err.Error()}))
			return 1
		}
		*dbPath = filepath.Join(dir, "conductor", "conductor.db")
	}
	runGUI(*dbPath, lang, open)
	return 0
}

// runScriptCommand handles "conductor script [--full] FILE|-".
func runScriptCommand(args []string, stdin io.Reader, stdout, stderr io.Writer, tr *translations.Translator) int {
	fs := flag.NewFlagSet("script", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	full := fs.Bool("full", false, "")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
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

// runGUI opens the store and the main window. A store that cannot be opened
// gets a window that says why; the file is never touched. With a save file
// to open (open, from a file manager), a window first offers to import it;
// the main window opens once that is answered.
func runGUI(dbPath, lang, open string) {
	limitMemory()
	a := app.NewWithID(appID)
	if open == "" {
		ui.PrepareFonts() // beside opening the database and the window system
	}
	res := fyne.NewStaticResource("icon.png", icon)
	store, err := data.Open(dbPath)
	if err != nil {
		id, args := openErrorMessage(dbPath, err)
		a.SetIcon(res)
		ui.ShowStartupError(a, lang, id, args).ShowAndRun()
		return
	}
	defer store.Close()
	ui.MakeGames(store) // the screens of the games games.go imports
	var u *ui.UI
	// showMain shows the main window; the last game loads behind it and
	// opens when it is ready.
	showMain := func() {
		u = ui.New(a, store, lang)
		if screen, ok := screenSize(); ok {
			u.FitScreen(screen) // never larger than the laptop it opens on
		}
		u.Window().Show() // draws the first frame before it returns
		// The icon after the first frame: decoding it and handing it to the
		// window system takes about 10 ms, spent while the last game loads.
		a.SetIcon(res) // the app's other windows
		go fyne.Do(func() { u.Window().SetIcon(res) })
	}
	if open != "" {
		a.SetIcon(res)
		offerImport(a, store, open, lang, func(r importOutcome) {
			showMain()
			r.show(u.Window(), u.Translator())
		})
	} else {
		showMain()
		if os.Getenv("CONDUCTOR_FIRST_FRAME") == "1" {
			reportFrames(a, u)
		}
	}
	probe.Start(a) // only under the real-input tests (CONDUCTOR_PROBE)
	a.Run()
	if u != nil {
		u.Shutdown() // a load still running stops using the store before it closes
	}
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
