package bestiary

// Card is the end of a creature's activation, as message ids: the lines
// of its card that come from "Maximize their potential" and the Leader's
// card ("The Artificial Dark Player", "General Behavior" and "Leader"),
// then its type's card, then the Leader card for a Leader ("Leader": both
// cards apply). typ is its behaviour type, level its level, and
// leaderOnBoard whether a Leader is on the board.
//   - while a Leader is on the board, the other creatures block the ways
//     to it: the reminder is on their card when they act, never on the
//     Leader's own;
//   - which weapon it picks against the target's armour, on every type
//     whose behaviours.toml says weapon_choice;
//   - how it stands against area effects, on every type whose
//     behaviours.toml says area_positioning.
func Card(typ, level string, leaderOnBoard bool) []string {
	var ids []string
	if level != LevelLeader && leaderOnBoard {
		ids = append(ids, "behaviour.step.guard_leader")
	}
	t, _ := Behaviour(typ)
	if t.WeaponChoice {
		ids = append(ids, "behaviour.step.weapon")
	}
	if t.AreaPositioning {
		ids = append(ids, "behaviour.step.area")
	}
	ids = append(ids, "behaviour."+typ+".card")
	if level == LevelLeader {
		ids = append(ids, "behaviour."+LeaderCard+".card")
	}
	return ids
}
