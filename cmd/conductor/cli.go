package main

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/dunconductor/conductor/translations"
)

// version is the release's version, stamped at link time by the Makefile
// (-X main.version=…, from the Git tag); empty in a plain `go build`.
var version = ""

// commit is the Git commit a release was built from, stamped beside version.
var commit = ""

// command is one subcommand of conductor: what it is called, its usage and
// one-line summary (message IDs), its options for its own --help, and what
// runs it.
type command struct {
	name    string // as typed after conductor, with its verb: "quest validate"
	usage   string
	summary string
	options []option
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer, tr *translations.Translator) int
}

// option is one flag of a command, as its --help lists it.
type option struct {
	flag string // "--db"
	arg  string // message ID of its value's name ("cli.arg.file"), or ""
	help string // message ID of what it does
}

var (
	optDB   = option{"--db", "cli.arg.file", "cli.flag.db"}
	optFull = option{"--full", "", "cli.flag.full"}
	optHelp = option{"-h, --help", "", "cli.flag.help"}
)

// commands are every subcommand, in the order --help lists them (set in
// init: help's own command looks the others up).
var commands []command

func init() {
	commands = []command{
		{"script", "cli.script.usage", "cli.help.script", []option{optFull, optHelp}, runScriptCommand},
		{"replay", "cli.replay.usage", "cli.help.replay", []option{optDB, optFull, optHelp}, withoutStdin(runReplay)},
		{"export", "cli.export.usage", "cli.help.export", []option{optDB, {"--game", "cli.arg.id", "cli.flag.game"}, {"--campaign", "cli.arg.id", "cli.flag.campaign"}, optHelp}, withoutStdin(runExport)},
		{"journal", "cli.journal.usage", "cli.help.journal", []option{optDB, {"--game", "cli.arg.id", "cli.flag.journal_game"}, {"--conductor", "", "cli.flag.conductor"}, optHelp}, withoutStdin(runJournal)},
		{"import", "cli.import.usage", "cli.help.import", []option{optDB, {"--as-copy", "", "cli.flag.as_copy"}, {"--replace", "", "cli.flag.replace"}, optHelp}, withoutStdin(runImport)},
		{"quest validate", "cli.quest.usage", "cli.help.quest", []option{optHelp}, withoutStdin(runQuest)},
		{"faction validate", "cli.faction.usage", "cli.help.faction", []option{optHelp}, withoutStdin(runFaction)},
		{"dragon-canyon validate", "cli.dc.usage", "cli.help.dragon_canyon", []option{optHelp}, withoutStdin(runDragonCanyon)},
		{"translations check", "cli.translations.usage", "cli.help.translations", []option{{"--dir", "cli.arg.dir", "cli.flag.translations_dir"}, optHelp}, withoutStdin(runTranslations)},
		{"version", "cli.help.usage_version", "cli.help.version", []option{optHelp}, runVersionCommand},
		{"help", "cli.help.usage_help", "cli.help.help", []option{optHelp}, runHelpCommand},
	}
}

// appOptions are the options of conductor itself (the app).
var appOptions = []option{optDB, {"--version", "", "cli.flag.version"}, optHelp}

func withoutStdin(f func([]string, io.Writer, io.Writer, *translations.Translator) int) func([]string, io.Reader, io.Writer, io.Writer, *translations.Translator) int {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer, tr *translations.Translator) int {
		return f(args, stdout, stderr, tr)
	}
}

// findCommand is the subcommand named word (the first word of its name), or nil.
func findCommand(word string) *command {
	for i := range commands {
		if strings.Fields(commands[i].name)[0] == word {
			return &commands[i]
		}
	}
	return nil
}

// wantsHelp says whether a command's arguments ask for its help: -h, -help
// or --help anywhere before a "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// printHelp is conductor --help: how to open the app, every command with
// one line each, the app's options.
func printHelp(w io.Writer, tr *translations.Translator) {
	fmt.Fprintln(w, tr.T("cli.help.usage", nil))
	fmt.Fprintln(w)
	printCommandList(w, tr)
	fmt.Fprintln(w)
	fmt.Fprintln(w, tr.T("cli.help.options", nil))
	printOptions(w, tr, appOptions)
	fmt.Fprintln(w)
	fmt.Fprintln(w, tr.T("cli.help.more", nil))
}

// printCommandList lists every command with its one-line summary.
func printCommandList(w io.Writer, tr *translations.Translator) {
	fmt.Fprintln(w, tr.T("cli.help.commands", nil))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, tr.T(c.summary, nil))
	}
	tw.Flush()
}

// printOptions lists options with what each does.
func printOptions(w io.Writer, tr *translations.Translator, opts []option) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, o := range opts {
		name := o.flag
		if o.arg != "" {
			name += " " + tr.T(o.arg, nil)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, tr.T(o.help, nil))
	}
	tw.Flush()
}

// printCommandHelp is a command's own --help.
func printCommandHelp(w io.Writer, tr *translations.Translator, c *command) {
	fmt.Fprintln(w, tr.T(c.usage, nil))
	fmt.Fprintln(w)
	fmt.Fprintln(w, tr.T(c.summary, nil)+".")
	fmt.Fprintln(w)
	fmt.Fprintln(w, tr.T("cli.help.options", nil))
	printOptions(w, tr, c.options)
}

// unknownCommand says that word is no command, lists them, and gives the
// exit status of a wrong command line.
func unknownCommand(w io.Writer, tr *translations.Translator, word string) int {
	fmt.Fprintln(w, tr.T("cli.unknown_command", map[string]any{"Name": word}))
	fmt.Fprintln(w)
	printCommandList(w, tr)
	fmt.Fprintln(w)
	fmt.Fprintln(w, tr.T("cli.help.more", nil))
	return 2
}

func runHelpCommand(args []string, _ io.Reader, stdout, stderr io.Writer, tr *translations.Translator) int {
	switch len(args) {
	case 0:
		printHelp(stdout, tr)
		return 0
	case 1:
		if c := findCommand(args[0]); c != nil {
			printCommandHelp(stdout, tr, c)
			return 0
		}
		return unknownCommand(stderr, tr, args[0])
	}
	fmt.Fprintln(stderr, tr.T("cli.help.usage_help", nil))
	return 2
}

func runVersionCommand(args []string, _ io.Reader, stdout, stderr io.Writer, tr *translations.Translator) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, tr.T("cli.help.usage_version", nil))
		return 2
	}
	printVersion(stdout, tr)
	return 0
}

// printVersion prints the version on the first line, then the commit and
// the Go toolchain it was built from.
func printVersion(w io.Writer, tr *translations.Translator) {
	v, rev := versionInfo()
	fmt.Fprintln(w, tr.T("cli.version", map[string]any{"Version": v}))
	id := "cli.version.build"
	if rev == "" {
		id = "cli.version.toolchain" // a plain go build, without VCS stamping
	}
	fmt.Fprintln(w, tr.T(id, map[string]any{"Commit": rev, "Go": runtime.Version(), "Platform": runtime.GOOS + "/" + runtime.GOARCH}))
}

// versionInfo is the version stamped at link time, else what the Go
// toolchain recorded (a module version, or "devel"); and the commit, short,
// with "+changes" when the tree it was built from had uncommitted changes.
func versionInfo() (v, rev string) {
	v, rev = version, commit
	modified := false
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" && info.Main.Version != "(devel)" {
			v = strings.TrimPrefix(info.Main.Version, "v")
		}
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && rev == "":
				rev = s.Value
			case s.Key == "vcs.modified" && commit == "":
				modified = s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "devel"
	}
	hash, changes, _ := strings.Cut(rev, "+") // a stamped commit may say "+changes"
	if len(hash) > 12 {
		hash = hash[:12]
	}
	rev = hash
	if changes != "" || modified {
		rev += "+changes"
	}
	return v, rev
}

// badOption words the flag package's complaint about the app's options.
func badOption(tr *translations.Translator, err error) string {
	msg := err.Error()
	for prefix, id := range map[string]string{
		"flag provided but not defined: ": "cli.bad_option.unknown",
		"flag needs an argument: ":        "cli.bad_option.needs_value",
	} {
		if f, ok := strings.CutPrefix(msg, prefix); ok {
			return tr.T(id, map[string]any{"Flag": f})
		}
	}
	return tr.T("cli.bad_option", map[string]any{"Detail": msg})
}

// saveToOpen is the file the app was asked to open (a save to import, as a
// file manager passes it: a path or a file:// URI), or "" when arg is
// none. A missing .dunsave is an error; anything else that is no file is
// not a save (the caller says it is no command either).
func saveToOpen(arg string) (path string, err error) {
	if strings.HasPrefix(arg, "file://") {
		u, perr := url.Parse(arg)
		if perr == nil {
			arg = u.Path
		}
	}
	info, err := os.Stat(arg)
	if err == nil && info.Mode().IsRegular() {
		return arg, nil
	}
	lower := strings.ToLower(arg)
	if err != nil && (strings.HasSuffix(lower, ".dunsave") || strings.HasSuffix(lower, ".json")) {
		return "", err
	}
	return "", nil
}
