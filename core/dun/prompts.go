package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// Inputs a prompt can ask for: what the Conductor types in when no fixed
// choice answers it.
const (
	InputDie    = "die"    // a physical Scenario Die
	InputCard   = "card"   // a drawn card's outcome and points
	InputSpawn  = "spawn"  // a spawn's row and cost
	InputRandom = "random" // how many tied targets to pick from
	InputSkills = "skills" // which active skill the creature uses
	// InputCreatures: the creatures a spawn put on the board, to add to the roster.
	InputCreatures = "creatures"
	// InputInitiative: the Initiative roll's sides and dice.
	InputInitiative = "initiative"
	// InputLockTest: a hero's lock test on the locked door into the
	// section Args["Section"] names (the hero's roll: a panel, not a tap).
	InputLockTest = "lock_test"
	// InputQuestOver: the quest's end, to record where the game keeps
	// results (a campaign's), when it is in one.
	InputQuestOver = "quest_over"
)

// IDs of the texts to read aloud on the card (readPrompts), listed so every
// one is translated.
var _ = []string{"prompt.read.section", "prompt.read.red", "prompt.read.adp"}

// Prompts says what the Conductor should do now: the pending step of the
// card flow if there is one, else what the turn asks for.
func (g *Game) Prompts() []Prompt {
	s := g.State()
	var ps []Prompt
	if s.Hint != nil {
		p := Prompt{ID: s.Hint.ID, Args: s.Hint.Args, Style: engine.StyleHint, Ruling: hintRulings[s.Hint.ID]}
		if p.ID == hintPlaceCreatures {
			p.Input = InputCreatures
		}
		ps = append(ps, p)
	}
	if end := endPrompts(s); s.QuestOver != nil {
		return append(ps, end...)
	} else {
		ps = append(ps, end...)
	}
	ps = append(ps, slainPrompts(s)...)
	ps = append(ps, effectPrompts(s, g.Setup())...)
	// The texts to read aloud come last: the step's buttons stay in sight.
	read := readPrompts(s, g.Setup())
	if h := s.Pending.Head(); h != nil {
		return append(append(ps, g.stepPrompts(*h)...), read...)
	}
	if s.MainRoom && !s.Leader.Improved {
		ps = append(ps, g.mainRoomPrompts()...)
	}
	// New enemies placed in combat roll Initiative before anyone acts.
	initiativeFirst := s.Due != nil && s.Due.Type == "initiative" && g.Setup().Rules.tableFlow()
	if s.CombatTurn && !initiativeFirst {
		if next, ok := NextToAct(s); ok {
			return append(append(ps, g.activationPrompts(next)...), read...)
		}
		if len(s.Creatures) == 0 {
			ps = append(ps, Prompt{ID: "prompt.activation.none"})
		} else {
			ps = append(ps, Prompt{ID: "prompt.activation.done", Args: map[string]any{"Count": len(s.Creatures)}})
		}
	}
	if s.Due != nil && s.Due.Type != "main_room_placed" { // the Main Room's prompts say it
		ps = append(ps, g.duePrompt(*s.Due))
	}
	return append(append(ps, g.turnPrompts()...), read...)
}

// duePrompt leads to the step the rules require before a new turn.
func (g *Game) duePrompt(d Due) Prompt {
	p := Prompt{ID: "prompt.due." + d.Type, Ruling: dueRulings[d.Type]}
	switch d.Type {
	case "combat_range":
		return rangePrompt()
	case "adp_combat_turn":
		switch d.Why {
		case WhyCreatures:
			p.ID = "prompt.due.adp_combat_turn.heroes_done" // creatures on the board: it follows the heroes' turn
		case WhyRange:
			p.ID = "prompt.due.adp_combat_turn.range" // a combat turn: it follows the heroes' turn
			p.Args = map[string]any{"Squares": CombatRangeSquares}
			p.Ruling = "dun.combat_range"
		}
		p.Choices = []Choice{{ID: "choice.adp_combat_turn", Event: &AdpCombatTurn{MainRoom: g.State().MainRoom}}}
	case "initiative":
		if cs := ClosestToAsk(g.State(), g.Setup()); len(cs) > 0 {
			return closestPrompt(cs) // the table names the closest new enemy first
		}
		if _, ok := closestRollers(g.State(), g.Setup()); ok {
			p.ID, p.Ruling = "prompt.due.initiative.combat", "dun.initiative_closest"
		}
		p.Input = InputInitiative
		tied := InitiativeRollers(g.State())
		unpicked := len(tied) > 1 && g.State().Picks[PickInitiativeRoller] == ""
		if c, ok := InitiativeRoller(g.State()); ok && !unpicked { // a tie names nobody until the pick
			p.Args = map[string]any{"Name": c.DisplayName(), "Perception": c.Perception + InitiativeModifier(g.State(), c)}
		}
		if unpicked {
			// "If they have the same, choose one randomly": a recorded pick.
			e := g.PickRandom(len(tied))
			e.For = PickInitiativeRoller
			p.Choices = []Choice{{ID: "choice.pick_roller", Args: map[string]any{"Count": len(tied)}, Event: e}}
		}
	}
	return p
}

// IDs built from the due steps, listed so every one is translated.
var _ = []string{"prompt.due.adp_combat_turn", "prompt.due.initiative"}

// flowReasonKey is the message ID of what started a flow.
func flowReasonKey(reason string) string {
	if k, ok := TriggerKeys[reason]; ok {
		return k
	}
	if k, ok := SectionKeys[reason]; ok {
		return k
	}
	return "flow.combat"
}

func (g *Game) stepPrompts(h Step) []Prompt {
	s := g.State()
	switch h.Kind {
	case StepRoll:
		ps := []Prompt{{
			ID:      "prompt.roll",
			Args:    map[string]any{"DeckKey": DeckKeys[h.Deck], "SymbolKey": dice.SymbolKeys[deckSymbol[h.Deck]], "ReasonKey": flowReasonKey(h.Reason)},
			Choices: []Choice{{ID: "choice.roll_app", Event: g.RollDie()}},
			Input:   InputDie, Ruling: rollRuling(h.Deck),
		}}
		if h.Reroll {
			why := "reroll.difficulty"
			if h.BrokenDoor {
				why = "reroll.broken_door"
			}
			ps = append(ps, Prompt{ID: "prompt.roll.reroll", Args: map[string]any{"WhyKey": why, "GroupVP": g.Setup().GroupVP}})
		}
		return ps
	case StepDraw:
		d := s.Decks.Deck(h.Deck)
		p := Prompt{ID: "prompt.draw." + h.Deck, Args: map[string]any{"Count": d.Size, "Reserve": s.Reserve}, Input: InputCard}
		if h.Reason == "large_always" {
			return []Prompt{{ID: "prompt.draw.large_always"}, p}
		}
		return []Prompt{p}
	case StepChoose:
		return []Prompt{fumblePrompt(s)}
	case StepReveal:
		return []Prompt{{ID: "prompt.reveal", Args: map[string]any{"Name": SectionName(g.Setup().QuestData, h.Section)}, Choices: []Choice{
			{ID: "choice.reveal", Event: &SectionRevealed{Section: h.Section}},
			{ID: "choice.exit_closed", Event: &ExitClosed{Section: h.Section}},
		}}}
	default: // StepSpawn
		args := map[string]any{"Row": g.SpawnRow(), "Reserve": s.Reserve}
		switch h.Reason {
		case SpawnEnemySpotted:
			return []Prompt{{ID: "prompt.spawn.enemy_spotted", Args: args, Input: InputSpawn}}
		case SpawnSpecial:
			return []Prompt{{ID: "prompt.spawn.special", Args: args, Input: InputSpawn}}
		}
		return []Prompt{{ID: "prompt.spawn.card", Args: args, Input: InputSpawn}}
	}
}

// IDs the engine builds from deck names, listed so every one is translated.
var _ = []string{"prompt.draw.obstacle", "prompt.draw.encounter", "prompt.draw.power"}

func (g *Game) mainRoomPrompts() []Prompt {
	s, setup := g.State(), g.Setup()
	p := Prompt{
		ID:      "prompt.main_room.place",
		Args:    map[string]any{"Reserve": s.Reserve, "Count": reservePerVitality(setup, false), "Floor": LeaderReserveFloor},
		Choices: []Choice{{ID: "choice.main_room_placed", Event: &MainRoomPlaced{}}}, Ruling: leaderRuling(setup),
	}
	if setup.Rules.LeaderFix && setup.Conductor == ConductorSingle {
		p.Choices = append(p.Choices, Choice{ID: "choice.main_room_placed_invulnerable", Event: &MainRoomPlaced{LeaderInvulnerable: true}})
	}
	ps := []Prompt{p}
	if e := leaderProposal(s, setup); e != nil {
		// The Main Room holds the Leader: proposed with its faction profile.
		name := inEveryLanguage(e.Names)
		ps = append([]Prompt{{ID: "prompt.main_room.leader", Args: map[string]any{"Name": name, "VP": e.VP, "Vitality": e.Vitality},
			Choices: []Choice{{ID: "choice.place_leader", Args: map[string]any{"Name": name}, Event: e}}}}, ps...)
	}
	if setup.Conductor == ConductorRotating {
		// The rotating-Conductor prose and cheat sheet disagree on an extra Action.
		reading := "reading.prose"
		if setup.Rules.RotatingExtraAction {
			reading = "reading.table"
		}
		ps = append(ps, Prompt{ID: "prompt.leader.rotating_reading", Args: map[string]any{"ReadingKey": reading, "Actions": s.Leader.ExtraActions}, Ruling: "dun.leader_rotating"})
	}
	return ps
}

func (g *Game) turnPrompts() []Prompt {
	s, setup := g.State(), g.Setup()
	next := Choice{ID: "choice.new_turn", Args: map[string]any{"Turn": s.Turn + 1}, Event: &NewTurn{}}
	if s.Turn == 0 {
		// Setup steps 2 to 4: the physical counter and decks must match the app's.
		ps := []Prompt{{ID: "prompt.setup.counter", Args: map[string]any{"GroupVP": setup.GroupVP, "LeaderVP": setup.LeaderVP, "Reserve": s.Reserve}}}
		ps = append(ps, g.setupLeaderPrompts()...) // conductorpick.go
		for _, name := range DeckNames {
			d := s.Decks.Deck(name)
			if d.Absent {
				ps = append(ps, Prompt{ID: "prompt.setup.deck_absent", Args: map[string]any{"DeckKey": DeckKeys[name]}})
				continue
			}
			ps = append(ps, Prompt{ID: "prompt.setup.deck." + name, Args: map[string]any{
				"Count": d.Random, "Thief": d.Specials.Thief, "Ambush": d.Specials.Ambush, "Reinforcements": d.Specials.Reinforcements, "Size": d.Size}})
		}
		ps[0].Choices = []Choice{next} // under the counter's line: in sight above the decks' lines
		return ps
	}
	var ps []Prompt
	if setup.Conductor == ConductorRotating && s.Turn > 1 {
		// "Rotating Conductor": the role passes clockwise at the end of each turn.
		ps = append(ps, Prompt{ID: "prompt.conductor.pass", Args: map[string]any{"Turn": s.Turn}})
	}
	running := Prompt{ID: "prompt.turn.running", Args: map[string]any{"Turn": s.Turn, "Achievements": s.Achievements}}
	if s.Due == nil {
		running.Choices = []Choice{next} // a due step leads: no new turn is offered
	}
	return append(append(ps, running), exitPrompt(s, setup)...)
}

// More IDs built from names, listed so every one is translated.
var _ = []string{"prompt.setup.deck.obstacle", "prompt.setup.deck.encounter", "prompt.setup.deck.power"}

// activationPrompts walk one creature through its activation: who acts and
// with what bonuses, then the "General Behavior" checklist in the order the
// rules apply, then its behaviour card (and the Leader's card for a Leader).
func (g *Game) activationPrompts(c Creature) []Prompt {
	s := g.State()
	actions, roll := CreatureBonus(s, c)
	index := slices.Index(s.ActivationOrder, c.ID) + 1
	ps := []Prompt{{
		ID: "prompt.activate",
		Args: map[string]any{"Name": c.DisplayName(), "Index": index, "Count": len(s.Creatures), "TypeKey": "behaviour." + c.Type + ".name",
			"LevelKey": bestiary.LevelKeys[c.Level], "Actions": actions, "Roll": roll},
		Choices: []Choice{{ID: "choice.creature_done", Args: map[string]any{"Name": c.DisplayName()}, Event: &CreatureDone{ID: c.ID}}},
	}}
	step := func(id string, args map[string]any) {
		ps = append(ps, Prompt{ID: id, Args: args, Style: engine.StyleStep})
	}
	if c.Support {
		ps = append(ps, Prompt{ID: "behaviour.step.support", Style: engine.StyleStep, Choices: []Choice{{ID: "choice.support_roll", Event: g.SupportDie(c.ID)}}})
	}
	if c.QuestTarget != "" {
		step("behaviour.step.quest_target", map[string]any{"Target": c.QuestTarget})
	}
	step("behaviour.step.attack_type", nil)
	ps = append(ps, Prompt{ID: "behaviour.step.target", Style: engine.StyleStep, Input: InputRandom})
	step("behaviour.step.move", nil)
	step("behaviour.step.two_targets", nil)
	if len(c.Skills) > 0 {
		ps = append(ps, Prompt{ID: "behaviour.step.skills", Style: engine.StyleStep, Args: map[string]any{"Limit": SkillLimit}, Input: InputSkills})
	}
	step("behaviour.step.disengage", nil)
	if c.Spellcaster {
		step("behaviour.step.spells", nil)
	}
	step("behaviour.step.fumble", nil)
	step("behaviour.step.push", nil)
	leaderOnBoard := !s.LeaderGone && slices.ContainsFunc(s.Creatures, func(o Creature) bool { return o.Level == bestiary.LevelLeader })
	for _, id := range bestiary.Card(c.Type, c.Level, leaderOnBoard) {
		step(id, nil)
	}
	return ps
}
