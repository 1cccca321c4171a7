package dun

// pair checks a roll of two dice.
func pair(faces []int) ([2]int, error) {
	if len(faces) != 2 {
		return [2]int{}, ruleError("rule.dice.count", map[string]any{"Dice": "2d6", "Want": 2, "Count": len(faces)})
	}
	for _, f := range faces {
		if f < 1 || f > 6 {
			return [2]int{}, ruleError("rule.dice.face", map[string]any{"Face": f})
		}
	}
	return [2]int{faces[0], faces[1]}, nil
}
