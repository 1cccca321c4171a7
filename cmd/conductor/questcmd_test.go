package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
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

// "conductor quest validate" prints each warning as FILE:LINE: warning:,
// in the reader's language, with the exit status of the file's problems
// alone: an exit off its sections' shared wall (named with its sections),
// two sections called the same, a built-in quest's id (but not in that
// quest's own file).
func TestQuestValidateWarns(t *testing.T) {
	example, err := os.ReadFile("../../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := os.ReadFile("../../core/dun/quests/" + firstQuest(t))
	if err != nil {
		t.Fatal(err)
	}
	id, idLine := builtinID(t, builtin)
	onWall := strings.Replace(string(example), "  x = 2\n  y = 8", "  x = 4\n  y = 7", 1)
	cases := []struct {
		name   string
		src    string
		code   int
		en, es []string // what the output holds, line by line
	}{
		{"an exit off its wall", string(example), 0,
			[]string{"q.toml:47: warning: The secret door from “Room” to “Main Room” (at 2, 8) is not on a wall the two sections share", "q.toml: valid, with the warnings above."},
			[]string{"q.toml:47: aviso: La puerta secreta de «Sala» a «Sala Principal» (en 2, 8) no está en una pared", "q.toml: válida, con los avisos de arriba."}},
		{"two sections called the same", strings.Replace(strings.Replace(onWall, "id = \"stairs\"\n", "id = \"stairs\"\nname = { en = \"Crypt\", es = \"Cripta\" }\n", 1),
			"id = \"cellar\"\n", "id = \"cellar\"\nname = { en = \"Crypt\", es = \"Cripta\" }\n", 1), 0,
			[]string{"q.toml:33: warning: This section and the one on line 16 are both called “Crypt”"},
			[]string{"q.toml:33: aviso: Esta sección y la de la línea 16 se llaman las dos «Cripta»"}},
		{"a built-in quest's id", "# my changes\n" + string(builtin), 0,
			[]string{fmt.Sprintf("q.toml:%d: warning: The id “%s” is that of a quest that comes with the app", idLine+1, id)},
			[]string{fmt.Sprintf("q.toml:%d: aviso: El identificador «%s» es el de una misión que viene con la aplicación", idLine+1, id)}},
		{"a built-in quest's own file", string(builtin), 0, []string{"q.toml: valid.\n"}, []string{"q.toml: válida.\n"}},
		{"a problem and a warning", strings.Replace(string(example), `title = { en = "The Cellar", es = "La bodega" }`, `title = { en = "The Cellar" }`, 1), 1,
			[]string{"q.toml:3: The quest's title (title) has no Spanish version", "q.toml:47: warning: The secret door"},
			[]string{"q.toml:3: El título de la misión (title) no tiene versión en español", "q.toml:47: aviso: La puerta secreta"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "q.toml")
			if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			for lang, want := range map[string][]string{"en": c.en, "es": c.es} {
				var out, errOut bytes.Buffer
				if code := runQuest([]string{"validate", file}, &out, &errOut, translations.New(lang)); code != c.code {
					t.Fatalf("%s: exit %d, want %d: %s%s", lang, code, c.code, out.String(), errOut.String())
				}
				for _, w := range want {
					if !strings.Contains(out.String(), w) {
						t.Errorf("%s: the output has no %q:\n%s", lang, w, out.String())
					}
				}
				if c.name == "a built-in quest's own file" && strings.Contains(out.String(), ": warning:") {
					t.Errorf("%s: a warning in %s", lang, out.String())
				}
			}
		})
	}
}

// builtinID is the id a built-in quest file gives, and its line.
func builtinID(t *testing.T, src []byte) (string, int) {
	t.Helper()
	for i, line := range strings.Split(string(src), "\n") {
		if id, ok := strings.CutPrefix(line, "id = "); ok {
			return strings.Trim(id, `"`), i + 1
		}
	}
	t.Fatal("no id")
	return "", 0
}
