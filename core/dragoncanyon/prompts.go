package dragoncanyon

import (
	"fmt"

	"github.com/dunconductor/conductor/core/engine"
)

// Inputs a prompt can ask for: what the Conductor types in when no fixed
// choice answers it.
const (
	InputActionCard = "action_card" // what a physical action card shows
	InputReveal     = "reveal"      // the AI's physical Force card, face-up
	InputFight      = "fight"       // the player's strength and roll, the spoils
	InputBoard      = "board"       // what a player did on the board
	InputScore      = "score"       // the final scores
	InputObjective  = "objective"   // an objective's result and effects
)

// Prompts say what happens next: the hints of the last event (what to do on
// the board), then the step the app waits for or the turn's own prompt.
func (g *Game) Prompts() []engine.Prompt {
	s := g.State()
	var ps, steps []engine.Prompt
	// Every reminder not yet ticked done, each with its tick; the ones
	// done on the table right now (the gathering) are steps of the card,
	// before what comes next, their tick its key.
	for _, r := range s.Reminders {
		p := engine.Prompt{ID: r.Message, Args: r.Args, Style: engine.StyleHint,
			Choices: []engine.Choice{{ID: "choice.dc.reminder_done", Event: &ReminderDone{ID: r.ID}}}}
		if r.OnCard() {
			p.Style = ""
			steps = append(steps, p)
			continue
		}
		ps = append(ps, p)
	}
	// Then what comes next (whatNext, beside the legality).
	return append(append(ps, steps...), whatNext.Of(&s)(g, s))
}

// pendingPrompt asks for the step pending.
func (g *Game) pendingPrompt(s State) engine.Prompt { return g.stepPrompt(s, *s.Pending.Head()) }

// aiTurnPrompt asks for the AI's turn.
func (g *Game) aiTurnPrompt(s State) engine.Prompt {
	return engine.Prompt{ID: "prompt.dc.ai_turn", Args: map[string]any{"Round": s.RoundNow()},
		Choices: []engine.Choice{{ID: "choice.dc.ai_turn", Event: &AITurn{}}}}
}

// playerTurnPrompt is a player's turn, the last one once the game's end is
// triggered.
func (g *Game) playerTurnPrompt(s State) engine.Prompt {
	p := engine.Prompt{ID: "prompt.dc.player_turn", Args: map[string]any{"SeatKey": seatKey(s.Seat)}, Input: InputBoard,
		Choices: []engine.Choice{{ID: "choice.dc.turn_ended", Event: &TurnEnded{}}}}
	if s.End != nil {
		p.ID, p.Args["Count"] = "prompt.dc.last_turn", len(s.End.Left)
	}
	// A line the player's own card completed: its festival is the step,
	// first (its key), before the turn ends.
	if due := g.FestivalsDue(); len(due) > 0 {
		p.ID, p.Args = "prompt.dc.festival_due", map[string]any{"SeatKey": seatKey(s.Seat), "LineKey": "ui.dc.line." + due[0].Kind, "Index": due[0].Index, "Count": len(due)}
		var cs []engine.Choice
		for _, l := range due {
			cs = append(cs, engine.Choice{ID: "choice.dc.festival", Args: map[string]any{"LineKey": "ui.dc.line." + l.Kind, "Index": l.Index}, Event: &FestivalHeld{Line: l}})
		}
		p.Choices = append(cs, p.Choices...)
	}
	return p
}

func (g *Game) stepPrompt(s State, st Step) engine.Prompt {
	p := g.stepPromptText(s, st)
	p.Ruling = stepRulings[st.Kind]
	if st.Kind == StepFlip && st.Purpose == FlipPurchase {
		p.Ruling = "dc.purchase" // which building, and never the same twice in a turn
	}
	return p
}

func (g *Game) stepPromptText(s State, st Step) engine.Prompt {
	switch st.Kind {
	case StepFlip:
		p := engine.Prompt{ID: "prompt.dc.flip", Args: map[string]any{"PurposeKey": "ui.dc.flip." + st.Purpose}}
		if st.Purpose == FlipDefence && st.Tile != nil {
			// A player attacks the AI: the prompt says which of its cards.
			p.ID = "prompt.dc.flip.defence"
			p.Args = map[string]any{"Tile": tileArg(*st.Tile), "SeatKey": seatKey(st.Player)}
			if s.Flow != nil && s.Flow.Target != nil {
				p.Args["From"] = tileArg(*s.Flow.Target)
			}
		}
		if e := g.NextFlip(); e != nil {
			p.Choices = []engine.Choice{{ID: "choice.dc.flip", Event: e}}
		} else {
			p.Input = InputActionCard
		}
		return p
	case StepDraw:
		p := engine.Prompt{ID: "prompt.dc.draw", Args: map[string]any{"Tile": tileArg(*st.Tile)}}
		if e := g.NextDraw(); e != nil {
			p.Choices = []engine.Choice{{ID: "choice.dc.draw", Event: e}}
		}
		return p
	case StepReveal:
		return engine.Prompt{ID: "prompt.dc.reveal", Args: map[string]any{"Tile": tileArg(*st.Tile)}, Input: InputReveal}
	case StepStomp:
		// What was discarded is a fact of the table: no key answers it.
		p := engine.Prompt{ID: "prompt.dc.stomp", Style: StyleFact, Args: map[string]any{"SeatKey": seatKey(st.Player), "Tile": tileArg(*st.Tile)}}
		for _, r := range ByValue {
			p.Choices = append(p.Choices, engine.Choice{ID: "choice.dc.stomp.resource", Args: map[string]any{"ResourceKey": resKey(r)}, Event: &StompResolved{Discard: r}})
		}
		p.Choices = append(p.Choices,
			engine.Choice{ID: "choice.dc.stomp.slayer", Event: &StompResolved{Discard: DiscardSlayer}},
			engine.Choice{ID: "choice.dc.stomp.none", Event: &StompResolved{Discard: DiscardNone}})
		return p
	case StepFight:
		id := "prompt.dc.fight.attack"
		if s.Flow.Attacker != SeatAI {
			id = "prompt.dc.fight.defend"
		}
		n := 1
		if g.Setup().Difficulty == Easier {
			n = 2
		}
		// Tile is the player's card, AITile the AI's.
		return engine.Prompt{ID: id, Input: InputFight, Args: map[string]any{"SeatKey": seatKey(st.Player), "Tile": tileArg(*st.Tile),
			"AITile": tileArg(*s.Flow.AITile), "AI": s.AIStrength(g.Setup().Rules), "Count": n}}
	}
	if st.Kind == StepObjective {
		n := st.Objective
		return engine.Prompt{ID: "prompt.dc.objective", Input: InputObjective, Args: map[string]any{"N": n, "Count": Objectives},
			Choices: []engine.Choice{
				{ID: "choice.dc.objective.done", Event: &ObjectiveResolved{Objective: n, ObjectiveCard: Objective{Done: true}}},
				{ID: "choice.dc.objective.failed", Event: &ObjectiveResolved{Objective: n}},
			}}
	}
	return engine.Prompt{ID: "prompt.dc.score", Input: InputScore, Args: map[string]any{"Count": g.Setup().Players}}
}

// overPrompt says the result: every score (the AI's, P1's, P2's) and the
// winner.
func (g *Game) overPrompt(s State) engine.Prompt {
	r := s.Result
	args := map[string]any{"AI": r.AI, "SeatKey": seatKey(r.Winner), "Count": len(r.Players)}
	for i, v := range r.Players {
		args[fmt.Sprintf("P%d", i+1)] = v
	}
	return engine.Prompt{ID: "prompt.dc.over", Args: args}
}
