package quest

import (
	"runtime"
	"strings"
	"testing"
)

// A quest's pictures are copied once into the file written, not through a
// string of their own, a line of their own and a buffer doubling as it
// fills (the quest editor writes its draft, pictures and all, at each
// pause in typing): the bytes Encode allocates stay within 1.5 times the
// file's.
func TestEncodeCopiesPicturesOnce(t *testing.T) {
	q := &Quest{ID: "pictures", Title: Text{"en": "Pictures", "es": "Imágenes"}}
	for i, id := range []string{"hall", "crypt", "vault"} {
		q.Sections = append(q.Sections, Section{ID: id, Name: Text{"en": id}, Kind: "room", X: 4 * i, W: 3, H: 3,
			Image: "data:image/jpeg;base64," + strings.Repeat("QUJD", 300_000+i)})
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, err := Encode(q)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range q.Sections {
		if !strings.Contains(string(data), "image = "+TOMLString(s.Image)+"\n") {
			t.Fatalf("section %s: its picture is not written as it is", s.ID)
		}
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(len(data))*3/2; got > limit {
		t.Errorf("Encode allocated %d bytes for a file of %d (at most %d)", got, len(data), limit)
	}
}
