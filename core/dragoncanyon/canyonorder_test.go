package dragoncanyon

import (
	"strings"
	"testing"
)

// "Action Phase", "Moving the Dragon" and "Battle": when the AI's Force
// card lands on a Dragon's Canyon tile next to a player's card and the
// adjacency card says Fight, the text does not order the two. By default
// (canyon_order dragon_first) the dragon comes first, as the text's
// sections do; with fight_first the fight does, and a player's card turned
// face-up in it and shown to be the Dragon Slayer is one the dragon must
// skip ("[that isn't a face-up Dragon Slayer]").
func TestMovingTheDragonAndBattleOrder(t *testing.T) {
	playerWins := &FightResolved{Strength: 3, Dice: []int{3}}               // 6 against the AI's 3
	slayerWins := &FightResolved{Strength: 3, Dice: []int{3}, Slayer: true} // the same card, shown to be the Dragon Slayer
	aiWins := &FightResolved{Strength: 1, Dice: []int{0}}                   // 1 against 3: the player's card leaves
	cases := []struct {
		name      string
		order     string
		far       bool // a second player's card, face-down, far away on (4,4)
		fight     *FightResolved
		fightLast bool // the fight comes after the dragon
		dragon    string
		target    *Pos
	}{
		{"default: the dragon first, the fight after", "", true, playerWins, true, "reason.dc.dragon.spiral", &Pos{2, 1}},
		{"dragon first, said out loud", OrderDragonFirst, true, playerWins, true, "reason.dc.dragon.spiral", &Pos{2, 1}},
		{"fight first, a face-up Dragon Slayer won: the dragon skips it", OrderFightFirst, true, slayerWins, false, "reason.dc.dragon.only_one", &Pos{4, 4}},
		{"fight first, the only card left is a face-up Dragon Slayer: the dragon stays", OrderFightFirst, false, slayerWins, false, "reason.dc.dragon.only_slayer", nil},
		{"fight first, not the Dragon Slayer: the closest by the spiral", OrderFightFirst, true, playerWins, false, "reason.dc.dragon.spiral", &Pos{2, 1}},
		{"fight first, the player's card lost and left: the other one", OrderFightFirst, true, aiWins, false, "reason.dc.dragon.only_one", &Pos{4, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) {
				s.Board[1][1].Canyon = true
				s.Dragon = Pos{1, 1}
				s.Rules.CanyonOrder = c.order
			})
			tb.put("p1", Pos{2, 1}, false, 3, false)
			if c.far {
				tb.put("p1", Pos{4, 4}, false, 3, false)
			}
			tb.must(&AITurn{}, flip(Pos{2, 2}, fight, left, cw, 0, "market"), tb.drawTop(), flip(Pos{1, 1}, fight, left, cw, 0, "market"))
			if c.fightLast {
				tb.must(&StompResolved{Discard: DiscardNone}, c.fight)
			} else {
				tb.must(c.fight)
				if h := tb.s.Pending.Head(); h != nil && h.Kind == StepStomp {
					tb.must(&StompResolved{Discard: DiscardNone})
				}
			}
			fightAt, dragonAt, dragon := -1, -1, ""
			for i, m := range tb.logged {
				switch {
				case m.ID == "reason.dc.fight.target" && fightAt < 0:
					fightAt = i
				case strings.HasPrefix(m.ID, "reason.dc.dragon.") && !strings.HasSuffix(m.ID, ".canyon") && dragonAt < 0:
					dragonAt, dragon = i, m.ID
				}
			}
			if fightAt < 0 || dragonAt < 0 || (fightAt > dragonAt) != c.fightLast {
				t.Fatalf("fight decided at %d, dragon at %d: want the fight last %v", fightAt, dragonAt, c.fightLast)
			}
			if dragon != c.dragon {
				t.Fatalf("the dragon's reason %s, want %s", dragon, c.dragon)
			}
			want := Pos{1, 1} // the dragon stays, or stomps (nothing discarded) and stays on its target
			if c.target != nil {
				want = *c.target
			}
			if tb.s.Dragon != want {
				t.Fatalf("the dragon on %v, want %v", tb.s.Dragon, c.target)
			}
			if !strings.Contains(strings.Join(ids(tb), " "), "reason.dc.harvest.gather") {
				t.Fatalf("the turn did not go on to the Harvest: %v", ids(tb))
			}
		})
	}
}

// ids are the message IDs logged so far, in order.
func ids(tb *table) []string {
	var out []string
	for _, m := range tb.logged {
		out = append(out, m.ID)
	}
	return out
}

// "Moving the Dragon": the dragon passes over a face-up Dragon Slayer, so
// the fight form asks whether the player's card is one only when a dragon
// is still due after the fight (canyon_order fight_first, the AI's card on
// a Dragon's Canyon tile); otherwise the answer changes nothing now.
func TestSlayerMattersOnlyWithTheDragonStillDue(t *testing.T) {
	cases := []struct {
		name   string
		order  string
		canyon bool
		want   bool
	}{
		{"fight first on a Dragon's Canyon tile: the dragon comes after, the Slayer counts", OrderFightFirst, true, true},
		{"dragon first on a Dragon's Canyon tile: the dragon has moved already", OrderDragonFirst, true, false},
		{"fight first on a plain tile: no dragon after the fight", OrderFightFirst, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) {
				s.Board[1][1].Canyon = c.canyon
				s.Dragon = Pos{1, 1}
				s.Rules.CanyonOrder = c.order
			})
			tb.put("p1", Pos{2, 1}, false, 3, false)
			tb.put("p1", Pos{4, 4}, false, 3, false)
			tb.must(&AITurn{}, flip(Pos{2, 2}, fight, left, cw, 0, "market"), tb.drawTop(), flip(Pos{1, 1}, fight, left, cw, 0, "market"))
			if h := tb.s.Pending.Head(); h != nil && h.Kind == StepStomp {
				tb.must(&StompResolved{Discard: DiscardNone})
			}
			if h := tb.s.Pending.Head(); h == nil || h.Kind != StepFight {
				t.Fatalf("no fight due: %+v", h)
			}
			if got := tb.s.slayerMatters(ctx{tb.r.setup}); got != c.want {
				t.Fatalf("slayer matters %v, want %v", got, c.want)
			}
			tb.must(&FightResolved{Strength: 3, Dice: []int{3}})
			if tb.s.slayerMatters(ctx{tb.r.setup}) {
				t.Fatal("the Slayer still asked for once the fight is resolved")
			}
		})
	}
}
