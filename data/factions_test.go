package data

import (
	"testing"
)

// Imported content files are stored by kind and id; importing an id again
// replaces the file.
func TestContentFiles(t *testing.T) {
	s := openStore(t, dbPath(t))
	if fs, err := s.ContentFiles("faction"); err != nil || len(fs) != 0 {
		t.Fatalf("%v %v", fs, err)
	}
	for _, src := range []string{"first", "second"} {
		if err := s.ImportContent("faction", "kobolds", []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	s.ImportContent("deck", "kobolds", []byte("other kind"))
	fs, err := s.ContentFiles("faction")
	if err != nil || len(fs) != 1 || fs[0].Name != "kobolds.toml" || string(fs[0].Data) != "second" {
		t.Fatalf("%+v %v", fs, err)
	}
}
