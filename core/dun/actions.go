package dun

import (
	"errors"
	"slices"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// SecretDoorRepeatPoints is what each repeated search for a secret door
// gives the Dark Player's reserve.
const SecretDoorRepeatPoints = 3

// Test is a roll for an attribute test or a hero's action.
type Test struct {
	Action    string `json:"action,omitempty"`
	Attribute string `json:"attribute,omitempty"`
	Value     *int   `json:"value,omitempty"`    // the attribute; for running, the Movement
	Target    int    `json:"target,omitempty"`   // 0: the usual 10
	Modifier  int    `json:"modifier,omitempty"` // situational, on top of the action's own
	Dice      []int  `json:"dice"`
	Extra     []int  `json:"extra,omitempty"`  // searching a room: the 1D6 halved up for 1D3 gold
	Level     string `json:"level,omitempty"`  // searching corpses: low, middle or high
	Trap      bool   `json:"trap,omitempty"`   // searching furniture: the quest allows a trap here
	Repeat    bool   `json:"repeat,omitempty"` // a secret-door search repeated when nothing else is left
	// Situations are what the table ticked (actions.Situations: no line of
	// sight, melee range, a far jump…): the game applies their modifiers
	// and refuses what they forbid. Corpses is how many slain enemies are
	// searched, needed when a situation takes a die off (situations.go).
	Situations []string `json:"situations,omitempty"`
	Corpses    int      `json:"corpses,omitempty"`
	// Hero is the party hero who acts: his attribute is the value unless one is given.
	Hero string `json:"hero,omitempty"`
	// Exit (the section behind a door) or Element (a chest) is what a
	// once-only action was tried on; Override allows another try.
	Exit     string `json:"exit,omitempty"`
	Element  string `json:"element,omitempty"`
	Override bool   `json:"override,omitempty"`
	// Section is the room searched, Furniture a piece of furniture named
	// at the table (with a quest; searches.go).
	Section   string `json:"section,omitempty"`
	Furniture string `json:"furniture,omitempty"`
}

var _ = Events.Register(func() Event { return &Test{} })

// TestResult is the state's record of the last test.
type TestResult struct {
	Action    string `json:"action,omitempty"`
	Attribute string `json:"attribute,omitempty"`
	Dice      []int  `json:"dice"`
	dice.Outcome
	Results []Hint `json:"results"` // what it means at the table, as messages
}

func (*Test) Type() string { return "test" }

func (*Test) Gate() engine.Gate[moment] { return needs() }

func (e *Test) apply(s *State, c applyContext) error {
	info, e, err := e.resolve(c.setup)
	if err != nil {
		return err
	}
	if e, err = e.withSituations(s, c.setup, info); err != nil {
		return err
	}
	if e, err = e.withQuestTrap(s, *c.setup, info); err != nil {
		return err
	}
	if err := e.checkBounds(); err != nil {
		return err
	}
	// r stays off the heap: the state keeps a copy of it (lastTest), shared
	// when another test gave the same.
	r := TestResult{Action: e.Action, Attribute: info.Attribute, Dice: e.Dice}
	trigger, err := e.roll(info, &r)
	if err != nil {
		return err
	}
	r.Results = append(r.Results, situationHints(e.Situations)...)
	tried, opens, err := e.admit(s, *c.setup, info, r, trigger)
	if err != nil {
		return err
	}
	e.record(s, c, info, &r, trigger, tried, opens)
	return nil
}

// resolve finds the test's action (none: a plain attribute test) and the
// value it is rolled against: the acting hero's attribute when none is
// given. The event returned is e, or a copy with that value: the recorded
// event keeps the hero, not the value.
func (e *Test) resolve(setup *Setup) (actions.Info, *Test, error) {
	info := actions.Info{Kind: actions.KindTest, Attribute: e.Attribute}
	if e.Action != "" {
		var ok bool
		if info, ok = actions.Find(e.Action); !ok {
			return info, e, ruleError("rule.test.action", map[string]any{"Action": e.Action})
		}
		if e.Attribute != "" && e.Attribute != info.Attribute {
			return info, e, ruleError("rule.test.attribute_mismatch", map[string]any{"ActionKey": "action." + info.ID, "AttributeKey": actions.AttributeKeys[info.Attribute]})
		}
	}
	if e.Hero == "" || e.Value != nil {
		return info, e, nil
	}
	h, err := partyHero(*setup, e.Hero)
	if err != nil {
		return info, e, err
	}
	attr := info.Attribute
	if info.Kind == actions.KindRun {
		attr = "movement"
	}
	if v, ok := h.Attribute(attr); ok {
		filled := *e
		filled.Value = &v
		return info, &filled, nil
	}
	return info, e, nil
}

// checkBounds refuses dice, values and faces no test has (limits.go).
func (e *Test) checkBounds() error {
	if len(e.Dice) > MaxCorpses || len(e.Extra) > 1 { // at most 1D6 per slain enemy, one 1D3
		return ruleError("rule.test.dice_max", map[string]any{"Count": len(e.Dice) + len(e.Extra), "Max": MaxCorpses})
	}
	if e.Value != nil && !within(*e.Value, MaxAttribute) || !within(e.Modifier, MaxModifier) || e.Target < 0 || e.Target > MaxTarget {
		return ruleError("rule.test.value_max", map[string]any{"Max": MaxAttribute, "Modifier": MaxModifier, "Target": MaxTarget})
	}
	for _, faces := range [][]int{e.Dice, e.Extra} {
		for _, f := range faces {
			if f < 1 || f > 6 {
				return ruleError("rule.dice.face", map[string]any{"Face": f})
			}
		}
	}
	return nil
}

// roll rolls the test by its action's kind (an attribute test for any
// other kind): each checks what its kind needs, fills in the result and
// says whether a trap goes off. The calls are direct, not through a table
// of functions, so that r stays off the heap.
func (e *Test) roll(info actions.Info, r *TestResult) (trigger bool, err error) {
	switch info.Kind {
	case actions.KindInfo:
		return e.nothingToRoll(info, r)
	case actions.KindCorpses:
		return e.searchCorpses(info, r)
	case actions.KindRun:
		return e.run(info, r)
	case actions.KindFurniture:
		return e.searchFurniture(info, r)
	}
	return e.attributeTest(info, r)
}

// testResults are tests' results that states share: a state's last test
// is read, never written. Only a result of two dice and one plain line of
// what it means is shared, by all it holds.
var testResults = madeOnce[testKey, *TestResult]{max: 1 << 12}

type testKey struct {
	action, attribute, result string
	dice                      [2]int
	outcome                   dice.Outcome
}

// lastTest is r as the state keeps it: shared, or a copy of its own (r's
// dice are the event's).
func lastTest(r *TestResult) *TestResult {
	own := func() *TestResult {
		kept := *r
		kept.Dice = slices.Clone(r.Dice)
		return &kept
	}
	if len(r.Dice) != 2 || len(r.Results) != 1 || r.Results[0].Args != nil {
		return own()
	}
	return testResults.get(testKey{r.Action, r.Attribute, r.Results[0].ID, [2]int{r.Dice[0], r.Dice[1]}, r.Outcome}, own)
}

// nothingToRoll: the app only reminds the action's rule.
func (e *Test) nothingToRoll(info actions.Info, _ *TestResult) (bool, error) {
	return false, ruleError("rule.test.nothing_to_roll", map[string]any{"ActionKey": "action." + info.ID})
}

// searchCorpses: 1D6 per slain enemy, each 5 or 6 finds the level's gold.
func (e *Test) searchCorpses(_ actions.Info, r *TestResult) (bool, error) {
	gp, ok := actions.CorpseGold[e.Level]
	if !ok {
		return false, ruleError("rule.test.level", map[string]any{"Level": e.Level})
	}
	if len(e.Dice) == 0 {
		return false, ruleError("rule.test.corpses_dice", nil)
	}
	finds := 0
	for _, f := range e.Dice {
		if f+e.Modifier >= 5 { // a situation's -1 on a single die (situations.go)
			finds++
		}
	}
	r.Total, r.Passed = finds*gp, finds > 0
	r.Results = []Hint{{ID: "result.search_corpses", Args: map[string]any{"Count": finds, "Gold": finds * gp}}}
	return false, nil
}

// run: 2D6 added to Movement, at most twice it; a double 1 trips.
func (e *Test) run(_ actions.Info, r *TestResult) (bool, error) {
	faces, err := pair(e.Dice)
	if err != nil {
		return false, err
	}
	if e.Value == nil {
		return false, ruleError("rule.test.value_missing", map[string]any{"AttributeKey": "attribute.movement"})
	}
	move := *e.Value
	r.Total, r.Passed = min(move+faces[0]+faces[1], 2*move), true
	if faces == [2]int{1, 1} {
		r.Total, r.Passed, r.Critical = 0, false, dice.CriticalFailure
		r.Results = []Hint{{ID: "result.run.tripped"}}
	} else {
		r.Results = []Hint{{ID: "result.run", Args: map[string]any{"Squares": r.Total}}}
	}
	return false, nil
}

// searchFurniture: the furniture chart's 2D6; "When a hero gets a critical
// failure ... searching a piece of furniture" where the quest allows a
// trap, the trap goes off.
func (e *Test) searchFurniture(_ actions.Info, r *TestResult) (bool, error) {
	faces, err := pair(e.Dice)
	if err != nil {
		return false, err
	}
	r.Total = faces[0] + faces[1]
	r.Results = []Hint{{ID: "result.search_furniture", Args: map[string]any{"Total": r.Total}}}
	if faces != [2]int{1, 1} {
		return false, nil
	}
	r.Critical = dice.CriticalFailure
	if e.Trap {
		r.Results = append(r.Results, Hint{ID: "result.furniture_trap"})
	}
	return e.Trap, nil
}

// attributeTest: 2D6 plus the attribute and the modifiers against the target.
func (e *Test) attributeTest(info actions.Info, r *TestResult) (bool, error) {
	if _, ok := actions.AttributeKeys[info.Attribute]; !ok {
		return false, ruleError("rule.test.attribute", map[string]any{"Attribute": info.Attribute})
	}
	if e.Value == nil {
		return false, ruleError("rule.test.value_missing", map[string]any{"AttributeKey": actions.AttributeKeys[info.Attribute]})
	}
	faces, err := pair(e.Dice)
	if err != nil {
		return false, err
	}
	if e.Repeat && !info.Repeatable {
		return false, ruleError("rule.test.repeat", nil)
	}
	if info.ExtraDie != "" && len(e.Extra) != 1 {
		return false, ruleError("rule.test.extra_needed", nil)
	}
	r.Outcome = dice.AttributeTest(faces, *e.Value, info.Modifier+e.Modifier, e.Target)
	r.Results = actionResults(info, r.Outcome, e)
	return false, nil
}

// admit is what every test rolled must also be allowed: a trap going off,
// or a door or chest the test opens, starts a flow, so none may be under
// way; a repeated search's points must fit the reserve; a once-only target
// must not have been tried. It returns the target tried ("" for none) and
// whether the test opens something.
func (e *Test) admit(s *State, setup Setup, info actions.Info, r TestResult, trigger bool) (string, bool, error) {
	opens := setup.Rules.tableFlow() && setup.QuestData != nil && e.opens(info, r.Passed)
	if trigger || opens {
		if err := idle(s); err != nil {
			return "", false, err
		}
	}
	if e.Repeat {
		if err := canGain(s, SecretDoorRepeatPoints); err != nil {
			return "", false, err
		}
	}
	if err := e.declaredFirst(s, setup, info); err != nil {
		return "", false, err
	}
	tried, err := e.onceKey(s, setup, info)
	return tried, opens, err
}

// record changes the state for a legal test: the target tried, the dice
// rolled, a repeated search's points, a trap's Obstacle roll, the ADP's
// draw on a fumble, the result and its log line, and what the test opens.
// The state keeps r as its last test.
func (e *Test) record(s *State, c applyContext, info actions.Info, r *TestResult, trigger bool, tried string, opens bool) {
	if tried != "" {
		s.Tried = append(slices.Clip(s.Tried), tried)
	}
	s.Rolls += (len(e.Dice)+1)/2 + len(e.Extra)
	if e.Repeat {
		// "the Dark Player ... gets 3 reserve points for every new attempt"
		s.post(c.seq, SecretDoorRepeatPoints, "reason.secret_door_repeat")
		// Every reserve change has its log line: the ledger keeps only the newest.
		s.log(c.seq, "log.reserve_gained", map[string]any{"Count": SecretDoorRepeatPoints, "ReasonKey": "reason.secret_door_repeat", "Reserve": s.Reserve})
	}
	if trigger {
		s.Pending.Set(rollStep(s, DeckObstacle, "furniture", false)...)
	}
	if c.setup.Rules.adpDrawsOnFumbles() && (info.FumbleCard && r.Critical == dice.CriticalFailure || e.Repeat) {
		// "The Dark Player may draw a card" from his Obstacle or Power deck:
		// the Conductor picks which, after any step already waiting.
		s.Pending.Then(Step{Kind: StepChoose, Reason: "fumble"})
		r.Results = fumbleDraws(r.Results)
	}
	e.disarmed(s, info, r)
	s.LastTest = lastTest(r)
	key := "log.test.fail"
	if r.Passed {
		key = "log.test.pass"
	}
	kind, name := "attribute.", info.Attribute // the name's message ID is kind+name
	if e.Action != "" {
		kind, name = "action.", e.Action
	}
	s.log(c.seq, key, shared(argsKey{line: key, kind: kind, name: name, text: r.Critical, a: r.Total, b: r.Target}, func() map[string]any {
		return map[string]any{"NameKey": kind + name, "Total": r.Total, "Target": r.Target, "Critical": r.Critical}
	}))
	if opens {
		s.opened(c.seq, *c.setup, info.ID, e, r.Passed)
	}
}

// opens says whether a test on a named door or chest does something to the
// game itself (table flow): a passed lock opens its door, a chest tried is
// opened (its Obstacle roll comes first), a passed search finds the door.
func (e *Test) opens(info actions.Info, passed bool) bool {
	switch info.ID {
	case "open_lock":
		return passed && e.Exit != ""
	case "open_chest":
		return e.Element != ""
	case "secret_door":
		return passed && e.Element != ""
	}
	return false
}

// opened does what a test on a door or chest does: "Opening Locked Doors",
// the door opens and the section behind it is revealed after its Obstacle
// roll ("Obstacle Cards": opening a door); "Opening Chests", declaring it
// rolls for an Obstacle and a passed test opens it; "Searching for Secret
// Doors", a passed test finds it.
func (s *State) opened(seq int, setup Setup, action string, e *Test, passed bool) {
	declared := setup.Rules.openDeclared() // the Obstacle roll came at the declaration (doors.go)
	switch {
	case action == "open_lock" && declared:
		s.Pending.First(Step{Kind: StepReveal, Section: e.Exit, Reason: "door"})
	case action == "open_chest" && declared:
		if passed && !slices.Contains(s.Found, e.Element) {
			s.find(seq, setup, e.Element)
		}
	case action == "open_lock":
		s.Pending.First(append(rollStep(s, DeckObstacle, "door", false), Step{Kind: StepReveal, Section: e.Exit, Reason: "door"})...)
	case action == "open_chest":
		s.log(seq, "log.obstacle_trigger", map[string]any{"TriggerKey": TriggerKeys["chest"]})
		s.Pending.First(rollStep(s, DeckObstacle, "chest", false)...)
		if passed && !slices.Contains(s.Found, e.Element) {
			s.find(seq, setup, e.Element)
		}
	case action == "secret_door":
		if !slices.Contains(s.Found, e.Element) {
			s.find(seq, setup, e.Element)
		}
	}
}

// actionResults says what a test's outcome means for its action.
func actionResults(info actions.Info, o dice.Outcome, e *Test) []Hint {
	id := info.ID
	if id == "" {
		id = "generic"
	}
	rs := resultHint(id, o.Passed)
	switch {
	case id == "search_room" && o.Passed:
		rs = append(rs, Hint{ID: "result.search_room.gold", Args: map[string]any{"Gold": (e.Extra[0] + 1) / 2}})
		if o.Critical == dice.CriticalSuccess {
			rs = append(rs, Hint{ID: "result.search_room.magic"})
		}
	case id == "detect_trap" && o.Critical == dice.CriticalSuccess:
		rs = append(rs, Hint{ID: "result.detect_trap.bonus"})
	}
	if info.FumbleCard && o.Critical == dice.CriticalFailure {
		// The ADP plays cards only on its own triggers ("Card Activation"),
		// and this double 1 is not one of them.
		rs = append(rs, Hint{ID: "result.fumble_no_card"})
	}
	if e.Repeat {
		rs = append(rs, Hint{ID: "result.secret_door.repeat", Args: map[string]any{"Points": SecretDoorRepeatPoints}})
	}
	return rs
}

// resultHints are the first result of a test by its action and outcome,
// shared: each is clipped, so an append to it copies it.
var resultHints = madeOnce[resultOf, []Hint]{max: 1 << 8}

type resultOf struct {
	id     string
	passed bool
}

// resultHint is what passing or failing action id means, as the first of
// a test's results (shared).
func resultHint(id string, passed bool) []Hint {
	return resultHints.get(resultOf{id, passed}, func() []Hint {
		if passed {
			return []Hint{{ID: "result." + id + ".pass"}}
		}
		return []Hint{{ID: "result." + id + ".fail"}}
	})
}

// IDs built from names above, listed so every one is translated.
var _ = []string{
	"result.generic.pass", "result.generic.fail",
	"result.open_lock.pass", "result.open_lock.fail", "result.open_chest.pass", "result.open_chest.fail",
	"result.great_jump.pass", "result.great_jump.fail", "result.climb.pass", "result.climb.fail",
	"result.secret_door.pass", "result.secret_door.fail", "result.search_room.pass", "result.search_room.fail",
	"result.detect_trap.pass", "result.detect_trap.fail", "result.bypass_trap.pass", "result.bypass_trap.fail",
	"result.disarm_trap.pass", "result.disarm_trap.fail", "result.riddle.pass", "result.riddle.fail",
	"attribute.movement",
}

// RollTest fills in the seeded dice a test needs: 2D6 (1D6 per slain enemy
// when searching corpses, n of them), and the 1D3 of a room search.
func (g *Game) RollTest(e Test, corpses int) *Test {
	n := g.State().Rolls
	if info, _ := actions.Find(e.Action); info.Kind == actions.KindCorpses {
		e.Dice = nil
		if len(e.Situations) > 0 {
			e.Corpses = corpses
			corpses = CorpseDice(corpses, e.Situations) // one die fewer (situations.go)
		}
		for i := 0; i < corpses; i += 2 {
			e.Dice = append(e.Dice, dice.RollFaces(g.Setup().Seed, n, dice.TwoD6)...)
			n++
		}
		e.Dice = e.Dice[:corpses]
	} else {
		e.Dice = dice.RollFaces(g.Setup().Seed, n, dice.TwoD6)
		n++
	}
	e.Extra = nil
	if e.Action == "search_room" {
		e.Extra = dice.RollFaces(g.Setup().Seed, n, dice.D6)
	}
	return &e
}

// onceKey is what a once-only action was tried on ("only one hero, only
// once per game": a lock, a chest, a riddle), or "" when nothing is named.
// A second try at the same one is refused unless overridden.
func (e *Test) onceKey(s *State, setup Setup, info actions.Info) (string, error) {
	if info.ID == "search_room" || info.ID == "search_furniture" {
		return e.searchKey(s, setup, info.ID) // searches.go
	}
	target := e.Exit + e.Element
	if target == "" || !info.Once {
		return "", nil
	}
	if e.Exit != "" && e.Element != "" {
		return "", ruleError("rule.test.two_targets", nil)
	}
	if setup.QuestData != nil && !slices.ContainsFunc(OnceTargets(*s, setup, info.ID), func(t OnceTarget) bool {
		return t.Exit == e.Exit && t.Element == e.Element
	}) {
		return "", ruleError("rule.test.target_unknown", map[string]any{"Target": target})
	}
	key := info.ID + ":" + target
	if slices.Contains(s.Tried, key) && !e.Override {
		return "", ruleError("rule.test.once", map[string]any{"ActionKey": "action." + info.ID})
	}
	return key, nil
}

// CanTry says whether a hero may still try action on target (a door's
// Exit or an Element): not when it was tried already or is no target. A
// step still to finish, a door not declared yet or a trapped chest do not
// count here: they are said when the roll is tried.
func (g *Game) CanTry(action string, target Test) bool { return g.TryRefusal(action, target) == nil }

// TryRefusal is why a hero may not try action on target now, or nil when
// the test may be tried. As for CanTry, a step to finish first, a door not
// declared or a trapped chest are said at the roll; so is an exploration
// action in a combat turn, which the table may still take by ticking that
// no enemy has line of sight to the hero (the action panel offers it and
// says why).
func (g *Game) TryRefusal(action string, target Test) error {
	probe := target
	probe.Action, probe.Value, probe.Dice = action, new(int), []int{1, 2}
	err := g.Check(&probe)
	var re *RuleError
	if errors.As(err, &re) && re.ID == "rule.situation.combat_exploration" {
		// Ticked, would anything else refuse it (tried already)?
		probe.Situations = append(slices.Clone(probe.Situations), actions.NoLineOfSight)
		err = g.Check(&probe)
	}
	if err == nil || errors.As(err, &re) && slices.Contains(triedAtTheRoll, re.ID) {
		return nil
	}
	return err
}

// triedAtTheRoll are the refusals of a test that the action panel says and
// offers its way out of, rather than refusing the tap that opens it.
var triedAtTheRoll = []string{"rule.flow.busy", "rule.open.declare_first", "rule.open.chest_trapped"}
