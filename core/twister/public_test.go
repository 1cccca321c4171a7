package twister

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"

	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// twisterScript is the golden 4-player example (testdata/scripts): its setup and events
// (some of which the game refuses, as the script shows).
func twisterScript(t *testing.T) (Setup, []engine.Event) {
	t.Helper()
	b, events := enginetest.Script(t, "testdata/scripts/twister_game.jsonl", Events)
	setup, err := engine.DecodeStrict[Setup](b)
	if err != nil {
		t.Fatal(err)
	}
	return setup, events
}

// publicKeys are every key the players' view may have. A key not listed
// fails the test: whoever adds one to the view says here that the players
// may see it.
var publicKeys = []string{
	"players", "seat", "name", "goal", "rooms", "room", "revealer", "opponent", "placement", "placer",
	"items", "owner", "kind", "why", "combat", "attacker", "defender", "attacker_character",
	"defender_character", "step", "override", "combats", "score", "player", "escapes", "kills",
	"treasure", "points", "winners", "rulings",
	// the declarations, announced aloud, and the last combat's result
	"attack", "defence", "fighters", "strength", "wounded", "use", "bonus", "abilities",
	// the pieces on the board already, and the characters met with their fate
	"placed", "placement_over", "pieces", "fate",
	"last_combat", "attack_card", "defence_card", "attack_total", "defence_total", "worked_out", "winner", "reason", "killed",
}

// publicLeaks are what is wrong with the players' view js of a game with
// setup in state s, each tagged with the check that found it: keys (a key
// the view may not have: nothing hidden is kept, and nothing more may
// come in unseen), state (the room, the placement, the combat or the
// score otherwise than the game has them), rulings (a ruling the prompts
// do not cite now, or one unknown).
func publicLeaks(setup Setup, s State, js []byte) []string {
	var leaks []string
	leak := func(check, format string, args ...any) {
		leaks = append(leaks, check+": "+fmt.Sprintf(format, args...))
	}
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil {
		return []string{"json: " + err.Error()}
	}
	foreign, _ := enginetest.ForeignKeys(js, publicKeys)
	for _, k := range foreign {
		leak("keys", "%q", k)
	}
	var v PublicView
	if err := json.Unmarshal(js, &v); err != nil {
		return append(leaks, "json: "+err.Error())
	}
	same := func(what string, a, b any) {
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			leak("state", "%s %s, the game's %s", what, ja, jb)
		}
	}
	same("room", v.Room, s.Room)
	same("placement", v.Placement, s.Placement)
	same("placement_over", v.PlacementOver, s.PlacementOver)
	same("pieces", v.Pieces, s.Pieces)
	same("combat", v.Combat, s.Combat)
	same("last_combat", v.LastCombat, s.LastCombat)
	same("score", v.Score, s.Score)
	same("winners", v.Winners, s.Winners)
	if v.Rooms != s.Rooms || v.Combats != s.Combats || v.Goal != setup.GoalPoints() || len(v.Players) != setup.Players {
		leak("state", "rooms %d combats %d goal %d players %d", v.Rooms, v.Combats, v.Goal, len(v.Players))
	}
	var cited []string
	for _, p := range prompts(setup, s) {
		if p.Ruling != "" && !slices.Contains(cited, p.Ruling) {
			cited = append(cited, p.Ruling)
		}
	}
	for _, id := range v.Rulings {
		if !slices.ContainsFunc(Rulings, func(r engine.Ruling) bool { return r.ID == id }) || !slices.Contains(cited, id) {
			leak("rulings", "%s", id)
		}
	}
	if len(v.Rulings) != len(cited) {
		leak("rulings", "%v, the prompts cite %v", v.Rulings, cited)
	}
	return leaks
}

// The players' view of the 4-player example, after every event applied
// and on to a winner, is the game as the table sees it, and nothing more.
func TestPublicIsTheTable(t *testing.T) {
	setup, events := twisterScript(t)
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	leaks := func(js []byte) []string { return publicLeaks(g.Setup(), g.State(), js) }
	check := func(at string) {
		t.Helper()
		enginetest.NoLeak(t, g, at, leaks)
	}
	check("as set up")
	applied, rulings := 0, 0
	for i, e := range events {
		if _, err := g.Apply(e); err != nil {
			continue // refused, as the script shows: nothing changed
		}
		applied++
		rulings += len(g.Public().Rulings)
		check(fmt.Sprintf("after event %d (%s)", i+1, e.Type()))
	}
	for !slices.Contains(g.State().Winners, 2) {
		apply(t, g, &CharacterEscaped{Character: "Goblin", Controller: 2})
		check("after an escape")
	}
	v := g.Public()
	if applied < 8 || rulings == 0 || v.Players[1].Name != "Yellow" || len(v.Winners) == 0 {
		t.Fatalf("%d events applied, %d rulings cited; the end: %+v", applied, rulings, v)
	}
	var _ engine.Public = g
}

// Each check of publicLeaks fails when the view is broken on purpose.
func TestPublicLeaksAreCaught(t *testing.T) {
	setup, events := twisterScript(t)
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if _, err := g.Apply(e); err == nil && g.State().Combat != nil && g.State().Combat.Step == StepOverride {
			break
		}
	}
	s := g.State()
	enginetest.LeaksCaught(t, func(string) PublicView { return g.Public() },
		func(_ string, js []byte) []string { return publicLeaks(g.Setup(), s, js) }, []enginetest.Broken[PublicView]{
			{Name: "a key more", Check: "keys", Raw: func(js []byte) []byte { return append([]byte(`{"cards":[3,1],`), js[1:]...) }},
			{Name: "another score", Check: "state", Break: func(v *PublicView) { v.Score[0].Points++ }},
			{Name: "another step", Check: "state", Break: func(v *PublicView) { v.Combat.Step = StepAttackerCard }},
			{Name: "a ruling not cited", Check: "rulings", Break: func(v *PublicView) { v.Rulings = append(v.Rulings, RulingDeathPoints) }},
		})
}
