package dunui

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// A section's picture kept in the quest file is drawn in its section, on
// the Conductor's map and in the players' window, once it is revealed; a
// hidden section's picture is drawn nowhere.
func TestSectionPicturesOnTheMaps(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	qs, err := content.BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == tomb })
	for _, tc := range []struct {
		section string
		drawn   int
	}{
		{"ash-stair", 1}, // the start: revealed from the beginning
		{"gatehouse", 0}, // not revealed yet
		{"no-such", 0},   // no picture at all
	} {
		q := *qs[i]
		q.Sections = slices.Clone(q.Sections)
		for j := range q.Sections {
			if q.Sections[j].ID == tc.section {
				q.Sections[j].Image = uri
			}
		}
		g, err := dun.NewGame(dun.Setup{HeroVP: []int{30}, QuestData: &q})
		if err != nil {
			t.Fatal(err)
		}
		tr := translations.New("en")
		players := newPlayersWindow(test.NewTempApp(t), nil, g, tr, func() {})
		conductor := newMapView(&q, 24)
		conductor.draw(g.State())
		for name, objs := range map[string][]fyne.CanvasObject{"players' window": players.m.drawing.Objects, "Conductor's map": conductor.drawing.Objects} {
			n := 0
			for _, o := range objs {
				if _, ok := o.(*canvas.Image); ok {
					n++
				}
			}
			if n != tc.drawn {
				t.Errorf("picture on %s: %d drawn on the %s, want %d", tc.section, n, name, tc.drawn)
			}
		}
	}
}
