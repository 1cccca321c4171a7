package dun

import "testing"

func TestPrompts(t *testing.T) {
	cases := []struct {
		name  string
		mode  string
		turns int
		want  []string
	}{
		{"before the first turn: set the counter, build the decks", "single", 0, []string{"prompt.setup.counter", "prompt.setup.leader_bare", "prompt.setup.deck.obstacle", "prompt.setup.deck.encounter", "prompt.setup.deck.power"}},
		{"single conductor keeps the role", "single", 3, []string{"prompt.turn.running"}},
		{"rotating: nobody passes before turn 2", "rotating", 1, []string{"prompt.turn.running"}},
		{"rotating: the role passes each later turn", "rotating", 2, []string{"prompt.conductor.pass", "prompt.turn.running"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Conductor: c.mode})
			for range c.turns {
				g.Apply(&NewTurn{})
			}
			ps := g.Prompts()
			if len(ps) != len(c.want) {
				t.Fatalf("%d prompts, want %v", len(ps), c.want)
			}
			for i, p := range ps {
				if p.ID != c.want[i] {
					t.Fatalf("prompt %d is %s, want %s", i, p.ID, c.want[i])
				}
			}
			// The new turn is offered once, on the first prompt before turn 1
			// (in sight above the decks' lines), on the last afterwards.
			last := ps[len(ps)-1]
			if c.turns == 0 {
				last = ps[0]
			}
			if len(last.Choices) != 1 || last.Choices[0].Event.Type() != "new_turn" || last.Choices[0].Args["Turn"] != c.turns+1 {
				t.Fatalf("choices %+v", last.Choices)
			}
		})
	}
}
