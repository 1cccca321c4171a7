package main

import (
	"bufio"
	"bytes"
	"cmp"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// What a clone should not carry: a clone has this repository and nothing
// else, and a reader has no tracker at hand. So no file is named after a
// tracker number, no text points at a folder of one machine (its /work or
// /home) or at the shared folder beside the checkout, and no Go comment
// (nor message file's) says a tracker number for the behaviour it means.
//
// The patterns are built from parts so that this file does not match them.
var (
	hygieneWord = "is" + "sue"
	// A file name with a tracker number: the word, then digits.
	hygieneNameRe = regexp.MustCompile(`(?i)` + hygieneWord + `[-_ ]?[0-9]`)
	// A tracker number in prose: the word (or its plural), then digits.
	hygieneNumberRe = regexp.MustCompile(`(?i)\b` + hygieneWord + `s?\s*#?[0-9]`)
	// An absolute path into one machine's folders: the slash starts the
	// path (not $tmp/home/ nor a URL's path).
	hygieneAbsRe = regexp.MustCompile(`(^|[^A-Za-z0-9_.~$})\]/-])/(` + "wo" + "rk" + `|` + "ho" + "me" + `)/`)
	// The shared folder beside the checkout, named at all (prose) or as a
	// path into it (anywhere, a Go string too).
	hygieneSharedRe     = regexp.MustCompile(`\.\./` + "sha" + `red\b`)
	hygieneSharedPathRe = regexp.MustCompile(`\.\./` + "sha" + `red/`)
)

// hygieneTextExts are the files whose text is read: code, scripts, docs
// and message files.
var hygieneTextExts = map[string]bool{".go": true, ".sh": true, ".md": true, ".toml": true}

// hygieneFinding is one thing a clone should not carry, at a file's line.
type hygieneFinding struct {
	path string // slash-separated, from the module root
	line int    // 0: the file's name
	what string
}

func TestCloneCarriesNoLocalReferences(t *testing.T) {
	for _, f := range cloneHygiene(t, "../..") {
		if f.line == 0 {
			t.Errorf("%s: %s", f.path, f.what)
		} else {
			t.Errorf("%s:%d: %s", f.path, f.line, f.what)
		}
	}
}

// cloneHygiene walks the tree at root, leaving out .git, the build's bin/
// and the failed golden runs (testdata/failed/, ignored by git), and
// returns what each file should not carry.
func cloneHygiene(t *testing.T, root string) []hygieneFinding {
	t.Helper()
	var out []hygieneFinding
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" || rel == "bin" || strings.HasSuffix(rel, "testdata/failed") {
				return filepath.SkipDir
			}
		}
		if hygieneNameRe.MatchString(d.Name()) {
			out = append(out, hygieneFinding{rel, 0, "named after a tracker number: name it after what it holds"})
		}
		if d.IsDir() || !hygieneTextExts[filepath.Ext(rel)] {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, hygieneOfText(rel, b)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortStableFunc(out, func(a, b hygieneFinding) int {
		return cmp.Or(strings.Compare(a.path, b.path), cmp.Compare(a.line, b.line))
	})
	return out
}

// hygieneOfText is what one file's text should not carry. In Go, a
// tracker number and the shared folder's bare name count in comments
// only: a string may be a needle a check looks for (the README layout test
// looks for the shared folder's name); a machine's path counts anywhere.
// In a message file, a tracker number counts in its # comments.
func hygieneOfText(rel string, b []byte) []hygieneFinding {
	var out []hygieneFinding
	add := func(line int, what string) { out = append(out, hygieneFinding{rel, line, what}) }
	lines(b, func(n int, l string) {
		if hygieneAbsRe.MatchString(l) {
			add(n, "an absolute path of one machine: name the text (and its section) instead")
		}
		if hygieneSharedPathRe.MatchString(l) {
			add(n, "a path into the shared folder beside the checkout, which a clone lacks")
		}
	})
	switch filepath.Ext(rel) {
	case ".go":
		for _, c := range goComments(b) {
			lines([]byte(c.text), func(n int, l string) {
				if hygieneNumberRe.MatchString(l) {
					add(c.line+n-1, "a comment says a tracker number: say the behaviour meant")
				}
				if hygieneSharedRe.MatchString(l) && !hygieneSharedPathRe.MatchString(l) {
					add(c.line+n-1, "a comment names the shared folder beside the checkout, which a clone lacks")
				}
			})
		}
	case ".toml":
		lines(b, func(n int, l string) {
			if strings.HasPrefix(strings.TrimSpace(l), "#") && hygieneNumberRe.MatchString(l) {
				add(n, "a comment says a tracker number: say the behaviour meant")
			}
		})
		fallthrough
	default:
		lines(b, func(n int, l string) {
			if hygieneSharedRe.MatchString(l) && !hygieneSharedPathRe.MatchString(l) {
				add(n, "names the shared folder beside the checkout, which a clone lacks")
			}
		})
	}
	return out
}

// lines calls f with each line of b and its number from 1.
func lines(b []byte, f func(n int, l string)) {
	s := bufio.NewScanner(bytes.NewReader(b))
	s.Buffer(nil, 1<<20)
	for n := 1; s.Scan(); n++ {
		f(n, s.Text())
	}
}

// goComment is one comment of a Go file, with the line it starts on.
type goComment struct {
	line int
	text string
}

// goComments are the comments of a Go file's text, found by the Go
// scanner (so a string with // in it is no comment).
func goComments(src []byte) []goComment {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var out []goComment
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.COMMENT {
			out = append(out, goComment{fset.Position(pos).Line, lit})
		}
	}
}

// The checks catch what they are for, and let pass what only looks alike.
func TestCloneHygieneCatches(t *testing.T) {
	w := hygieneWord
	work, home, shared := "/"+"wo"+"rk/", "/"+"ho"+"me/", "../"+"sha"+"red"
	bad := map[string]string{
		"a.go":   "package a\n\n// The table (" + w + " 36) says.\nvar x = 1\n",
		"b.go":   "package a\n\n/* rule text: " + work + "x/rules.txt */\n",
		"c.go":   "package a\n\nvar p = \"" + home + "me/x\"\n",
		"d.go":   "package a\n\n// See " + shared + " for the rules.\n",
		"e.go":   "package a\n\nvar p = \"" + shared + "/rules/x.txt\"\n",
		"f.md":   "The rules are in " + shared + ".\n",
		"g.sh":   "cat " + work + "shared/x\n",
		"h.toml": "# Building costs (" + w + "s 11, 12)\n\"a\" = \"b\"\n",
	}
	for name, text := range bad {
		if got := hygieneOfText(name, []byte(text)); len(got) == 0 {
			t.Errorf("%s: nothing found in %q", name, text)
		}
	}
	good := map[string]string{
		"a.go":   "package a\n\n// An " + w + " of the page: what it says.\nvar s = \"see " + w + " 36\"\n",
		"b.go":   "package a\n\nvar needle = \"" + shared + "\"\n",
		"c.sh":   "HOME=$tmp" + home + " x\n",
		"d.md":   "File an " + w + " when the page is wrong; see https://example.org" + work + "x.\n",
		"e.toml": "\"a\" = \"the " + w + " 3 of the magazine\"\n",
	}
	for name, text := range good {
		if got := hygieneOfText(name, []byte(text)); len(got) != 0 {
			t.Errorf("%s: %+v in %q", name, got, text)
		}
	}
	for name, want := range map[string]bool{w + "36_test.go": true, "Table_" + w + "_31.golden": true, w + "s.md": false, w + "-7.txt": true, "purse_test.go": false} {
		if got := hygieneNameRe.MatchString(name); got != want {
			t.Errorf("name %q flagged %v, want %v", name, got, want)
		}
	}
}
