package dun

import "github.com/dunconductor/conductor/core/dun/dice"

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
