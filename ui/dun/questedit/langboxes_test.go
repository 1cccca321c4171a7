package questedit

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A text has a box per language: the app's (English and Spanish here), then
// the others the quest's texts are in. A quest in English and French gets a
// French box, says it lacks no Spanish, keeps its languages when saved, and
// what is typed in French is its French text.
func TestABoxPerLanguage(t *testing.T) {
	b, err := os.ReadFile("../../../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, src string
		boxes     []string // the title's boxes, by language
	}{
		{"an old quest", string(b), []string{"en", "es"}},
		{"declared English and French", "languages = [\"en\", \"fr\"]\n" + regexp.MustCompile(`\bes = `).ReplaceAllString(string(b), "fr = "), []string{"en", "es", "fr"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, ps := quest.Parse("q.toml", []byte(c.src))
			if len(ps) != 0 {
				t.Fatal(ps)
			}
			h := newHarness(t, "en", laptop, q)
			h.ed.showPart(partQuest)
			uitest.Settle(h.win)
			if got := h.ed.textLangs(); !slices.Equal(got, c.boxes) {
				t.Fatalf("boxes %v, want %v", got, c.boxes)
			}
			title := h.entries()[:len(c.boxes)]
			for i, e := range title {
				if want := q.Title[c.boxes[i]]; e.Text != want {
					t.Errorf("box %d (%s) holds %q, want %q", i, c.boxes[i], e.Text, want)
				}
			}
			last := title[len(title)-1]
			test.Type(last, "!")
			if got, want := h.ed.doc.Quest().Title[c.boxes[len(c.boxes)-1]], "!"+q.Title[c.boxes[len(c.boxes)-1]]; got != want { // typed where the cursor is: at the start
				t.Errorf("typed in the last box: title %q, want %q", got, want)
			}
			if uitest.HasText(h.win, "The Spanish text is missing.") {
				t.Errorf("a missing language flagged: %q", uitest.VisibleTexts(h.win))
			}
			data, err := quest.Encode(h.ed.doc.Quest())
			if err != nil {
				t.Fatal(err)
			}
			again, ps := quest.Parse("q.toml", data)
			if len(ps) != 0 || !slices.Equal(again.TextLanguages(), q.TextLanguages()) {
				t.Errorf("saved: %v, languages %v", ps, again.TextLanguages())
			}
		})
	}
}
