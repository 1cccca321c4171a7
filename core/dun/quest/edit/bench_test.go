package edit

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// go test -bench . ./core/dun/quest/edit: what a change and its problems
// cost the editor, for the Tomb and for the Tomb with a large picture in
// each of its ten sections (about 10 MiB).
func BenchmarkEditor(b *testing.B) {
	noise := image.NewGray(image.Rect(0, 0, 1000, 1000))
	rand.NewChaCha8([32]byte{1}).Read(noise.Pix)
	var pic bytes.Buffer
	png.Encode(&pic, noise)
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pic.Bytes())
	for _, pictures := range []bool{false, true} {
		d := Open(tomb(b))
		name := "tomb"
		if pictures {
			name = "tomb-with-10-pictures"
			for _, s := range d.Quest().Sections {
				if err := d.SetImage(s.ID, uri); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.Run(name+"/change", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if err := d.MoveSection("ash-throne", 27+i%2, 10); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/problems", func(b *testing.B) {
			for b.Loop() {
				if ps := d.Problems(); len(ps) != 0 {
					b.Fatal(ps)
				}
			}
		})
	}
}
