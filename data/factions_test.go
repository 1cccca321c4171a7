package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
)

// Imported content files are checked by their module and stored by kind
// and the id it gives; importing an id again replaces the file.
func TestContentFiles(t *testing.T) {
	s := openStore(t, dbPath(t))
	if fs, err := s.ContentFiles("faction"); err != nil || len(fs) != 0 {
		t.Fatalf("%v %v", fs, err)
	}
	samples, err := BuiltinFactionFiles()
	if err != nil {
		t.Fatal(err)
	}
	first := string(samples[len(samples)-1].Data)
	second := strings.Replace(first, "\n", "\n# changed\n", 1)
	for _, src := range []string{first, second} {
		if id, err := s.ImportContent("faction", "mine.toml", []byte(src)); err != nil || id != "vermin" {
			t.Fatalf("ImportContent = %q, %v", id, err)
		}
	}
	if _, err := s.ImportContent("faction", "bad.toml", []byte("id = 3")); !errors.Is(err, ErrBadContent) {
		t.Fatalf("an invalid faction: %v", err)
	}
	if _, err := s.ImportContent("deck", "kobolds.toml", []byte("other kind")); !errors.Is(err, ErrContentKind) {
		t.Fatalf("a kind no module reads: %v", err)
	}
	fs, err := s.ContentFiles("faction")
	if err != nil || len(fs) != 1 || fs[0].Name != "vermin.toml" || string(fs[0].Data) != second {
		t.Fatalf("%+v %v", fs, err)
	}
	if _, err := bestiary.ParseFaction(fs[0].Name, fs[0].Data); err != nil {
		t.Fatal(err)
	}
}
