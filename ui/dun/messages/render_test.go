package messages

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// questFlow plays a whole quest's card flow, touching every kind of step.
func questFlow(t *testing.T, setup dun.Setup) *dun.Game {
	t.Helper()
	g, err := dun.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every message a game produces renders in every language: no missing ID,
// no argument the text expects but the engine did not give.
func TestEveryEngineMessageRenders(t *testing.T) {
	setups := []dun.Setup{
		{HeroVP: []int{40, 40, 45}, LeaderVP: 20, Seed: 3},
		{Heroes: 2, GroupVP: 60, LeaderVP: 10, Conductor: dun.ConductorRotating, Decks: map[string]dun.DeckRule{"power": {Absent: true}}},
	}
	events := []dun.Event{
		&dun.NewTurn{},
		&dun.ObstacleTrigger{Reason: "door"}, &dun.Die{Faces: []dice.Symbol{dice.Power, dice.Obstacle}},
		&dun.Card{Deck: dun.DeckObstacle, Outcome: dun.Discarded, Points: 2, Name: "Locked Door"},
		&dun.ObstacleTrigger{Reason: "furniture"}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}},
		&dun.Card{Deck: dun.DeckObstacle, Outcome: dun.Activated, Special: dun.SpecialThief},
		&dun.Spawn{Cost: 3, Row: 2},
		&dun.SectionRevealed{Kind: "large", BrokenDoor: true}, &dun.Die{Faces: []dice.Symbol{dice.Encounter}},
		&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated, Name: "Patrol"}, &dun.Spawn{Cost: 1, Row: 5},
		&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1},
		&dun.AdpCombatTurn{}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.Card{Deck: dun.DeckPower, Outcome: dun.Activated, Points: 1, Name: "Fortune", Sustained: true, Target: "Orc chief"},
		&dun.SustainedEnded{Target: "Orc chief"},
		&dun.NewTurn{}, &dun.NewTurn{},
		&dun.SectionRevealed{Kind: "main"}, &dun.Spawn{Cost: 500}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}},
		&dun.MainRoomPlaced{},
		&dun.ReserveSpent{Amount: 1, Reason: "correction"}, &dun.ReserveGained{Amount: 1, Reason: "correction"},
		&dun.DiceRolled{Dice: dice.TwoD6, Faces: []int{2, 3}}, &dun.Undo{},
		&dun.Initiative{Hero: side(4, 4, 3, 5), ADP: side(2, 3, 2, 3), Context: dun.ContextExploration},
		&dun.Initiative{Hero: side(3, 3, 1, 1), ADP: side(3, 3, 5, 5), Context: dun.ContextCombat, BrokenDoorTurns: 1},
		&dun.Initiative{Hero: side(3, 2, 1, 1), ADP: side(2, 2, 1, 1), Context: dun.ContextExploration},
		&dun.Initiative{Hero: side(5, 3, 5, 5), ADP: side(2, 3, 2, 2), Context: dun.ContextCombat},
		&dun.Test{Action: "open_lock", Value: intp(3), Dice: []int{1, 1}},
		&dun.Test{Action: "search_room", Value: intp(3), Dice: []int{6, 6}, Extra: []int{3}},
		&dun.Test{Action: "detect_trap", Value: intp(3), Target: 9, Dice: []int{6, 6}},
		&dun.Test{Action: "run", Value: intp(5), Dice: []int{1, 1}},
		&dun.Test{Action: "run", Value: intp(5), Dice: []int{3, 1}},
		&dun.Test{Action: "search_corpses", Level: "high", Dice: []int{5, 2}},
		&dun.Test{Action: "secret_door", Value: intp(3), Dice: []int{2, 2}, Repeat: true},
		&dun.Test{Attribute: "willpower", Value: intp(3), Dice: []int{4, 4}},
		&dun.Test{Action: "search_furniture", Trap: true, Dice: []int{1, 1}},
	}
	for _, setup := range setups {
		g := questFlow(t, setup)
		var prompts []dun.Prompt
		applied := 0
		for _, e := range events {
			if _, err := g.Apply(e); err == nil {
				applied++
			}
			prompts = append(prompts, g.Prompts()...)
			if lt := g.State().LastTest; lt != nil {
				for _, r := range lt.Results {
					prompts = append(prompts, dun.Prompt{ID: r.ID, Args: r.Args})
				}
			}
		}
		if applied < len(events)/2 {
			t.Fatalf("only %d of %d events applied: the flow is not exercised", applied, len(events))
		}
		var msgs []engine.Message
		for _, l := range g.Log() {
			msgs = append(msgs, l.Message)
		}
		if lt := g.State().LastTest; lt != nil {
			for _, r := range lt.Results {
				msgs = append(msgs, engine.Message{ID: r.ID, Args: r.Args})
			}
		}
		for _, p := range prompts {
			msgs = append(msgs, engine.Message{ID: p.ID, Args: p.Args})
			for _, c := range p.Choices {
				msgs = append(msgs, engine.Message{ID: c.ID, Args: c.Args})
			}
		}
		for _, l := range translations.Languages {
			tr := translations.New(l.Tag)
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

func side(per, intel int, dice ...int) dun.InitiativeSide {
	return dun.InitiativeSide{Perception: &per, Intelligence: &intel, Dice: dice}
}

// Every action in the catalogue has a name and help text in every language.
func TestEveryActionIsDescribed(t *testing.T) {
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for _, a := range actions.All {
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
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for _, b := range bestiary.BehaviourTypes {
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
	g := questFlow(t, dun.Setup{Heroes: 4, GroupVP: 200, LeaderVP: 30})
	var msgs []engine.Message
	for _, e := range []dun.Event{
		&dun.CreatureAdded{ID: "shaman", Behaviour: "spellcaster", Level: bestiary.LevelElite, VP: 5, Spellcaster: true, Support: true, Skills: []string{"heal"}, QuestTarget: "the altar"},
		&dun.CreatureAdded{ID: "chief", Name: "Orc chief", Behaviour: "beast", Level: bestiary.LevelLeader, VP: 12},
		&dun.AdpCombatTurn{}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle, dice.Encounter}},
		&dun.SupportRoll{ID: "shaman", Face: 5}, &dun.SupportRoll{ID: "shaman", Face: 2}, &dun.SkillUsed{ID: "shaman", Skill: "heal"},
		&dun.RandomPick{Among: 3, Picked: 2}, &dun.CreatureDone{ID: "shaman"},
		&dun.CreatureDone{ID: "chief"}, &dun.CreatureRemoved{ID: "chief"},
	} {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		for _, p := range g.Prompts() {
			msgs = append(msgs, engine.Message{ID: p.ID, Args: p.Args})
			for _, c := range p.Choices {
				msgs = append(msgs, engine.Message{ID: c.ID, Args: c.Args})
			}
		}
	}
	for _, l := range g.Log() {
		msgs = append(msgs, l.Message)
	}
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for _, m := range msgs {
			if got := tr.T(m.ID, m.Args); got == m.ID || strings.Contains(got, "<no value>") {
				t.Errorf("%s %s %v renders as %q", l.Tag, m.ID, m.Args, got)
			}
		}
	}
}
