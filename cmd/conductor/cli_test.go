package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
)

// runIn runs a command line with the locale set to lang and returns its
// exit status and both outputs.
func runIn(t *testing.T, lang string, args ...string) (int, string, string) {
	t.Helper()
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", map[string]string{"en": "en_US.UTF-8", "es": "es_ES.UTF-8"}[lang])
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// conductor --help (and -h, and help) lists every command with its line,
// in each language, on standard output, and exits 0.
func TestHelpListsEveryCommand(t *testing.T) {
	want := []string{"script", "replay", "export", "journal", "import", "quest validate", "faction validate", "dragon-canyon validate", "translations check", "version", "help"}
	if len(commands) != len(want) {
		t.Fatalf("%d commands, want %d: a new one needs its place in this test and in docs/headless/README.md", len(commands), len(want))
	}
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for _, flag := range []string{"--help", "-h", "-help", "help"} {
			code, out, errOut := runIn(t, l.Tag, flag)
			if code != 0 || errOut != "" {
				t.Fatalf("%s %s: exit %d, stderr %q", l.Tag, flag, code, errOut)
			}
			for i, name := range want {
				line := "  " + name + " "
				at := strings.Index(out, line)
				if at < 0 || commands[i].name != name {
					t.Fatalf("%s %s: no line for %q:\n%s", l.Tag, flag, name, out)
				}
				rest := out[at:]
				rest = rest[:strings.IndexByte(rest, '\n')]
				if summary := tr.T(commands[i].summary, nil); !strings.HasSuffix(rest, summary) || summary == commands[i].summary {
					t.Fatalf("%s: %q is not followed by its summary %q", l.Tag, rest, summary)
				}
			}
			for _, opt := range []string{"--db", "--version", "--help", tr.T("cli.help.usage", nil)} {
				if !strings.Contains(out, opt) {
					t.Fatalf("%s %s: %q missing:\n%s", l.Tag, flag, opt, out)
				}
			}
		}
	}
}

// Each command has its own --help: its usage, its line, its options, on
// standard output, exit 0, and nothing is run (import's database is not made).
func TestEveryCommandHasItsHelp(t *testing.T) {
	db := filepath.Join(t.TempDir(), "never.db")
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for _, c := range commands {
			for _, args := range [][]string{
				append(strings.Fields(c.name), "--help"),
				append(strings.Fields(c.name)[:1], "-h"),
				{"help", strings.Fields(c.name)[0]},
				append(strings.Fields(c.name), "--db", db, "-h", "file"),
			} {
				code, out, errOut := runIn(t, l.Tag, args...)
				usage := tr.T(c.usage, nil)
				if code != 0 || errOut != "" || !strings.HasPrefix(out, usage+"\n") || usage == c.usage {
					t.Fatalf("%s %v: exit %d %q %q", l.Tag, args, code, out, errOut)
				}
				for _, o := range c.options {
					if !strings.Contains(out, "  "+o.flag) || !strings.Contains(out, tr.T(o.help, nil)) {
						t.Fatalf("%s %v: option %s missing:\n%s", l.Tag, args, o.flag, out)
					}
				}
			}
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Fatal("a --help ran the command: it made the database")
	}
}

// An unknown command exits 2 and lists the commands on standard error.
func TestUnknownCommand(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"help", "frobnicate"}, {"--db", "x.db", "frobnicate"}, {"scripts"}} {
		code, out, errOut := runIn(t, "en", args...)
		name := args[len(args)-1]
		if code != 2 || out != "" || !strings.Contains(errOut, "“"+name+"”") {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		for _, c := range commands {
			if !strings.Contains(errOut, "  "+c.name+" ") {
				t.Fatalf("%v: %q not listed:\n%s", args, c.name, errOut)
			}
		}
	}
	code, _, errOut := runIn(t, "es", "frobnicate")
	if code != 2 || !strings.Contains(errOut, "no es una orden") || !strings.Contains(errOut, "Órdenes:") {
		t.Fatalf("Spanish: exit %d %q", code, errOut)
	}
}

// Wrong command lines for the app itself exit 2 without opening it.
func TestAppCommandLineErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--nope"}, "there is no option -nope"},
		{[]string{"--db"}, "needs a value"},
		{[]string{"--db", "x.db", "script", "f.jsonl"}, "the command comes first"},
		{[]string{filepath.Join(t.TempDir(), "missing.dunsave")}, "Cannot open"},
		{[]string{"version", "extra"}, "Usage: conductor version"},
		{[]string{"help", "script", "extra"}, "Usage: conductor help"},
	} {
		code, out, errOut := runIn(t, "en", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Fatalf("%v: exit %d, %q %q", c.args, code, out, errOut)
		}
	}
}

// --version and version print the stamped version (the Makefile stamps the
// Git tag's) and what it was built from.
func TestVersion(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "", ""
	for _, args := range [][]string{{"--version"}, {"version"}, {"--db", "x.db", "--version"}} {
		code, out, errOut := runIn(t, "en", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "Conductor ") || !strings.Contains(out, "go1.") {
			t.Fatalf("%v: exit %d %q %q", args, code, out, errOut)
		}
	}
	version, commit = "1.2.3", "0123456789abcdef0123"
	code, out, _ := runIn(t, "es", "--version")
	if want := "Conductor 1.2.3\ncommit 0123456789ab, compilado con "; code != 0 || !strings.HasPrefix(out, want) {
		t.Fatalf("stamped: exit %d %q, want %q…", code, out, want)
	}
	commit = "0123456789ab+changes" // built from a tree with uncommitted changes
	if code, out, _ := runIn(t, "en", "version"); code != 0 || !strings.Contains(out, "\ncommit 0123456789ab+changes, built with go1.") {
		t.Fatalf("stamped with changes: exit %d %q", code, out)
	}
}

// A save file given to the app (a file manager's Open with) is taken as
// one, also as a file:// URI; a word that names no file is not.
func TestSaveToOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "Tuesday night.dunsave")
	os.WriteFile(file, []byte("{}"), 0o644)
	for arg, want := range map[string]string{
		file: file,
		"file://" + dir + "/Tuesday%20night.dunsave": file,
		"frobnicate": "",
		dir:          "",
	} {
		if got, err := saveToOpen(arg); got != want || err != nil {
			t.Errorf("%q: %q %v, want %q", arg, got, err, want)
		}
	}
	if _, err := saveToOpen(filepath.Join(dir, "gone.dunsave")); err == nil {
		t.Error("a missing .dunsave is no error")
	}
}
