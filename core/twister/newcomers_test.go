package twister

import (
	"encoding/json"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// The saved games' summary says who won once the game has ended, and
// Ended reads that back through the JSON the store keeps; a game going on,
// or one whose win was undone, has not ended.
func TestSummarySaysTheWinners(t *testing.T) {
	goal := 1
	cases := []struct {
		name    string
		events  []engine.Event
		winners string // "" while the game goes on
	}{
		{"going on", nil, ""},
		{"one winner", []engine.Event{&TreasureOut{Player: 2}}, "Bob"},
		{"the win undone", []engine.Event{&TreasureOut{Player: 2}, &engine.Undo{}}, ""},
		{"a suicide: two winners", []engine.Event{&CharacterDied{Character: "Goblin", Controller: 1, Cause: CauseSuicide, Terrain: TerrainFallingRocks}}, "Bob, Cy"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(Setup{Players: 3, Names: []string{"Ann", "Bob", "Cy"}, Goal: &goal})
			if err != nil {
				t.Fatal(err)
			}
			apply(t, g, c.events...)
			b, _ := json.Marshal(g.Summary())
			var saved []engine.Message
			if err := json.Unmarshal(b, &saved); err != nil {
				t.Fatal(err)
			}
			if got := Module.Ended(saved); got != (c.winners != "") {
				t.Fatalf("Ended %v for %s", got, b)
			}
			if c.winners != "" && saved[len(saved)-1].Args["Names"] != c.winners {
				t.Fatalf("the summary %s does not name %s", b, c.winners)
			}
		})
	}
}
