package dragoncanyon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"

	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// publicSeed is a seed no number of the game could be mistaken for.
const publicSeed = 9_106_472_385_512_097_633

// soloScript is the golden solo game (testdata/scripts): its setup, normalized with its
// own seed (so its decks' orders are the script's), then given publicSeed;
// and its events.
func soloScript(t *testing.T) (Setup, []engine.Event) {
	t.Helper()
	b, events := enginetest.Script(t, "testdata/scripts/dragon_canyon_solo.jsonl", Events)
	setup, err := engine.DecodeStrict[Setup](b)
	if err != nil {
		t.Fatal(err)
	}
	setup = setup.Normalize()
	setup.Seed = publicSeed
	return setup, events
}

// publicKeys are every key the players' view may have. A key not listed
// fails the test: whoever adds one to the view says here that the players
// may see it.
var publicKeys = []string{
	"round", "seat", "phase", "board", "resource", "amount", "canyon", "force", "owner", "face_up", "strength",
	"slayer", "dragon", "ai", "stash", "caravan", "load", "wood", "food", "stone", "bone", "buildings", "loot",
	"force_pile", "force_discard", "force_on_board", "action_pile", "action_discard", "players", "stacks",
	"id", "name", "vp", "left", "action_card", "tile", "action", "start", "turn", "building", "decision",
	"kind", "target", "reason", "args", "spiral", "search", "from", "end", "by", "stack", "result", "winner",
	"details",
	// the arguments of the AI's reasons
	"Count", "Stash", "Tile", "AI", "Players", "StartKey", "TurnKey", "WhyKey", "LineKey", "Index", "Wood",
	"Food", "Stone", "Bone", "Building", "Need", "Left", "Strength", "SeatKey", "ResourceKey", "AICard",
	"Modifier", "Player", "Card", "Bonus", "Failed", "AIAbility", "AITower", "AICancelled", "PlayerAbility",
	"PlayerTower", "PlayerCancelled", "SideKey", "Tower",
}

// publicLeaks are what the players' view js of state s shows that the
// players may not see, each tagged with the check that found it:
//
//   - keys: a key the view may not have (a card's index, a pile's order,
//     the discards, the seed, ...);
//   - board: a card shown otherwise than it lies, or a face-down card with
//     more than its owner and which way up it lies (its strength, its
//     Dragon Slayer, its index);
//   - decision: the AI's last decision telling the strength of its card
//     that lies face-down now;
//   - order: a pile's or the discards' order (three cards or more: two are
//     a tile's place);
//   - seed: the seed.
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
	board, _ := doc["board"].([]any)
	if len(board) != Size {
		leak("board", "%d rows", len(board))
		return leaks
	}
	for r, row := range s.Board {
		cells, _ := board[r].([]any)
		for c, tile := range row {
			cell, _ := cells[c].(map[string]any)
			force, shown := cell["force"].(map[string]any)
			f := tile.Force
			switch {
			case f == nil && shown:
				leak("board", "a card on the empty tile %d,%d", r+1, c+1)
			case f == nil:
			case !shown || force["owner"] != f.Owner || force["face_up"] != f.FaceUp:
				leak("board", "the card on %d,%d is %v, not %s's face-up %v", r+1, c+1, cell["force"], f.Owner, f.FaceUp)
			case !f.FaceUp && len(force) != 2:
				leak("board", "the face-down card on %d,%d shows %v", r+1, c+1, force)
			case f.FaceUp && f.Known && force["strength"] != float64(f.Strength):
				leak("board", "the face-up card on %d,%d shows %v, not its strength %d", r+1, c+1, force["strength"], f.Strength)
			}
		}
	}
	var v PublicView
	if err := json.Unmarshal(js, &v); err != nil {
		return append(leaks, "json: "+err.Error())
	}
	if d := v.Decision; d != nil && d.Tile != nil {
		if f := s.tile(*d.Tile).Force; f != nil && f.Owner == SeatAI && !f.FaceUp {
			for _, k := range []string{"AI", "AICard", "AIAbility", "PlayerCancelled"} { // the keys a fight's result tells the AI's card by
				if _, ok := d.Args[k]; ok {
					leak("decision", "%s's %s while its card on %v lies face-down", d.Kind, k, *d.Tile)
				}
			}
			// the details a fight's result tells the AI's card by: its
			// ability, and the player's Guard Tower it cancelled
			for _, x := range d.Details {
				ai := x.Args["SideKey"] == "ui.dc.seat.ai"
				if x.Reason == "reason.dc.fight.ability" && ai || x.Reason == "reason.dc.fight.tower_cancelled" && !ai {
					leak("decision", "%s's detail %s %v while its card on %v lies face-down", d.Kind, x.Reason, x.Args, *d.Tile)
				}
			}
		}
	}
	for _, order := range [][]int{s.AI.Actions.Order, s.AI.Actions.Discards, s.AI.Force.Order, s.AI.Force.Discards, setup.ActionDeck.Order, setup.ForceDeck.Order} {
		if len(order) < 3 {
			continue
		}
		b, _ := json.Marshal(order)
		if bytes.Contains(js, b) {
			leak("order", "%s", b)
		}
	}
	if seed := strconv.FormatUint(setup.Seed, 10); strings.Contains(string(js), seed) {
		leak("seed", "%s", seed)
	}
	return leaks
}

// The players' view of the solo game, after every event of it, shows no
// face-down card's strength, no pile's order, no card's index and no seed;
// and the board as it lies, the AI's side and the score.
func TestPublicHidesWhatThePlayersMayNotSee(t *testing.T) {
	setup, events := soloScript(t)
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	faceDown := 0
	leaks := func(js []byte) []string { return publicLeaks(g.Setup(), g.State(), js) }
	check := func(at string) {
		t.Helper()
		enginetest.NoLeak(t, g, at, leaks)
		for _, row := range g.State().Board {
			for _, tile := range row {
				if f := tile.Force; f != nil && !f.FaceUp && f.Known {
					faceDown++
				}
			}
		}
	}
	check("as set up")
	for i, e := range events {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d (%s): %v", i+1, e.Type(), err)
		}
		check(fmt.Sprintf("after event %d (%s)", i+1, e.Type()))
	}
	v, s := g.Public(), g.State()
	if v.Result == nil || v.Result.AI != s.Result.AI || v.Phase != PhaseOver || faceDown == 0 {
		t.Fatalf("the end: %+v (%d face-down cards the app knew, seen along the way)", v, faceDown)
	}
	if !slices.Equal(v.AI.Buildings, s.AI.Buildings) || v.AI.Caravan != s.AI.Caravan || v.Decision == nil || v.Decision.Reason != s.Decision.Reason {
		t.Fatalf("the AI's side: %+v, the game's %+v", v.AI, s.AI)
	}
	var _ engine.Public = g
}

// A fight's result tells the AI's card's strength while the card lies
// face-up; turned face-down after the fight, it no longer does.
func TestPublicFightResultOfAFaceDownCard(t *testing.T) {
	tb := newTable(t, func(s *Setup) { s.Seed = publicSeed })
	tb.put(SeatAI, Pos{2, 2}, false, 4, false)
	tb.put("p1", Pos{2, 3}, false, 0, false)
	tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
	tb.must(&Attack{Player: 1, Tile: Pos{2, 2}, From: Pos{2, 3}}, flip(Pos{1, 1}, fight, up, cw, 2, "market"), &FightResolved{Strength: 1, Dice: []int{0}})
	setup := tb.r.setup
	v := Public(setup, tb.s)
	if v.Decision == nil || v.Decision.Kind != "fight_result" || v.Decision.Args["AICard"] != 4 || v.Board[1][1].Force.Strength == nil {
		t.Fatalf("the AI won with its card face-up: %+v %+v", v.Decision, v.Board[1][1].Force)
	}
	tb.must(&ForceFlipped{Tile: Pos{2, 2}})
	v = Public(setup, tb.s)
	js, _ := json.Marshal(v)
	if leaks := publicLeaks(setup, tb.s, js); len(leaks) > 0 || v.Decision.Kind != "fight_result" {
		t.Fatalf("the card turned face-down: %v\n%s", leaks, js)
	}
}

// Each check of publicLeaks fails when the view shows what it guards: the
// view is broken on purpose, one way at a time.
func TestPublicLeaksAreCaught(t *testing.T) {
	setup, events := soloScript(t)
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	// The first moment an AI card the app knows lies face-down and the
	// piles still hold three cards or more.
	var at Pos
	for _, e := range events {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		s := g.State()
		for _, p := range allTiles() {
			if f := s.tile(p).Force; f != nil && f.Owner == SeatAI && !f.FaceUp && len(s.AI.Force.Order) >= 3 && len(s.AI.Actions.Order) >= 3 {
				at = p
			}
		}
		if at != (Pos{}) {
			break
		}
	}
	if at == (Pos{}) {
		t.Fatal("no face-down AI card in the solo game")
	}
	s := g.State()
	card := s.tile(at).Force
	enginetest.LeaksCaught(t, func(string) PublicView { return g.Public() },
		func(_ string, js []byte) []string { return publicLeaks(g.Setup(), s, js) }, []enginetest.Broken[PublicView]{
			{Name: "a face-down card's strength", Check: "board", Break: func(v *PublicView) {
				n := card.Strength
				v.Board[at[0]-1][at[1]-1].Force.Strength = &n
			}},
			{Name: "a face-down Dragon Slayer", Check: "board", Break: func(v *PublicView) { v.Board[at[0]-1][at[1]-1].Force.Slayer = true }},
			{Name: "a face-down card shown face-up", Check: "board", Break: func(v *PublicView) { v.Board[at[0]-1][at[1]-1].Force.FaceUp = true }},
			{Name: "a card gone", Check: "board", Break: func(v *PublicView) { v.Board[at[0]-1][at[1]-1].Force = nil }},
			{Name: "a face-down card's index", Check: "keys", Raw: func(js []byte) []byte {
				return bytes.Replace(js, []byte(`"owner":"ai","face_up":false`), []byte(`"owner":"ai","face_up":false,"card":4`), 1)
			}},
			{Name: "a fight's result with a face-down card", Check: "decision", Break: func(v *PublicView) {
				v.Decision = &PublicDecision{Kind: "fight_result", Tile: &at, Reason: "reason.dc.fight.ai_wins", Args: map[string]any{"AICard": card.Strength}}
			}},
			{Name: "a fight's detail of a face-down card's ability", Check: "decision", Break: func(v *PublicView) {
				v.Decision = &PublicDecision{Kind: "fight_result", Tile: &at, Reason: "reason.dc.fight.ai_wins",
					Details: []Detail{{Reason: "reason.dc.fight.ability", Args: map[string]any{"SideKey": "ui.dc.seat.ai", "Bonus": "+1"}}}}
			}},
			{Name: "a fight's detail of a face-down card cancelling a Guard Tower", Check: "decision", Break: func(v *PublicView) {
				v.Decision = &PublicDecision{Kind: "fight_result", Tile: &at, Reason: "reason.dc.fight.ai_wins",
					Details: []Detail{{Reason: "reason.dc.fight.tower_cancelled", Args: map[string]any{"SideKey": "ui.dc.seat.p1"}}}}
			}},
			{Name: "the action pile's order", Check: "order", Break: func(v *PublicView) {
				v.Decision.Args = map[string]any{"Count": s.AI.Actions.Order}
			}},
			{Name: "the Force pile's order", Check: "order", Break: func(v *PublicView) {
				v.Decision.Args = map[string]any{"Count": s.AI.Force.Order}
			}},
			{Name: "the pile's order as a key", Check: "keys", Raw: func(js []byte) []byte {
				return bytes.Replace(js, []byte(`"ai":{`), []byte(`"ai":{"order":[],`), 1)
			}},
			{Name: "the seed", Check: "seed", Break: func(v *PublicView) { v.Round = publicSeed }},
		})
}
