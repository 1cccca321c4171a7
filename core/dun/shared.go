package dun

import (
	"maps"
	"slices"
	"sync"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// Values many states and records share instead of each making its own. A
// state and what a record logged are read, never written (a reducer
// replaces what it changes), so one copy serves them all. The Scenario Die
// is rolled more than anything else in a game: its log line's arguments
// and the roll itself are made once for each combination of faces.

// dieFaces are a Scenario Die roll's log line: the face rolled, the face
// the step wants, and the re-roll's face ("" for none).
type dieFaces struct{ first, want, reroll dice.Symbol }

var (
	dieArgsMade   = map[dieFaces]map[string]any{}
	scenarioRolls = map[dice.Symbol]*Roll{}
)

func init() {
	for first := range dice.SymbolKeys {
		scenarioRolls[first] = &Roll{Dice: dice.Scenario, Symbol: first}
		for want := range dice.SymbolKeys {
			dieArgsMade[dieFaces{first, want, ""}] = makeDieArgs(dieFaces{first, want, ""})
			for reroll := range dice.SymbolKeys {
				dieArgsMade[dieFaces{first, want, reroll}] = makeDieArgs(dieFaces{first, want, reroll})
			}
		}
	}
}

// dieArgs are the arguments of the log line of a Scenario Die roll, shared.
func dieArgs(first, want, reroll dice.Symbol) map[string]any {
	if args, ok := dieArgsMade[dieFaces{first, want, reroll}]; ok {
		return args
	}
	return makeDieArgs(dieFaces{first, want, reroll})
}

func makeDieArgs(f dieFaces) map[string]any {
	args := map[string]any{"SymbolKey": dice.SymbolKeys[f.first], "WantKey": dice.SymbolKeys[f.want]}
	if f.reroll != "" {
		args["RerollKey"] = dice.SymbolKeys[f.reroll]
	}
	return args
}

// scenarioRoll is the last roll a Scenario Die roll leaves, shared.
func scenarioRoll(face dice.Symbol) *Roll {
	if r, ok := scenarioRolls[face]; ok {
		return r
	}
	return &Roll{Dice: dice.Scenario, Symbol: face}
}

// triggerArgsMade are an Obstacle trigger's log line arguments, by the
// trigger's message ID.
var triggerArgsMade = map[string]map[string]any{}

// diceArgsMade and diceRolls are a roll of 1D6 or 2D6's log line arguments
// and the roll itself, by its faces ([2]int{face, 0} for 1D6).
var (
	diceArgsMade = map[[2]int]map[string]any{}
	diceRolls    = map[[2]int]*Roll{}
)

func init() {
	for _, key := range TriggerKeys {
		triggerArgsMade[key] = map[string]any{"TriggerKey": key}
	}
	for a := 1; a <= 6; a++ {
		diceArgsMade[[2]int{a, 0}] = map[string]any{"Face": a}
		diceRolls[[2]int{a, 0}] = &Roll{Dice: dice.D6, Faces: []int{a}}
		for b := 1; b <= 6; b++ {
			diceArgsMade[[2]int{a, b}] = map[string]any{"A": a, "B": b, "Total": a + b}
			diceRolls[[2]int{a, b}] = &Roll{Dice: dice.TwoD6, Faces: []int{a, b}}
		}
	}
}

// sectionArgsMade are a section's log line arguments outside a quest, by
// the section kind's message ID and whether its door was broken down.
var sectionArgsMade = map[string][2]map[string]any{}

func init() {
	for _, key := range SectionKeys {
		sectionArgsMade[key] = [2]map[string]any{{"SectionKey": key, "BrokenDoor": false}, {"SectionKey": key, "BrokenDoor": true}}
	}
}

// sectionArgs are the arguments of a section's log line outside a quest, shared.
func sectionArgs(key string, brokenDoor bool) map[string]any {
	if args, ok := sectionArgsMade[key]; ok {
		if brokenDoor {
			return args[1]
		}
		return args[0]
	}
	return map[string]any{"SectionKey": key, "BrokenDoor": brokenDoor}
}

// triggerArgs are the arguments of an Obstacle trigger's log line, shared.
func triggerArgs(key string) map[string]any {
	if args, ok := triggerArgsMade[key]; ok {
		return args
	}
	return map[string]any{"TriggerKey": key}
}

// diceFaces are the faces of a roll of 1D6 or 2D6 as the key of its shared
// values: false for other dice.
func diceFaces(kind dice.Kind, faces []int) ([2]int, bool) {
	switch {
	case kind == dice.D6 && len(faces) == 1:
		return [2]int{faces[0], 0}, true
	case kind == dice.TwoD6 && len(faces) == 2:
		return [2]int{faces[0], faces[1]}, true
	}
	return [2]int{}, false
}

// initiativeHints are the hint an Initiative roll leaves, by what comes
// next and who was caught by surprise.
var initiativeHints = map[[2]string]*Hint{}

func init() {
	for _, next := range []string{NextHeroesTurn, NextADPTurn, NextEnemiesAct, NextEnemiesWait} {
		for _, surprised := range []string{SideNone, SideHeroes, SideADP, SideBoth} {
			initiativeHints[[2]string{next, surprised}] = makeInitiativeHint(next, surprised)
		}
	}
}

// initiativeHint is the hint an Initiative roll leaves, shared.
func initiativeHint(next, surprised string) *Hint {
	if h, ok := initiativeHints[[2]string{next, surprised}]; ok {
		return h
	}
	return makeInitiativeHint(next, surprised)
}

func makeInitiativeHint(next, surprised string) *Hint {
	return &Hint{ID: "hint.initiative", Args: map[string]any{"NextKey": "next." + next + ".what", "SurpriseKey": "surprise." + surprised + ".what"}}
}

// argsKey names a log line's arguments made from a few values: the line,
// a name (a creature's display key, an action's message ID), two texts and
// two numbers. Lines that repeat these often (a creature placed, done,
// wounded, removed or using a skill, a test's result, an early turn) share
// one map for each combination.
type argsKey struct {
	line, name, text, kind string
	a, b                   int
}

// sharedTurns is up to which turn a new turn's log line shares its
// arguments: every game goes through the first turns, few through more.
const sharedTurns = 100

// madeOnce holds values made for keys, at most max of them: past that, a
// value is made each time it is asked for. Games may be played side by
// side, so they are behind a lock.
type madeOnce[K comparable, V any] struct {
	sync.Mutex
	m   map[K]V
	max int
}

// get is the value made for k, made by build the first time (and every
// time once there is no more room).
func (c *madeOnce[K, V]) get(k K, build func() V) V {
	c.Lock()
	v, ok := c.m[k]
	c.Unlock()
	if ok {
		return v
	}
	v = build()
	c.Lock()
	defer c.Unlock()
	if c.m == nil {
		c.m = map[K]V{}
	}
	if len(c.m) < c.max {
		c.m[k] = v
	}
	return v
}

// argsShared are the log lines' arguments made so far.
var argsShared = madeOnce[argsKey, map[string]any]{max: 1 << 12} // under 2 MB with their keys

// shared is the map made for k, made by build the first time.
func shared(k argsKey, build func() map[string]any) map[string]any { return argsShared.get(k, build) }

// stepQueues are the queues of one pending step made so far: Pending is
// replaced, never written into, so states share them.
var stepQueues = madeOnce[Step, engine.Steps[Step]]{max: 1 << 10}

// setSteps makes steps the pending ones: a single step is a shared queue.
func (s *State) setSteps(steps ...Step) {
	if len(steps) != 1 {
		s.Pending.Set(steps...)
		return
	}
	s.Pending = stepQueues.get(steps[0], func() engine.Steps[Step] { return engine.Steps[Step]{steps[0]} })
}

// replaceHead swaps the step pending now for steps, as Pending.ReplaceHead
// does: when it was the only one, as setSteps.
func (s *State) replaceHead(steps ...Step) {
	if len(s.Pending) == 1 {
		s.setSteps(steps...)
		return
	}
	s.Pending.ReplaceHead(steps...)
}

// nameKey is what tells a creature's display name from another's: its
// name, and its names in every language when a spawn gave it them.
func nameKey(c Creature) string {
	if len(c.Names) == 0 {
		return c.Name
	}
	key := c.Name
	for _, lang := range slices.Sorted(maps.Keys(c.Names)) {
		key += "\x00" + lang + "\x00" + c.Names[lang]
	}
	return key
}
