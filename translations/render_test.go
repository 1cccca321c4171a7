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
		&core.Initiative{Hero: side(4, 4, 3, 5), ADP: side(2, 3, 2, 3), Context: core.ContextExploration},
		&core.Initiative{Hero: side(3, 3, 1, 1), ADP: side(3, 3, 5, 5), Context: core.ContextCombat, BrokenDoorTurns: 1},
		&core.Initiative{Hero: side(3, 2, 1, 1), ADP: side(2, 2, 1, 1), Context: core.ContextExploration},
		&core.Initiative{Hero: side(5, 3, 5, 5), ADP: side(2, 3, 2, 2), Context: core.ContextCombat},
		&core.Test{Action: "open_lock", Value: intp(3), Dice: []int{1, 1}},
		&core.Test{Action: "search_room", Value: intp(3), Dice: []int{6, 6}, Extra: []int{3}},
		&core.Test{Action: "detect_trap", Value: intp(3), Target: 9, Dice: []int{6, 6}},
		&core.Test{Action: "run", Value: intp(5), Dice: []int{1, 1}},
		&core.Test{Action: "run", Value: intp(5), Dice: []int{3, 1}},
		&core.Test{Action: "search_corpses", Level: "high", Dice: []int{5, 2}},
		&core.Test{Action: "secret_door", Value: intp(3), Dice: []int{2, 2}, Repeat: true},
		&core.Test{Attribute: "willpower", Value: intp(3), Dice: []int{4, 4}},
		&core.Test{Action: "search_furniture", Trap: true, Dice: []int{1, 1}},
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
			if lt := g.State().LastTest; lt != nil {
				for _, r := range lt.Results {
					prompts = append(prompts, core.Prompt{ID: r.ID, Args: r.Args})
				}
			}
		}
		if applied < len(events)/2 {
			t.Fatalf("only %d of %d events applied: the flow is not exercised", applied, len(events))
		}
		var msgs []core.LogEntry
		msgs = append(msgs, g.State().Log...)
		if lt := g.State().LastTest; lt != nil {
			for _, r := range lt.Results {
				msgs = append(msgs, core.LogEntry{ID: r.ID, Args: r.Args})
			}
		}
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

func intp(n int) *int { return &n }

func side(per, intel int, dice ...int) core.InitiativeSide {
	return core.InitiativeSide{Perception: &per, Intelligence: &intel, Dice: dice}
}

// Every action in the catalogue has a name and help text in every language.
func TestEveryActionIsDescribed(t *testing.T) {
	for _, l := range Languages {
		tr := New(l.Tag)
		for _, a := range core.Actions {
			for _, id := range []string{"action." + a.ID, "action." + a.ID + ".help"} {
				if got := tr.T(id, nil); got == id {
					t.Errorf("%s: %s is not translated", l.Tag, id)
				}
			}
		}
	}
}

// Every behaviour type has a name and a card in every language.
func TestEveryBehaviourHasACard(t *testing.T) {
	for _, l := range Languages {
		tr := New(l.Tag)
		for _, b := range core.BehaviourTypes {
			for _, id := range []string{"behaviour." + b.ID + ".name", "behaviour." + b.ID + ".card"} {
				if got := tr.T(id, nil); got == id {
					t.Errorf("%s: %s is missing", l.Tag, id)
				}
			}
		}
	}
}

// A combat turn with creatures: every event applies, and every message it
// and its prompts produce renders in every language.
func TestCreatureMessagesRender(t *testing.T) {
	g := questFlow(t, core.Setup{Heroes: 4, GroupVP: 200, LeaderVP: 30})
	var msgs []core.LogEntry
	for _, e := range []core.Event{
		&core.CreatureAdded{ID: "shaman", Behaviour: "spellcaster", Level: core.LevelElite, VP: 5, Spellcaster: true, Support: true, Skills: []string{"heal"}, QuestTarget: "the altar"},
		&core.CreatureAdded{ID: "chief", Name: "Orc chief", Behaviour: "beast", Level: core.LevelLeader, VP: 12},
		&core.AdpCombatTurn{}, &core.Die{Faces: []core.Symbol{core.Obstacle, core.Encounter}},
		&core.SupportRoll{ID: "shaman", Face: 5}, &core.SupportRoll{ID: "shaman", Face: 2}, &core.SkillUsed{ID: "shaman", Skill: "heal"},
		&core.RandomPick{Among: 3, Picked: 2}, &core.CreatureDone{ID: "shaman"},
		&core.CreatureDone{ID: "chief"}, &core.CreatureRemoved{ID: "chief"},
	} {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		for _, p := range g.Prompts() {
			msgs = append(msgs, core.LogEntry{ID: p.ID, Args: p.Args})
			for _, c := range p.Choices {
				msgs = append(msgs, core.LogEntry{ID: c.ID, Args: c.Args})
			}
		}
	}
	msgs = append(msgs, g.State().Log...)
	for _, l := range Languages {
		tr := New(l.Tag)
		for _, m := range msgs {
			if got := tr.T(m.ID, m.Args); got == m.ID || strings.Contains(got, "<no value>") {
				t.Errorf("%s %s %v renders as %q", l.Tag, m.ID, m.Args, got)
			}
		}
	}
}
