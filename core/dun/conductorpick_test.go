package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
)

func idsOf(ps []Prompt) []string {
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	return ids
}

func findPrompt(ps []Prompt, id string) (Prompt, bool) {
	i := slices.IndexFunc(ps, func(p Prompt) bool { return p.ID == id })
	if i < 0 {
		return Prompt{}, false
	}
	return ps[i], true
}

var threeHeroes = []PartyHero{
	{Name: "Aldric", VP: 20, Perception: 3}, {Name: "Brena", VP: 20, Perception: 3}, {Name: "Cael", VP: 20, Perception: 3},
}

// "Setup", step 3: the Leader is paid without optional upgrades and
// carries no Magic Object or Relic. The setup card says so whoever
// conducts, and says it before the first turn only.
func TestSetupLeaderPaidWithoutUpgradesOrRelic(t *testing.T) {
	for _, mode := range []string{ConductorSingle, ConductorRotating} {
		g := mustGame(t, Setup{Party: threeHeroes, LeaderVP: 10, Conductor: mode})
		if _, ok := findPrompt(g.Prompts(), "prompt.setup.leader_bare"); !ok {
			t.Errorf("%s: the setup card has no Leader line: %v", mode, idsOf(g.Prompts()))
		}
		play(t, g, &NewTurn{})
		if _, ok := findPrompt(g.Prompts(), "prompt.setup.leader_bare"); ok {
			t.Errorf("%s: the Leader line stays after setup", mode)
		}
	}
}

// "Rotating Conductor": players who want the role and cannot agree pick
// one at random. The app offers the pick before the first turn with a
// rotating Conductor and several players, records it (seeded: the same
// seed picks the same player), names the player by the hero's name, and
// refuses a second pick or one out of its moment.
func TestConductorPickedAtRandom(t *testing.T) {
	cases := []struct {
		name  string
		setup Setup
		offer bool
	}{
		{"rotating, three players: offered", Setup{Party: threeHeroes, LeaderVP: 10, Conductor: ConductorRotating, Seed: 7}, true},
		{"a single Conductor: not offered", Setup{Party: threeHeroes, LeaderVP: 10, Conductor: ConductorSingle, Seed: 7}, false},
		{"rotating, one player: nobody to pick among", Setup{Party: threeHeroes[:1], LeaderVP: 10, Conductor: ConductorRotating, Seed: 7}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.setup)
			p, ok := findPrompt(g.Prompts(), "prompt.conductor.pick")
			if ok != c.offer {
				t.Fatalf("pick offered %v, want %v: %v", ok, c.offer, idsOf(g.Prompts()))
			}
			if !c.offer {
				refused(t, g, g.PickConductorAtRandom(), "rule.conductor.pick_when")
				return
			}
			pick := p.Choices[0].Event.(*ConductorPicked)
			if pick.Among != 3 || pick.Picked < 1 || pick.Picked > 3 {
				t.Fatalf("pick %+v", pick)
			}
			again := mustGame(t, c.setup).PickConductorAtRandom()
			if *again != *pick {
				t.Fatalf("same seed, another pick: %+v, %+v", again, pick)
			}
			refused(t, g, &ConductorPicked{Among: 2, Picked: 1}, "rule.conductor.pick_among")
			play(t, g, pick)
			want := "hero-" + string(rune('0'+pick.Picked))
			if g.State().Picks[PickConductor] != want {
				t.Fatalf("picks %v, want %s", g.State().Picks, want)
			}
			shown, ok := findPrompt(g.Prompts(), "prompt.conductor.picked")
			if !ok || shown.Args["Hero"] != threeHeroes[pick.Picked-1].Name {
				t.Fatalf("picked shown as %+v", shown)
			}
			if log := g.Log(); log[len(log)-1].ID != "log.conductor_picked" || log[len(log)-1].Args["Hero"] != threeHeroes[pick.Picked-1].Name {
				t.Fatalf("log %+v", log[len(log)-1])
			}
			refused(t, g, g.PickConductorAtRandom(), "rule.conductor.picked")
			// A creature placed before the first turn does not undo the pick.
			play(t, g, creature("early", "melee", bestiary.LevelRegular, 5, 3))
			if g.State().Picks[PickConductor] != want {
				t.Fatalf("the pick was lost when the roster changed: %v", g.State().Picks)
			}
		})
	}
	// Without a party the players are numbered.
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Conductor: ConductorRotating, Seed: 3})
	pick := g.PickConductorAtRandom()
	play(t, g, pick)
	if p, _ := findPrompt(g.Prompts(), "prompt.conductor.picked"); p.Args["Index"] != pick.Picked || p.Args["Hero"] != "" {
		t.Fatalf("numbered pick shown as %+v", p.Args)
	}
	// After the first turn has begun, it is too late.
	g = mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Conductor: ConductorRotating, Seed: 3})
	play(t, g, &NewTurn{})
	refused(t, g, &ConductorPicked{Among: 2, Picked: 1}, "rule.conductor.pick_when")
}
