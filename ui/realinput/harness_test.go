package realinput

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/ui/probe"
)

// waitLimit bounds every wait for the screen; a slow machine gets more
// with REALINPUT_WAIT=SECONDS.
var waitLimit = func() time.Duration {
	if s, err := strconv.Atoi(os.Getenv("REALINPUT_WAIT")); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	return 20 * time.Second
}()

// App is the built app running in its own Xvfb, with its own database.
type App struct {
	t       *testing.T
	Dir     string // the test's folder: the database, the probe file, screenshots
	DB      string
	display string
	probe   string
	cmd     *exec.Cmd
	env     []string
	last    probe.Dump
	windows map[string][2]float32 // each window's place on the screen, by title
}

// Options: the screen and the app's language; DB starts the app on a copy
// of that database.
type Options struct {
	Width, Height int
	Lang          string // "en" or "es"
	DB            string
	Env           []string // more of the app's environment (NAME=value)
	Bin           string   // another build of the app than CONDUCTOR_BIN's
}

func binary(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("CONDUCTOR_BIN")
	if bin == "" {
		t.Skip("CONDUCTOR_BIN is not set: `make realinput` builds the app and runs these tests")
	}
	abs, err := filepath.Abs(bin)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// Start starts a virtual screen of the size asked and the app on it, and
// waits for its first window.
func Start(t *testing.T, o Options) *App {
	t.Helper()
	bin := binary(t)
	if o.Bin != "" {
		bin = o.Bin
	}
	for _, tool := range []string{"Xvfb", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: `make realinput` installs it (xvfb, xdotool, imagemagick)", tool)
		}
	}
	if o.Width == 0 {
		o.Width, o.Height = 1024, 768
	}
	if o.Lang == "" {
		o.Lang = "en"
	}
	dir := t.TempDir()
	a := &App{t: t, Dir: dir, DB: filepath.Join(dir, "saves.db"), probe: filepath.Join(dir, "probe.json"),
		windows: map[string][2]float32{}}
	if o.DB != "" {
		b, err := os.ReadFile(o.DB)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(a.DB, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if a.display = os.Getenv("REALINPUT_DISPLAY"); a.display == "" {
		a.display = startX(t, o.Width, o.Height)
	}
	locale := map[string]string{"en": "en_US.UTF-8", "es": "es_ES.UTF-8"}[o.Lang]
	a.env = append(os.Environ(), "DISPLAY="+a.display, probe.Env+"="+a.probe, "FYNE_SCALE=1",
		"LANG="+locale, "LC_ALL=", "LC_MESSAGES=", "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"XDG_DATA_HOME="+filepath.Join(dir, "share"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	a.env = append(a.env, o.Env...)
	a.launch(bin)
	return a
}

func (a *App) launch(bin string) {
	t := a.t
	a.cmd = exec.Command(bin, "--db", a.DB)
	a.cmd.Env = a.env
	log, err := os.Create(filepath.Join(a.Dir, "app.log"))
	if err != nil {
		t.Fatal(err)
	}
	a.cmd.Stdout, a.cmd.Stderr = log, log
	if err := a.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmd := a.cmd
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(a.Dir, "app.log"))
			t.Logf("the app's output:\n%s", b)
		}
	})
	a.Wait("the first window", func(d probe.Dump) bool { return len(d.Windows) > 0 && len(d.Windows[0].Objects) > 0 })
}

// Kill ends the app at once (SIGKILL: no closing code runs).
func (a *App) Kill() {
	_ = a.cmd.Process.Kill()
	_ = a.cmd.Wait()
	_ = os.Remove(a.probe)
	a.last = probe.Dump{}
	a.windows = map[string][2]float32{}
}

// Restart starts the app again on the same database and screen.
func (a *App) Restart() {
	a.launch(binary(a.t))
}

// startX starts Xvfb on a free display and returns its name.
func startX(t *testing.T, w, h int) string {
	t.Helper()
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", w, h), "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{wr}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	wr.Close()
	t.Cleanup(func() { _ = x.Process.Kill(); _ = x.Wait() })
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			t.Fatal("Xvfb gave no display number")
		}
		return ":" + n
	case <-time.After(waitLimit):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// read reads the probe file as it is now.
func (a *App) read() (probe.Dump, bool) {
	b, err := os.ReadFile(a.probe)
	if err != nil {
		return probe.Dump{}, false
	}
	var d probe.Dump
	if json.Unmarshal(b, &d) != nil {
		return probe.Dump{}, false
	}
	return d, true
}

// Wait waits until cond holds of what is on screen, and returns it; after
// waitLimit it fails the test with a screenshot.
func (a *App) Wait(what string, cond func(probe.Dump) bool) probe.Dump {
	a.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		if d, ok := a.read(); ok {
			a.last = d
			if cond(d) {
				return d
			}
		}
		if time.Now().After(deadline) {
			a.Fail("waited %v for %s", waitLimit, what)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// Settle waits until the screen has not changed for a moment.
func (a *App) Settle() probe.Dump {
	a.t.Helper()
	seq, since := -1, time.Now()
	return a.Wait("the screen to settle", func(d probe.Dump) bool {
		if d.Seq != seq {
			seq, since = d.Seq, time.Now()
			return false
		}
		return time.Since(since) > 250*time.Millisecond
	})
}

// Fail fails the test with a screenshot of the whole screen and the last
// probe file kept in the test's folder (named in the message).
func (a *App) Fail(format string, args ...any) {
	a.t.Helper()
	shot := a.Shot("failure")
	dump := filepath.Join(keepDir(a.t), "probe.json")
	b, _ := json.MarshalIndent(a.last, "", " ")
	_ = os.WriteFile(dump, b, 0o644)
	a.t.Fatalf("%s (screenshot %s, what was on screen %s)", fmt.Sprintf(format, args...), shot, dump)
}

// keepDir is where a test's screenshots are kept after it ends:
// REALINPUT_SHOTS, or bin/realinput under the repository.
func keepDir(t *testing.T) string {
	dir := os.Getenv("REALINPUT_SHOTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "bin", "realinput")
	}
	dir = filepath.Join(dir, regexp.MustCompile(`[^A-Za-z0-9_.-]+`).ReplaceAllString(t.Name(), "_"))
	_ = os.MkdirAll(dir, 0o755)
	return dir
}

// Shot saves a screenshot of the whole screen and returns its path.
func (a *App) Shot(name string) string {
	p := filepath.Join(keepDir(a.t), name+".png")
	cmd := exec.Command("import", "-window", "root", p)
	cmd.Env = a.env
	if out, err := cmd.CombinedOutput(); err != nil {
		a.t.Logf("screenshot: %v %s", err, out)
	}
	return p
}

func (a *App) xdotool(args ...string) string {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	// xdotool type reads its text in the locale's charset: es_ES.UTF-8 and
	// en_US.UTF-8 are not installed here, and in "C" "Ladrón" is refused.
	cmd.Env = append(append([]string(nil), a.env...), "LC_CTYPE=C.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		a.Fail("xdotool %s: %v %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// origin is where a window's content starts on the screen.
func (a *App) origin(title string) (float32, float32) {
	a.t.Helper()
	if p, ok := a.windows[title]; ok {
		return p[0], p[1]
	}
	var x, y float32
	deadline := time.Now().Add(waitLimit)
	for {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--pid", strconv.Itoa(a.cmd.Process.Pid))
		cmd.Env = a.env
		out, _ := cmd.Output()
		found := false
		for _, id := range strings.Fields(string(out)) {
			name := strings.TrimSpace(a.xdotool("getwindowname", id))
			if name != title {
				continue
			}
			geo := a.xdotool("getwindowgeometry", "--shell", id)
			for _, l := range strings.Split(geo, "\n") {
				if v, ok := strings.CutPrefix(l, "X="); ok {
					n, _ := strconv.Atoi(v)
					x = float32(n)
				}
				if v, ok := strings.CutPrefix(l, "Y="); ok {
					n, _ := strconv.Atoi(v)
					y = float32(n)
				}
			}
			found = true
		}
		if found {
			break
		}
		if time.Now().After(deadline) {
			a.Fail("no window titled %q on the screen", title)
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.windows[title] = [2]float32{x, y}
	return x, y
}

// Target is a control found on screen, in its window.
type Target struct {
	probe.Object
	Window probe.Window
}

// Find waits for a control in the window whose title contains win (""
// for any window) that match accepts, on screen and in the top layer.
func (a *App) Find(win string, what string, match func(probe.Object) bool) Target {
	a.t.Helper()
	var found Target
	a.Wait(what, func(d probe.Dump) bool {
		for _, w := range d.Windows {
			if !strings.Contains(w.Title, win) {
				continue
			}
			top := 0
			for _, o := range w.Objects {
				top = max(top, o.Layer)
			}
			for _, o := range w.Objects {
				if o.Layer == top && match(o) {
					found = Target{o, w}
					return true
				}
			}
		}
		return false
	})
	return found
}

// Named matches a control by the name it was given (probe.Name).
func Named(name string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Name == name }
}

// Button matches a button (or any tappable) whose text contains s.
func Button(s string) func(probe.Object) bool {
	return func(o probe.Object) bool {
		return o.Kind != "text" && strings.Contains(o.Text, s)
	}
}

// Click clicks the middle of a control, as a person would, after checking
// that it is wholly on screen.
func (a *App) Click(tg Target) {
	a.t.Helper()
	if !tg.OnScreen {
		a.Fail("%s %q is not wholly on screen (%v,%v %vx%v)", tg.Kind, tg.Text, tg.X, tg.Y, tg.W, tg.H)
	}
	a.ClickAt(tg.Window.Title, tg.X+tg.W/2, tg.Y+tg.H/2, tg.Window.Scale)
}

// ClickAt clicks at a point of a window (in its units).
func (a *App) ClickAt(title string, x, y, scale float32) {
	a.t.Helper()
	if scale == 0 {
		scale = 1
	}
	ox, oy := a.origin(title)
	a.xdotool("mousemove", fmt.Sprint(int(ox+x*scale)), fmt.Sprint(int(oy+y*scale)), "click", "1")
}

// Drag presses at one point of a window and lets go at another.
func (a *App) Drag(title string, fx, fy, tx, ty, scale float32) {
	a.t.Helper()
	if scale == 0 {
		scale = 1
	}
	ox, oy := a.origin(title)
	pt := func(x, y float32) []string {
		return []string{fmt.Sprint(int(ox + x*scale)), fmt.Sprint(int(oy + y*scale))}
	}
	a.xdotool(append(append([]string{"mousemove"}, pt(fx, fy)...), "mousedown", "1")...)
	for i := 1; i <= 4; i++ {
		f := float32(i) / 4
		a.xdotool(append([]string{"mousemove"}, pt(fx+(tx-fx)*f, fy+(ty-fy)*f)...)...)
		time.Sleep(20 * time.Millisecond)
	}
	a.xdotool("mouseup", "1")
}

// Wheel turns the mouse wheel over a point: down > 0 clicks down.
func (a *App) Wheel(title string, x, y, scale float32, down int) {
	a.t.Helper()
	ox, oy := a.origin(title)
	button := "5"
	if down < 0 {
		button, down = "4", -down
	}
	a.xdotool("mousemove", fmt.Sprint(int(ox+x*scale)), fmt.Sprint(int(oy+y*scale)),
		"click", "--repeat", strconv.Itoa(down), "--delay", "30", button)
}

// Type types text with the given pause between keys, as a fast typist.
func (a *App) Type(s string, delay time.Duration) {
	a.t.Helper()
	a.xdotool("type", "--delay", strconv.Itoa(int(delay/time.Millisecond)), "--", s)
}

// Key presses keys (xdotool names: "Tab", "shift+Tab", "ctrl+z", "s").
func (a *App) Key(keys ...string) {
	a.t.Helper()
	a.xdotool(append([]string{"key", "--delay", "40"}, keys...)...)
}

// Focused is the control that has the keyboard now, in a window.
func Focused(d probe.Dump, win string) (probe.Object, bool) {
	for _, w := range d.Windows {
		if !strings.Contains(w.Title, win) {
			continue
		}
		for _, o := range w.Objects {
			if o.Focused {
				return o, true
			}
		}
	}
	return probe.Object{}, false
}

// Value is a value the app publishes (probe.Value), as now on screen.
func (a *App) Value(name string) string {
	d, _ := a.read()
	return d.Values[name]
}

// describe lists what is on screen, for a failure's message.
func describe(w probe.Window) string {
	var b bytes.Buffer
	for _, o := range w.Objects {
		if o.Kind == "text" {
			continue
		}
		fmt.Fprintf(&b, "%s %q %q (%v,%v %vx%v) on=%v\n", o.Kind, o.Name, o.Text, o.X, o.Y, o.W, o.H, o.OnScreen)
	}
	return b.String()
}
