package translations

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core"
)

// questFlow plays a whole quest's card flow, touching every kind of step.
func questFlow(t *testing.T, setup core.Setup) *core.Game {
	t.Helper()
	g, err := core.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every message a game produces renders in every language: no missing ID,
// no argument the text expects but the engine did not give.
func TestEveryEngineMessageRenders(t *testing.T) {
	setups := []core.Setup{
		{HeroVP: []int{40, 40, 45}, LeaderVP: 20, Seed: 3},
		{Heroes: 2, GroupVP: 60, LeaderVP: 10, Conductor: core.ConductorRotating, Decks: map[string]core.DeckRule{"power": {Absent: true}}},
	}
	events := []core.Event{
		&core.NewTurn{},
		&core.ObstacleTrigger{Reason: "door"}, &core.Die{Faces: []core.Symbol{core.Power, core.Obstacle}},
		&core.Card{Deck: core.DeckObstacle, Outcome: core.Discarded, Points: 2, Name: "Locked Door"},
		&core.ObstacleTrigger{Reason: "furniture"}, &core.Die{Faces: []core.Symbol{core.Obstacle}},
		&core.Card{Deck: core.DeckObstacle, Outcome: core.Activated, Special: core.SpecialThief},
		&core.Spawn{Cost: 3, Row: 2},
		&core.SectionRevealed{Kind: "large", BrokenDoor: true}, &core.Die{Faces: []core.Symbol{core.Encounter}},
		&core.Card{Deck: core.DeckEncounter, Outcome: core.Activated, Name: "Patrol"}, &core.Spawn{Cost: 1, Row: 5},
		&core.Card{Deck: core.DeckEncounter, Outcome: core.Discarded, Points: 1},
		&core.AdpCombatTurn{}, &core.Die{Faces: []core.Symbol{core.Power}},
		&core.Card{Deck: core.DeckPower, Outcome: core.Activated, Points: 1, Name: "Fortune", Sustained: true, Target: "Orc chief"},
		&core.SustainedEnded{Target: "Orc chief"},
		&core.NewTurn{}, &core.NewTurn{},
		&core.SectionRevealed{Kind: "main"}, &core.Spawn{Cost: 500}, &core.Die{Faces: []core.Symbol{core.Obstacle}},
		&core.MainRoomPlaced{},
		&core.ReserveSpent{Amount: 1, Reason: "correction"}, &core.ReserveGained{Amount: 1, Reason: "correction"},
		&core.DiceRolled{Dice: core.TwoD6, Faces: []int{2, 3}}, &core.Undo{},
	}
	for _, setup := range setups {
		g := questFlow(t, setup)
		var prompts []core.Prompt
		applied := 0
		for _, e := range events {
			if _, err := g.Apply(e); err == nil {
				applied++
			}
			prompts = append(prompts, g.Prompts()...)
		}
		if applied < len(events)/2 {
			t.Fatalf("only %d of %d events applied: the flow is not exercised", applied, len(events))
		}
		var msgs []core.LogEntry
		msgs = append(msgs, g.State().Log...)
		for _, p := range prompts {
			msgs = append(msgs, core.LogEntry{ID: p.ID, Args: p.Args})
			for _, c := range p.Choices {
				msgs = append(msgs, core.LogEntry{ID: c.ID, Args: c.Args})
			}
		}
		for _, l := range Languages {
			tr := New(l.Tag)
			for _, m := range msgs {
				got := tr.T(m.ID, m.Args)
				if got == m.ID || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
					t.Errorf("%s %s %v renders as %q", l.Tag, m.ID, m.Args, got)
				}
			}
		}
	}
}
