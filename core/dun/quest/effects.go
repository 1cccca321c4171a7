package quest

// Effect is what a hidden text does to the game when it is shown, beyond
// being read aloud: what the app can apply itself, and what only the board
// can do (a reminder at the start of every turn).
type Effect struct {
	// Reserve points the ADP gains when the text is shown.
	Reserve int `toml:"reserve"`
	// LeaderRegenerates is the Vitality the quest's Leader recovers at the
	// start of every turn from then on, up to its starting Vitality.
	LeaderRegenerates int `toml:"leader_regenerates"`
	// ReserveEachTurn are reserve points the ADP gains at the start of
	// every turn from then on.
	ReserveEachTurn int `toml:"reserve_each_turn"`
	// Crumble takes every ADP creature off the board.
	Crumble bool `toml:"crumble"`
	// Unlock is a section whose locked door opens from then on without
	// a hero's lock test (a plain door: its Obstacle roll still comes).
	Unlock string `toml:"unlock"`
	// EveryTurn repeats the text as a reminder at the start of every turn.
	EveryTurn bool `toml:"every_turn"`
	// Until is the condition that ends a lasting effect (LeaderRegenerates,
	// EveryTurn).
	Until string `toml:"until"`
}

// Lasting says whether the effect goes on after the text is shown.
func (e Effect) Lasting() bool {
	return e.LeaderRegenerates > 0 || e.ReserveEachTurn > 0 || e.EveryTurn
}

// MaxEffectPoints bounds a text's reserve points and regeneration.
const MaxEffectPoints = 1000

// SlainLeader is the Slain value of a condition met by the Leader's death.
const SlainLeader = "leader"

// checkEffects checks what the texts do and what ticks the conditions.
func (c *checker) checkEffects(q *Quest) {
	conditions := map[string]bool{}
	for _, cond := range q.Conditions {
		conditions[cond.ID] = true
	}
	for i, t := range q.Texts {
		line := c.lines.Table("texts", i)
		e := t.Effect
		for _, v := range []int{e.Reserve, e.ReserveEachTurn, e.LeaderRegenerates} {
			if v < 0 || v > MaxEffectPoints {
				c.add(line, "quest.effect_points", map[string]any{"Text": t.ID, "Value": v, "Max": MaxEffectPoints})
			}
		}
		if _, ok := q.Section(e.Unlock); e.Unlock != "" && !ok {
			c.add(line, "quest.text_ref", map[string]any{"Text": t.ID, "Ref": e.Unlock})
		}
		switch {
		case e.Until != "" && !conditions[e.Until]:
			c.add(line, "quest.text_ref", map[string]any{"Text": t.ID, "Ref": e.Until})
		case e.Until != "" && !e.Lasting():
			c.add(line, "quest.effect_until", map[string]any{"Text": t.ID})
		}
	}
	for i, cond := range q.Conditions {
		if len(cond.Slain) > 200 {
			c.add(c.lines.Table("conditions", i), "quest.condition_slain", map[string]any{"ID": cond.ID})
		}
	}
}
