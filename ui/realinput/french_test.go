package realinput

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// frMark marks every French text the proof's translator writes: the English
// text behind it, so a French screen is told from an English one by machine.
const frMark = "FR·"

// TestFrenchByFilesAlone: a language is files. `conductor translations new
// fr` writes the files; a translator (here the test, marking each English
// text FR·) fills them in and puts each where the command says, in a
// checkout of the code as it is (a temporary worktree, never committed);
// the app built from it, with no code changed, speaks French: --help, the
// first screen, New game, and the quest editor, where a French box takes a
// French text into the quest. Under REALINPUT_ALL (it builds the app).
func TestFrenchByFilesAlone(t *testing.T) {
	if os.Getenv("REALINPUT_ALL") == "" {
		t.Skip("REALINPUT_ALL is not set: this flow builds the app once more")
	}
	bin := binary(t)
	fr := buildWithFrench(t, bin)
	en := translations.New("en")
	marked := func(id string) string { return frMark + en.T(id, nil) }

	// --help in French.
	help := exec.Command(fr, "help")
	help.Env = append(os.Environ(), "LANG=fr_FR.UTF-8", "LC_ALL=", "LC_MESSAGES=")
	out, err := help.CombinedOutput()
	if err != nil {
		t.Fatalf("conductor help: %v\n%s", err, out)
	}
	if !strings.HasPrefix(string(out), frMark) || !strings.Contains(string(out), marked("cli.help.commands")) || strings.Contains(string(out), "\n"+en.T("cli.help.commands", nil)) {
		t.Errorf("--help is not in French:\n%s", out)
	}

	// The app in French, from LANG.
	a := Start(t, Options{Bin: fr, Width: 1024, Height: 768, Env: []string{"LANG=fr_FR.UTF-8"}})
	a.Wait("the first screen in French", func(d probe.Dump) bool { return dumpHas(d, marked("ui.newgame.which")) })
	a.Shot("1-which-game")
	// The players' page in French: shared from the main window, joined by
	// its PIN, asked in French; it links to the app's other languages.
	main := marked("ui.app.title")
	a.Click(a.Find(main, "the game picker's Cancel", textIs(marked("ui.cancel"))))
	a.Click(a.Find(main, "Share", textIs(marked("ui.share.button"))))
	port := freePort(t)
	a.Click(a.Find(main, "the port", isTextField))
	a.Key("ctrl+a")
	a.Type(port, fastKey)
	a.Click(a.Find(main, "Start sharing", textIs(marked("ui.share.start"))))
	base := a.Find(main, "the address to join", func(o probe.Object) bool {
		return o.Kind == "text" && strings.HasPrefix(o.Text, "http://") && strings.Contains(o.Text, ":"+port)
	}).Object.Text
	pinRe := regexp.MustCompile(`^\d{3} \d{3}$`)
	pin := strings.ReplaceAll(a.Find(main, "the PIN", func(o probe.Object) bool { return pinRe.MatchString(o.Text) }).Object.Text, " ", "")
	a.Shot("1b-sharing")
	phone := seatPhone(t, base, pin)
	resp, err := phone.c.Get(base + "?lang=fr")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`<html lang="fr">`, frMark + en.T("share.page.title", nil), `hreflang="en"`, `hreflang="es"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the players' page in French has no %q", want)
		}
	}
	a.Click(a.Find(main, "the sharing's Close", textIs(marked("ui.close"))))
	a.Click(a.Find(main, "New game", textIs(marked("ui.newgame.open"))))

	a.Click(a.Find("", "the game picker", Button(marked("ui.module.dun"))))
	a.Wait("New game in French", func(d probe.Dump) bool { return dumpHas(d, marked("ui.questedit.new")) })
	a.Shot("2-newgame")
	if english := englishTexts(a.Settle(), en); len(english) > 0 {
		t.Errorf("English on the French New game: %q", english)
	}

	// The quest editor: a box per language, French the third; a French
	// name typed there is the quest's French text.
	n := &newcomer{t: t, a: a, tr: en, began: time.Now()}
	n.click(a.Find("", "New quest…", Button(marked("ui.questedit.new"))))
	n.win = marked("ui.questedit.title")
	a.Find(n.win, "the quest editor", func(o probe.Object) bool { return o.Kind == "questedit.gridCanvas" })
	n.drag(1.5, 1.5, 4.5, 4.5)
	n.waitModel("a section drawn", func(m *quest.Quest) bool { return len(m.Sections) == 1 })
	n.typeFocused("Crypt")
	n.tab()
	n.typeFocused("Cripta")
	n.tab()
	n.typeFocused("La crypte humide")
	n.waitModel("the section's French name", func(m *quest.Quest) bool {
		s := m.Sections[0]
		return s.Name["en"] == "Crypt" && s.Name["es"] == "Cripta" && s.Name["fr"] == "La crypte humide"
	})
	n.shot("3-editor-french-name")
	if english := englishTexts(a.Settle(), en); len(english) > 0 {
		t.Errorf("English in the French quest editor: %q", english)
	}

}

// dumpHas says whether some window shows text.
func dumpHas(d probe.Dump, text string) bool {
	for _, w := range d.Windows {
		for _, o := range w.Objects {
			if o.Text == text {
				return true
			}
		}
	}
	return false
}

// englishTexts are the texts on screen that are an English message word for
// word, unmarked: what the French files did not reach. Names the app does
// not translate (a language's own name, the app's) are left aside.
func englishTexts(d probe.Dump, en *translations.Translator) []string {
	ids, _ := translations.IDs("en")
	english := map[string]bool{}
	for id := range ids {
		if s := en.T(id, nil); len(s) > 3 && !strings.Contains(s, "{{") && s != "Conductor" && s != "English" && s != "Español" {
			english[s] = true
		}
	}
	var out []string
	for _, w := range d.Windows {
		for _, o := range w.Objects {
			if english[o.Text] {
				out = append(out, o.Text)
			}
		}
	}
	return out
}

// buildWithFrench builds the app with French files only: a worktree of the
// code as committed, `conductor translations new fr` run by the built app,
// every message filled in (its English text, marked), each file put where
// the command says, and the app built there. It returns the binary.
func buildWithFrench(t *testing.T, bin string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	run := func(wd string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = wd
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return string(out)
	}
	repo := strings.TrimSpace(run(".", "git", "rev-parse", "--show-toplevel"))
	run(repo, "git", "worktree", "add", "--detach", src, "HEAD")
	t.Cleanup(func() { _ = exec.Command("git", "-C", repo, "worktree", "remove", "--force", src).Run() })

	files := filepath.Join(dir, "fr")
	if err := os.Mkdir(files, 0o755); err != nil {
		t.Fatal(err)
	}
	said := run(src, bin, "translations", "new", "fr", "--dir", files)
	// Where each module's file goes: "  NAME.fr.toml\tDIR/".
	dest := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(said))
	for sc.Scan() {
		if name, to, ok := strings.Cut(strings.TrimSpace(sc.Text()), "\t"); ok {
			dest[name] = to
		}
	}
	entries, err := os.ReadDir(files)
	if err != nil || len(entries) < 10 {
		t.Fatalf("translations new wrote %d files: %v\n%s", len(entries), err, said)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(files, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(src, "translations")
		if d, ok := dest[e.Name()]; ok {
			to = filepath.Join(src, d)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), fillFrench(string(b)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "conductor-fr")
	run(src, "go", "build", "-o", out, "./cmd/conductor")
	return out
}

var (
	englishLine = regexp.MustCompile(`^# English(?: \((\w+)\))?: (.*)$`)
	emptyValue  = regexp.MustCompile(`^("[^"]*"|\w+) = ""$`)
)

// fillFrench fills a skeleton the way a translator would, every text the
// English one behind frMark; the language's name is "Français", and a
// plural message gets French's "many" (CLDR: a round million) as its other.
func fillFrench(skeleton string) []byte {
	var b strings.Builder
	var english []string
	for line := range strings.Lines(skeleton) {
		line = strings.TrimSuffix(line, "\n")
		switch m := englishLine.FindStringSubmatch(line); {
		case m != nil:
			english = []string{m[2]}
		case strings.HasPrefix(line, "#   ") && english != nil:
			english = append(english, strings.TrimPrefix(line, "#   "))
		case emptyValue.MatchString(line):
			key := strings.TrimSuffix(line, ` = ""`)
			text := frMark + strings.Join(english, "\n")
			if key == `"`+translations.NameID+`"` {
				text = "Français"
			}
			line = key + " = " + strconv.Quote(text)
			if key == "other" {
				line += "\nmany = " + strconv.Quote(text)
			}
			english = nil
		}
		b.WriteString(line + "\n")
	}
	return []byte(b.String())
}
