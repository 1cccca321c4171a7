package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// layoutRow is a folder named in the first column of the README's Layout
// table, as `folder/`.
var layoutRow = regexp.MustCompile("(?m)^\\| `([^`]+)/` \\|")

// readmeLayout is the folders the README's Layout table names.
func readmeLayout(t *testing.T, readme string) []string {
	t.Helper()
	start := strings.Index(readme, "\n## Layout\n")
	if start < 0 {
		t.Fatal("README.md has no \"## Layout\" part")
	}
	part := readme[start+1:]
	if end := strings.Index(part[3:], "\n## "); end >= 0 {
		part = part[:end+3]
	}
	var rows []string
	for _, m := range layoutRow.FindAllStringSubmatch(part, -1) {
		rows = append(rows, m[1])
	}
	return rows
}

// codeFolders are the repository's folders holding Go files, and the top
// level's other folders, as paths from the top.
func codeFolders(t *testing.T, root string) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || rel == "bin") {
				return filepath.SkipDir
			}
			if rel != "." && !strings.Contains(rel, "/") && !slices.Contains([]string{"cmd", "core", "ui"}, rel) {
				seen[rel] = true // a top-level folder: scripts, assets, data, translations
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			seen[filepath.ToSlash(filepath.Dir(rel))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for f := range seen {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// The README's Layout table names every folder with code (and every
// top-level folder), and no folder that is gone: it cannot drift from the
// tree.
func TestReadmeLayout(t *testing.T) {
	const root = "../.."
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := readmeLayout(t, string(readme))
	games := gameFolders(t)
	for _, f := range codeFolders(t, root) {
		if !slices.Contains(rows, f) && !inAGame(f, games, rows) {
			t.Errorf("README.md's Layout table has no row for `%s/`", f)
		}
	}
	for _, r := range rows {
		if strings.Contains(r, gamePlaceholder) {
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, r)); err != nil || !fi.IsDir() {
			t.Errorf("README.md's Layout table names `%s/`, which is not a folder", r)
		}
	}
	// A clone has only this repository: the README sends nobody outside it.
	if strings.Contains(string(readme), "../shared") {
		t.Error("README.md points at ../shared, which a clone does not have")
	}
}

// gamePlaceholder stands for any game's folder in a Layout row
// (`core/<game>/`): a game's own folders need no row of their own, so a new
// game changes nothing outside them but its line in games.go.
const gamePlaceholder = "<game>"

// gameFolders are the folders of the games games.go imports (ui/X: X).
func gameFolders(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "games.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if game, ok := strings.CutPrefix(path, "github.com/dunconductor/conductor/ui/"); ok {
			out = append(out, game)
		}
	}
	if len(out) < 3 {
		t.Fatalf("games.go imports %d games", len(out))
	}
	return out
}

// inAGame says whether folder is inside a game's folder (core/X/…, ui/X/…)
// and the table has the placeholder row for that top (core/<game>/).
func inAGame(folder string, games, rows []string) bool {
	top, rest, _ := strings.Cut(folder, "/")
	game, _, _ := strings.Cut(rest, "/")
	return slices.Contains(games, game) && slices.Contains(rows, top+"/"+gamePlaceholder)
}
