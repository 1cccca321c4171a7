package dragoncanyon

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// soloGame plays the golden script of a solo game (testdata/scripts) to its end
// (its refused lines skipped) and gives it.
func soloGame(t *testing.T) *Game {
	t.Helper()
	f, err := os.Open("testdata/scripts/dragon_canyon_solo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	var head struct {
		Setup json.RawMessage `json:"setup"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	var setup map[string]any // the script's setup names its game: the module's does not
	if err := json.Unmarshal(head.Setup, &setup); err != nil {
		t.Fatal(err)
	}
	delete(setup, "game")
	js, _ := json.Marshal(setup)
	p, err := Module.New(js, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := p.(*Game)
	for sc.Scan() {
		e, err := Events.Decode(sc.Bytes())
		if err != nil {
			continue // a line the script shows refused
		}
		_, _ = g.Apply(e)
	}
	if g.State().Result == nil {
		t.Fatal("the solo script did not end the game")
	}
	return g
}

// A solo game recapped as two sittings: the first says its rounds and the
// AI's decisions (the last ones, with their reasons) and what is next; the
// second ends with the score; each decision told is one the players' view
// showed (Public), never a face-down card's strength.
func TestRecapDragonCanyon(t *testing.T) {
	g := soloGame(t)
	records := g.Records()
	half := len(records) / 2
	shown := map[string]bool{} // every decision the players' view showed
	replay, _ := Resume(g.Setup(), nil, nil)
	for _, r := range records {
		if _, err := replay.Apply(r.Event); err != nil {
			t.Fatal(err)
		}
		if d := replay.Public().Decision; d != nil {
			b, _ := json.Marshal(engine.Message{ID: d.Reason, Args: d.Args})
			shown[string(b)] = true
		}
	}
	tests := []struct {
		from, to int
		next     string
	}{
		{1, half, "recap.dc.next"},
		{half + 1, len(records), g.State().Result.Reason},
	}
	for _, tc := range tests {
		story, err := RecapSitting(g.Setup(), records, tc.from, tc.to)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, l := range story.Lines {
			ids = append(ids, l.ID)
		}
		if ids[0] != "recap.dc.title" || ids[len(ids)-1] != tc.next || !slices.Contains(ids, "recap.dc.decisions") {
			t.Errorf("records %d–%d: %v", tc.from, tc.to, ids)
		}
		told := 0
		for i, l := range story.Lines {
			if i > 0 && story.Lines[i-1].ID == "recap.dc.decisions" || told > 0 && l.Kind == engine.StoryItem && !slices.Contains([]string{"recap.dc.built"}, l.ID) {
				b, _ := json.Marshal(l.Message)
				if !shown[string(b)] {
					t.Errorf("records %d–%d: a decision the players never saw: %s", tc.from, tc.to, b)
				}
				told++
			}
		}
		if told == 0 || told > recapDecisions {
			t.Errorf("records %d–%d: %d decisions told", tc.from, tc.to, told)
		}
	}
}
