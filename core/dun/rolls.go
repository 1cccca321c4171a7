package dun

// Attributes a test can be made against.
var AttributeKeys = map[string]string{
	"agility":      "attribute.agility",
	"dexterity":    "attribute.dexterity",
	"perception":   "attribute.perception",
	"intelligence": "attribute.intelligence",
	"strength":     "attribute.strength",
	"willpower":    "attribute.willpower",
}

// DefaultTarget is what a test must reach unless another target is given.
const DefaultTarget = 10

// Criticals.
const (
	CriticalFailure = "failure" // an unmodified double 1
	CriticalSuccess = "success" // an unmodified double 6
)

// Outcome is the result of an attribute test.
type Outcome struct {
	Total    int    `json:"total"`
	Target   int    `json:"target"`
	Passed   bool   `json:"passed"`
	Critical string `json:"critical,omitempty"`
}

// AttributeTest is 2D6 + attribute + modifier against target (0 means 10).
// An unmodified double 1 always fails and is a critical failure; an
// unmodified double 6 always passes. Modifiers never make or unmake either.
func AttributeTest(dice [2]int, value, modifier, target int) Outcome {
	if target == 0 {
		target = DefaultTarget
	}
	o := Outcome{Total: dice[0] + dice[1] + value + modifier, Target: target}
	o.Passed = o.Total >= target
	switch {
	case dice[0] == 1 && dice[1] == 1:
		o.Passed, o.Critical = false, CriticalFailure
	case dice[0] == 6 && dice[1] == 6:
		o.Passed, o.Critical = true, CriticalSuccess
	}
	return o
}

// Opposed compares two sides' 2D6 + attribute (+ modifier): 1 when the first
// wins, -1 when the second does, 0 on a tie. Doubles decide nothing here.
func Opposed(a [2]int, aValue int, b [2]int, bValue int) int {
	ta, tb := a[0]+a[1]+aValue, b[0]+b[1]+bValue
	switch {
	case ta > tb:
		return 1
	case ta < tb:
		return -1
	}
	return 0
}

// pair checks a roll of two dice.
func pair(dice []int) ([2]int, error) {
	if len(dice) != 2 {
		return [2]int{}, ruleError("rule.dice.count", map[string]any{"Dice": "2d6", "Want": 2, "Count": len(dice)})
	}
	for _, f := range dice {
		if f < 1 || f > 6 {
			return [2]int{}, ruleError("rule.dice.face", map[string]any{"Face": f})
		}
	}
	return [2]int{dice[0], dice[1]}, nil
}
