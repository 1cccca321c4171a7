package dun

import (
	"math/rand/v2"
	"slices"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// SkillLimit is how often an ADP creature may use one active skill in a
// quest while it has other attack options ("Skill limit").
const SkillLimit = 3

// Skill is an active skill and how often it was used this quest.
type Skill struct {
	Name string `json:"name"`
	Uses int    `json:"uses"`
}

// DisplayName is the creature's name for a message: in every language (a
// map the translator picks from) when a spawn gave it one, else its name.
func (c Creature) DisplayName() any {
	if len(c.Names) == 0 {
		return c.Name
	}
	names := make(map[string]any, len(c.Names))
	for lang, n := range c.Names {
		names[lang] = n
	}
	return names
}

// Creature is an ADP creature on the board.
type Creature struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Type         string  `json:"type"`
	Level        string  `json:"level"`
	VP           int     `json:"vp"`
	Agility      int     `json:"agility"`
	Perception   int     `json:"perception"`
	Intelligence int     `json:"intelligence"`
	Ranged       bool    `json:"ranged,omitempty"`
	Spellcaster  bool    `json:"spellcaster,omitempty"` // spellcaster or battle wizard
	Support      bool    `json:"support,omitempty"`     // has non-offensive actions (healing, helping allies)
	Skills       []Skill `json:"skills"`
	QuestTarget  string  `json:"quest_target,omitempty"` // whom the quest tells it to go for
	Done         bool    `json:"done,omitempty"`         // acted in this ADP combat turn
	// Vitality is the profile's (0: not told); Wounds what it has taken.
	Vitality int `json:"vitality,omitempty"`
	Wounds   int `json:"wounds,omitempty"`
	// Names are its name in every language and Profile its faction profile,
	// for a creature a spawn placed.
	Names   map[string]string `json:"names,omitempty"`
	Profile string            `json:"profile,omitempty"`
}

// activationGroup is the creature's place in "Activating Order": ranged
// attackers, then spellcasters and battle wizards (a spellcasting Leader
// among them), then the rest, then the Leader. A Leader with only ranged
// attacks still acts last: the text names the Leader in group 2 only.
func activationGroup(c Creature) int {
	t, _ := bestiary.Behaviour(c.Type)
	ranged := c.Ranged || t.Group == "ranged"
	spellcaster := c.Spellcaster || t.Group == "spellcaster"
	switch {
	case c.Level == bestiary.LevelLeader && spellcaster:
		return 2
	case c.Level == bestiary.LevelLeader:
		return 4
	case ranged:
		return 1
	case spellcaster:
		return 2
	}
	return 3
}

// activationOrder sorts by group, then higher VP, then higher Agility, then
// the order the creatures were placed in (stable, and shown to the Conductor).
func activationOrder(cs []Creature) []string {
	type key struct {
		id                 string
		group, vp, agility int
	}
	var room [rosterRoom]key // a group's keys need no array of their own
	keys := room[:0]
	for _, c := range cs {
		keys = append(keys, key{c.ID, activationGroup(c), c.VP, c.Agility})
	}
	slices.SortStableFunc(keys, func(a, b key) int {
		switch {
		case a.group != b.group:
			return a.group - b.group
		case a.vp != b.vp:
			return b.vp - a.vp
		}
		return b.agility - a.agility
	})
	ids := make([]string, len(keys))
	for i, k := range keys {
		ids[i] = k.id
	}
	return ids
}

// PowerTarget is whom a Power card benefits when the card names nobody
// ("Target of a Power Card"): the Leader, else the highest VP. Among equals
// the first placed is proposed; the rules leave that tie to chance.
func PowerTarget(s State) (Creature, bool) {
	return picked(s, PickPowerTarget, PowerTargets(s))
}

// PowerTargets are the creatures a Power card naming nobody may benefit:
// the Leader, else those of the highest VP, in the order placed.
func PowerTargets(s State) []Creature {
	return bestOf(s.Creatures, func(c Creature) int {
		if c.Level == bestiary.LevelLeader {
			return 1 << 30
		}
		return c.VP
	})
}

// InitiativeRoller is the ADP creature that rolls Initiative: the best
// Perception among its creatures, wherever it stands ("Initiative Roll").
func InitiativeRoller(s State) (Creature, bool) {
	return picked(s, PickInitiativeRoller, InitiativeRollers(s))
}

// InitiativeRollers are the creatures of the best Perception, in the order
// placed: when there are several, one is chosen at random ("choose one
// randomly"), by a recorded random_pick.
func InitiativeRollers(s State) []Creature {
	if cs, ok := closestRollers(s, Setup{Rules: Rules{TableFlow: &tableFlowOn}}); ok {
		return cs // new enemies in combat: the closest rolls, no random pick
	}
	return bestOf(s.Creatures, func(c Creature) int { return c.Perception })
}

// What a random pick among tied creatures is for.
const (
	PickInitiativeRoller = "initiative_roller"
	PickPowerTarget      = "power_target"
)

// IDs built from the purposes, listed so every one is translated.
var _ = []string{"pick.initiative_roller", "pick.power_target"}

// bestOf are the creatures with the highest score, in the order placed.
func bestOf(cs []Creature, score func(Creature) int) []Creature {
	var out []Creature
	for _, c := range cs {
		switch {
		case len(out) == 0 || score(c) > score(out[0]):
			out = []Creature{c}
		case score(c) == score(out[0]):
			out = append(out, c)
		}
	}
	return out
}

// picked is the candidate a random pick chose for this purpose, or the
// first placed until one is made.
func picked(s State, purpose string, candidates []Creature) (Creature, bool) {
	if len(candidates) == 0 {
		return Creature{}, false
	}
	for _, c := range candidates {
		if c.ID == s.Picks[purpose] {
			return c, true
		}
	}
	return candidates[0], true
}

// InitiativeModifier is what the ADP's roller adds to its Initiative roll:
// the "+1 on every roll" increased difficulty gives Elite, Champion and
// Leader creatures ("Increase Difficulty for Experienced Groups").
func InitiativeModifier(s State, c Creature) int {
	_, roll := CreatureBonus(s, c)
	return roll
}

// NextToAct is the first creature in activation order that has not acted.
func NextToAct(s State) (Creature, bool) {
	if i := nextToAct(&s); i >= 0 {
		return s.Creatures[i], true
	}
	return Creature{}, false
}

// nextToAct is the index of the creature NextToAct names, -1 for none:
// of the creatures not done, the first in the activation order (each is
// looked for in the order, shorter than the roster to read through).
func nextToAct(s *State) int {
	next, rank := -1, len(s.ActivationOrder)
	for i := range s.Creatures {
		if s.Creatures[i].Done {
			continue
		}
		if r := slices.Index(s.ActivationOrder[:rank], s.Creatures[i].ID); r >= 0 {
			next, rank = i, r
		}
	}
	return next
}

// CreatureBonus is what the ADP's rules add to a creature: extra Actions and
// a bonus on every die roll ("Increase Difficulty", "Leader Improvement").
func CreatureBonus(s State, c Creature) (actions, roll int) {
	if (c.Level == bestiary.LevelElite || c.Level == bestiary.LevelChampion) && s.Difficulty.EliteBonus ||
		c.Level == bestiary.LevelLeader && s.Difficulty.LeaderBonus {
		actions, roll = 1, 1
	}
	if c.Level == bestiary.LevelLeader {
		actions += s.Leader.ExtraActions
	}
	return actions, roll
}

func (s *State) creature(id string) int {
	return slices.IndexFunc(s.Creatures, func(c Creature) bool { return c.ID == id })
}

// onBoard is the index of creature id, or the rule that it is not on the board.
func (s *State) onBoard(id string) (int, error) {
	if i := s.creature(id); i >= 0 {
		return i, nil
	}
	return -1, ruleError("rule.creature.unknown", map[string]any{"ID": id})
}

// setFlags replaces the roster after a change that cannot move a creature in
// the activation order (done, skill uses, wounds): no sort again.
func (s *State) setFlags(cs []Creature) { s.Creatures = cs }

// owns says whether the roster's array is one s made itself and shares
// with no other state: s may write into it in place (an empty roster too:
// the next group is placed in its room).
func (s *State) owns() bool { return s.owned != nil && s.owned == first(s.Creatures) }

// first is the first element of cs's array, nil for an array of no room.
func first(cs []Creature) *Creature {
	if cap(cs) == 0 {
		return nil
	}
	return &cs[:1][0]
}

// rosterRoom is the room an array made for a growing roster has at the
// least: a group of creatures placed one by one is copied once, not at 1,
// 2 and 4.
const rosterRoom = 8

// flags is the roster to change a creature's flags in (done, skill uses,
// wounds: nothing that moves it in the activation order), as s.Creatures:
// the array s owns, else a copy s then owns. Write into it only after the
// event's last refusal: the state kept to put back shares the array.
func (s *State) flags() []Creature {
	if s.owns() {
		s.inPlace = true
		return s.Creatures
	}
	s.Creatures = slices.Clone(s.Creatures)
	s.owned = first(s.Creatures)
	return s.Creatures
}

// appendable is the roster to append a creature to: the array s owns,
// whose spare room the append may fill, else a copy with room (an earlier
// state may share its array).
func (s *State) appendable() []Creature {
	if s.owns() {
		return s.Creatures
	}
	cs := make([]Creature, len(s.Creatures), max(rosterRoom, 2*len(s.Creatures)))
	copy(cs, s.Creatures)
	return cs
}

// Disown is engine.Owner: s is about to be copied, so from now on it writes
// into no array it holds.
func (r *rules) Disown(s *State) { s.owned = nil }

// Untouched is engine.Kept: the state before the last event still holds
// what it held unless that event wrote a creature's flags in place.
func (r *rules) Untouched() bool { return !r.inPlace }

// setCreatures replaces the roster with cs, an array made for s or one s
// owns (never one an earlier state may share), and works out the
// activation order again.
func (s *State) setCreatures(cs []Creature) {
	s.Picks = conductorOnly(s.Picks) // who is tied may have changed: pick again (the Conductor stays)
	s.Creatures = cs
	s.owned = first(cs) // s's own: flags may write into it
	s.ActivationOrder = activationOrder(cs)
}

// CreatureAdded puts an ADP creature on the board (a spawn, or by hand).
// Its behaviour type is "behaviour" in JSON: "type" names the event itself.
type CreatureAdded struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Behaviour    string   `json:"behaviour"`
	Level        string   `json:"level"`
	VP           int      `json:"vp"`
	Agility      int      `json:"agility"`
	Perception   int      `json:"perception"`
	Intelligence int      `json:"intelligence"`
	Ranged       bool     `json:"ranged,omitempty"`
	Spellcaster  bool     `json:"spellcaster,omitempty"`
	Support      bool     `json:"support,omitempty"`
	Skills       []string `json:"skills,omitempty"`
	QuestTarget  string   `json:"quest_target,omitempty"`
	// Names (in every language) and Profile: a creature from a faction.
	Names    map[string]string `json:"names,omitempty"`
	Profile  string            `json:"profile,omitempty"`
	Vitality int               `json:"vitality,omitempty"`
}

var _ = Events.Register(func() Event { return &CreatureAdded{} })

func (*CreatureAdded) Type() string { return "creature_added" }

func (*CreatureAdded) Gate() engine.Gate[moment] { return needs() }

func (e *CreatureAdded) apply(s *State, c applyContext) error {
	if err := e.checkBounds(s); err != nil {
		return err
	}
	if err := e.checkRules(s); err != nil {
		return err
	}
	skills, err := e.skillList()
	if err != nil {
		return err
	}
	name := e.Name
	if name == "" {
		name = e.ID
	}
	if c.setup.Rules.tableFlow() && !s.InitiativeDue && s.MainRoom && !s.Leader.Improved {
		// Placed as the Main Room is revealed (its Leader, say, with no group
		// paid): new enemies in a section just revealed roll Initiative
		// ("Initiative": each time new creatures are placed), in the
		// situation of the board before them.
		s.initiativeFor(Step{Flow: "main"})
	}
	s.setCreatures(append(s.appendable(), Creature{
		ID: e.ID, Name: name, Type: e.Behaviour, Level: e.Level, VP: e.VP, Agility: e.Agility, Perception: e.Perception,
		Intelligence: e.Intelligence, Ranged: e.Ranged, Spellcaster: e.Spellcaster, Support: e.Support,
		Skills: skills, QuestTarget: e.QuestTarget, Vitality: e.Vitality, Names: e.Names, Profile: e.Profile,
	}))
	if c.setup.Rules.tableFlow() {
		s.arrived(e.ID)
	}
	if e.Level == bestiary.LevelLeader {
		s.LeaderGone = false
	}
	added := &s.Creatures[len(s.Creatures)-1]
	s.log(c.seq, "log.creature_added", shared(argsKey{line: "log.creature_added", name: nameKey(*added), text: e.Behaviour, kind: e.Level}, func() map[string]any {
		return map[string]any{"Name": added.DisplayName(), "TypeKey": "behaviour." + e.Behaviour + ".name", "LevelKey": bestiary.LevelKeys[e.Level]}
	}))
	return nil
}

// checkBounds refuses what is over the bounds (limits.go), first: the other
// rules echo these values.
func (e *CreatureAdded) checkBounds(s *State) error {
	switch {
	case tooLong(e.ID, e.Name, e.QuestTarget) || tooLong(e.Skills...):
		return ruleError("rule.name.long", map[string]any{"Max": MaxNameBytes})
	case len(s.Creatures) >= MaxCreatures:
		return ruleError("rule.creature.count_max", map[string]any{"Max": MaxCreatures})
	case len(e.Skills) > MaxSkills:
		return ruleError("rule.creature.skills_max", map[string]any{"ID": e.ID, "Max": MaxSkills})
	case e.VP > MaxGroupVP || e.Vitality > MaxCreatureVitality ||
		e.Agility > MaxAttribute || e.Perception > MaxAttribute || e.Intelligence > MaxAttribute:
		return ruleError("rule.creature.value_max", map[string]any{"ID": e.ID, "VP": MaxGroupVP, "Vitality": MaxCreatureVitality, "Max": MaxAttribute})
	}
	return nil
}

// checkRules refuses a creature the rules do not allow on the board: no or
// a taken id, an unknown type or level, a type with its own card as no
// Leader, a second Leader, a negative value.
func (e *CreatureAdded) checkRules(s *State) error {
	switch {
	case e.ID == "":
		return ruleError("rule.creature.id", nil)
	case s.creature(e.ID) >= 0:
		return ruleError("rule.creature.duplicate", map[string]any{"ID": e.ID})
	}
	t, ok := bestiary.Behaviour(e.Behaviour)
	if !ok || t.LeaderOnly {
		return ruleError("rule.creature.type", map[string]any{"Type": e.Behaviour})
	}
	if _, ok := bestiary.LevelKeys[e.Level]; !ok {
		return ruleError("rule.creature.level", map[string]any{"Level": e.Level})
	}
	if t.OwnCard && e.Level != bestiary.LevelLeader { // behaviourcards.go
		return ruleError("rule.creature.own_card", map[string]any{"TypeKey": "behaviour." + t.ID + ".name"})
	}
	if e.Level == bestiary.LevelLeader && slices.ContainsFunc(s.Creatures, func(c Creature) bool { return c.Level == bestiary.LevelLeader }) {
		return ruleError("rule.creature.second_leader", nil)
	}
	if e.VP < 0 || e.Agility < 0 || e.Perception < 0 || e.Intelligence < 0 || e.Vitality < 0 {
		return ruleError("rule.creature.negative", map[string]any{"ID": e.ID})
	}
	return nil
}

// skillList is the creature's skills, each named once, none used yet.
func (e *CreatureAdded) skillList() ([]Skill, error) {
	skills := make([]Skill, 0, len(e.Skills))
	for _, name := range e.Skills {
		if name == "" || slices.ContainsFunc(skills, func(k Skill) bool { return k.Name == name }) {
			return nil, ruleError("rule.creature.skill_name", map[string]any{"Skill": name})
		}
		skills = append(skills, Skill{Name: name})
	}
	return skills, nil
}

// CreatureRemoved takes a creature off the board; the lasting Power cards
// that benefit it end with it ("Target of a Power Card").
type CreatureRemoved struct {
	ID string `json:"id"`
}

var _ = Events.Register(func() Event { return &CreatureRemoved{} })

func (*CreatureRemoved) Type() string { return "creature_removed" }

func (*CreatureRemoved) Gate() engine.Gate[moment] { return needs() }

func (e *CreatureRemoved) apply(s *State, c applyContext) error {
	i, err := s.onBoard(e.ID)
	if err != nil {
		return err
	}
	gone := s.Creatures[i]
	s.setCreatures(slices.Delete(s.flags(), i, i+1))
	if gone.Level == bestiary.LevelLeader {
		s.LeaderGone = true // what a quest has it do ends with it
	}
	kept := make([]SustainedCard, 0, len(s.Sustained))
	for _, sc := range s.Sustained {
		if sc.Target != gone.ID && sc.Target != gone.Name {
			kept = append(kept, sc)
		}
	}
	count := len(s.Sustained) - len(kept)
	s.log(c.seq, "log.creature_removed", shared(argsKey{line: "log.creature_removed", name: nameKey(gone), a: count}, func() map[string]any {
		return map[string]any{"Name": gone.DisplayName(), "Count": count}
	}))
	s.Sustained = kept
	if c.setup.Rules.tableFlow() {
		if len(s.Creatures) == 0 {
			s.ADPTurnDue = false // nobody left to act in it
		}
		s.slain(c.seq, *c.setup, gone)
	}
	return nil
}

// SkillUsed counts a use of a creature's active skill. The fourth use in a
// quest is refused while the creature has other ways to attack.
type SkillUsed struct {
	ID            string `json:"id"`
	Skill         string `json:"skill"`
	NoOtherOption bool   `json:"no_other_option,omitempty"`
}

var _ = Events.Register(func() Event { return &SkillUsed{} })

func (*SkillUsed) Type() string { return "skill_used" }

func (*SkillUsed) Gate() engine.Gate[moment] { return needs() }

func (e *SkillUsed) apply(s *State, c applyContext) error {
	i, err := s.onBoard(e.ID)
	if err != nil {
		return err
	}
	cr := s.Creatures[i]
	k := slices.IndexFunc(cr.Skills, func(sk Skill) bool { return sk.Name == e.Skill })
	if k < 0 {
		return ruleError("rule.skill.unknown", map[string]any{"Name": cr.DisplayName(), "Skill": e.Skill})
	}
	if cr.Skills[k].Uses >= SkillLimit && !e.NoOtherOption {
		return ruleError("rule.skill.limit", map[string]any{"Name": cr.DisplayName(), "Skill": skillName(*c.setup, cr, e.Skill), "Limit": SkillLimit})
	}
	cs := s.flags()
	cs[i].Skills = slices.Clone(cr.Skills) // a copy of the creature may share them
	cs[i].Skills[k].Uses++
	uses := cs[i].Skills[k].Uses
	args := func() map[string]any {
		return map[string]any{"Name": cr.DisplayName(), "Skill": skillName(*c.setup, cr, e.Skill), "Uses": uses, "Limit": SkillLimit}
	}
	if c.setup.FactionData.SkillName(cr.Profile, e.Skill) == nil { // the skill's name is e.Skill, whatever the game
		s.log(c.seq, "log.skill_used", shared(argsKey{line: "log.skill_used", name: nameKey(cr), text: e.Skill, a: uses}, args))
		return nil
	}
	s.log(c.seq, "log.skill_used", args())
	return nil
}

// SupportRoll is the 1D6 a creature with non-offensive actions rolls as it
// activates: on 4+ it does one of those instead of attacking.
type SupportRoll struct {
	ID   string `json:"id"`
	Face int    `json:"face"`
}

var _ = Events.Register(func() Event { return &SupportRoll{} })

func (*SupportRoll) Type() string { return "support_roll" }

func (*SupportRoll) Gate() engine.Gate[moment] { return needs() }

// SupportFrom is the lowest 1D6 face that makes a creature help instead of attack.
const SupportFrom = 4

func (e *SupportRoll) apply(s *State, c applyContext) error {
	i, err := s.onBoard(e.ID)
	if err != nil {
		return err
	}
	if !s.Creatures[i].Support {
		return ruleError("rule.support.none", map[string]any{"Name": s.Creatures[i].DisplayName()})
	}
	if e.Face < 1 || e.Face > 6 {
		return ruleError("rule.dice.face", map[string]any{"Face": e.Face})
	}
	s.Rolls++
	id := "hint.support.attack"
	if e.Face >= SupportFrom {
		id = "hint.support.help"
	}
	s.Hint = &Hint{ID: id, Args: map[string]any{"Name": s.Creatures[i].DisplayName(), "Face": e.Face}}
	s.log(c.seq, "log.support_roll", map[string]any{"Name": s.Creatures[i].DisplayName(), "Face": e.Face, "Help": e.Face >= SupportFrom})
	return nil
}

// CreatureDone says a creature finished acting in this ADP combat turn.
type CreatureDone struct {
	ID string `json:"id"`
}

var _ = Events.Register(func() Event { return &CreatureDone{} })

func (*CreatureDone) Type() string { return "creature_done" }

func (*CreatureDone) Gate() engine.Gate[moment] {
	return needs(inCombatTurn, initiativeFirst, someoneToAct)
}

func (e *CreatureDone) apply(s *State, c applyContext) error {
	i, err := s.onBoard(e.ID)
	if err != nil {
		return err
	}
	if s.Creatures[i].Done {
		return ruleError("rule.creature.already_done", map[string]any{"Name": s.Creatures[i].DisplayName()})
	}
	cs := s.flags()
	cs[i].Done = true
	s.log(c.seq, "log.creature_done", shared(argsKey{line: "log.creature_done", name: nameKey(cs[i])}, func() map[string]any {
		return map[string]any{"Name": cs[i].DisplayName()}
	}))
	return nil
}

// RandomPick chooses at random among tied targets ("A random target will be
// chosen"): number Picked of Among, counted as the Conductor said.
type RandomPick struct {
	Among  int `json:"among"`
	Picked int `json:"picked"`
	// For names tied creatures it chooses among (initiative_roller,
	// power_target): the Picked-th of them in the order placed.
	For string `json:"for,omitempty"`
}

var _ = Events.Register(func() Event { return &RandomPick{} })

func (*RandomPick) Type() string { return "random_pick" }

func (*RandomPick) Gate() engine.Gate[moment] { return needs() }

func (e *RandomPick) apply(s *State, c applyContext) error {
	if e.Among < 2 || e.Picked < 1 || e.Picked > e.Among {
		return ruleError("rule.random_pick", map[string]any{"Among": e.Among, "Picked": e.Picked})
	}
	if e.Among > MaxCreatures {
		return ruleError("rule.random_pick.max", map[string]any{"Among": e.Among, "Max": MaxCreatures})
	}
	if e.For != "" {
		cands, ok := map[string][]Creature{PickInitiativeRoller: InitiativeRollers(*s), PickPowerTarget: PowerTargets(*s)}[e.For]
		if !ok {
			return ruleError("rule.random_pick.for", map[string]any{"For": e.For})
		}
		if len(cands) != e.Among {
			return ruleError("rule.random_pick.candidates", map[string]any{"Among": e.Among, "Count": len(cands)})
		}
		picks := map[string]string{e.For: cands[e.Picked-1].ID}
		for k, v := range s.Picks {
			if k != e.For {
				picks[k] = v
			}
		}
		s.Picks = picks
		s.Rolls++
		s.log(c.seq, "log.random_pick.creature", map[string]any{"Among": e.Among, "Name": cands[e.Picked-1].DisplayName(), "ForKey": "pick." + e.For})
		return nil
	}
	s.Rolls++
	s.Hint = &Hint{ID: "hint.random_pick", Args: map[string]any{"Among": e.Among, "Picked": e.Picked}}
	s.log(c.seq, "log.random_pick", map[string]any{"Among": e.Among, "Picked": e.Picked})
	return nil
}

// PickRandom makes the seeded RandomPick among n targets.
func (g *Game) PickRandom(n int) *RandomPick {
	r := rand.New(rand.NewPCG(g.Setup().Seed, uint64(g.State().Rolls)))
	return &RandomPick{Among: n, Picked: r.IntN(max(n, 1)) + 1}
}

// SupportDie is the seeded 1D6 for a creature's support roll.
func (g *Game) SupportDie(id string) *SupportRoll {
	return &SupportRoll{ID: id, Face: dice.RollFaces(g.Setup().Seed, g.State().Rolls, dice.D6)[0]}
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"hint.support.attack", "hint.support.help"}
