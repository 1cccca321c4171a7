package dun

import (
	"errors"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// dueKey is the due step's message ID (type and reason), "" for none.
func dueKey(g *Game) string {
	if d := g.State().Due; d != nil {
		return d.Key()
	}
	return ""
}

// "The Turn, Movement and Exploring Actions", EXPLORATION AND COMBAT:
// combat turns whenever a hero is 12 or fewer squares from an enemy. The
// table is asked at the start of a turn with creatures on the board and
// after new enemies' Initiative; the ADP's combat turn is due only while
// the answer is yes, and a new turn's refusal says why it is due.
func TestCombatBeginsAndEndsByDistance(t *testing.T) {
	spawnRoom := []Event{&SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"},
		&Spawn{Cost: 3, Row: 1}, orc("orc-2")}
	far := &CombatRange{Near: false} // the first creatures, placed by hand
	heroesWin := &Initiative{Hero: side(4, 3, 6, 6), ADP: side(2, 2, 2, 2)}
	adpWins := &Initiative{Hero: side(2, 2, 2, 2), ADP: side(4, 3, 6, 5)}
	cases := []struct {
		name    string
		events  []Event
		wantDue string // the due step's key after them
		near    *bool  // enemies_near after them
	}{
		{"no creatures: nothing asked", []Event{&NewTurn{}}, "", nil},
		{"creatures placed by hand: asked", []Event{&NewTurn{}, orc("orc-1")}, "due.combat_range", nil},
		{"a new turn with creatures: asked", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}}, "due.combat_range", nil},
		{"yes: the ADP's combat turn follows, for the range", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, &CombatRange{Near: true}},
			"due.adp_combat_turn.range", ptr(true)},
		{"no: an exploration turn, nothing due", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, &CombatRange{Near: false}}, "", ptr(false)},
		{"a new turn clears the answer: asked again", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, &CombatRange{Near: false}, &NewTurn{}},
			"due.combat_range", nil},
		{"the answer changes within the turn", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, &CombatRange{Near: false}, &CombatRange{Near: true}},
			"due.adp_combat_turn.range", ptr(true)},
		{"after the spawn's Initiative the heroes won: asked", append([]Event{&NewTurn{}}, append(slices.Clone(spawnRoom), heroesWin)...),
			"due.combat_range", nil},
		{"the ADP won the Initiative: its turn, for the Initiative", append([]Event{&NewTurn{}}, append(slices.Clone(spawnRoom), adpWins)...),
			"due.adp_combat_turn.initiative", nil},
		{"in the ADP's combat turn: not asked", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, &CombatRange{Near: true}, &AdpCombatTurn{}, die(dice.Obstacle)},
			"", ptr(true)},
		{"every creature gone: nothing due", []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, &CreatureRemoved{ID: "orc-1"}}, "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, c.events...)
			if got := dueKey(g); got != c.wantDue {
				t.Fatalf("due %q, want %q", got, c.wantDue)
			}
			if got := g.State().EnemiesNear; (got == nil) != (c.near == nil) || got != nil && *got != *c.near {
				t.Fatalf("enemies_near %v, want %v", got, c.near)
			}
			if c.wantDue == "" {
				return
			}
			// A new turn is refused, and the refusal names the real reason.
			_, err := g.Apply(&NewTurn{})
			var re *RuleError
			if !errors.As(err, &re) || re.ID != "rule.due.first" || re.Args["DueKey"] != c.wantDue {
				t.Fatalf("new turn: %v, want rule.due.first with %s", err, c.wantDue)
			}
		})
	}
}

// The question is a prompt with two choices, yes and no, each the answer's
// event (EXPLORATION AND COMBAT).
func TestCombatRangePrompt(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &NewTurn{}, orc("orc-1"), &CombatRange{}, &NewTurn{})
	i := slices.IndexFunc(g.Prompts(), func(p Prompt) bool { return p.ID == "prompt.due.combat_range" })
	if i < 0 {
		t.Fatalf("not asked: %+v", g.Prompts())
	}
	p := g.Prompts()[i]
	if len(p.Choices) != 2 || p.Choices[0].Event.(*CombatRange).Near != true || p.Choices[1].Event.(*CombatRange).Near != false {
		t.Fatalf("choices %+v", p.Choices)
	}
	if slices.ContainsFunc(g.Prompts(), func(p Prompt) bool {
		return slices.ContainsFunc(p.Choices, func(c Choice) bool { return c.ID == "choice.new_turn" })
	}) {
		t.Fatal("a new turn offered while the range is asked")
	}
}

// Without the rule option (saves from before it) the ADP's combat turn is
// due whenever creatures are on the board, and says so.
func TestCombatRangeOffKeepsCreaturesOnBoard(t *testing.T) {
	off := false
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: Rules{CombatRange: &off}})
	play(t, g, &NewTurn{}, orc("orc-1"))
	if got := dueKey(g); got != "due.adp_combat_turn.creatures" {
		t.Fatalf("due %q", got)
	}
}

func ptr[T any](v T) *T { return &v }
