package twister

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// The golden game recapped as two sittings: the first tells the room
// revealed, the second the combats worked out (with the Conductor's reason
// where the Conductor chose the winner) and, each, the score.
func TestRecapTwister(t *testing.T) {
	f, err := os.Open("testdata/scripts/twister_game.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	var head struct {
		Setup map[string]any `json:"setup"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	delete(head.Setup, "game")
	setup, _ := json.Marshal(head.Setup)
	p, err := Module.New(setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := p.(*Game)
	for sc.Scan() {
		if e, err := Events.Decode(sc.Bytes()); err == nil {
			_, _ = g.Apply(e)
		}
	}
	records := g.Records()
	half := len(records) / 2
	tests := []struct {
		from, to int
		has      []string
		combats  int
	}{
		{1, half, []string{"recap.twister.title", "recap.twister.room", "recap.twister.score", "recap.twister.next"}, 0},
		{half + 1, len(records), []string{"recap.twister.rooms.none", "recap.twister.combats", "recap.twister.combat", "recap.twister.combat.reason"}, 2},
	}
	for _, tc := range tests {
		story, err := RecapSitting(g.Setup(), records, tc.from, tc.to)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		combats := 0
		for _, l := range story.Lines {
			ids = append(ids, l.ID)
			if l.ID == "recap.twister.combat" || l.ID == "recap.twister.combat.reason" {
				combats++
			}
		}
		for _, id := range tc.has {
			if !slices.Contains(ids, id) {
				t.Errorf("records %d–%d: no %s in %v", tc.from, tc.to, id, ids)
			}
		}
		if combats != tc.combats {
			t.Errorf("records %d–%d: %d combats told, want %d", tc.from, tc.to, combats, tc.combats)
		}
	}
}
