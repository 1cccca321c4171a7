package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The docs a clone carries (README.md, CONTRIBUTING.md and every file
// under docs/) stay true to the tree: every link leads to a file there and
// every anchor to a heading of it, every `make TARGET` they show is a
// target of the Makefile, the architecture's Layout table maps every folder
// with code, and nothing points outside the repository.

// docsRoot is the repository's top, from this package's folder.
const docsRoot = "../.."

// docFiles are the Markdown files the checks read, as slash paths from
// root: README.md, CONTRIBUTING.md and docs/**/*.md.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{"README.md", "CONTRIBUTING.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	return files
}

// fence is a line that opens or closes a fenced code block.
var fence = regexp.MustCompile("^\\s*```")

// splitCode parts a Markdown text into its prose (code blocks and inline
// code spans blanked, lines kept) and its code (the blocks' lines and the
// spans' texts).
func splitCode(text string) (prose string, code []string) {
	prose, code = splitBlocks(text)
	// Inline spans, which may run over a line break inside a paragraph.
	prose = inlineCode.ReplaceAllStringFunc(prose, func(span string) string {
		code = append(code, strings.Trim(span, "`"))
		return strings.Repeat("\n", strings.Count(span, "\n"))
	})
	return prose, code
}

// splitBlocks blanks the fenced code blocks of a Markdown text, lines
// kept, and returns their lines apart: a heading's inline code is part of
// its text.
func splitBlocks(text string) (prose string, code []string) {
	var out []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case fence.MatchString(l):
			in = !in
			out = append(out, "")
		case in:
			code = append(code, l)
			out = append(out, "")
		default:
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n"), code
}

var inlineCode = regexp.MustCompile("`[^`]*`")

// mdLink is an inline link or picture, [text](target) or ![alt](target),
// with an optional "title".
var mdLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)

// headingLine is an ATX heading.
var headingLine = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)

// anchors are the ids GitHub gives a Markdown text's headings: the text
// lower-cased, every character but letters, marks, digits, spaces, '-'
// and '_' dropped, spaces turned into '-'; a repeated one gets -1, -2…
func anchors(text string) map[string]bool {
	prose, _ := splitBlocks(text)
	seen := map[string]int{}
	out := map[string]bool{}
	for _, l := range strings.Split(prose, "\n") {
		m := headingLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		slug := slugOf(m[1])
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// slugOf is GitHub's anchor of a heading's text.
func slugOf(heading string) string {
	// A link in a heading anchors on its text.
	heading = mdLink.ReplaceAllStringFunc(heading, func(l string) string {
		return l[strings.Index(l, "[")+1 : strings.Index(l, "]")]
	})
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// linkProblems are the relative links of the Markdown file doc (a slash
// path under root) that lead nowhere: a file that does not exist or lies
// outside root, or an anchor no heading of its file has.
func linkProblems(root, doc string) ([]string, error) {
	text, err := os.ReadFile(filepath.Join(root, doc))
	if err != nil {
		return nil, err
	}
	prose, _ := splitCode(string(text))
	var out []string
	for n, l := range strings.Split(prose, "\n") {
		for _, m := range mdLink.FindAllStringSubmatch(l, -1) {
			if p := linkProblem(root, doc, m[1]); p != "" {
				out = append(out, fmt.Sprintf("%s:%d: %s", doc, n+1, p))
			}
		}
	}
	return out, nil
}

// external is a link with a scheme (https:, mailto:…): not checked here.
var external = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// linkProblem says what is wrong with the link target from doc, or "".
func linkProblem(root, doc, target string) string {
	if external.MatchString(target) {
		return ""
	}
	file, anchor, _ := strings.Cut(target, "#")
	to := doc
	if file != "" {
		if strings.HasPrefix(file, "/") {
			return fmt.Sprintf("%s: an absolute path, which a clone does not have", target)
		}
		to = path.Join(path.Dir(doc), file)
		if to == ".." || strings.HasPrefix(to, "../") {
			return fmt.Sprintf("%s: outside the repository", target)
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(to))); err != nil {
			return fmt.Sprintf("%s: no such file (%s)", target, to)
		}
	}
	if anchor == "" {
		return ""
	}
	if !strings.HasSuffix(to, ".md") {
		return fmt.Sprintf("%s: an anchor into a file that is not Markdown", target)
	}
	text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(to)))
	if err != nil {
		return fmt.Sprintf("%s: %v", target, err)
	}
	if !anchors(string(text))[anchor] {
		return fmt.Sprintf("%s: %s has no heading #%s", target, to, anchor)
	}
	return ""
}

// Every relative link of the docs leads to a file of the repository, and
// every anchor to a heading of its file.
func TestDocLinksResolve(t *testing.T) {
	for _, doc := range docFiles(t, docsRoot) {
		problems, err := linkProblems(docsRoot, doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Error(p)
		}
	}
}

// makeTargetLine is a rule's line in a Makefile: `target: prerequisites`,
// not a variable's `NAME := value`.
var makeTargetLine = regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9_.-]*)\s*:([^=]|$)`)

// makeTargets are the targets the Makefile at root defines.
func makeTargets(t *testing.T, root string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if m := makeTargetLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	if len(out) == 0 {
		t.Fatal("no target found in the Makefile")
	}
	return out
}

// commandSep parts a line of code into commands.
var commandSep = regexp.MustCompile(`&&|\|\||[;|()]`)

// makeCalls are the targets `make` is given in a piece of code: in
// `sudo make install PREFIX=…`, install; in `make` alone, none.
func makeCalls(code string) []string {
	var out []string
	for _, line := range strings.Split(code, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i] // a comment
		}
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, cmd := range commandSep.Split(line, -1) {
			fields := strings.Fields(cmd)
			for i, f := range fields {
				if f != "make" {
					continue
				}
				for _, arg := range fields[i+1:] {
					if strings.Contains(arg, "=") || strings.HasPrefix(arg, "-") {
						continue // a variable or an option
					}
					out = append(out, strings.Trim(arg, ".,:`"))
					break
				}
				break
			}
		}
	}
	return out
}

// Every `make TARGET` the docs show (in code: a block or a span) is a
// target of the Makefile.
func TestDocMakeTargetsExist(t *testing.T) {
	targets := makeTargets(t, docsRoot)
	for _, doc := range docFiles(t, docsRoot) {
		text, err := os.ReadFile(filepath.Join(docsRoot, doc))
		if err != nil {
			t.Fatal(err)
		}
		_, code := splitCode(string(text))
		seen := map[string]bool{}
		for _, c := range code {
			for _, target := range makeCalls(c) {
				if !slices.Contains(targets, target) && !seen[target] {
					seen[target] = true
					t.Errorf("%s shows `make %s`, which is no target of the Makefile", doc, target)
				}
			}
		}
	}
}

// A clone has only this repository: no doc sends its reader outside it,
// to the folder shared beside the checkout or a folder of one machine.
func TestDocsStayInTheRepository(t *testing.T) {
	outside := []string{"../shared", "/wo" + "rk/", "/ho" + "me/"}
	for _, doc := range docFiles(t, docsRoot) {
		text, err := os.ReadFile(filepath.Join(docsRoot, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outside {
			if strings.Contains(string(text), o) {
				t.Errorf("%s points at %s, which a clone does not have", doc, o)
			}
		}
	}
}

// The checks above catch what they are for: a broken link, a missing
// anchor, a link out of the repository, a target the Makefile lacks.
func TestDocChecksCatch(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/a.md", "# A page\n\n## The table flow (`table_flow`)\n\n## What players see\n\n## What players see\n")
	write("docs/b.md", strings.Join([]string{
		"[fine](a.md) [fine too](a.md#the-table-flow-table_flow) [again](a.md#what-players-see-1)",
		"[here](#b) [web](https://example.org/x) ![picture](../pic.png)",
		"[gone](c.md) [no heading](a.md#nowhere) [out](../../x.md) [self](#none)",
		"`[not a link](nowhere.md)`",
		"```",
		"[in a block](nowhere.md)",
		"```",
		"# B",
	}, "\n"))
	write("pic.png", "")
	problems, err := linkProblems(root, "docs/b.md")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"c.md:", "a.md#nowhere:", "../../x.md:", "#none:"}
	if len(problems) != len(want) {
		t.Fatalf("problems %q, want one for each of %q", problems, want)
	}
	for i, w := range want {
		if !strings.Contains(problems[i], w) {
			t.Errorf("problem %d is %q, want one about %s", i, problems[i], w)
		}
	}
	calls := makeCalls("make run    # builds; make it\nsudo make install PREFIX=$HOME/.local && RELEASE_CHECK_COLD=1 make release-check\nmake\n# make sure")
	if !slices.Equal(calls, []string{"run", "install", "release-check"}) {
		t.Errorf("makeCalls: %q", calls)
	}
	if slug := slugOf("The story so far: sittings, \"Last time at the table\" and the journal"); slug != "the-story-so-far-sittings-last-time-at-the-table-and-the-journal" {
		t.Errorf("slug %q", slug)
	}
}

// layoutRow is a folder named in the first column of the architecture's
// Layout table, as `folder/`.
var layoutRow = regexp.MustCompile("(?m)^\\| `([^`]+)/` \\|")

// layoutRows are the folders the Layout table of the Markdown text doc names.
func layoutRows(t *testing.T, doc string) []string {
	t.Helper()
	start := strings.Index(doc, "\n## Layout\n")
	if start < 0 {
		t.Fatal("docs/architecture.md has no \"## Layout\" part")
	}
	part := doc[start+1:]
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
				seen[rel] = true // a top-level folder: scripts, assets, data, docs, translations
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

// The architecture's Layout table names every folder with code (and every
// top-level folder), and no folder that is gone: it cannot drift from the
// tree.
func TestArchitectureLayout(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(docsRoot, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := layoutRows(t, string(doc))
	games := gameFolders(t)
	for _, f := range codeFolders(t, docsRoot) {
		if !slices.Contains(rows, f) && !inAGame(f, games, rows) {
			t.Errorf("docs/architecture.md's Layout table has no row for `%s/`", f)
		}
	}
	for _, r := range rows {
		if strings.Contains(r, gamePlaceholder) {
			continue
		}
		if fi, err := os.Stat(filepath.Join(docsRoot, r)); err != nil || !fi.IsDir() {
			t.Errorf("docs/architecture.md's Layout table names `%s/`, which is not a folder", r)
		}
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
