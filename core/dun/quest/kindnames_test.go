package quest

import "testing"

// A section kind's name comes from what the app registers (its message
// files, in every language they have), the shipped names filling the
// rest: a language added by its files names an unnamed section too.
func TestKindNamesFromTheRegisteredFiles(t *testing.T) {
	defer kindNamer.Store(kindNamer.Load())
	NameKinds(func(kind string) Text {
		if kind == "room" {
			return Text{"fr": "Salle", "es": "Cámara"}
		}
		return nil
	})
	q := &Quest{Sections: []Section{{ID: "a", Kind: "room"}, {ID: "b", Kind: "room"}, {ID: "c", Kind: "corridor"}}}
	for _, c := range []struct{ id, lang, want string }{
		{"b", "fr", "Salle 2"},
		{"a", "es", "Cámara 1"},
		{"a", "en", "Room 1"},
		{"c", "es", "Pasillo"},
		{"c", "fr", ""},
	} {
		if got := q.SectionName(c.id)[c.lang]; got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.id, c.lang, got, c.want)
		}
	}
}
