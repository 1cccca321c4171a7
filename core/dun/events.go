package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// NewTurn starts the next game turn. "Turn": at the start of each turn the
// ADP earns 1 achievement point and, unlike a human Dark Player, draws nothing.
type NewTurn struct{}

var _ = Events.Register(func() Event { return &NewTurn{} })

func (*NewTurn) Type() string { return "new_turn" }

func (*NewTurn) Gate() engine.Gate[moment] { return needs(idleNow, nothingDue) }

func (*NewTurn) apply(s *State, c applyContext) error {
	s.Turn++
	s.Achievements++
	s.CombatTurn = false
	s.InitiativeDue, s.ADPTurnDue = false, false
	s.InitiativeContext, s.InitiativeBrokenDoor, s.Arrivals = "", false, nil
	// Each hero's move: one safe-zone roll (doors.go).
	s.SafeZone = nil
	s.rangeAsked() // the heroes moved: the distance is asked again
	args := func() map[string]any { return map[string]any{"Turn": s.Turn, "Achievements": s.Achievements} }
	if s.Turn <= sharedTurns {
		s.log(c.seq, "log.new_turn", shared(argsKey{line: "log.new_turn", a: s.Turn, b: s.Achievements}, args))
	} else {
		s.log(c.seq, "log.new_turn", args())
	}
	if c.setup.Rules.tableFlow() {
		s.turnEffects(c.seq, c.setup)
	}
	return nil
}

// reasonKey is the message ID of a reason a Conductor may give for moving
// the reserve by hand (SpendReasons, GainReasons), if it is one of them.
func reasonKey(reasons []string, code string) (string, bool) {
	if !slices.Contains(reasons, code) {
		return "", false
	}
	return "reason." + code, true
}

// IDs built from the reasons, listed so every one is translated.
var _ = []string{"reason.card_activated", "reason.spawn_paid", "reason.correction", "reason.card_discarded"}

// ReserveSpent pays reserve points (for a card or a spawn the Conductor
// resolved on the board). The ADP cannot spend points it does not have.
type ReserveSpent struct {
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
}

var _ = Events.Register(func() Event { return &ReserveSpent{} })

func (*ReserveSpent) Type() string { return "reserve_spent" }

func (*ReserveSpent) Gate() engine.Gate[moment] { return needs() }

func (e *ReserveSpent) apply(s *State, c applyContext) error {
	reason, ok := reasonKey(SpendReasons, e.Reason)
	if !ok {
		return ruleError("rule.reserve.reason", map[string]any{"Reason": e.Reason})
	}
	if e.Amount <= 0 {
		return ruleError("rule.reserve.amount_positive", map[string]any{"Amount": e.Amount})
	}
	if e.Amount > MaxAmount {
		return ruleError("rule.reserve.amount_max", map[string]any{"Amount": e.Amount, "Max": MaxAmount})
	}
	if e.Amount > s.Reserve {
		return ruleError("rule.reserve.insufficient", map[string]any{"Amount": e.Amount, "Reserve": s.Reserve})
	}
	s.post(c.seq, -e.Amount, reason)
	s.log(c.seq, "log.reserve_spent", map[string]any{"Count": e.Amount, "ReasonKey": reason, "Reserve": s.Reserve})
	return nil
}

// ReserveGained adds reserve points ("Discarding Cards": a card that cannot
// be activated adds its points to the reserve).
type ReserveGained struct {
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
}

var _ = Events.Register(func() Event { return &ReserveGained{} })

func (*ReserveGained) Type() string { return "reserve_gained" }

func (*ReserveGained) Gate() engine.Gate[moment] { return needs() }

func (e *ReserveGained) apply(s *State, c applyContext) error {
	reason, ok := reasonKey(GainReasons, e.Reason)
	if !ok {
		return ruleError("rule.reserve.reason", map[string]any{"Reason": e.Reason})
	}
	if e.Amount <= 0 {
		return ruleError("rule.reserve.amount_positive", map[string]any{"Amount": e.Amount})
	}
	if err := canGain(s, e.Amount); err != nil {
		return err
	}
	s.post(c.seq, e.Amount, reason)
	s.log(c.seq, "log.reserve_gained", map[string]any{"Count": e.Amount, "ReasonKey": reason, "Reserve": s.Reserve})
	return nil
}

// DiceRolled records a roll: by the app's seeded dice, or physical dice
// whose faces the Conductor typed in. Both give the same kind of event.
type DiceRolled struct {
	Dice     dice.Kind `json:"dice"`
	Faces    []int     `json:"faces"`
	Physical bool      `json:"physical,omitempty"`
}

var _ = Events.Register(func() Event { return &DiceRolled{} })

func (*DiceRolled) Type() string { return "dice_rolled" }

func (*DiceRolled) Gate() engine.Gate[moment] { return needs() }

func (e *DiceRolled) apply(s *State, c applyContext) error {
	n := dice.Count(e.Dice)
	if n == 0 {
		return ruleError("rule.dice.unknown", map[string]any{"Dice": string(e.Dice)})
	}
	if len(e.Faces) != n {
		return ruleError("rule.dice.count", map[string]any{"Dice": string(e.Dice), "Want": n, "Count": len(e.Faces)})
	}
	for _, f := range e.Faces {
		if f < 1 || f > 6 {
			return ruleError("rule.dice.face", map[string]any{"Face": f})
		}
	}
	s.Rolls++
	if f, ok := diceFaces(e.Dice, e.Faces); ok {
		// 1D6 and 2D6: the roll and its log line's arguments are shared.
		s.LastRoll = diceRolls[f]
		line := "log.dice.1d6"
		if e.Dice == dice.TwoD6 {
			line = "log.dice.2d6"
		}
		s.log(c.seq, line, diceArgsMade[f])
		return nil
	}
	roll := &Roll{Dice: e.Dice, Faces: append([]int(nil), e.Faces...)}
	s.LastRoll = roll
	switch e.Dice {
	case dice.Scenario:
		roll.Symbol = dice.ScenarioSymbol(e.Faces[0])
		s.log(c.seq, "log.dice.scenario", map[string]any{"Face": e.Faces[0], "SymbolKey": dice.SymbolKeys[roll.Symbol]})
	}
	return nil
}
