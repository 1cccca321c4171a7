package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// questSource is the quest package's small valid quest.
func questSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An image path that a symbolic link takes outside the quest's folder is
// refused; links that stay inside, and images not there, are not.
func TestImagesOutsideTheFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "quest")
	outside := filepath.Join(root, "secret.png")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "tiles"), 0o755))
	must(os.WriteFile(outside, []byte("x"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "tiles", "floor.png"), []byte("x"), 0o644))
	must(os.Symlink(outside, filepath.Join(dir, "escape.png")))
	must(os.Symlink(root, filepath.Join(dir, "up")))
	must(os.Symlink(filepath.Join(dir, "tiles", "floor.png"), filepath.Join(dir, "inside.png")))
	must(os.Symlink(filepath.Join(root, "gone.png"), filepath.Join(dir, "dangling.png")))
	cases := []struct {
		image string
		ok    bool
	}{
		{"tiles/floor.png", true},
		{"inside.png", true},
		{"missing.png", true},
		{"escape.png", false},
		{"up/secret.png", false},
		{"up/not-there.png", false},
		{"dangling.png", false},
	}
	for _, c := range cases {
		t.Run(c.image, func(t *testing.T) {
			src := strings.Replace(questSource(t), `kind = "room"`, fmt.Sprintf("kind = \"room\"\nimage = %q", c.image), 1)
			file := filepath.Join(dir, "q.toml")
			q, ps := quest.Parse(file, []byte(src))
			if ps != nil {
				t.Fatal(ps) // the path as written is inside
			}
			ps = CheckQuestImages(file, q)
			if c.ok != (len(ps) == 0) {
				t.Fatalf("ok %v, got %v", c.ok, ps)
			}
			if !c.ok && (ps[0].ID != "quest.image_outside" || ps[0].Line != 32 || ps[0].File != file) {
				t.Fatalf("%v", ps)
			}
		})
	}
}
