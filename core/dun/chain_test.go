package dun

import (
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// "Obstacle Cards": a character who opens a door or steps onto an arrow
// sets off the Scenario Die; the section behind it waits, then is revealed
// with its Encounter flow, or stays hidden when an Obstacle shut the exit.
func TestExitStartsTheChain(t *testing.T) {
	arrow := func(s string) string { return strings.Replace(s, `kind = "door"`, `kind = "arrow"`, 1) }
	cases := []struct {
		name    string
		edit    func(string) string
		play    []Event
		pending []string // kind:deck or kind:section
		trigger string
	}{
		{"a door: the Obstacle roll, then the reveal", nil, []Event{&ExitOpened{Section: "cellar"}}, []string{"roll:obstacle", "reveal:cellar"}, "door"},
		{"an arrow: trigger arrow", arrow, []Event{&ExitOpened{Section: "cellar"}}, []string{"roll:obstacle", "reveal:cellar"}, "arrow"},
		{"a miss: the reveal waits alone", nil, []Event{&ExitOpened{Section: "cellar"}, die(dice.Power)}, []string{"reveal:cellar"}, ""},
		{"a hit: the card first, the reveal after", nil, []Event{&ExitOpened{Section: "cellar"}, die(dice.Obstacle)}, []string{"draw:obstacle", "reveal:cellar"}, ""},
		{"revealed: the Encounter flow follows", nil, []Event{&ExitOpened{Section: "cellar"}, die(dice.Power), &SectionRevealed{Section: "cellar"}}, []string{"roll:encounter"}, ""},
		{"shut: nothing pending, the section hidden", nil, []Event{&ExitOpened{Section: "cellar"}, die(dice.Power), &ExitClosed{Section: "cellar"}}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := questGame(t, testQuest(t, c.edit))
			play(t, g, &NewTurn{})
			play(t, g, c.play...)
			var got []string
			for _, st := range g.State().Pending {
				if st.Kind == StepReveal {
					got = append(got, st.Kind+":"+st.Section)
				} else {
					got = append(got, st.Kind+":"+st.Deck)
				}
			}
			if strings.Join(got, ",") != strings.Join(c.pending, ",") {
				t.Fatalf("pending %v, want %v", got, c.pending)
			}
			if c.trigger != "" && g.State().Pending[0].Reason != c.trigger {
				t.Fatalf("trigger %s, want %s", g.State().Pending[0].Reason, c.trigger)
			}
		})
	}

	g := questGame(t, testQuest(t, nil))
	refused(t, g, &ExitOpened{Section: "den"}, "rule.section.not_reachable")
	refused(t, g, &ExitClosed{Section: "cellar"}, "rule.reveal.not_pending")
	play(t, g, &ExitOpened{Section: "cellar"}, die(dice.Power))
	refused(t, g, &NewTurn{}, "rule.flow.busy")
	refused(t, g, &ExitClosed{Section: "den"}, "rule.reveal.other_section")
	ps := g.Prompts()
	if ps[len(ps)-1].ID != "prompt.reveal" || len(ps[len(ps)-1].Choices) != 2 {
		t.Fatalf("prompts %+v", ps)
	}
	play(t, g, &ExitClosed{Section: "cellar"})
	if !slices.Equal(g.State().Shut, []string{"cellar"}) {
		t.Fatalf("shut %v", g.State().Shut)
	}
	// Breaking the door down later reveals it with broken_door.
	play(t, g, &SectionRevealed{Section: "cellar", BrokenDoor: true})
	if len(g.State().Shut) != 0 {
		t.Fatalf("still shut after the reveal: %v", g.State().Shut)
	}
	if h := g.State().Pending[0]; !h.BrokenDoor || !h.Reroll {
		t.Fatalf("pending %+v", h)
	}
	refused(t, mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}), &ExitOpened{Section: "cellar"}, "rule.quest.none")
}

// "The due step leads": Initiative after a spawn placed creatures, the
// ADP's combat turn after it won the Initiative, the Leader improvement in
// the Main Room; a new turn is refused until then. A game from before the
// rule (due_steps unset) plays as it did.
func TestDueSteps(t *testing.T) {
	spawn := []Event{&NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated}, &Spawn{Cost: 3, Row: 1}}
	adpWins := &Initiative{Hero: side(2, 2, 1, 2), ADP: side(4, 3, 5, 5), Context: ContextExploration}
	heroesWin := &Initiative{Hero: side(4, 3, 5, 5), ADP: side(2, 2, 1, 2), Context: ContextExploration}
	cases := []struct {
		name string
		play []Event
		due  string
	}{
		{"nothing happened", []Event{&NewTurn{}}, ""},
		{"a spawn: Initiative", spawn, "initiative"},
		{"the ADP won: its combat turn", append(spawn[:len(spawn):len(spawn)], adpWins), "adp_combat_turn"},
		{"the heroes won: nothing", append(spawn[:len(spawn):len(spawn)], heroesWin), ""},
		{"the combat turn started: nothing", append(spawn[:len(spawn):len(spawn)], adpWins, &AdpCombatTurn{}, die(dice.Obstacle)), ""},
		{"the Main Room: the Leader improvement first", []Event{&NewTurn{}, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 3}, die(dice.Power)}, "main_room_placed"},
		{"then Initiative", []Event{&NewTurn{}, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 3}, die(dice.Power), &MainRoomPlaced{}}, "initiative"},
		{"a skipped Enemy Spotted! places nobody", []Event{&NewTurn{}, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 99}, die(dice.Power), &MainRoomPlaced{}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			play(t, g, c.play...)
			due := g.State().Due
			switch {
			case c.due == "" && due != nil:
				t.Fatalf("due %s", due.Type)
			case c.due != "" && (due == nil || due.Type != c.due):
				t.Fatalf("due %+v, want %s", due, c.due)
			case c.due != "":
				refused(t, g, &NewTurn{}, "rule.due.first")
				for _, p := range g.Prompts() {
					for _, ch := range p.Choices {
						if ch.Event.Type() == "new_turn" {
							t.Fatal("a new turn is offered while a step is due")
						}
					}
				}
			default:
				play(t, g, &NewTurn{})
			}
		})
	}
	off := false
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10, Rules: Rules{DueSteps: &off}})
	play(t, g, append(spawn, &NewTurn{})...)
	old, err := Resume(Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10}, nil, nil)
	if err != nil || old.Setup().Rules.DueSteps != nil {
		t.Fatalf("a save from before the rule gained it: %v", err)
	}
}

// The end of a quest: the mission accomplished keeps the game going until
// the heroes leave; won, lost and abandoned end it, and then only undo and
// rewind apply.
func TestQuestEnd(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	play(t, g, &NewTurn{})
	refused(t, g, &QuestEnded{Outcome: OutcomeWon}, "rule.quest.won_needs_mission")
	refused(t, g, &QuestEnded{Outcome: "draw"}, "rule.quest.outcome")
	play(t, g, &MissionAccomplished{})
	refused(t, g, &MissionAccomplished{}, "rule.quest.accomplished_twice")
	play(t, g, &ObstacleTrigger{Reason: "trap"}) // the ADP still plays
	play(t, g, die(dice.Power), &QuestEnded{Outcome: OutcomeWon})
	if o := g.State().QuestOver; o == nil || o.Outcome != OutcomeWon {
		t.Fatalf("quest over %+v", o)
	}
	for _, e := range []Event{&NewTurn{}, &ReserveGained{Amount: 1, Reason: "correction"}, &QuestEnded{Outcome: OutcomeLost}} {
		refused(t, g, e, "rule.quest.over")
	}
	if ps := g.Prompts(); len(ps) != 1 || ps[0].ID != "prompt.quest.over" {
		t.Fatalf("prompts %+v", ps)
	}
	play(t, g, &Undo{})
	if g.State().QuestOver != nil {
		t.Fatal("undo did not reopen the quest")
	}
	g = mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	play(t, g, &ObstacleTrigger{Reason: "door"}, &QuestEnded{Outcome: OutcomeAbandoned}) // mid-flow
	if len(g.State().Pending) != 0 {
		t.Fatal("an abandoned quest keeps a pending step")
	}
}

// "Only one hero, only once per game": a lock, a chest or a riddle is
// tried once; a second try at the same door or chest is refused unless
// overridden.
func TestOncePerGame(t *testing.T) {
	// Before the table flow, any door to a hidden section was a lock target;
	// saves from then replay that way (tableflow_test.go has today's).
	off := false
	q := testQuest(t, nil)
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: q.Leader.VP, QuestData: q, Rules: Rules{TableFlow: &off}})
	lock := func(exit string, override bool) *Test {
		return &Test{Action: "open_lock", Value: intp(3), Dice: []int{2, 3}, Exit: exit, Override: override}
	}
	play(t, g, lock("cellar", false))
	refused(t, g, lock("cellar", false), "rule.test.once")
	play(t, g, lock("cellar", true))
	refused(t, g, lock("nowhere", false), "rule.test.target_unknown")
	refused(t, g, &Test{Action: "open_lock", Value: intp(3), Dice: []int{2, 3}, Exit: "cellar", Element: "barrels"}, "rule.test.two_targets")
	// Each action has its own targets: a chest is a chest, a lock is on a door.
	refused(t, g, &Test{Action: "open_chest", Value: intp(3), Dice: []int{2, 3}, Element: "barrels"}, "rule.test.target_unknown")
	refused(t, g, &Test{Action: "open_chest", Value: intp(3), Dice: []int{2, 3}, Exit: "cellar"}, "rule.test.target_unknown")
	if ts := OnceTargets(g.State(), g.Setup(), "open_lock"); len(ts) != 1 || ts[0].Exit != "cellar" || ts[0].ExitKind != "door" {
		t.Fatalf("lock targets %+v", ts)
	}
	play(t, g, &Test{Action: "climb", Value: intp(3), Dice: []int{2, 3}, Exit: "cellar"}) // not a once-only action
	play(t, g, &Test{Action: "climb", Value: intp(3), Dice: []int{2, 3}, Exit: "cellar"})
}

// A plain card cannot be drawn when only special cards are left: the
// specials would be stranded.
func TestPlainCardWithOnlySpecialsLeft(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Decks: map[string]DeckRule{"obstacle": {Random: intp(0)}}})
	play(t, g, &ObstacleTrigger{Reason: "door"}, die(dice.Obstacle))
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: Discarded}, "rule.card.only_specials")
	play(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Special: SpecialThief})
}

// A quest's Leader is paid at its own VP in a new game; another VP is refused.
func TestQuestLeaderPaid(t *testing.T) {
	q := testQuest(t, nil)
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, QuestData: q})
	if g.Setup().LeaderVP != 12 || g.State().Reserve != 28 {
		t.Fatalf("leader %d reserve %d", g.Setup().LeaderVP, g.State().Reserve)
	}
	_, err := NewGame(Setup{Heroes: 2, GroupVP: 40, LeaderVP: 20, QuestData: q})
	if es, ok := err.(SetupErrors); !ok || es[0].ID != "setup.leader_vp.quest" {
		t.Fatalf("got %v", err)
	}
}

// "The Turn, Movement and Exploring Actions": a hero's double 1 on a lock,
// a chest, a secret-door search, a room search or a riddle, and a repeated
// secret-door search, let the Dark Player draw; the Conductor picks the
// deck. A rule option, on in new games.
func TestFumbleDraws(t *testing.T) {
	cases := []struct {
		name  string
		test  *Test
		draws bool
	}{
		{"a double 1 on a lock", &Test{Action: "open_lock", Value: intp(3), Dice: []int{1, 1}}, true},
		{"a double 1 on a riddle", &Test{Action: "riddle", Value: intp(3), Dice: []int{1, 1}}, true},
		{"a double 1 climbing: no card", &Test{Action: "climb", Value: intp(3), Dice: []int{1, 1}}, false},
		{"a lock failed without a double 1", &Test{Action: "open_lock", Value: intp(0), Dice: []int{1, 2}}, false},
		{"a repeated secret-door search", &Test{Action: "secret_door", Value: intp(3), Dice: []int{4, 4}, Repeat: true}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, &NewTurn{}, c.test)
			pending := len(g.State().Pending) > 0 && g.State().Pending[0].Kind == StepChoose
			if pending != c.draws {
				t.Fatalf("a draw offered: %v, want %v", pending, c.draws)
			}
			if !c.draws {
				return
			}
			refused(t, g, &NewTurn{}, "rule.flow.busy")
			ps := g.Prompts()
			if p := ps[len(ps)-1]; p.ID != "prompt.fumble_draw" || len(p.Choices) != 2 {
				t.Fatalf("prompt %+v", p)
			}
			refused(t, g, &FumbleDraw{Deck: DeckEncounter}, "rule.fumble.deck")
			play(t, g, &FumbleDraw{Deck: DeckPower})
			if h := g.State().Pending[0]; h.Kind != StepDraw || h.Deck != DeckPower {
				t.Fatalf("pending %+v", h)
			}
			play(t, g, &Card{Deck: DeckPower, Outcome: Discarded, Points: 1})
		})
	}
	off := false
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: Rules{ADPDrawsOnFumbles: &off}})
	play(t, g, &Test{Action: "open_lock", Value: intp(3), Dice: []int{1, 1}})
	if len(g.State().Pending) != 0 {
		t.Fatal("the option off still draws")
	}
	refused(t, g, &FumbleDraw{Deck: DeckPower}, "rule.fumble.not_pending")
}
