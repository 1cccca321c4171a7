package dun

import (
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// Which event types may apply at which moment: the one answer the engine
// and the UI ask ("Card Activation": a pending step takes only its own event).
func TestAllowed(t *testing.T) {
	type moment struct {
		name  string
		setup Setup
		play  []Event
	}
	quiet := moment{"between flows", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{&NewTurn{}}}
	rolling := moment{"an Obstacle roll pending", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{&NewTurn{}, &ObstacleTrigger{Reason: "door"}}}
	drawing := moment{"an Obstacle card to draw", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{&NewTurn{}, &ObstacleTrigger{Reason: "door"}, die(dice.Obstacle)}}
	spawning := moment{"an Encounter spawn to pay", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{&NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated}}}
	spotted := moment{"Enemy Spotted! to pay", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{&NewTurn{}, &SectionRevealed{Kind: "main"}}}
	mainRoom := moment{"the Main Room revealed and done", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{&NewTurn{}, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 3}, die(dice.Power)}}
	improved := moment{"the Leader improved", mainRoom.setup, append(append([]Event{}, mainRoom.play...), &MainRoomPlaced{})}
	fighting := moment{"a combat turn with one orc to act", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, []Event{creature("orc", "melee", bestiary.LevelRegular, 1, 3), &AdpCombatTurn{}, die(dice.Obstacle)}}
	allDone := moment{"a combat turn everyone acted in", fighting.setup, append(append([]Event{}, fighting.play...), &CreatureDone{ID: "orc"})}

	cases := []struct {
		at   moment
		typ  string
		rule string // "" when allowed
	}{
		{quiet, "new_turn", ""},
		{quiet, "obstacle_trigger", ""},
		{quiet, "die", "rule.die.not_pending"},
		{quiet, "card", "rule.card.none_pending"},
		{quiet, "spawn", "rule.spawn.not_pending"},
		{quiet, "main_room_placed", "rule.main_room.unrevealed"},
		{quiet, "creature_done", "rule.creature.no_combat_turn"},
		{quiet, "element_found", "rule.quest.none"},
		{quiet, "reserve_spent", ""},
		{rolling, "die", ""},
		{rolling, "new_turn", "rule.flow.busy"},
		{rolling, "section_revealed", "rule.flow.busy"},
		{rolling, "adp_combat_turn", "rule.flow.busy"},
		{rolling, "card", "rule.card.none_pending"},
		{rolling, "creature_added", ""}, // the board goes on while the flow waits
		{rolling, "initiative", ""},
		{drawing, "card", ""},
		{drawing, "die", "rule.die.not_pending"},
		{spawning, "spawn", ""},
		{spawning, "card", ""}, // discarding a card whose spawn cannot be paid
		{spotted, "spawn", ""},
		{spotted, "card", "rule.card.none_pending"},
		{spotted, "main_room_placed", "rule.flow.busy"},
		{mainRoom, "main_room_placed", ""},
		{improved, "main_room_placed", "rule.main_room.twice"},
		{fighting, "creature_done", ""},
		{allDone, "creature_done", "rule.creature.all_done"},
	}
	for _, c := range cases {
		t.Run(c.at.name+"/"+c.typ, func(t *testing.T) {
			g := mustGame(t, c.at.setup)
			play(t, g, c.at.play...)
			err := g.Allowed(c.typ)
			switch {
			case c.rule == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.rule != "":
				re, ok := err.(*RuleError)
				if !ok || re.ID != c.rule {
					t.Fatalf("got %v, want %s", err, c.rule)
				}
			}
		})
	}
}

// Every DUN event type round-trips through the codec under its own name.
func TestEventCodec(t *testing.T) { enginetest.CheckCodec(t, Events) }

// Clone shares nothing with the state it copies, whatever fields State has
// now or gains later: every field is filled before the check.
func TestCloneSharesNothing(t *testing.T) {
	var s State
	enginetest.Fill(&s)
	if shared := enginetest.Shares(s, s.Clone()); len(shared) > 0 {
		t.Fatalf("Clone shares %v", shared)
	}
	if len(enginetest.Shares(s, s)) == 0 {
		t.Fatal("the check sees no sharing in a plain copy: it could never fail")
	}
}

// The legality tables name only event types DUN registers: a misspelt one
// would silently allow or refuse nothing. Every registered event type has
// its gate (a new event cannot be left without legality), and every step
// kind its stage.
func TestLegalityTablesNameRealEvents(t *testing.T) {
	if ungated, unknown := legality.Ungated(Events); len(ungated)+len(unknown) > 0 {
		t.Errorf("event types with no gate %q; named in the tables but not registered %q", ungated, unknown)
	}
	known := map[string]bool{}
	for _, typ := range Events.Types() {
		known[typ] = true
	}
	answered := map[string]bool{}
	for _, st := range legality.Stages {
		for _, typ := range st.Events {
			if !known[typ] {
				t.Errorf("stage %s lists %q, no DUN event", st.Step, typ)
			}
			answered[st.Step] = true
		}
	}
	for typ, g := range legality.Gates {
		if !known[typ] {
			t.Errorf("gates list %q, no DUN event", typ)
		}
		if _, answers := legality.Stages.Answers(typ); g.NotPending != "" && !answers {
			t.Errorf("%s waits for a step no stage lets it answer", typ)
		}
	}
	for _, kind := range []string{StepRoll, StepDraw, StepSpawn, stageEnemySpotted, StepChoose, StepReveal} {
		if !answered[kind] {
			t.Errorf("nothing answers a %s step", kind)
		}
	}
}
