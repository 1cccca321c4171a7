package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// Opening doors and chests, breaking them down, a chest's trap and the
// safe zone's Obstacle roll (the ADP text, "Obstacle Cards"; the turn and
// movement text, "Opening Locked Doors", "Opening Chests", "Breaking Down
// Doors/Chests", "Detecting and Avoiding Traps", "Disarming Traps").

// openDeclared is the rule that the Obstacle roll comes when a hero
// declares he will open a door or chest, before the lock or chest test
// (with the table flow; on in new games: saves from before it replay as
// they were played, the roll after the test).
func (r Rules) openDeclared() bool {
	return r.tableFlow() && r.since(EditionOpenDeclared, r.OpenDeclared)
}

// Doors and chests: Armor 5 and 5 Vitality, a reinforced one 6 and 6
// ("Breaking Down Doors/Chests").
const (
	DoorArmor                 = 5
	DoorVitality              = 5
	ReinforcedDoorArmor       = 6
	ReinforcedDoorVitality    = 6
	breakDoor, breakChest     = "exit:", "element:"
	triggerDoor, triggerChest = "door", "chest"
)

// Break is a door or chest the heroes are breaking down: the turns spent,
// the Vitality left and the turn of the last try.
type Break struct {
	Target     string `json:"target"` // "exit:<section>" or "element:<chest>"
	Turns      int    `json:"turns"`
	Vitality   int    `json:"vitality"`
	Reinforced bool   `json:"reinforced,omitempty"`
	Turn       int    `json:"turn"`
}

// openKey is a door's or chest's key in Declared and Break.
func openKey(exit, element string) string {
	if exit != "" {
		return breakDoor + exit
	}
	return breakChest + element
}

// OpenDeclared is a hero declaring he will open a door (Exit: the hidden
// section behind it) or a chest (Element): the Scenario Die is rolled for
// an Obstacle first; the lock or chest test on it is allowed afterwards.
type OpenDeclared struct {
	Exit    string `json:"exit,omitempty"`
	Element string `json:"element,omitempty"`
	Hero    string `json:"hero,omitempty"`
}

var _ = Events.Register(func() Event { return &OpenDeclared{} })

func (*OpenDeclared) Type() string { return "open_declared" }

func (*OpenDeclared) Gate() engine.Gate[moment] { return needs(questPlayed, idleNow) }

func (e *OpenDeclared) apply(s *State, c applyContext) error {
	action, trigger := "open_lock", triggerDoor
	if e.Element != "" {
		action, trigger = "open_chest", triggerChest
	}
	if (e.Exit == "") == (e.Element == "") {
		return ruleError("rule.open.one_target", nil)
	}
	if !slices.ContainsFunc(OnceTargets(*s, *c.setup, action), func(t OnceTarget) bool {
		return t.Exit == e.Exit && t.Element == e.Element
	}) || slices.Contains(s.Found, e.Element) && e.Element != "" {
		return ruleError("rule.test.target_unknown", map[string]any{"Target": e.Exit + e.Element})
	}
	key := openKey(e.Exit, e.Element)
	if slices.Contains(s.Declared, key) {
		return ruleError("rule.open.declared_twice", nil)
	}
	if e.Hero != "" {
		if _, err := partyHero(*c.setup, e.Hero); err != nil {
			return err
		}
	}
	s.Declared = append(slices.Clip(s.Declared), key)
	s.log(c.seq, "log.open_declared", map[string]any{"TriggerKey": TriggerKeys[trigger], "NameText": targetName(c.setup.QuestData, e.Exit, e.Element)})
	s.Pending.Set(rollStep(s, DeckObstacle, trigger, false)...)
	return nil
}

// targetName is a door's (the section behind it) or chest's name, in
// every language.
func targetName(q *quest.Quest, exit, element string) map[string]string {
	if exit != "" {
		return map[string]string(q.SectionName(exit))
	}
	return elementName(q, element)
}

// declaredFirst refuses a lock or chest test on a door or chest nobody
// declared opening ("Obstacle Cards": the roll comes at the declaration),
// and a chest's test while a trap guards it ("Disarming Traps").
func (e *Test) declaredFirst(s *State, setup Setup, info actions.Info) error {
	if !setup.Rules.openDeclared() || setup.QuestData == nil {
		return nil
	}
	switch {
	case info.ID == "open_lock" && e.Exit != "", info.ID == "open_chest" && e.Element != "":
		if !slices.Contains(s.Declared, openKey(e.Exit, e.Element)) {
			return ruleError("rule.open.declare_first", map[string]any{"NameText": targetName(setup.QuestData, e.Exit, e.Element)})
		}
		if slices.Contains(s.Trapped, e.Element) && e.Element != "" {
			return ruleError("rule.open.chest_trapped", map[string]any{"NameText": targetName(setup.QuestData, "", e.Element)})
		}
	}
	return nil
}

// disarmed is a disarm test on a chest's trap: passed, the chest may be
// opened; failed, the trap goes off ("Disarming Traps"). Either way it
// guards the chest no more.
func (e *Test) disarmed(s *State, info actions.Info, r *TestResult) {
	if info.ID != "disarm_trap" || e.Element == "" || !slices.Contains(s.Trapped, e.Element) {
		return
	}
	s.Trapped = slices.DeleteFunc(slices.Clone(s.Trapped), func(x string) bool { return x == e.Element })
	s.Tried = append(slices.Clip(s.Tried), "disarm_trap:"+e.Element) // its trap is gone: never trapped again
	if r.Passed {
		r.Results = append(r.Results, Hint{ID: "result.disarm_trap.chest_free"})
	} else {
		r.Results = append(r.Results, Hint{ID: "result.disarm_trap.chest_fired"})
	}
}

// ChestTrapped says the Obstacle card activated for a chest set a trap on
// it: the chest is opened only once the trap is disarmed.
type ChestTrapped struct {
	Element string `json:"element"`
}

var _ = Events.Register(func() Event { return &ChestTrapped{} })

func (*ChestTrapped) Type() string { return "chest_trapped" }

func (*ChestTrapped) Gate() engine.Gate[moment] { return needs(questPlayed) }

func (e *ChestTrapped) apply(s *State, c applyContext) error {
	if !slices.Contains(s.Declared, openKey("", e.Element)) || slices.Contains(s.Found, e.Element) {
		return ruleError("rule.chest_trapped.not_declared", map[string]any{"Element": e.Element})
	}
	if slices.Contains(s.Trapped, e.Element) || slices.Contains(s.Tried, "disarm_trap:"+e.Element) {
		return ruleError("rule.chest_trapped.twice", nil)
	}
	s.Trapped = append(slices.Clip(s.Trapped), e.Element)
	s.log(c.seq, "log.chest_trapped", map[string]any{"NameText": elementName(c.setup.QuestData, e.Element)})
	return nil
}

// BreakAttempt is one turn of the heroes trying to break down a door (Exit)
// or chest (Element) whose lock or test failed, or a door an Obstacle shut:
// Damage is the Vitality the heroes' damage took off after the Armor.
// Reinforced (Armor 6, 6 Vitality) is said on the first try.
type BreakAttempt struct {
	Exit       string `json:"exit,omitempty"`
	Element    string `json:"element,omitempty"`
	Damage     int    `json:"damage"`
	Reinforced bool   `json:"reinforced,omitempty"`
}

var _ = Events.Register(func() Event { return &BreakAttempt{} })

func (*BreakAttempt) Type() string { return "break_attempt" }

func (*BreakAttempt) Gate() engine.Gate[moment] { return needs(questPlayed, idleNow) }

func (e *BreakAttempt) apply(s *State, c applyContext) error {
	if (e.Exit == "") == (e.Element == "") {
		return ruleError("rule.open.one_target", nil)
	}
	if e.Damage < 0 || e.Damage > MaxAmount {
		return ruleError("rule.break.damage", map[string]any{"Damage": e.Damage})
	}
	if !slices.ContainsFunc(Breakable(*s, *c.setup), func(b BreakTarget) bool { return b.Exit == e.Exit && b.Element == e.Element }) {
		return ruleError("rule.break.target", map[string]any{"Target": e.Exit + e.Element})
	}
	key := openKey(e.Exit, e.Element)
	i := slices.IndexFunc(s.Breaking, func(b Break) bool { return b.Target == key })
	b := Break{Target: key, Vitality: DoorVitality, Reinforced: e.Reinforced}
	if e.Reinforced {
		b.Vitality = ReinforcedDoorVitality
	}
	if i >= 0 {
		b = s.Breaking[i]
		if b.Turn == s.Turn {
			return ruleError("rule.break.once_a_turn", nil)
		}
		// A door or chest is reinforced or not from the first try on.
		if e.Reinforced {
			return ruleError("rule.break.reinforced_later", map[string]any{"NameText": targetName(c.setup.QuestData, e.Exit, e.Element)})
		}
	}
	b.Turns++
	b.Turn = s.Turn
	b.Vitality = max(b.Vitality-e.Damage, 0)
	breaking := slices.Clone(s.Breaking)
	if i >= 0 {
		breaking[i] = b
	} else {
		breaking = append(breaking, b)
	}
	s.Breaking = breaking
	name := targetName(c.setup.QuestData, e.Exit, e.Element)
	s.log(c.seq, "log.break_attempt", map[string]any{"NameText": name, "Damage": e.Damage, "Vitality": b.Vitality, "Count": b.Turns})
	if b.Vitality > 0 {
		return nil
	}
	if e.Element != "" {
		// A chest broken open is opened: no test.
		s.log(c.seq, "log.chest_broken", map[string]any{"NameText": name})
		s.find(c.seq, *c.setup, e.Element)
		return nil
	}
	// "Breaking Down Doors/Chests": the section is revealed as a broken
	// door's (nobody surprised, the Encounter roll repeated after a miss);
	// spawns behind it get +1 Initiative per turn spent.
	s.log(c.seq, "log.door_broken", map[string]any{"NameText": name, "Count": b.Turns})
	if err := (&SectionRevealed{Section: e.Exit, BrokenDoor: true}).apply(s, c); err != nil {
		return err
	}
	s.DoorTurns = b.Turns
	return nil
}

// BreakTarget is a door (Exit) or chest (Element) the heroes may break down
// now, with the turns spent and the Vitality left.
type BreakTarget struct {
	Exit, Element string
	Turns         int
	Vitality      int // 0: not tried yet
	Reinforced    bool
	TriedThisTurn bool
}

// Breakable are the doors and chests that may be broken down (table flow):
// a locked door to a hidden section whose lock test failed, or one an
// Obstacle shut; a chest whose test failed and that is not opened.
func Breakable(s State, setup Setup) []BreakTarget {
	q := setup.QuestData
	if q == nil || !setup.Rules.tableFlow() {
		return nil
	}
	var out []BreakTarget
	add := func(exit, element string) {
		t := BreakTarget{Exit: exit, Element: element}
		if i := slices.IndexFunc(s.Breaking, func(b Break) bool { return b.Target == openKey(exit, element) }); i >= 0 {
			b := s.Breaking[i]
			t.Turns, t.Vitality, t.Reinforced, t.TriedThisTurn = b.Turns, b.Vitality, b.Reinforced, b.Turn == s.Turn
		}
		out = append(out, t)
	}
	for _, id := range Reachable(s, q) {
		exit, _ := exitTo(s, q, id)
		failed := exit.Kind == "locked_door" && !slices.Contains(s.Unlocked, id) && slices.Contains(s.Tried, "open_lock:"+id)
		if exit.Kind != "arrow" && (failed || slices.Contains(s.Shut, id)) {
			add(id, "")
		}
	}
	for _, t := range OnceTargets(s, setup, "open_chest") {
		if slices.Contains(s.Tried, "open_chest:"+t.Element) && !slices.Contains(s.Found, t.Element) {
			add("", t.Element)
		}
	}
	return out
}

// SafeZoneTried says whether hero has had the Obstacle roll for leaving a
// safe zone in this turn ("Obstacle Cards": only the first square outside).
func SafeZoneTried(s State, hero string) bool { return slices.Contains(s.SafeZone, hero) }

// safeZoneOnce refuses a second safe-zone roll for the same hero's move.
func (e *ObstacleTrigger) safeZoneOnce(s *State, setup Setup) error {
	if e.Hero == "" {
		return nil
	}
	if e.Reason != "safe_zone" {
		return ruleError("rule.trigger.hero_safe_zone", nil)
	}
	h, err := partyHero(setup, e.Hero)
	if err != nil {
		return err
	}
	if SafeZoneTried(*s, e.Hero) {
		return ruleError("rule.trigger.safe_zone_once", map[string]any{"Name": h.Name})
	}
	s.SafeZone = append(slices.Clip(s.SafeZone), e.Hero)
	return nil
}

// movementTriggers are the Obstacle triggers met while moving: a card that
// stopped the hero and is discarded lets him finish the move.
var movementTriggers = []string{"arrow", "trap", "safe_zone"}

// doorPrompts are, with the table flow in a quest, a failed lock's door
// and a failed chest still on the card (Break it down…), the chest a card
// just trapped (one tap), and the safe-zone roll for each hero who has not
// had it this turn.
func doorPrompts(s State, setup Setup) []Prompt {
	q := setup.QuestData
	var ps []Prompt
	for _, b := range Breakable(s, setup) {
		args := map[string]any{"NameText": targetName(q, b.Exit, b.Element), "Turns": b.Turns, "Count": b.Turns, "Vitality": b.Vitality, "Tried": b.TriedThisTurn}
		id := "prompt.break.door"
		if b.Element != "" {
			id, args["Element"] = "prompt.break.chest", b.Element
		} else {
			args["Section"] = b.Exit
		}
		ps = append(ps, Prompt{ID: id, Args: args, Input: InputBreak})
	}
	if !setup.Rules.openDeclared() {
		return ps
	}
	for _, t := range OnceTargets(s, setup, "open_chest") {
		el := t.Element
		if !slices.Contains(s.Declared, openKey("", el)) || slices.Contains(s.Tried, "open_chest:"+el) || slices.Contains(s.Found, el) {
			continue
		}
		args := map[string]any{"NameText": map[string]string(t.Name), "Element": el}
		if slices.Contains(s.Trapped, el) {
			ps = append(ps, Prompt{ID: "prompt.chest.trapped", Args: args, Input: InputDisarm})
			continue
		}
		p := Prompt{ID: "prompt.chest.declared", Args: args, Input: InputChestTest}
		if !slices.Contains(s.Tried, "disarm_trap:"+el) {
			p.Choices = []Choice{{ID: "choice.chest_trapped", Event: &ChestTrapped{Element: el}}}
		}
		ps = append(ps, p)
	}
	zone := Prompt{Choices: []Choice{}}
	if len(s.Party) == 0 {
		// No party named: the roll is offered, once a hero is not told apart.
		zone.Choices = append(zone.Choices, Choice{ID: "choice.safe_zone.any", Event: &ObstacleTrigger{Reason: "safe_zone"}})
	}
	for _, h := range s.Party {
		if !SafeZoneTried(s, h.ID) {
			zone.Choices = append(zone.Choices, Choice{ID: "choice.safe_zone", Args: map[string]any{"Name": h.Name}, Event: &ObstacleTrigger{Reason: "safe_zone", Hero: h.ID}})
		}
	}
	if len(zone.Choices) > 0 {
		zone.ID = "prompt.safe_zone"
		ps = append(ps, zone)
	}
	return ps
}

// InputBreak: a turn of breaking a door or chest down (Args "Section" or
// "Element"): the Vitality the heroes' damage took off, and whether it is
// reinforced.
const InputBreak = "break"

// InputChestTest: the declared chest's test (Args "Element"), in the
// heroes' action panel; InputDisarm: the disarm test on the trap that
// guards it.
const (
	InputChestTest = "chest_test"
	InputDisarm    = "disarm"
)

// NeedsDeclaring says whether opening a door (exit) or chest (element)
// must be declared first: its Obstacle roll has not been made.
func NeedsDeclaring(s State, setup Setup, exit, element string) bool {
	return setup.Rules.openDeclared() && setup.QuestData != nil && !slices.Contains(s.Declared, openKey(exit, element))
}

// DueDoorTurns is, for the due Initiative after a door broken down, the
// turns the heroes spent on it (+1 for the ADP each).
func DueDoorTurns(s State) int {
	if _, broken := DueContext(s); broken {
		return s.DoorTurns
	}
	return 0
}

// IDs built above, listed so every one is translated.
var _ = []string{"prompt.break.door", "prompt.break.chest"}
