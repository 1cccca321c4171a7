package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "conductor quest validate" refuses a section image that a symbolic link
// inside the quest's folder takes outside it, with the file and the line.
func TestQuestValidateImageOutside(t *testing.T) {
	src, err := os.ReadFile("../../core/dun/quests/" + firstQuest(t))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "quest")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "secret.png"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "floor.png"), []byte("x"), 0o644)
	if err := os.Symlink(filepath.Join(root, "secret.png"), filepath.Join(dir, "escape.png")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, c := range []struct {
		image string
		code  int
	}{{"floor.png", 0}, {"escape.png", 1}} {
		withImage := bytes.Replace(src, []byte("[[sections]]\n"), []byte("[[sections]]\nimage = \""+c.image+"\"\n"), 1)
		if bytes.Equal(withImage, src) {
			t.Fatal("the quest has no [[sections]]")
		}
		file := filepath.Join(dir, "q-"+strings.TrimSuffix(c.image, ".png")+".toml")
		if err := os.WriteFile(file, withImage, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		code := run([]string{"quest", "validate", file}, nil, &out, &errOut)
		if code != c.code {
			t.Fatalf("%s: exit %d, want %d: %s %s", c.image, code, c.code, out.String(), errOut.String())
		}
		if c.code == 1 && (!strings.Contains(out.String(), file+":") || !strings.Contains(out.String(), "escape.png")) {
			t.Fatalf("%s: %q does not name the file and the image", c.image, out.String())
		}
	}
}

// firstQuest is the name of a built-in quest file.
func firstQuest(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob("../../core/dun/quests/*.toml")
	if len(files) == 0 {
		t.Fatal("no built-in quests")
	}
	return filepath.Base(files[0])
}
