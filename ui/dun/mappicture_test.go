package dunui

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"testing"

	"fyne.io/fyne/v2/canvas"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// A section's picture is drawn by the same object from one redraw of the
// map to the next, the squares' size changed or not: Fyne scales a
// picture again into a texture for each new object (and keeps each one's
// texture a minute), so a new object at each redraw scaled every picture
// again.
func TestSectionPictureKeptAcrossRedraws(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	q := &quest.Quest{ID: "pictured", Sections: []quest.Section{{ID: "hall", Kind: "room", W: 3, H: 2, Start: true, Image: uri}}}
	secs := []dun.PublicSection{{ID: "hall", Kind: "room", W: 3, H: 2, Image: "hall.png"}}
	m := newMapView(q, 24)
	cases := []struct {
		name string
		cell float32 // the squares' size for this redraw (0: as it was)
		same bool    // drawn by the object of the redraw before
	}{
		{name: "first drawing", same: false},
		{name: "drawn again", same: true},
		{name: "and again", same: true},
		{name: "squares larger", cell: 40, same: true},
		{name: "drawn again after it", same: true},
	}
	var before *canvas.Image
	for _, c := range cases {
		if c.cell != 0 {
			m.cell = c.cell
		}
		m.order = []string{"hall"}
		m.redraw(secs, nil, nil, "en")
		var found []*canvas.Image
		for _, o := range m.drawing.Objects {
			if img, ok := o.(*canvas.Image); ok {
				found = append(found, img)
			}
		}
		if len(found) != 1 {
			t.Fatalf("%s: %d pictures drawn, want the hall's", c.name, len(found))
		}
		img := found[0]
		if (img == before) != c.same {
			t.Errorf("%s: the same object as before %v, want %v", c.name, img == before, c.same)
		}
		if w, want := img.Size().Width, (3-0.16)*m.cell; w < want-1 || w > want+1 || img.Image == nil {
			t.Errorf("%s: the picture %.0f px wide (want %.0f), decoded %v", c.name, w, want, img.Image != nil)
		}
		before = img
	}
}
