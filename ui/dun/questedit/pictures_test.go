package questedit

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// picturePNG is a small PNG of one colour, varied by n: each n a picture of
// its own.
func picturePNG(t *testing.T, n int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 24, 16))
	for y := range 16 {
		for x := range 24 {
			img.Set(x, y, color.NRGBA{uint8(n * 11), uint8(255 - n*7), uint8(x * y), 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The editor's decoded pictures are those the quest holds now: pictures
// chosen one after another for the same sections, removed, or taken back
// by an undo leave no decoded picture behind, and what the map draws is
// the section's picture of the moment.
func TestPicturesHeldAreTheQuests(t *testing.T) {
	cases := []struct {
		name     string
		sections int // sections drawn, each given pictures in turn
		chosen   int // pictures chosen, section after section
		then     string
		held     int // decoded pictures held at the end
	}{
		{name: "20 pictures for one section: the last one held", sections: 1, chosen: 20, held: 1},
		{name: "20 pictures for three sections in turn: one a section", sections: 3, chosen: 20, held: 3},
		{name: "a picture removed: none held", sections: 1, chosen: 5, then: "remove", held: 0},
		{name: "the last choice undone: the picture before held", sections: 1, chosen: 5, then: "undo", held: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
			var ids []string
			for i := range c.sections {
				x := float32(1 + 4*i)
				h.drag(x+0.5, 1.5, x+2.5, 3.5)
				ids = append(ids, h.ed.sel.section)
			}
			for i := range c.chosen {
				h.ed.setImage(ids[i%len(ids)], picturePNG(t, i))
				if n := len(h.ed.pics.byURI); n > c.sections {
					t.Fatalf("after %d pictures chosen for %d sections, %d decoded pictures held", i+1, c.sections, n)
				}
			}
			switch c.then {
			case "remove":
				h.ed.do(h.ed.doc.SetImage(ids[0], ""), true)
			case "undo":
				h.ed.Undo()
			}
			if n := len(h.ed.pics.byURI); n != c.held {
				t.Errorf("%d decoded pictures held, want %d", n, c.held)
			}
			for i, s := range h.ed.doc.Quest().Sections {
				img := h.ed.canvas.images[i]
				switch {
				case s.Image == "" && img.Visible():
					t.Errorf("section %s: a picture drawn, none held", s.ID)
				case s.Image != "" && (!img.Visible() || img.Image != h.ed.pics.byURI[s.Image] || img.Image == nil):
					t.Errorf("section %s: the map does not draw the picture the section holds now", s.ID)
				}
			}
		})
	}
}

// The file's size without its pictures is counted without encoding them,
// to the byte of the count with them encoded and taken off; the probe's
// view of the quest names each picture by its kind, length and hash.
func TestPicturesLeftOutOfCounts(t *testing.T) {
	h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
	for i := range 3 {
		x := float32(1 + 4*i)
		h.drag(x+0.5, 1.5, x+2.5, 3.5)
		if i < 2 {
			h.ed.setImage(h.ed.sel.section, picturePNG(t, i))
		}
	}
	q := h.ed.doc.Quest()
	full, err := quest.Encode(q)
	if err != nil {
		t.Fatal(err)
	}
	want := len(full)
	for _, s := range q.Sections {
		if quest.IsDataURI(s.Image) {
			want -= len(s.Image) + 2
		}
	}
	h.ed.changes++ // counted again
	if got := h.ed.fileText(); got != want {
		t.Errorf("the file's text without its pictures: %d bytes, want %d", got, want)
	}
	if s, _ := h.ed.doc.Quest().Section(q.Sections[0].ID); !quest.IsDataURI(s.Image) {
		t.Error("counting changed the quest's picture")
	}

	var seen quest.Quest
	body, _ := json.Marshal(h.ed.pics.probeQuest(q))
	if err := json.Unmarshal(body, &seen); err != nil {
		t.Fatal(err)
	}
	a, b := seen.Sections[0].Image, seen.Sections[1].Image
	if !strings.HasPrefix(a, "data:image/") || !strings.HasPrefix(b, "data:image/") || a == b || len(a) > 100 {
		t.Errorf("the probe's pictures: %q, %q (a kind, a length and a hash each, different)", a, b)
	}
	if seen.Sections[2].Image != "" || seen.Sections[0].Name.In("en") != q.Sections[0].Name.In("en") {
		t.Errorf("the probe's quest is not the quest: %+v", seen.Sections)
	}
}
