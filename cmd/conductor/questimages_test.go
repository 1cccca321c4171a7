package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
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

// A quest the editor wrote, with a picture kept in the file, is a valid
// quest for "conductor quest validate" (its picture is no path to check);
// a broken picture is reported with the file and the section's line.
func TestQuestValidateEditedQuestWithPicture(t *testing.T) {
	tomb, ps := quest.Parse("tomb.toml", mustRead(t, "../../core/dun/quests/03-the-tomb-of-the-ash-king.toml"))
	if ps != nil {
		t.Fatal(ps)
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, 1600, 900))); err != nil {
		t.Fatal(err)
	}
	uri, err := quest.ImageFromFile(pic.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	d := edit.Open(tomb)
	if err := d.SetImage("ossuary", uri); err != nil {
		t.Fatal(err)
	}
	data, err := d.TOML()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "edited.toml")
	broken := filepath.Join(dir, "broken.toml")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, bytes.Replace(data, []byte("data:image/png;base64,"), []byte("data:image/png;base64,AAAA"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, want string
		code       int
	}{{good, "", 0}, {broken, broken + ":172:", 1}} {
		var out, errOut bytes.Buffer
		if code := run([]string{"quest", "validate", c.file}, nil, &out, &errOut); code != c.code || !strings.Contains(out.String(), c.want) {
			t.Fatalf("%s: exit %d, want %d: %s %s", c.file, code, c.code, out.String(), errOut.String())
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
