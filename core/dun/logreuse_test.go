package dun

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// DUN writes every event's log into one array, again for each event
// (rules.logged), and the engine copies it for the record: what a record
// logged stays what it logged while the game goes on, whether the next
// event is applied, tried (Check) or an undo replays the events.
func TestRecordLogsKeepWhatTheyLogged(t *testing.T) {
	events := tableMix(t, tableSetup, 3000)
	g := mustGame(t, tableSetup)
	logged := map[int]string{} // by sequence number, as Apply returned it
	text := func(log []engine.Message) string {
		b, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	apply := func(e Event) {
		r, err := g.Apply(e)
		if err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		if cap(r.Log) != len(r.Log) {
			t.Fatalf("record %d (%s): its log has room for %d more lines: an append would write into the next record's", r.Seq, e.Type(), cap(r.Log)-len(r.Log))
		}
		logged[r.Seq] = text(r.Log)
	}
	for i, e := range events {
		if i%7 == 0 {
			_ = g.Check(e)
		}
		apply(e)
		if i%331 == 330 {
			apply(&engine.Undo{})
			apply(&engine.Redo{})
		}
	}
	for _, r := range g.Records() {
		if _, ok := r.Event.(event); !ok {
			continue // undo, redo: what they did is the replay's
		}
		if got := text(r.Log); got != logged[r.Seq] {
			t.Fatalf("record %d (%s) logged %s, now holds %s", r.Seq, r.Event.Type(), logged[r.Seq], got)
		}
	}
}

// A skill's log line shares its arguments only where the skill's name is
// the one the event gives: a faction's creature has its skill named in
// every language, a creature typed in by hand its name as given, though
// both have the same name, skill and uses.
func TestSkillLineNamesTheGamesSkill(t *testing.T) {
	withFaction := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10, FactionData: vermin(t)})
	play(t, withFaction, &NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated}, &Spawn{Cost: 5, Row: 3})
	spider, _ := withFaction.State().Creature("giant-spider-1")
	byHand := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	play(t, byHand, &CreatureAdded{ID: spider.ID, Name: spider.Name, Names: spider.Names, Profile: spider.Profile, Behaviour: spider.Type,
		Level: spider.Level, VP: spider.VP, Agility: spider.Agility, Perception: spider.Perception, Intelligence: spider.Intelligence,
		Vitality: spider.Vitality, Skills: []string{"Web"}})
	skill := func(g *Game) any {
		r, err := g.Apply(&SkillUsed{ID: spider.ID, Skill: "Web"})
		if err != nil {
			t.Fatal(err)
		}
		return r.Log[0].Args["Skill"]
	}
	for _, g := range []*Game{byHand, withFaction} {
		got := skill(g)
		if _, named := got.(map[string]any); named != (g == withFaction) {
			t.Errorf("the faction's game %v: the skill logged as %#v", g == withFaction, got)
		}
	}
}

// nextToAct looks each creature not done up in the activation order: the
// one it names is NextToAct's as the rules say it (the first of the
// order not done), on rosters of every size and state.
func TestNextToActIsTheFirstNotDone(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 400 {
		var cs []Creature
		for k := range n%12 + 1 {
			cs = append(cs, Creature{ID: fmt.Sprintf("c%d", k), Type: []string{"melee", "ranged", "beast"}[rng.IntN(3)],
				VP: rng.IntN(4), Agility: rng.IntN(4), Done: rng.IntN(3) > 0})
		}
		s := State{Creatures: cs, ActivationOrder: activationOrder(cs)}
		want := -1
		for _, id := range s.ActivationOrder {
			if i := s.creature(id); !s.Creatures[i].Done {
				want = i
				break
			}
		}
		if got := nextToAct(&s); got != want {
			t.Fatalf("roster %d (order %v): %d, want %d", n, s.ActivationOrder, got, want)
		}
	}
}
