package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/translations"
	"golang.org/x/text/language"
)

// runTranslations is `conductor translations check|new LANG [--dir DIR]`,
// what a translator adding a language runs (CONTRIBUTING.md):
//
//	check  lists the messages LANG's files lack (or leave empty) with the
//	       English text beside each, and those English does not have;
//	       exits 1 while any is missing. Without --dir it checks the files
//	       built into the app.
//	new    writes LANG's files to fill in (translations.Skeleton) into DIR
//	       (./translations when there is one, else the current folder),
//	       refusing to overwrite any file, and lists those of a game
//	       module with the folder each goes to (translations.ModuleDir).
func runTranslations(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	usage := func() int {
		fmt.Fprintln(errOut, tr.T("cli.translations.usage", nil))
		return 2
	}
	if len(args) < 1 || args[0] != "check" && args[0] != "new" {
		return usage()
	}
	verb := args[0]
	fset := flag.NewFlagSet("translations", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	dir := fset.String("dir", "", tr.T("cli.flag.translations_dir", nil))
	// LANG may come before or after --dir.
	var rest []string
	for a := args[1:]; ; {
		if err := fset.Parse(a); err != nil {
			fmt.Fprintln(errOut, badOption(tr, err))
			return usage()
		}
		if fset.NArg() == 0 {
			break
		}
		rest = append(rest, fset.Arg(0))
		a = fset.Args()[1:]
	}
	if len(rest) != 1 {
		return usage()
	}
	tag := rest[0]
	if _, err := language.Parse(tag); err != nil || strings.ContainsAny(tag, "./\\") {
		fmt.Fprintln(errOut, tr.T("cli.translations.bad_tag", map[string]any{"Lang": tag}))
		return 2
	}
	if verb == "new" {
		return writeSkeleton(tag, *dir, out, errOut, tr)
	}
	return checkLanguage(tag, *dir, out, errOut, tr)
}

func checkLanguage(tag, dir string, out, errOut io.Writer, tr *translations.Translator) int {
	var fsys fs.FS // nil: the app's own files
	where := tr.T("cli.translations.own_files", nil)
	if dir != "" {
		fsys, where = os.DirFS(dir), dir
	}
	if _, err := fs.Stat(orShipped(fsys), tag+".toml"); err != nil {
		fmt.Fprintln(errOut, tr.T("cli.translations.no_files", map[string]any{"Lang": tag, "Dir": where}))
		return 1
	}
	missing, extra, err := translations.Compare(fsys, tag)
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.translations.unreadable", map[string]any{"Lang": tag, "Detail": err.Error()}))
		return 2
	}
	list := func(id string, gaps []translations.Gap) {
		fmt.Fprintln(out, tr.T(id, map[string]any{"Count": len(gaps), "Lang": tag}))
		for _, g := range gaps {
			fmt.Fprintf(out, "  %s\t%s\n", g.ID, strings.ReplaceAll(g.Text, "\n", `\n`))
		}
	}
	if len(missing) > 0 {
		list("cli.translations.missing", missing)
	}
	if len(extra) > 0 {
		list("cli.translations.extra", extra)
	}
	if len(missing) > 0 {
		return 1
	}
	if len(extra) == 0 {
		fmt.Fprintln(out, tr.T("cli.translations.complete", map[string]any{"Lang": tag}))
	}
	return 0
}

// orShipped is fsys, or the app's own message files for nil.
func orShipped(fsys fs.FS) fs.FS {
	if fsys == nil {
		return translations.Files()
	}
	return fsys
}

func writeSkeleton(tag, dir string, out, errOut io.Writer, tr *translations.Translator) int {
	if dir == "" {
		dir = "."
		if info, err := os.Stat("translations"); err == nil && info.IsDir() {
			dir = "translations"
		}
	}
	var english fs.FS // the app's own English, unless DIR has its own
	if _, err := os.Stat(filepath.Join(dir, translations.Default+".toml")); err == nil {
		english = os.DirFS(dir)
	}
	files, err := translations.Skeleton(english, tag)
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.translations.unreadable", map[string]any{"Lang": translations.Default, "Detail": err.Error()}))
		return 2
	}
	names := slices.Sorted(maps.Keys(files))
	// Nothing is written when any file is there already.
	for _, n := range names {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			fmt.Fprintln(errOut, tr.T("cli.translations.exists", map[string]any{"File": filepath.Join(dir, n)}))
			return 1
		}
	}
	for _, n := range names {
		path := filepath.Join(dir, n)
		if err := os.WriteFile(path, files[n], 0o644); err != nil {
			fmt.Fprintln(errOut, tr.T("cli.translations.write_failed", map[string]any{"File": path, "Detail": err.Error()}))
			return 1
		}
	}
	fmt.Fprintln(out, tr.T("cli.translations.written", map[string]any{"Count": len(names), "Lang": tag, "Dir": dir}))
	sayModuleFiles(names, out, tr)
	return 0
}

// sayModuleFiles lists the written files that belong to a game module,
// each with the folder in the source code its module registers its message
// files from (translations.ModuleDir), where it goes.
func sayModuleFiles(names []string, out io.Writer, tr *translations.Translator) {
	var theirs [][2]string
	for _, n := range names {
		if d := translations.ModuleDir(n); d != "" {
			theirs = append(theirs, [2]string{n, d})
		}
	}
	if len(theirs) == 0 {
		return
	}
	fmt.Fprintln(out, tr.T("cli.translations.module_files", map[string]any{"Count": len(theirs)}))
	for _, f := range theirs {
		fmt.Fprintf(out, "  %s\t%s/\n", f[0], f[1])
	}
}
