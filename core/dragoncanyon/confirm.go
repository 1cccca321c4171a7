package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// entered says whether e is something a player tells the app they did on
// the board.
func entered(e engine.Event) bool {
	switch e.(type) {
	case *ForcePlaced, *ForceFlipped, *ForceRemoved, *DragonMoved, *FestivalHeld, *BuildingBought, *Attack:
		return true
	}
	return false
}

// NothingEntered says whether the turn under way is a player's on which
// nothing has been entered yet: since the turn began (the last turn ended,
// or the AI's turn, that hands it on), no event that counts tells of a card
// placed, turned or removed, the dragon moved, a festival, a purchase or an
// attack. It reads the records, so an undo takes back what it undid.
func (g *Game) NothingEntered() bool {
	if s := g.State(); s.Phase != PhasePlayers {
		return false
	}
	records := g.Records()
	for i := len(records) - 1; i >= 0; i-- {
		r := records[i]
		if g.Position(r.Seq) == 0 {
			continue // undone, or an undo itself
		}
		switch {
		case entered(r.Event):
			return false
		case isTurnStart(r.Event):
			return true
		}
	}
	return true
}

// isTurnStart is an event after which the next player's turn begins once
// it is over: a turn ended, or the AI's turn begun.
func isTurnStart(e engine.Event) bool {
	switch e.(type) {
	case *TurnEnded, *AITurn:
		return true
	}
	return false
}

// ConfirmFirst is what the Conductor is asked before e applies, if
// anything: ending a player's turn on which nothing was entered (a key
// pressed once too often, or a turn told of on the board and not here).
func (g *Game) ConfirmFirst(e engine.Event) (engine.Message, bool) {
	if _, ok := e.(*TurnEnded); ok && g.NothingEntered() {
		return engine.Message{ID: "confirm.dc.empty_turn", Args: map[string]any{"SeatKey": "ui.dc.seat.name." + g.State().Seat}}, true
	}
	if b, ok := e.(*BuildingBought); ok {
		for _, x := range g.TurnBought() {
			if x.Player == b.Player && x.Building == b.Building {
				// The same building twice in one turn, whatever was paid:
				// a second tap, most likely.
				return engine.Message{ID: "confirm.dc.second_purchase", Args: map[string]any{
					"SeatKey": playerNameKey(b.Player), "Building": g.buildingArg(b.Building)}}, true
			}
		}
	}
	return engine.Message{}, false
}
