package dragoncanyon

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"

	_ "github.com/dunconductor/conductor/ui/dragoncanyon/messages" // the game's messages
)

// fightTable is a fight played to its result: the AI's card 3 (its action
// card +2) against the player's card 4 (die 1), the AI attacking or
// defending, with the cards' abilities and the Guard Towers given.
func fightTable(t *testing.T, aiAttacks bool, aiAbility Ability, playerAbility *Ability, aiTower, playerTower, always bool) *table {
	t.Helper()
	tb := newTable(t, func(s *Setup) {
		s.Seed = publicSeed
		for i := range s.ForceDeck.Cards {
			s.ForceDeck.Cards[i].Ability = aiAbility
		}
		if always {
			s.Rules.GuardTower = TowerAlways
		}
	})
	if aiTower {
		tb.s.AI.Buildings = []string{decklist.GuardTower}
	}
	if playerTower {
		tb.s.Players[0].Buildings = []string{decklist.GuardTower}
	}
	if aiAttacks {
		tb.put("p1", Pos{3, 2}, false, 4, false)
		tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"), tb.drawTop(), flip(Pos{1, 1}, fight, up, cw, 2, "market"))
	} else {
		tb.put(SeatAI, Pos{2, 2}, false, 3, false)
		tb.s.tile(Pos{2, 2}).Force.Ability = aiAbility
		tb.put("p1", Pos{2, 3}, false, 4, false)
		tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
		tb.must(&Attack{Player: 1, Tile: Pos{2, 2}, From: Pos{2, 3}}, flip(Pos{1, 1}, fight, up, cw, 2, "market"))
	}
	tb.must(&FightResolved{Strength: 4, Dice: []int{1}, Ability: playerAbility})
	return tb
}

// rendered is each detail as the app says it in lang.
func rendered(t *testing.T, lang string, ds []Detail) []string {
	t.Helper()
	tr := translations.New(lang)
	var out []string
	for _, d := range ds {
		s := tr.T(d.Reason, d.Args)
		if s == d.Reason || strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || strings.Contains(s, "ui.dc.") {
			t.Errorf("%s: %s %v is said %q", lang, d.Reason, d.Args, s)
		}
		out = append(out, s)
	}
	return out
}

// A fight's result says each side's card and modifier (or die); under it,
// one detail for each extra that counted: a card's fight ability (signed),
// a Guard Tower's +2, or a Guard Tower the other card cancelled. Each is
// a plain message of its own, in both languages.
func TestFightResultDetails(t *testing.T) {
	atk := func(n int) Ability { return Ability{Attack: n} }
	def := func(n int) Ability { return Ability{Defend: n} }
	tower := Ability{Tower: true}
	cases := []struct {
		name                     string
		aiAttacks                bool
		aiAbility                Ability
		playerAbility            *Ability
		aiTower, playerTower     bool
		always                   bool
		want                     []string // in English
		wantReason               string
		wantAITotal, wantPlTotal int
	}{
		{name: "no extras: no details", aiAttacks: true, wantReason: "reason.dc.fight.draw_attacker", wantAITotal: 5, wantPlTotal: 5},
		{name: "the AI card's attack bonus", aiAttacks: true, aiAbility: atk(2), wantReason: "reason.dc.fight.ai_wins", wantAITotal: 7, wantPlTotal: 5,
			want: []string{"For the AI: the card's fight ability, +2."}},
		{name: "a negative defence bonus is signed", aiAbility: def(-1), wantReason: "reason.dc.fight.player_wins", wantAITotal: 4, wantPlTotal: 5,
			want: []string{"For the AI: the card's fight ability, -1."}},
		{name: "the AI's Guard Tower when it defends", aiTower: true, wantReason: "reason.dc.fight.ai_wins", wantAITotal: 7, wantPlTotal: 5,
			want: []string{"For the AI: the Guard Tower, +2."}},
		{name: "the player's card cancels the AI's Guard Tower", aiTower: true, playerAbility: &tower, wantReason: "reason.dc.fight.draw_attacker", wantAITotal: 5, wantPlTotal: 5,
			want: []string{"For the AI: the other card's ability cancels the Guard Tower's +2."}},
		{name: "the AI's card cancels the player's Guard Tower; the player's defence bonus", aiAttacks: true, aiAbility: tower, playerAbility: &Ability{Defend: 1, Attack: 3},
			playerTower: true, wantReason: "reason.dc.fight.player_wins", wantAITotal: 5, wantPlTotal: 6,
			want: []string{"For Player 1: the card's fight ability, +1.", "For Player 1: the other card's ability cancels the Guard Tower's +2."}},
		{name: "the headless contract's example: the AI's Guard Tower cancelled, the player's +1 attacking", aiTower: true, playerAbility: &Ability{Attack: 1, Tower: true},
			wantReason: "reason.dc.fight.player_wins", wantAITotal: 5, wantPlTotal: 6,
			want: []string{"For the AI: the other card's ability cancels the Guard Tower's +2.", "For Player 1: the card's fight ability, +1."}},
		{name: "every extra, the AI's side first", aiAbility: def(1), aiTower: true, playerTower: true, always: true, playerAbility: &Ability{Attack: 2},
			wantReason: "reason.dc.fight.player_wins", wantAITotal: 8, wantPlTotal: 9,
			want: []string{"For the AI: the card's fight ability, +1.", "For the AI: the Guard Tower, +2.", "For Player 1: the card's fight ability, +2.", "For Player 1: the Guard Tower, +2."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := fightTable(t, c.aiAttacks, c.aiAbility, c.playerAbility, c.aiTower, c.playerTower, c.always)
			var d *Decision
			for i, m := range tb.logged {
				if strings.HasPrefix(m.ID, "reason.dc.fight.") && m.ID != "reason.dc.fight.target" && d == nil {
					d = &Decision{Reason: m.ID, Args: m.Args}
					// the details are logged right after the reason
					for _, x := range tb.logged[i+1:] {
						if !slices.Contains([]string{detailAbility, detailTower, detailTowerCancelled}, x.ID) {
							break
						}
						d.Details = append(d.Details, Detail{Reason: x.ID, Args: x.Args})
					}
				}
			}
			if d == nil {
				t.Fatalf("no fight result logged: %v", tb.logged)
			}
			if d.Reason != c.wantReason || d.Args["AI"] != c.wantAITotal || d.Args["Player"] != c.wantPlTotal {
				t.Errorf("%s, AI %v, player %v; want %s, %d and %d", d.Reason, d.Args["AI"], d.Args["Player"], c.wantReason, c.wantAITotal, c.wantPlTotal)
			}
			if got := rendered(t, "en", d.Details); !slices.Equal(got, c.want) {
				t.Errorf("logged details %q, want %q", got, c.want)
			}
			if s := tb.s.Decision; s != nil && s.Kind == "fight_result" {
				if got := rendered(t, "en", s.Details); !slices.Equal(got, c.want) {
					t.Errorf("the decision's details %q, want %q", got, c.want)
				}
				rendered(t, "es", s.Details)
			}
			for _, lang := range []string{"en", "es"} {
				if s := translations.New(lang).T(d.Reason, d.Args); strings.Contains(s, "<no value>") || s == d.Reason {
					t.Errorf("%s: the reason is said %q", lang, s)
				}
			}
		})
	}
}

// The players' view keeps a fight's details while the AI's card lies
// face-up; turned face-down, the details that tell that card (its ability,
// the player's Guard Tower it cancelled) go, the AI's own Guard Tower
// stays.
func TestPublicFightDetailsOfAFaceDownCard(t *testing.T) {
	// The AI defends: its card's +2 and its Guard Tower; the player attacks
	// with a Guard Tower (option "always") the AI's card cancels.
	tb := fightTable(t, false, Ability{Defend: 2, Tower: true}, &Ability{}, true, true, true)
	setup := tb.r.setup
	reasons := func(v PublicView) []string {
		var out []string
		for _, x := range v.Decision.Details {
			out = append(out, x.Reason+" "+x.Args["SideKey"].(string))
		}
		return out
	}
	v := Public(setup, tb.s)
	if v.Decision == nil || v.Decision.Kind != "fight_result" || v.Board[1][1].Force == nil || !v.Board[1][1].Force.FaceUp {
		t.Fatalf("the AI won with its card face-up: %+v", v.Decision)
	}
	all := []string{"reason.dc.fight.ability ui.dc.seat.ai", "reason.dc.fight.tower ui.dc.seat.ai", "reason.dc.fight.tower_cancelled ui.dc.seat.p1"}
	if got := reasons(v); !slices.Equal(got, all) {
		t.Fatalf("face-up, the details are %q, want %q", got, all)
	}
	tb.must(&ForceFlipped{Tile: Pos{2, 2}})
	v = Public(setup, tb.s)
	js, _ := json.Marshal(v)
	if leaks := publicLeaks(setup, tb.s, js); len(leaks) > 0 {
		t.Fatalf("the card turned face-down: %v\n%s", leaks, js)
	}
	if got, want := reasons(v), []string{"reason.dc.fight.tower ui.dc.seat.ai"}; !slices.Equal(got, want) {
		t.Fatalf("face-down, the details are %q, want %q", got, want)
	}
	if len(tb.s.Decision.Details) != 3 {
		t.Fatalf("the game's own decision lost details: %+v", tb.s.Decision.Details)
	}
}
