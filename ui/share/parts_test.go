package share_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
)

// The frame names no game: no module's name and none of a part's message
// prefixes in ui/share's code (its tests aside), its web files or the
// page's own messages (translations/sharepage.*.toml). Each game's page is
// its own part.
func TestTheFrameNamesNoGame(t *testing.T) {
	var files []string
	code, _ := filepath.Glob("*.go")
	for _, f := range code {
		if !strings.HasSuffix(f, "_test.go") {
			files = append(files, f)
		}
	}
	err := fs.WalkDir(os.DirFS("web"), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, filepath.Join("web", p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	messages, _ := filepath.Glob("../../translations/sharepage.*.toml")
	files = append(files, messages...)
	if len(code) < 5 || len(messages) < 2 || !strings.Contains(strings.Join(files, " "), "app.js") {
		t.Fatalf("the files looked at: %v", files)
	}
	var bad []*regexp.Regexp
	for _, m := range engine.Modules() {
		bad = append(bad, regexp.MustCompile(`(?i)(^|[^a-z0-9_-])`+regexp.QuoteMeta(m)+`([^a-z0-9_-]|$)`))
	}
	for _, p := range share.Parts() {
		for _, prefix := range p.Messages {
			bad = append(bad, regexp.MustCompile(regexp.QuoteMeta(prefix)))
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, re := range bad {
				if re.MatchString(line) {
					t.Errorf("%s:%d names a game (%s): %s", f, i+1, re, strings.TrimSpace(line))
				}
			}
		}
	}
}
