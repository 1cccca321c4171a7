package dragoncanyon

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// Fights: the player's side of one, and what it logs.

// FightResolved is the player's side of the fight under way: their Force
// card's strength and their strength roll (two dice on easier, the better
// one used), and the card's fight ability as far as it changes strength
// (nil: the one the card showed when it was turned face-up, if any). For
// the spoils: what the player's caravan holds (the AI steals
// the most valuable), or what the player took from the AI's caravan, and
// whether the winner earned a Loot card. Slayer says the player's card,
// face-up now, is the Dragon Slayer: with the fight first, a dragon due
// after it skips that card (rule option canyon_order).
type FightResolved struct {
	Strength int      `json:"strength"`
	Dice     []int    `json:"dice"`
	Caravan  []string `json:"caravan,omitempty"`
	Taken    string   `json:"taken,omitempty"`
	Loot     bool     `json:"loot,omitempty"`
	Ability  *Ability `json:"ability,omitempty"`
	Slayer   bool     `json:"slayer,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &FightResolved{} })

func (*FightResolved) Type() string { return "fight_resolved" }

func (*FightResolved) Gate() engine.Gate[*State] { return answers(StepFight) }

// MinFace and MaxFace are the lowest and highest strength roll a die can
// give: the one range every screen that enters a roll takes from here.
const (
	MinFace = 0
	MaxFace = 6
)

func (e *FightResolved) apply(s *State, c ctx) error {
	if err := e.check(c); err != nil {
		return err
	}
	f := s.Flow
	bonus := slices.Max(e.Dice)
	hf := s.tile(*f.Target).Force
	ab := hf.Ability
	if !hf.Known {
		ab = Ability{}
	}
	if e.Ability != nil {
		ab = *e.Ability
	}
	aiSide, playerSide := s.fightSides(c.setup.Rules, e.Strength, ab, bonus)
	ai, player := aiSide.Total(), playerSide.Total()
	hf.Known, hf.Strength, hf.FaceUp, hf.Ability = true, e.Strength, true, ab
	hf.Slayer = hf.Slayer || e.Slayer
	seat := hf.Owner
	if p := s.player(seat); p != nil {
		p.Caravan = slices.Clone(e.Caravan) // what the table entered, for the next fight's form
	}
	aiWins, reason := fightWinner(ai, player, *c.setup.Rules.AIWinsDraws, f.Attacker)
	args := map[string]any{"AI": ai, "AICard": aiSide.Card, "Modifier": aiSide.Modifier, "Player": player,
		"Card": e.Strength, "Bonus": bonus, "SeatKey": seatKey(seat),
		"AIAbility": aiSide.Ability, "AITower": aiSide.Tower, "AICancelled": aiSide.Cancelled,
		"PlayerAbility": playerSide.Ability, "PlayerTower": playerSide.Tower, "PlayerCancelled": playerSide.Cancelled}
	s.decide(Decision{Kind: "fight_result", Tile: posPtr(*f.AITile), Target: posPtr(*f.Target), Reason: reason, Args: args,
		Details: fightDetails(aiSide, playerSide, seat)})
	if aiWins {
		e.aiWon(s, seat, *f.Target)
	} else if err := e.playerWon(s, seat, *f.AITile); err != nil {
		return err
	}
	s.Pending.Pop()
	if f.Attacker == SeatAI {
		f.Next = c.afterFight()
		s.advance(c)
	} else {
		s.Flow, s.Phase = nil, PhasePlayers
	}
	return nil
}

// check refuses a fight's dice, card, caravan, taken resource or ability
// the game cannot have.
func (e *FightResolved) check(c ctx) error {
	need := 1
	if c.setup.Difficulty == Easier {
		need = 2 // "Varying the Difficulty", easier: roll both dice and pick one
	}
	if len(e.Dice) != need {
		return refuse("rule.dc.fight.dice", map[string]any{"Count": need})
	}
	for _, d := range e.Dice {
		if d < MinFace || d > MaxFace {
			return refuse("rule.dc.fight.face", map[string]any{"Value": d, "Min": MinFace, "Max": MaxFace})
		}
	}
	if e.Strength < decklist.MinStrength || e.Strength > decklist.MaxStrength {
		return refuse("rule.dc.strength", map[string]any{"Value": e.Strength})
	}
	for _, r := range e.Caravan {
		if !slices.Contains(ByValue, r) {
			return refuse("rule.dc.resource", map[string]any{"Value": r})
		}
	}
	if e.Taken != "" && !slices.Contains(ByValue, e.Taken) {
		return refuse("rule.dc.resource", map[string]any{"Value": e.Taken})
	}
	if e.Ability != nil && !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	return nil
}

// fightWinner says whether the AI wins a fight of these totals, and why: a
// draw goes to the AI when the rules say so, else to the attacker.
func fightWinner(ai, player int, aiWinsDraws bool, attacker string) (bool, string) {
	switch {
	case ai > player:
		return true, "reason.dc.fight.ai_wins"
	case player > ai:
		return false, "reason.dc.fight.player_wins"
	case aiWinsDraws:
		return true, "reason.dc.fight.draw_ai"
	default:
		return attacker == SeatAI, "reason.dc.fight.draw_attacker"
	}
}

// aiWon takes the player's card off target, steals the most valuable
// resource of the caravan and counts the Loot card if one was won.
func (e *FightResolved) aiWon(s *State, seat string, target Pos) {
	s.remove(target)
	s.hint("hint.dc.fight_lost", map[string]any{"Tile": tileArg(target)})
	for _, r := range StealOrder {
		if slices.Contains(e.Caravan, r) {
			s.AI.Caravan.Add(r, 1)
			if p := s.player(seat); p != nil && p.Load.Get(r) > 0 {
				p.Load.Add(r, -1)
			}
			s.decide(Decision{Kind: "steal", Reason: "reason.dc.fight.steal", Args: map[string]any{"ResourceKey": resKey(r), "SeatKey": seatKey(seat)}})
			break
		}
	}
	if e.Loot {
		s.AI.Loot++
		s.log("log.dc.loot", map[string]any{"Count": s.AI.Loot})
	}
}

// playerWon discards the AI's card from aiTile and moves the resource the
// player took from the AI's caravan to theirs.
func (e *FightResolved) playerWon(s *State, seat string, aiTile Pos) error {
	s.discardAI(aiTile)
	s.hint("hint.dc.fight_lost", map[string]any{"Tile": tileArg(aiTile)})
	if e.Taken == "" {
		return nil
	}
	if s.AI.Caravan.Get(e.Taken) == 0 {
		return refuse("rule.dc.fight.taken", map[string]any{"ResourceKey": resKey(e.Taken)})
	}
	s.AI.Caravan.Add(e.Taken, -1)
	if p := s.player(seat); p != nil {
		p.Load.Add(e.Taken, 1)
	}
	s.log("log.dc.taken", map[string]any{"ResourceKey": resKey(e.Taken), "SeatKey": seatKey(seat)})
	return nil
}

// seatOf is player n's seat ("p1", "p2"), or an error naming the rule.
func seatOf(n int, c ctx) (string, error) {
	if n < 1 || n > c.setup.Players {
		return "", refuse("rule.dc.player", map[string]any{"Value": n, "Count": c.setup.Players})
	}
	return []string{"p1", "p2"}[n-1], nil
}

func checkTile(p Pos) error {
	if !onBoard(p) {
		return refuse("rule.dc.tile", map[string]any{"Tile": tileArg(p)})
	}
	return nil
}

// logAbility logs a card's fight ability, if it has one.
func logAbility(s *State, p Pos, a Ability) {
	if a != (Ability{}) {
		s.log("log.dc.ability", map[string]any{"Tile": tileArg(p), "Attack": a.Attack, "Defend": a.Defend, "Tower": a.Tower})
	}
}

// Fight details: the parts of a fight's side beyond its card and its
// modifier or die, each said under the fight's result.
const (
	detailAbility        = "reason.dc.fight.ability"
	detailTower          = "reason.dc.fight.tower"
	detailTowerCancelled = "reason.dc.fight.tower_cancelled"
)

// fightDetails are what a fight's sides add beyond card and modifier (or
// die), the AI's side first, then seat's: each card's fight ability (Bonus
// signed, "+2"), each Guard Tower's +2 (Tower), or its cancelling by the
// other card.
func fightDetails(ai, player FightSide, seat string) []Detail {
	var out []Detail
	for _, side := range []struct {
		key string
		f   FightSide
	}{{seatKey(SeatAI), ai}, {seatKey(seat), player}} {
		if side.f.Ability != 0 {
			out = append(out, Detail{Reason: detailAbility, Args: map[string]any{"SideKey": side.key, "Bonus": fmt.Sprintf("%+d", side.f.Ability)}})
		}
		switch {
		case side.f.Tower != 0:
			out = append(out, Detail{Reason: detailTower, Args: map[string]any{"SideKey": side.key, "Tower": side.f.Tower}})
		case side.f.Cancelled:
			out = append(out, Detail{Reason: detailTowerCancelled, Args: map[string]any{"SideKey": side.key}})
		}
	}
	return out
}
