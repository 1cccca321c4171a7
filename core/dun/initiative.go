package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// Initiative contexts ("During Exploration", "During Combat").
const (
	ContextExploration = "exploration"
	ContextCombat      = "combat"
)

// Sides.
const (
	SideHeroes = "heroes"
	SideADP    = "adp"
	SideBoth   = "both"
	SideNone   = "none"
)

// What happens after an Initiative roll.
const (
	NextHeroesTurn  = "heroes_turn"  // exploration, heroes win: a new heroes' turn at once
	NextADPTurn     = "adp_turn"     // exploration, heroes lose: their turn ends, the ADP's begins
	NextEnemiesAct  = "enemies_act"  // combat, the new enemies win: they act at once
	NextEnemiesWait = "enemies_wait" // combat, the new enemies lose: they wait for their next turn
)

// InitiativeSide is one side's roller: the hero (or ally) nearest the
// enemies, or the ADP creature with the best Perception anywhere.
type InitiativeSide struct {
	// Hero is a party hero's id: Perception and Intelligence come from the
	// party unless given. Running takes 2 off that Perception ("Running").
	Hero         string `json:"id,omitempty"`
	Running      bool   `json:"running,omitempty"`
	Perception   *int   `json:"perception"`
	Intelligence *int   `json:"intelligence"`
	Modifier     int    `json:"modifier,omitempty"` // e.g. -2 for a running hero, +1 from increased difficulty
	Dice         []int  `json:"dice"`
}

// InitiativeReroll is a new roll of both sides after a tie that
// Intelligence could not break.
type InitiativeReroll struct {
	Hero []int `json:"hero"`
	ADP  []int `json:"adp"`
}

// Initiative is an opposed Perception roll between the heroes and the ADP.
type Initiative struct {
	Hero    InitiativeSide     `json:"hero"`
	ADP     InitiativeSide     `json:"adp"`
	Context string             `json:"context"`
	Rerolls []InitiativeReroll `json:"rerolls,omitempty"`
	// BrokenDoorTurns is how many turns the heroes spent breaking down the
	// door: +1 each to the enemies' roll, and nobody is caught by surprise.
	BrokenDoorTurns int `json:"broken_door_turns,omitempty"`
}

var _ = Events.Register(func() Event { return &Initiative{} })

// InitiativeResult is the state's record of the last Initiative roll.
type InitiativeResult struct {
	Winner         string `json:"winner"`
	Surprised      string `json:"surprised"`
	Next           string `json:"next"`
	HeroTotal      int    `json:"hero_total"`
	ADPTotal       int    `json:"adp_total"`
	ByIntelligence bool   `json:"by_intelligence,omitempty"`
	Rerolls        int    `json:"rerolls,omitempty"`
}

func (*Initiative) Type() string { return "initiative" }

func (*Initiative) Gate() engine.Gate[moment] { return needs() }

func (side InitiativeSide) check(who string) ([2]int, error) {
	if side.Perception == nil || side.Intelligence == nil {
		return [2]int{}, ruleError("rule.initiative.attribute", map[string]any{"SideKey": "side." + who})
	}
	if !within(*side.Perception, MaxAttribute) || !within(*side.Intelligence, MaxAttribute) || !within(side.Modifier, MaxModifier) {
		return [2]int{}, ruleError("rule.initiative.value_max", map[string]any{"SideKey": "side." + who, "Max": MaxAttribute, "Modifier": MaxModifier})
	}
	return pair(side.Dice)
}

// Resolve works out an Initiative roll without changing any state.
func (e *Initiative) Resolve() (InitiativeResult, error) { return e.resolve(situation{}) }

// situation is what the game adds to a roll's own fields (table flow): the
// section was entered by breaking its door down; "Caught by Surprise!"
// still applies to new enemies placed in combat (a rule option).
type situation struct {
	brokenDoor, surpriseInCombat bool
}

func (e *Initiative) resolve(sit situation) (InitiativeResult, error) {
	if err := e.checkBounds(); err != nil {
		return InitiativeResult{}, err
	}
	rolls, err := e.rolls()
	if err != nil {
		return InitiativeResult{}, err
	}
	heroValue := *e.Hero.Perception + e.Hero.Modifier
	adpValue := *e.ADP.Perception + e.ADP.Modifier + e.BrokenDoorTurns // "Breaking down doors"
	var r InitiativeResult
	// A tie goes to the higher Intelligence; a second tie rolls again.
	var final [2][2]int
	for i, roll := range rolls {
		cmp := dice.Opposed(roll[0], heroValue, roll[1], adpValue)
		if cmp == 0 {
			cmp = compare(*e.Hero.Intelligence, *e.ADP.Intelligence)
			r.ByIntelligence = cmp != 0
		}
		if cmp != 0 {
			if i != len(rolls)-1 {
				return InitiativeResult{}, ruleError("rule.initiative.extra_reroll", nil)
			}
			r.Winner = SideHeroes
			if cmp < 0 {
				r.Winner = SideADP
			}
			final, r.Rerolls = roll, i
			break
		}
		if i == len(rolls)-1 {
			return InitiativeResult{}, ruleError("rule.initiative.reroll_needed", nil)
		}
	}
	r.HeroTotal = final[0][0] + final[0][1] + heroValue
	r.ADPTotal = final[1][0] + final[1][1] + adpValue
	r.Surprised = e.surprised(r.Winner, final, sit)
	switch {
	case e.Context == ContextExploration && r.Winner == SideHeroes:
		r.Next = NextHeroesTurn
	case e.Context == ContextExploration:
		r.Next = NextADPTurn
	case r.Winner == SideADP:
		r.Next = NextEnemiesAct
	default:
		r.Next = NextEnemiesWait
	}
	return r, nil
}

// checkBounds refuses an unknown context and door turns or rerolls out of
// bounds.
func (e *Initiative) checkBounds() error {
	if e.Context != ContextExploration && e.Context != ContextCombat {
		return ruleError("rule.initiative.context", map[string]any{"Context": e.Context})
	}
	if e.BrokenDoorTurns < 0 {
		return ruleError("rule.initiative.door_turns", map[string]any{"Turns": e.BrokenDoorTurns})
	}
	if e.BrokenDoorTurns > MaxDoorTurns {
		return ruleError("rule.initiative.door_turns_max", map[string]any{"Turns": e.BrokenDoorTurns, "Max": MaxDoorTurns})
	}
	if len(e.Rerolls) > MaxRerolls {
		return ruleError("rule.initiative.rerolls_max", map[string]any{"Count": len(e.Rerolls), "Max": MaxRerolls})
	}
	return nil
}

// rolls are the sides' dice, the first roll's and each reroll's, checked.
func (e *Initiative) rolls() ([][2][2]int, error) {
	hero, err := e.Hero.check(SideHeroes)
	if err != nil {
		return nil, err
	}
	adp, err := e.ADP.check(SideADP)
	if err != nil {
		return nil, err
	}
	rolls := [][2][2]int{{hero, adp}}
	for _, rr := range e.Rerolls {
		h, err := pair(rr.Hero)
		if err != nil {
			return nil, err
		}
		a, err := pair(rr.ADP)
		if err != nil {
			return nil, err
		}
		rolls = append(rolls, [2][2]int{h, a})
	}
	return rolls, nil
}

// surprised applies "Caught by Surprise!": the loser's side is caught when
// both of the winner's dice reach the Intelligence of the loser's roller; a
// side that rolled double 1 is caught whatever happened. Never after a broken
// door, and never the side already in a combat turn: in combat, nobody (with
// the rule option, only the heroes are spared). Saves from before the table
// flow spare only the heroes, as they were played.
func (e *Initiative) surprised(winner string, final [2][2]int, sit situation) string {
	if e.BrokenDoorTurns > 0 || sit.brokenDoor {
		return SideNone
	}
	caught := map[string]bool{}
	winDice, loserInt, loser := final[0], *e.ADP.Intelligence, SideADP
	if winner == SideADP {
		winDice, loserInt, loser = final[1], *e.Hero.Intelligence, SideHeroes
	}
	if winDice[0] >= loserInt && winDice[1] >= loserInt {
		caught[loser] = true
	}
	if final[0] == [2]int{1, 1} {
		caught[SideHeroes] = true
	}
	if final[1] == [2]int{1, 1} {
		caught[SideADP] = true
	}
	if e.Context == ContextCombat {
		delete(caught, SideHeroes)
		if !sit.surpriseInCombat {
			return SideNone
		}
	}
	switch {
	case caught[SideHeroes] && caught[SideADP]:
		return SideBoth
	case caught[SideHeroes]:
		return SideHeroes
	case caught[SideADP]:
		return SideADP
	}
	return SideNone
}

func compare(a, b int) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

func (e *Initiative) apply(s *State, c applyContext) error {
	rolled, err := e.withHeroRoll(*s, *c.setup) // the heroes' side a hero rolled already
	if err != nil {
		return err
	}
	filled, err := rolled.withParty(*c.setup)
	if err != nil {
		return err
	}
	flow := c.setup.Rules.tableFlow()
	sit := situation{surpriseInCombat: !flow || c.setup.Rules.SurpriseInCombat}
	if flow {
		// Left out, the situation is the one the game worked out.
		if filled.Context == "" {
			filled.Context = s.dueContext()
		}
		sit.brokenDoor = s.InitiativeDue && s.InitiativeBrokenDoor
		if sit.brokenDoor && filled.BrokenDoorTurns == 0 {
			filled.BrokenDoorTurns = s.DoorTurns // the turns spent breaking it (doors.go)
		}
	}
	r, err := filled.resolve(sit)
	if err != nil {
		return err
	}
	s.Rolls += 2 * (1 + len(e.Rerolls)) // two 2D6 rolls a round, as RollInitiative draws them
	s.Initiative = &r
	s.log(c.seq, "log.initiative", shared(argsKey{line: "log.initiative", name: r.Winner, text: r.Next, kind: r.Surprised, a: r.HeroTotal, b: r.ADPTotal}, func() map[string]any {
		return map[string]any{"WinnerKey": "side." + r.Winner, "Hero": r.HeroTotal, "ADP": r.ADPTotal, "NextKey": "next." + r.Next, "SurprisedKey": "surprised." + r.Surprised}
	}))
	if flow {
		s.afterInitiative(c.seq, r.Next)
		if c.setup.Rules.combatRange() && !s.CombatTurn {
			s.rangeAsked() // new enemies on the board: how near are they?
		}
	} else {
		s.ADPTurnDue = r.Next == NextADPTurn || r.Next == NextEnemiesAct
	}
	s.InitiativeDue, s.InitiativeContext, s.InitiativeBrokenDoor, s.Arrivals = false, "", false, nil
	s.InitiativeHeroRoll = nil
	if r.Next == NextHeroesTurn {
		// The ADP loses its turn: no cards and no achievement point.
		s.Turn++
	}
	s.Hint = initiativeHint(r.Next, r.Surprised)
	return nil
}

// dueContext is the situation of the due Initiative: exploration unless the
// flow that placed the enemies said combat.
func (s *State) dueContext() string {
	if s.InitiativeDue && s.InitiativeContext != "" {
		return s.InitiativeContext
	}
	return ContextExploration
}

// DueContext is the Initiative situation the game worked out for the due
// roll, for the Conductor to confirm or override.
func DueContext(s State) (context string, brokenDoor bool) {
	return s.dueContext(), s.InitiativeDue && s.InitiativeBrokenDoor
}

// initiativeFor makes Initiative due after a spawn placed enemies (table
// flow: with the situation its flow gives). In the ADP's combat turn, after
// a Power card, or with creatures already on the board, the heroes are in
// combat; otherwise they discovered the enemies exploring. A second spawn
// before the roll keeps the first one's situation.
func (s *State) initiativeFor(h Step) {
	if s.InitiativeDue {
		s.InitiativeBrokenDoor = s.InitiativeBrokenDoor || h.BrokenDoor
		return
	}
	s.InitiativeDue = true
	s.InitiativeContext = ContextExploration
	// The table said no hero is within range: the heroes were exploring.
	exploring := s.EnemiesNear != nil && !*s.EnemiesNear
	if s.CombatTurn || h.Flow == "combat" || len(s.Creatures) > 0 && !exploring {
		s.InitiativeContext = ContextCombat
	}
	s.InitiativeBrokenDoor = h.BrokenDoor
	s.Arrivals = nil
	s.ClosestEnemy = "" // asked anew for these enemies
}

// arrived notes a creature placed while Initiative is due.
func (s *State) arrived(id string) {
	if s.InitiativeDue {
		s.Arrivals = append(slices.Clip(s.Arrivals), id)
	}
}

// afterInitiative is what the roll leaves to do (table flow). Heroes who win
// exploring start a new turn at once, and it ends with the ADP's combat
// turn while creatures are on the board (dueStep); heroes who lose it hand the turn
// to the ADP. New enemies placed in combat act at once if they win; if they
// lose, in the ADP's combat turn they are done until the next one.
func (s *State) afterInitiative(seq int, next string) {
	switch next {
	case NextHeroesTurn:
		s.CombatTurn = false // a new heroes' turn: the ADP's combat turn follows it (dueStep)
	case NextADPTurn:
		s.ADPTurnDue = true
	case NextEnemiesAct:
		if !s.CombatTurn {
			s.ADPTurnDue = true
		}
	case NextEnemiesWait:
		if !s.CombatTurn || len(s.Arrivals) == 0 {
			return
		}
		cs := slices.Clone(s.Creatures)
		for i := range cs {
			if slices.Contains(s.Arrivals, cs[i].ID) {
				cs[i].Done = true
			}
		}
		s.setFlags(cs)
		s.log(seq, "log.initiative.arrivals_wait", map[string]any{"Count": len(s.Arrivals)})
	}
}

// IDs built from names above, listed so every one is translated.
var _ = []string{
	"side.heroes", "side.adp", "next.heroes_turn", "next.adp_turn", "next.enemies_act", "next.enemies_wait",
	"surprised.heroes", "surprised.adp", "surprised.both", "surprised.none",
	"next.heroes_turn.what", "next.adp_turn.what", "next.enemies_act.what", "next.enemies_wait.what",
	"surprise.heroes.what", "surprise.adp.what", "surprise.both.what", "surprise.none.what",
}

// RollInitiative fills in the seeded dice for an Initiative roll whose
// attributes are set, re-rolling ties that Intelligence cannot break.
func (g *Game) RollInitiative(e Initiative) *Initiative {
	heroRoll, rolled := DueHeroRoll(g.State()) // a hero rolled the heroes' side (initiativehero.go)
	if rolled {
		e.Hero.Hero, e.Hero.Running = heroRoll.Hero, heroRoll.Running
	}
	recorded := e
	if filled, err := e.withParty(g.Setup()); err == nil {
		e = filled
	}
	if e.Context == "" {
		st := g.State()
		e.Context = st.dueContext() // as apply will work it out
	}
	n := g.State().Rolls
	next := func() []int {
		f := dice.RollFaces(g.Setup().Seed, n, dice.TwoD6)
		n++
		return f
	}
	e.Hero.Dice, e.ADP.Dice, e.Rerolls = next(), next(), nil
	if rolled {
		e.Hero.Dice = slices.Clone(heroRoll.Dice)
	}
	for range 20 { // a tie repeats with probability < 1/6; 20 in a row does not happen
		if _, err := e.Resolve(); err == nil || !isRule(err, "rule.initiative.reroll_needed") {
			break
		}
		e.Rerolls = append(e.Rerolls, InitiativeReroll{Hero: next(), ADP: next()})
	}
	// The event records the hero as chosen; the party gives the values again on replay.
	recorded.Hero.Dice, recorded.ADP.Dice, recorded.Rerolls = e.Hero.Dice, e.ADP.Dice, e.Rerolls
	return &recorded
}

// withParty is the roll with the hero's side filled from the party.
func (e Initiative) withParty(setup Setup) (Initiative, error) {
	if e.ADP.Hero != "" || e.ADP.Running {
		return e, ruleError("rule.initiative.adp_side", nil)
	}
	h, err := e.Hero.withHero(setup)
	e.Hero = h
	return e, err
}

func isRule(err error, id string) bool {
	re, ok := err.(*RuleError)
	return ok && re.ID == id
}
