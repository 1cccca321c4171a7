package journal_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	_ "github.com/dunconductor/conductor/ui/dun" // DUN's journal map
	"github.com/dunconductor/conductor/ui/journal"
)

// tomb is testdata/tomb.jsonl (core/dun's TestRecapTombFixture writes it):
// the Tomb of the Ash King played to its victory, with the first record of
// each of its three sittings. pictured gives the Ash Stair and the
// Gatehouse a picture in the quest file.
func tomb(t *testing.T, pictured bool) (*dun.Game, []time.Time) {
	t.Helper()
	f, err := os.Open("testdata/tomb.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	sc.Scan()
	var head struct {
		Setup    json.RawMessage `json:"setup"`
		Content  string          `json:"content"`
		Sittings []int           `json:"sittings"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	var records []engine.Record
	for sc.Scan() {
		e, err := dun.DecodeEvent(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, engine.Record{Seq: len(records) + 1, Event: e})
	}
	content := []byte(head.Content)
	if pictured {
		// The quest file as it would be with the pictures in it.
		var c map[string]any
		if err := json.Unmarshal(content, &c); err != nil {
			t.Fatal(err)
		}
		toml := c["quest"].(string)
		for i, id := range []string{"ash-stair", "gatehouse"} {
			line := "id = \"" + id + "\"\n"
			toml = strings.Replace(toml, line, line+"image = \""+pngURI(t, i)+"\"\n", 1)
		}
		c["quest"] = toml
		if content, err = json.Marshal(c); err != nil {
			t.Fatal(err)
		}
	}
	p, err := dun.Module.Resume(head.Setup, content, records, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := p.(*dun.Game)
	// A minute between steps, a week between sittings.
	at := time.Date(2026, 11, 6, 19, 0, 0, 0, time.UTC)
	times := make([]time.Time, len(records))
	for i := range times {
		if i > 0 {
			at = at.Add(time.Minute)
		}
		if i > 0 && slices.Contains(head.Sittings, i+1) {
			at = at.Add(7 * 24 * time.Hour)
		}
		times[i] = at
	}
	return g, times
}

// pngURI is a small picture as a data: URI, its blue as shade says.
func pngURI(t *testing.T, shade int) string {
	img := image.NewRGBA(image.Rect(0, 0, 32, 32))
	for y := range 32 {
		for x := range 32 {
			img.Set(x, y, color.RGBA{R: uint8(100 + 3*y), G: uint8(60 + 2*x), B: uint8(50 + 80*shade), A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// The Tomb played over three sittings a week apart gives three sittings,
// each recapped in English and Spanish with names, never ids, and nothing
// left untranslated.
func TestJournalThreeSittingsInBothLanguages(t *testing.T) {
	g, times := tomb(t, false)
	sittings := engine.Sittings(times)
	if len(sittings) != 3 {
		t.Fatalf("%d sittings", len(sittings))
	}
	tests := []struct {
		lang string
		want [3][]string // what each sitting's recap says
	}{
		{"en", [3][]string{
			{"The Tomb of the Ash King", "The heroes found Gatehouse.", "3 creatures came: Skeleton ×3.", "3 creatures fell", "Next: turn 3 goes on"},
			{"The heroes found Processional Way.", "The heroes found Ember Shrine.", "The heroes found Hidden Reliquary.", "A red box was read:", "Next: turn 5"},
			{"The heroes found Ash Throne.", "The mission was accomplished.", "The quest is over: the heroes won."},
		}},
		{"es", [3][]string{
			{"La tumba del Rey de Ceniza", "Los héroes encontraron Sala de la verja.", "Llegaron 3 criaturas: Esqueleto ×3.", "Cayeron 3 criaturas", "Ahora: el turno 3 sigue"},
			{"Los héroes encontraron Camino procesional.", "Los héroes encontraron Relicario oculto.", "Se leyó un recuadro rojo:"},
			{"Los héroes encontraron Trono de ceniza.", "La misión se cumplió.", "La misión ha terminado: ganaron los héroes."},
		}},
	}
	for _, tc := range tests {
		tr := translations.New(tc.lang)
		for i, s := range sittings {
			story, err := journal.Recap(g, s, false)
			if err != nil {
				t.Fatal(err)
			}
			text := journal.Plain(journal.Render(tr, story), false)
			for _, want := range tc.want[i] {
				if !strings.Contains(text, want) {
					t.Errorf("%s, sitting %d: no %q in\n%s", tc.lang, i+1, want, text)
				}
			}
			for _, bad := range []string{"recap.", "{{", "map[", "gatehouse", "skeleton-"} {
				if strings.Contains(text, bad) {
					t.Errorf("%s, sitting %d: %q in\n%s", tc.lang, i+1, bad, text)
				}
			}
		}
	}
	// The saved-games line and the card's heading say the last sitting.
	tr := translations.New("en")
	if got := journal.SavesLine(tr, sittings[2]); !strings.Contains(got, "2026-11-20") || !strings.Contains(got, "1 h 24 min") {
		t.Errorf("saves line %q", got)
	}
}

// secrets are the Tomb's texts the players never see in this game: every
// ADP note, the red boxes not shown, the Embalmers' Workshop (never found),
// the setup notes, the seed, in both languages.
func secrets(g *dun.Game) []string {
	s, q := g.State(), g.Setup().QuestData
	var out []string
	for _, h := range q.Texts {
		if h.Style == "red" && slices.Contains(s.TextsShown, h.ID) {
			continue
		}
		for _, text := range h.Text {
			out = append(out, text)
		}
	}
	for _, name := range q.SectionName("embalmers-workshop") {
		out = append(out, name)
	}
	for _, note := range q.Setup {
		out = append(out, note)
	}
	return append(out, strconv.FormatUint(g.Setup().Seed, 10))
}

// escapes are a text as the HTML and Markdown journals may write it.
func escapes(s string) []string {
	r := strings.NewReplacer("&", "&amp;", "'", "&#39;", `"`, "&#34;", "<", "&lt;", ">", "&gt;")
	return []string{s, r.Replace(s), strings.NewReplacer("*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "#", `\#`).Replace(s)}
}

// The players' journal of the whole Tomb (HTML and Markdown, both
// languages) holds no hidden text; the Conductor's does hold the ADP notes,
// marked, so the search can fail.
func TestJournalPlayersSeeNothingHidden(t *testing.T) {
	g, times := tomb(t, true)
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		for _, conductor := range []bool{false, true} {
			j, err := journal.Build(tr, "Tuesday's Tomb", g, times, conductor, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			var h, md bytes.Buffer
			if err := j.WriteHTML(&h); err != nil {
				t.Fatal(err)
			}
			if err := j.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			found := 0
			for _, secret := range secrets(g) {
				for _, form := range escapes(secret) {
					if strings.Contains(h.String(), form) || strings.Contains(md.String(), form) {
						found++
						if !conductor {
							t.Errorf("%s: the players' journal holds %.60q", lang, secret)
						}
						break
					}
				}
			}
			if conductor && found == 0 {
				t.Errorf("%s: the Conductor's journal holds no ADP note: the search could not fail", lang)
			}
			if conductor != strings.Contains(h.String(), tr.T("recap.card.conductor", nil)) {
				t.Errorf("%s, conductor %v: the Conductor's mark is wrong", lang, conductor)
			}
			if len(j.Chapters) != 3 || !strings.Contains(h.String(), "<svg") || len(j.Pictures) != 2 {
				t.Errorf("%s: %d sittings, %d pictures, map %v", lang, len(j.Chapters), len(j.Pictures), j.Map != "")
			}
		}
	}
}

// The recap of a sitting of 100 steps (the Tomb's records 30 to 129: five
// sections, nine texts, fourteen creatures come and gone, the mission, the
// end) stays short: its own words (the texts read aloud apart, which it
// quotes whole) under 1,200 characters in either language, the Conductor's
// version included.
func TestRecapOfAHundredSteps(t *testing.T) {
	g, times := tomb(t, false)
	s := engine.Sitting{From: 30, To: 129, Start: times[29], End: times[128]}
	if s.Steps() != 100 {
		t.Fatalf("%d steps", s.Steps())
	}
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		for _, conductor := range []bool{false, true} {
			story, err := journal.Recap(g, s, conductor)
			if err != nil {
				t.Fatal(err)
			}
			lines := journal.Render(tr, story)
			text := journal.Plain(lines, conductor)
			own := 0
			for _, l := range lines {
				own += len([]rune(l.Text)) + 1
			}
			t.Logf("%s, conductor %v: %d lines, %d characters (%d of its own), %d words", lang, conductor, len(lines), len([]rune(text)), own, len(strings.Fields(text)))
			if own > 1200 {
				t.Errorf("%s: the recap of 100 steps has %d characters of its own:\n%s", lang, own, text)
			}
		}
	}
}
