package twister

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Who wins a combat ("Order of Resolution for Combat", weapons, armour and
// shields, 0 AP items, token characters): each side declares its fighters,
// items and abilities in turn; once both cards are turned up the Conductor
// enters their values and the app works out the totals, the winner and
// what happens to the loser's fighters.

// Bounds of a declaration, far above a game at the table.
const (
	MaxFighters = 8  // characters on one side of a combat
	MaxBonuses  = 12 // items or abilities declared by one side
	MaxStrength = 9  // a character's printed combat value
	MaxBonus    = 9  // an item's or ability's bonus, either way
	MaxCard     = 9  // a combat card's value
)

// CardValues are the values a combat card may have, as the reveal's form
// offers them (one tap each); StrengthValues a character's printed value.
func CardValues() []int { return upTo(MaxCard) }

// StrengthValues are the printed combat values a fighter may have.
func StrengthValues() []int { return upTo(MaxStrength) }

func upTo(n int) []int {
	out := make([]int, n+1)
	for i := range out {
		out[i] = i
	}
	return out
}

// Uses of a declared item: what it is, which says when it counts.
const (
	UseWeapon    = "weapon"         // counts in attack only
	UseArmour    = "armour"         // armour or a shield: counts in defence only
	UseAnyTime   = "any_time"       // a 0 AP item usable at any time (the Potion of Strength)
	UseZeroAPAct = "zero_ap_action" // a 0 AP item used as an action (the torch): never within a combat
	UseOther     = "other"
)

var uses = []string{UseWeapon, UseArmour, UseAnyTime, UseZeroAPAct, UseOther}

// Sides of a combat, as a result names them.
const (
	SideAttacker = "attacker"
	SideDefender = "defender"
	SideNone     = "none" // a tie: nothing happens
)

// Fighter is a character on one side of a combat: its printed combat value
// and whether it is wounded (then it counts 0, a token character too).
type Fighter struct {
	Name     string `json:"name"`
	Strength int    `json:"strength"`
	Wounded  bool   `json:"wounded,omitempty"`
}

// Value is what the fighter adds to its side's total: 0 when wounded.
func (f Fighter) Value() int {
	if f.Wounded {
		return 0
	}
	return f.Strength
}

// Bonus is an item or an ability declared for a combat, with what it adds
// (negative to take away). Use is the item's kind; an ability has none.
type Bonus struct {
	Name  string `json:"name"`
	Use   string `json:"use,omitempty"`
	Bonus int    `json:"bonus"`
}

// Declaration is what one side declares for a combat.
type Declaration struct {
	Fighters  []Fighter `json:"fighters"`
	Items     []Bonus   `json:"items,omitempty"`
	Abilities []Bonus   `json:"abilities,omitempty"`
}

// Total is the declaration's strength before the card: the fighters'
// values, the items' and the abilities' bonuses.
func (d Declaration) Total() int {
	n := 0
	for _, f := range d.Fighters {
		n += f.Value()
	}
	for _, b := range d.Items {
		n += b.Bonus
	}
	for _, b := range d.Abilities {
		n += b.Bonus
	}
	return n
}

// CombatResult is a combat worked out: each side's total (card included),
// the winner worked out and the winner applied (the Conductor's, with a
// reason, when they differ), and what befell the loser's fighters.
type CombatResult struct {
	Attacker     int      `json:"attacker"`
	Defender     int      `json:"defender"`
	AttackCard   int      `json:"attack_card"`
	DefenceCard  int      `json:"defence_card"`
	AttackTotal  int      `json:"attack_total"`
	DefenceTotal int      `json:"defence_total"`
	WorkedOut    string   `json:"worked_out"`
	Winner       string   `json:"winner"`
	Reason       string   `json:"reason,omitempty"`
	Wounded      []string `json:"wounded,omitempty"`
	Killed       []string `json:"killed,omitempty"`
}

// Outcome is who wins with these totals (our reading, twister.combat_outcome):
// the higher total; a tie is nobody's.
func Outcome(attack, defence int) string {
	switch {
	case attack > defence:
		return SideAttacker
	case defence > attack:
		return SideDefender
	}
	return SideNone
}

// CombatDeclared: the side whose step it is declares its fighters, items
// and abilities; the combat moves on to the next step.
type CombatDeclared struct {
	Declaration
}

var _ = Events.Register(func() engine.Event { return &CombatDeclared{} })

func (*CombatDeclared) Type() string { return "combat_declared" }

func (*CombatDeclared) Gate() engine.Gate[*State] { return needs(inCombat, declaring) }

// CombatResolved: both cards are turned up; Attacker and Defender are
// their values. The app works out the winner; Winner (with a Reason) is
// the Conductor's ruling when it must differ. The loser's fighters are
// wounded, a wounded one killed, and the combat is over.
type CombatResolved struct {
	AttackerCard int    `json:"attacker_card"`
	DefenderCard int    `json:"defender_card"`
	Winner       string `json:"winner,omitempty"`
	Reason       string `json:"reason,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CombatResolved{} })

func (*CombatResolved) Type() string { return "combat_resolved" }

func (*CombatResolved) Gate() engine.Gate[*State] { return needs(inCombat, atReveal) }

// checkDeclaration refuses what a side may not declare: no fighter, a name
// or a number out of bounds, a weapon in defence, armour or a shield in
// attack, a 0 AP item used as an action.
func checkDeclaration(d Declaration, attacking bool) error {
	if len(d.Fighters) == 0 || len(d.Fighters) > MaxFighters {
		return engine.Refuse("rule.twister.fighters", map[string]any{"Max": MaxFighters})
	}
	if len(d.Items) > MaxBonuses || len(d.Abilities) > MaxBonuses {
		return engine.Refuse("rule.twister.bonuses_max", map[string]any{"Max": MaxBonuses})
	}
	if err := checkFightersAndBonuses(d); err != nil {
		return err
	}
	for _, b := range d.Abilities {
		if b.Use != "" {
			return engine.Refuse("rule.twister.ability_use", map[string]any{"Name": b.Name})
		}
	}
	for _, b := range d.Items {
		if err := checkItemUse(b, attacking); err != nil {
			return err
		}
	}
	return nil
}

// checkFightersAndBonuses refuses a fighter's or a bonus's name, strength
// or bonus out of bounds.
func checkFightersAndBonuses(d Declaration) error {
	for _, f := range d.Fighters {
		if err := checkName(f.Name, "fighter", true); err != nil {
			return err
		}
		if f.Strength < 0 || f.Strength > MaxStrength {
			return engine.Refuse("rule.twister.strength", map[string]any{"Name": f.Name, "Max": MaxStrength})
		}
	}
	for _, b := range append(slices.Clone(d.Items), d.Abilities...) {
		if err := checkName(b.Name, "bonus", true); err != nil {
			return err
		}
		if b.Bonus < -MaxBonus || b.Bonus > MaxBonus {
			return engine.Refuse("rule.twister.bonus", map[string]any{"Name": b.Name, "Max": MaxBonus})
		}
	}
	return nil
}

// checkItemUse refuses an item's unknown use, a weapon in defence, armour
// or a shield in attack, a 0 AP item used as an action.
func checkItemUse(b Bonus, attacking bool) error {
	switch {
	case !slices.Contains(uses, b.Use):
		return engine.Refuse("rule.twister.use", map[string]any{"Name": b.Name})
	case b.Use == UseWeapon && !attacking: // twister.weapons
		return engine.Refuse("rule.twister.weapon_defending", map[string]any{"Name": b.Name})
	case b.Use == UseArmour && attacking: // twister.armour
		return engine.Refuse("rule.twister.armour_attacking", map[string]any{"Name": b.Name})
	case b.Use == UseZeroAPAct: // twister.zero_ap_action
		return engine.Refuse("rule.twister.zero_ap_action", map[string]any{"Name": b.Name})
	}
	return nil
}

func (e *CombatDeclared) apply(s *State, c *ctx) error {
	cb := engine.DeepCopy(*s.Combat)
	attacking := cb.Step == StepAttackerDeclares
	if err := checkDeclaration(e.Declaration, attacking); err != nil {
		return err
	}
	d := engine.DeepCopy(e.Declaration)
	player := cb.Defender
	if attacking {
		cb.Attack = &d
		player = cb.Attacker
	} else {
		cb.Defence = &d
	}
	for _, f := range d.Fighters { // a side's fighters are its player's
		know(s, f.Name, player, func(c *Character) { declared(c, f) })
	}
	c.say("log.twister.declared", map[string]any{"Name": c.setup.Name(player), "Total": d.Total(), "Count": len(d.Fighters)})
	for _, f := range d.Fighters {
		id := "log.twister.fighter"
		if f.Wounded { // twister.token_characters: a wounded character counts 0
			id = "log.twister.fighter_wounded"
		}
		c.say(id, map[string]any{"Character": f.Name, "Strength": f.Strength})
	}
	for _, b := range d.Items {
		c.say("log.twister.item", map[string]any{"Item": b.Name, "Bonus": signed(b.Bonus), "UseKey": "ui.twister.use." + b.Use})
	}
	for _, b := range d.Abilities {
		c.say("log.twister.ability", map[string]any{"Ability": b.Name, "Bonus": signed(b.Bonus)})
	}
	s.Combat = &cb
	nextCombatStep(s, c)
	return nil
}

// declared updates what is known of character c from its declaration as
// fighter f: wounded or not, and its printed value. A wounded fighter
// counts 0 whatever its value ("Token Characters"), so one declared at 0
// says nothing of its printed value: the value known stays, for its later
// combats (once healed, it counts again).
func declared(c *Character, f Fighter) {
	c.Wounded = f.Wounded
	if f.Strength != 0 || !f.Wounded {
		c.Strength = f.Strength
	}
}

// signed is a bonus as the table says it: +1, -2, +0.
func signed(n int) string { return fmt.Sprintf("%+d", n) }

func (e *CombatResolved) apply(s *State, c *ctx) error {
	cb := *s.Combat
	if err := e.check(cb); err != nil {
		return err
	}
	e = e.withChosen(s, c) // a card chosen on a phone counts (combatcards.go)
	r := CombatResult{Attacker: cb.Attacker, Defender: cb.Defender, AttackCard: e.AttackerCard, DefenceCard: e.DefenderCard,
		AttackTotal: cb.Attack.Total() + e.AttackerCard, DefenceTotal: cb.Defence.Total() + e.DefenderCard}
	r.WorkedOut = Outcome(r.AttackTotal, r.DefenceTotal)
	r.Winner = r.WorkedOut
	if e.Winner != "" {
		r.Winner, r.Reason = e.Winner, e.Reason
	}
	c.say("log.twister.totals", map[string]any{"Attacker": c.setup.Name(cb.Attacker), "Defender": c.setup.Name(cb.Defender),
		"AttackCard": e.AttackerCard, "DefenceCard": e.DefenderCard, "AttackTotal": r.AttackTotal, "DefenceTotal": r.DefenceTotal})
	if r.Reason != "" {
		c.say("log.twister.overruled", map[string]any{"WorkedKey": "ui.twister.side." + r.WorkedOut, "WinnerKey": "ui.twister.side." + r.Winner, "Reason": r.Reason})
	}
	// The loser's fighters: a healthy one is wounded, a wounded one killed
	// and scored for the winner (twister.death_points).
	var loser, winner int
	var fighters []Fighter
	switch r.Winner {
	case SideAttacker:
		loser, winner, fighters = cb.Defender, cb.Attacker, cb.Defence.Fighters
	case SideDefender:
		loser, winner, fighters = cb.Attacker, cb.Defender, cb.Attack.Fighters
	default:
		if r.Reason != "" {
			c.say("log.twister.no_winner", nil)
		} else {
			c.say("log.twister.tie", nil)
		}
	}
	if winner != 0 {
		c.say("log.twister.won_combat", map[string]any{"Name": c.setup.Name(winner)})
	}
	woundLosers(s, c, &r, loser, fighters)
	s.Combat = nil
	s.Combats++
	s.LastCombat = &r
	c.say("log.twister.combat_over", nil)
	for range r.Killed {
		scored(s, c, []int{winner}, 1, "kills")
	}
	return nil
}

// check refuses a result before both sides declared, a card out of
// bounds, a reason without a winner, an unknown winner or a bad reason.
func (e *CombatResolved) check(cb Combat) error {
	if cb.Attack == nil || cb.Defence == nil {
		return engine.Refuse("rule.twister.declarations_missing", nil)
	}
	for _, v := range []int{e.AttackerCard, e.DefenderCard} {
		if v < 0 || v > MaxCard {
			return engine.Refuse("rule.twister.card", map[string]any{"Max": MaxCard})
		}
	}
	switch {
	case e.Winner == "" && e.Reason != "":
		return engine.Refuse("rule.twister.reason_alone", nil)
	case e.Winner != "":
		if e.Winner != SideAttacker && e.Winner != SideDefender && e.Winner != SideNone {
			return engine.Refuse("rule.twister.winner", nil)
		}
		return checkName(e.Reason, "reason", true)
	}
	return nil
}

// woundLosers wounds each of the loser's healthy fighters and kills each
// wounded one, into the result r.
func woundLosers(s *State, c *ctx, r *CombatResult, loser int, fighters []Fighter) {
	for _, f := range fighters {
		if f.Wounded {
			befall(s, f.Name, loser, FateDead)
			r.Killed = append(r.Killed, f.Name)
			c.say("log.twister.killed", map[string]any{"Character": f.Name, "Name": c.setup.Name(loser)})
		} else {
			know(s, f.Name, loser, func(c *Character) { c.Wounded = true })
			r.Wounded = append(r.Wounded, f.Name)
			c.say("log.twister.wounded", map[string]any{"Character": f.Name, "Name": c.setup.Name(loser)})
		}
	}
}

// Message IDs built from names, listed so every one is translated.
var _ = []string{
	"ui.twister.use.weapon", "ui.twister.use.armour", "ui.twister.use.any_time", "ui.twister.use.zero_ap_action", "ui.twister.use.other",
	"ui.twister.side.attacker", "ui.twister.side.defender", "ui.twister.side.none",
	"ui.twister.field.fighter", "ui.twister.field.bonus", "ui.twister.field.reason",
}

// CombatStarted: an attack is declared. Defender may be left out in a
// 2-player game; the characters' names are optional.
type CombatStarted struct {
	Attacker          int    `json:"attacker"`
	Defender          int    `json:"defender,omitempty"`
	AttackerCharacter string `json:"attacker_character,omitempty"`
	DefenderCharacter string `json:"defender_character,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CombatStarted{} })

func (*CombatStarted) Type() string { return "combat_started" }

func (*CombatStarted) Gate() engine.Gate[*State] { return needs(noCombat) }

// Overrides of the card laying.
const (
	OverrideWeaponMaster      = "weapon_master"
	OverrideScrollOfConfusion = "scroll_of_confusion"
	OverrideOther             = "other"
)

// CardLayingOverridden: during the declarations, an ability or item that
// replaces the laying of combat cards is used.
type CardLayingOverridden struct {
	By string `json:"by"`
}

var _ = Events.Register(func() engine.Event { return &CardLayingOverridden{} })

func (*CardLayingOverridden) Type() string { return "card_laying_overridden" }

func (*CardLayingOverridden) Gate() engine.Gate[*State] {
	return needs(inCombat, overrideInTime, notOverridden)
}

// CombatStep: the combat's current step is done; after the reveal, the
// combat is over. At a declaring step the side's declaration is due
// (combat_declared moves on): only Undeclared, said on purpose (the table
// declared without entering it), goes on without it.
type CombatStep struct {
	Undeclared bool `json:"undeclared,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CombatStep{} })

func (*CombatStep) Type() string { return "combat_step" }

func (*CombatStep) Gate() engine.Gate[*State] { return needs(inCombat) }

func (e *CombatStarted) apply(s *State, c *ctx) error {
	if err := c.player(e.Attacker, "attacker"); err != nil {
		return err
	}
	def := e.Defender
	if def == 0 {
		def = c.setup.Other(e.Attacker)
		if def == 0 {
			return engine.Refuse("rule.twister.defender_needed", nil)
		}
	}
	if err := c.player(def, "defender"); err != nil {
		return err
	}
	if def == e.Attacker {
		return engine.Refuse("rule.twister.defender_self", nil)
	}
	if err := checkName(e.AttackerCharacter, "attacker_character", false); err != nil {
		return err
	}
	if err := checkName(e.DefenderCharacter, "defender_character", false); err != nil {
		return err
	}
	closePlacement(s)
	meet(s, e.AttackerCharacter, e.Attacker)
	meet(s, e.DefenderCharacter, def)
	s.Combat = &Combat{Attacker: e.Attacker, Defender: def, AttackerCharacter: e.AttackerCharacter, DefenderCharacter: e.DefenderCharacter, Step: StepAttackerDeclares}
	c.say("log.twister.combat_started", map[string]any{"Attacker": c.setup.Name(e.Attacker), "Defender": c.setup.Name(def),
		"AttackerCharacter": e.AttackerCharacter, "DefenderCharacter": e.DefenderCharacter})
	return nil
}

func (e *CardLayingOverridden) apply(s *State, c *ctx) error {
	if e.By != OverrideWeaponMaster && e.By != OverrideScrollOfConfusion && e.By != OverrideOther {
		return engine.Refuse("rule.twister.override_by", nil)
	}
	cb := *s.Combat
	cb.Override = e.By
	s.Combat = &cb
	c.say("log.twister.override", map[string]any{"OverrideKey": "ui.twister.override." + e.By})
	return nil
}

func (e *CombatStep) apply(s *State, c *ctx) error {
	if s.Combat.Declaring() && !e.Undeclared {
		return engine.Refuse("rule.twister.declare_first", map[string]any{"Name": c.setup.Name(s.Combat.StepPlayer())})
	}
	nextCombatStep(s, c)
	return nil
}

// nextCombatStep ends the combat's current step: the next one, or after
// the reveal the combat's end.
func nextCombatStep(s *State, c *ctx) {
	cb := *s.Combat
	steps := cb.Steps()
	i := slices.Index(steps, cb.Step)
	// Who did it, by name; a step both players do names no one.
	name := ""
	if p := cb.StepPlayer(); p != 0 {
		name = c.setup.Name(p)
	}
	c.say("log.twister.step_done", map[string]any{"StepKey": "ui.twister.step." + cb.Step, "Name": name})
	if i < 0 || i == len(steps)-1 {
		s.Combat = nil
		s.Combats++
		c.say("log.twister.combat_over", nil)
		return
	}
	cb.Step = steps[i+1]
	s.Combat = &cb
	skipChosen(s, c) // a card laid already on a phone (combatcards.go)
}

// Message IDs built from names, listed so every one is translated.
var _ = []string{
	"ui.twister.override.weapon_master", "ui.twister.override.scroll_of_confusion", "ui.twister.override.other",
	"ui.twister.step.attacker_declares", "ui.twister.step.defender_declares", "ui.twister.step.attacker_card",
	"ui.twister.step.defender_card", "ui.twister.step.override", "ui.twister.step.reveal",
}
