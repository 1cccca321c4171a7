package dun

import (
	"errors"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Answers a screen asks instead of reading a rule, prompt or reason id
// itself (DESIGN: "ui/ asks, never decides").

// RevealPrompt is the prompt that answers the section reveal due now (the
// section to reveal and the choices that reveal it or shut the exit), and
// whether one is due.
func (g *Game) RevealPrompt() (Prompt, bool) {
	h := g.State().Pending.Head()
	if h == nil || h.Kind != StepReveal {
		return Prompt{}, false
	}
	ps := g.stepPrompts(*h)
	if len(ps) == 0 {
		return Prompt{}, false
	}
	return ps[0], true
}

// InitiativeTied says whether err refuses an Initiative roll only because
// every round entered so far ties and one more round of dice is needed
// ("Initiative": re-roll until one side wins).
func InitiativeTied(err error) bool {
	var re *engine.RuleError
	return errors.As(err, &re) && re.ID == "rule.initiative.reroll_needed"
}

// ReserveReason is a reason a Conductor may give for moving the reserve by
// hand: its code (the event's Reason) and its message id.
type ReserveReason struct {
	Code, Key string
}

// ReserveReasons are the reasons to offer for spending (spend) or gaining
// reserve by hand, in order, each with its message id.
func ReserveReasons(spend bool) []ReserveReason {
	codes := GainReasons
	if spend {
		codes = SpendReasons
	}
	out := make([]ReserveReason, 0, len(codes))
	for _, c := range codes {
		key, _ := reasonKey(codes, c)
		out = append(out, ReserveReason{Code: c, Key: key})
	}
	return out
}

// ModeRules says which of the Leader's rule options a Conductor mode
// takes: "Fixing Problems for Experienced Groups" is a single Conductor's,
// the cheat sheet's extra Action a rotating Conductor's.
type ModeRules struct {
	LeaderFix, RotatingExtraAction bool
}

// RulesOfMode is what Conductor mode (ConductorSingle, ConductorRotating)
// takes of the Leader's rule options.
func RulesOfMode(mode string) ModeRules {
	if mode == ConductorRotating {
		return ModeRules{RotatingExtraAction: true}
	}
	return ModeRules{LeaderFix: true}
}

// ForMode is r without the Leader options Conductor mode does not take.
func (r Rules) ForMode(mode string) Rules {
	m := RulesOfMode(mode)
	r.LeaderFix = r.LeaderFix && m.LeaderFix
	r.RotatingExtraAction = r.RotatingExtraAction && m.RotatingExtraAction
	return r
}

// Prompt ranks on the Conductor's card, first shown first (Arrange).
const (
	rankSlain   = iota // a slain creature to take off the board
	rankLead           // the step the rules say is due: the card's main button
	rankHint           // what to do on the board now
	rankRest           // anything else
	rankLocks          // a door's or a chest's test, declared opening, breaking down
	rankLast           // the end of the quest
	rankExits          // the exits, then leaving a safe zone
	rankReadOut        // the texts to read aloud: last, no long text hides a button
)

// Leads says whether prompt p is the due step that leads the card: the
// due Initiative, the ADP's combat turn, its range or closest enemy.
func Leads(s State, p Prompt) bool {
	return s.Due != nil && (p.Input == InputInitiative || offers[*AdpCombatTurn](p) || offers[*CombatRange](p) || offers[*ClosestEnemy](p))
}

// rank is where prompt p goes on the card.
func rank(s State, p Prompt) int {
	switch {
	case offers[*CreatureRemoved](p):
		return rankSlain
	case Leads(s, p):
		return rankLead
	case p.Style == engine.StyleHint:
		return rankHint
	case p.Input == InputLockTest, offers[*OpenDeclared](p), p.Input == InputBreak, p.Input == InputChestTest, p.Input == InputDisarm:
		return rankLocks
	case offers[*QuestEnded](p):
		return rankLast
	case p.Input == InputReadAloud:
		return rankReadOut
	case offers[*ExitOpened](p), offers[*ObstacleTrigger](p):
		return rankExits
	}
	return rankRest
}

// Arrange orders prompts for the Conductor's card: a slain creature taken
// off the board first, then the due step (its button is the card's main
// one), what to do on the board now, the rest; a door's or chest's test and
// the end of a won quest after the turn's step but before the exits; the
// texts to read aloud last. Prompts of the same rank keep their order.
func Arrange(s State, ps []Prompt) []Prompt {
	out := make([]Prompt, 0, len(ps))
	for r := rankSlain; r <= rankReadOut; r++ {
		for _, p := range ps {
			if rank(s, p) == r {
				out = append(out, p)
			}
		}
	}
	return out
}

// offers says whether a prompt's choices apply events of type E.
func offers[E engine.Event](p Prompt) bool {
	for _, c := range p.Choices {
		if _, ok := c.Event.(E); ok {
			return true
		}
	}
	return false
}

// OffersRandomPick says whether a prompt's choices include a random pick
// (of tied targets or rollers), which a screen may fold into its main tap.
func OffersRandomPick(p Prompt) bool { return offers[*RandomPick](p) }

// HeroesFirst are the setup problems errs a New game form shows when it
// works the group's VP out of each hero's: while the hero count is wrong
// there is no group VP to check, so the group's VP problems and the
// Leader's against it wait until the count is fixed.
func HeroesFirst(errs SetupErrors) SetupErrors {
	if !slices.ContainsFunc(errs, func(e FieldError) bool { return e.Field == "heroes" }) {
		return errs
	}
	return slices.DeleteFunc(slices.Clone(errs), func(e FieldError) bool {
		return e.Field == "group_vp" || e.Field == "leader_vp" && e.ID == "setup.leader_vp.too_high"
	})
}
