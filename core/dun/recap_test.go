package dun

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/engine"
)

// tombInSittings plays the Tomb (playTomb) as three sittings: the second
// starts when the heroes open the way to the Processional Way, the third
// when they open the Ossuary. It gives the game and the first record of
// each sitting.
func tombInSittings(t *testing.T) (*Game, []int) {
	t.Helper()
	starts := []int{1}
	g := playTomb(t, func(g *Game, e Event) {
		if o, ok := e.(*ExitOpened); ok && (o.Section == "processional-way" || o.Section == "ossuary") {
			starts = append(starts, len(g.Records()))
		}
	})
	if len(starts) != 3 {
		t.Fatalf("sittings start at %v", starts)
	}
	return g, starts
}

// stamped are times for n records whose sittings start at starts: a minute
// between steps, 3 h 59 min once inside the first sitting (a long pause is
// not a new sitting), and a week between sittings.
func stamped(n int, starts []int) []time.Time {
	at := time.Date(2026, 11, 6, 19, 0, 0, 0, time.UTC)
	times := make([]time.Time, n)
	for i := range times {
		seq := i + 1
		switch {
		case seq == 1:
		case slices.Contains(starts, seq):
			at = at.Add(7 * 24 * time.Hour)
		case seq == 5:
			at = at.Add(engine.SittingGap - time.Minute)
		default:
			at = at.Add(time.Minute)
		}
		times[i] = at
	}
	return times
}

// recapLeaks are the hidden things story js (a players' recap of game g
// at the end of its sitting, as JSON) holds, as publicLeaks finds them in
// the players' view: an unrevealed section's id or name outside the texts
// read aloud, a trap, a hidden text not shown as a red box (every ADP
// note), the setup notes, the seed; and any section's or creature's id in
// place of a name.
func recapLeaks(g *Game, story engine.Story) []string {
	var leaks []string
	s, q := g.State(), g.Setup().QuestData
	js, _ := json.Marshal(story)
	var outsideTexts []engine.StoryLine
	for _, l := range story.Lines {
		if l.Kind != engine.StoryText && l.Kind != engine.StoryAlert {
			outsideTexts = append(outsideTexts, l)
		}
	}
	outside, _ := json.Marshal(outsideTexts)
	hidden := func(where []byte, what, needle string) {
		if needle != "" && bytes.Contains(where, []byte(jsonText(needle))) {
			leaks = append(leaks, what+" "+strconv.Quote(needle))
		}
	}
	for _, sec := range q.Sections {
		if !slices.Contains(s.Revealed, sec.ID) {
			hidden(outside, "the unrevealed section", `"`+sec.ID+`"`)
			for _, name := range q.SectionName(sec.ID) {
				hidden(outside, "the unrevealed section's name", name)
			}
		}
		for _, el := range sec.Elements {
			if el.Kind == "trap" {
				for _, name := range el.Name {
					hidden(js, "the trap's name", name)
				}
			}
		}
	}
	for _, h := range q.Texts {
		if h.Style == "red" && slices.Contains(s.TextsShown, h.ID) {
			continue
		}
		for _, text := range h.Text {
			hidden(js, "the hidden text "+h.ID, text)
		}
	}
	for _, note := range q.Setup {
		hidden(js, "the setup notes", note)
	}
	hidden(js, "the seed", strconv.FormatUint(g.Setup().Seed, 10))
	// Names, never ids: no argument is a section's or a creature's id.
	ids := map[string]bool{}
	for _, sec := range q.Sections {
		ids[sec.ID] = true
	}
	for _, c := range s.Creatures {
		ids[c.ID] = true
	}
	for _, l := range story.Lines {
		for k, v := range l.Args {
			if str, ok := v.(string); ok && ids[str] {
				leaks = append(leaks, "an id for a name: "+k+"="+str)
			}
		}
	}
	return leaks
}

// recapAt is the recap of records from..to of g's records, with the game as
// it stood at the sitting's end (for what was hidden then).
func recapAt(t *testing.T, g *Game, from, to int, conductor bool) (engine.Story, *Game) {
	t.Helper()
	records := g.Records()[:to]
	story, err := RecapSitting(g.Setup(), records, from, to, conductor)
	if err != nil {
		t.Fatal(err)
	}
	then, err := Resume(g.Setup(), slices.Clone(records), nil)
	if err != nil {
		t.Fatal(err)
	}
	return story, then
}

// ids are the message ids of a story's lines.
func ids(story engine.Story) []string {
	var out []string
	for _, l := range story.Lines {
		out = append(out, l.ID)
	}
	return out
}

// sectionsFound are the section names (English) a story says were found.
func sectionsFound(story engine.Story) []string {
	var out []string
	for _, l := range story.Lines {
		if l.ID == "recap.dun.revealed" {
			out = append(out, l.Args["NameText"].(map[string]string)["en"])
		}
	}
	return out
}

// The players' recap of every sitting of a whole Tomb, cut into a sitting
// per turn, holds nothing hidden at that sitting's end (the view's rule,
// docs/players-page.md, "What players see"); the Conductor's recap of the sitting of the
// secret door holds its ADP note, so the search can fail.
func TestRecapPlayersSeeNothingHidden(t *testing.T) {
	var starts []int
	g := playTomb(t, func(g *Game, e Event) {
		if _, ok := e.(*NewTurn); ok {
			starts = append(starts, len(g.Records()))
		}
	})
	n := len(g.Records())
	if len(starts) < 8 {
		t.Fatalf("only %d sittings", len(starts))
	}
	starts = append([]int{1}, starts...)
	noteFound := false
	for i, from := range starts {
		to := n
		if i+1 < len(starts) {
			to = starts[i+1] - 1
		}
		if to < from {
			continue
		}
		story, then := recapAt(t, g, from, to, false)
		if leaks := recapLeaks(then, story); len(leaks) > 0 {
			js, _ := json.MarshalIndent(story, "", " ")
			t.Fatalf("the players' recap of records %d–%d shows:\n%s\n%s", from, to, strings.Join(leaks, "\n"), js)
		}
		for _, l := range story.Lines {
			if l.Conductor {
				t.Fatalf("records %d–%d: a Conductor's line in the players' recap: %+v", from, to, l)
			}
		}
		conductor, _ := recapAt(t, g, from, to, true)
		if slices.ContainsFunc(recapLeaks(then, conductor), func(s string) bool { return strings.Contains(s, "the hidden text") }) {
			noteFound = true
		}
	}
	if !noteFound {
		t.Fatal("no Conductor's recap held an ADP note: the search could not fail")
	}
}

// A Tomb played over three sittings a week apart (steps a minute apart, one
// pause of 3 h 59 min that is no new sitting) gives three sittings, each
// recapped with what happened in it.
func TestRecapThreeSittings(t *testing.T) {
	g, starts := tombInSittings(t)
	records := g.Records()
	sittings := engine.Sittings(stamped(len(records), starts))
	if len(sittings) != 3 {
		t.Fatalf("%d sittings: %+v", len(sittings), sittings)
	}
	for i, s := range sittings {
		if s.From != starts[i] {
			t.Fatalf("sitting %d starts at record %d, want %d", i+1, s.From, starts[i])
		}
	}
	if got := sittings[2].To; got != len(records) {
		t.Fatalf("the last sitting ends at record %d of %d", got, len(records))
	}
	tests := []struct {
		sitting          int
		found            []string
		has, hasNot      []string
		conductorHas     []string
		reserveThen, now int
	}{
		{0, []string{"Gatehouse"}, []string{"recap.dun.came", "recap.dun.fell", "recap.dun.next.turn"}, []string{"recap.dun.mission", "recap.dun.next.over"}, nil, 0, 0},
		{1, []string{"Processional Way", "Ember Shrine", "Hidden Reliquary"}, []string{"recap.dun.read.red", "recap.dun.next.turn"}, []string{"recap.dun.mission"}, []string{"recap.dun.read.note", "recap.dun.reserve"}, 0, 0},
		{2, []string{"Ossuary", "Gallery of Kings", "Antechamber", "Ash Throne"}, []string{"recap.dun.mission", "recap.dun.next.over", "recap.dun.fell"}, []string{"recap.dun.next.turn"}, nil, 0, 0},
	}
	for _, tc := range tests {
		s := sittings[tc.sitting]
		story, err := RecapSitting(g.Setup(), records, s.From, s.To, false)
		if err != nil {
			t.Fatal(err)
		}
		got := sectionsFound(story)
		for _, want := range tc.found {
			if !slices.ContainsFunc(got, func(name string) bool { return strings.Contains(name, want) }) {
				t.Errorf("sitting %d: found %q, not %q", tc.sitting+1, got, want)
			}
		}
		for _, id := range tc.has {
			if !slices.Contains(ids(story), id) {
				t.Errorf("sitting %d: no %s in %v", tc.sitting+1, id, ids(story))
			}
		}
		for _, id := range tc.hasNot {
			if slices.Contains(ids(story), id) {
				t.Errorf("sitting %d: %s in %v", tc.sitting+1, id, ids(story))
			}
		}
		conductor, err := RecapSitting(g.Setup(), records, s.From, s.To, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range tc.conductorHas {
			i := slices.Index(ids(conductor), id)
			if i < 0 || !conductor.Lines[i].Conductor {
				t.Errorf("sitting %d: the Conductor's recap has no %s marked as the Conductor's: %v", tc.sitting+1, id, ids(conductor))
			}
		}
		js, _ := json.MarshalIndent(conductor, "", " ")
		t.Logf("sitting %d (records %d–%d):\n%s", tc.sitting+1, s.From, s.To, js)
	}
}

// The Tomb as tombInSittings plays it, written for the journal's and the
// real-input tests (ui/journal/testdata/tomb.jsonl: a line with the setup,
// the content and the first record of each sitting, then each record's
// event): CONDUCTOR_WRITE_TOMB=1 go test ./core/dun -run TestRecapTombFixture.
// Without it the test checks the file is still what the Tomb plays.
func TestRecapTombFixture(t *testing.T) {
	g, starts := tombInSittings(t)
	setup, err := g.SetupJSON()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	head, _ := json.Marshal(map[string]any{"setup": json.RawMessage(setup), "content": string(g.Content()), "sittings": starts})
	b.Write(head)
	b.WriteByte('\n')
	for _, r := range g.Records() {
		e, err := engine.Encode(r.Event)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(e)
		b.WriteByte('\n')
	}
	const path = "../../ui/journal/testdata/tomb.jsonl"
	if os.Getenv("CONDUCTOR_WRITE_TOMB") != "" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(old, b.Bytes()) {
		t.Fatalf("%s is not the Tomb as played now (%v): write it again with CONDUCTOR_WRITE_TOMB=1", path, err)
	}
}

// The creatures' names of a recap in every language their names are in: a
// creature named in French only reads in French to an English reader too.
func TestRecapCreatureNamesInEveryLanguage(t *testing.T) {
	got := creatureNames([]PublicCreature{
		{ID: "a", Names: map[string]string{"en": "Skeleton 1", "es": "Esqueleto 1", "fr": "Squelette 1"}},
		{ID: "b", Names: map[string]string{"en": "Skeleton 2", "es": "Esqueleto 2", "fr": "Squelette 2"}},
		{ID: "c", Names: map[string]string{"fr": "Goule"}},
	})
	want := map[string]string{"en": "Skeleton ×2, Goule", "es": "Esqueleto ×2, Goule", "fr": "Squelette ×2, Goule"}
	if !maps.Equal(got, want) {
		t.Errorf("creatureNames = %v, want %v", got, want)
	}
}
