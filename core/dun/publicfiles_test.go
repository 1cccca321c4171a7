package dun

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// pictureURI is a small PNG of one colour, as a quest keeps it in its file.
func pictureURI(t *testing.T, c color.Color) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for x := range 4 {
		for y := range 4 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// A section's picture reaches the players once the section is revealed,
// and never before: the view names it, the game gives its bytes by that
// name, and a hidden section's picture is neither named nor given.
func TestPublicPicturesOnlyOnceRevealed(t *testing.T) {
	pictures := map[string]string{
		"ash-stair":          pictureURI(t, color.RGBA{200, 0, 0, 255}), // the start: shown at once
		"gatehouse":          pictureURI(t, color.RGBA{0, 200, 0, 255}), // revealed first
		"embalmers-workshop": pictureURI(t, color.RGBA{0, 0, 200, 255}), // never revealed
	}
	g := tombGameWith(t, func(q *quest.Quest) {
		for i, s := range q.Sections {
			if uri, ok := pictures[s.ID]; ok {
				q.Sections[i].Image = uri
			}
		}
	})
	names := map[string]string{} // section → the name its picture went by
	hiddenName := imageName(g.Setup().QuestData, "embalmers-workshop")
	if hiddenName == "" || !strings.HasSuffix(hiddenName, ".png") {
		t.Fatalf("the workshop's picture is named %q", hiddenName)
	}
	playTombWith(t, g, func(g *Game, e Event) {
		s := g.State()
		js, err := g.PublicJSON()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(js, []byte(hiddenName)) || bytes.Contains(js, []byte("base64")) {
			t.Fatalf("the view names a hidden picture or carries a picture's bytes: %s", js)
		}
		if _, _, ok := g.PublicFile(hiddenName); ok {
			t.Fatal("the hidden section's picture was given")
		}
		var want []string
		for _, id := range s.Revealed {
			if pictures[id] != "" {
				want = append(want, imageName(g.Setup().QuestData, id))
			}
		}
		if got := g.PublicFiles(); !slices.Equal(got, want) {
			t.Fatalf("files %v, want %v (revealed %v)", got, want, s.Revealed)
		}
		for _, sec := range g.Public().Sections {
			if pictures[sec.ID] == "" {
				if sec.Image != "" {
					t.Fatalf("%s has no picture but is named %q", sec.ID, sec.Image)
				}
				continue
			}
			data, ctype, ok := g.PublicFile(sec.Image)
			if !ok || ctype != "image/png" || !strings.HasSuffix(pictures[sec.ID], base64.StdEncoding.EncodeToString(data)) {
				t.Fatalf("%s's picture %q: %v %q", sec.ID, sec.Image, ok, ctype)
			}
			names[sec.ID] = sec.Image
		}
	})
	if len(names) != 2 || names["ash-stair"] == names["gatehouse"] {
		t.Fatalf("pictures seen: %v", names)
	}
	for _, bad := range []string{"", "../x.png", names["ash-stair"] + "x", "ash-stair"} {
		if _, _, ok := g.PublicFile(bad); ok {
			t.Errorf("a file was given for the name %q", bad)
		}
	}
}

// The names worked out for a quest's pictures go once no game holds the
// quest: a quest with pictures may weigh megabytes.
func TestPictureNamesGoWithTheirQuest(t *testing.T) {
	count := func() int {
		n := 0
		imageNames.Range(func(any, any) bool { n++; return true })
		return n
	}
	before := count()
	for range 20 {
		q := &quest.Quest{Sections: []quest.Section{{ID: "a", Image: pictureURI(t, color.Black)}}}
		if imageName(q, "a") == "" {
			t.Fatal("no name for a picture")
		}
	}
	for try := 0; try < 50 && count() > before; try++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := count(); n > before {
		t.Fatalf("%d names kept for quests no game holds", n-before)
	}
}
