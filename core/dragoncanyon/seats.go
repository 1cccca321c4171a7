package dragoncanyon

import (
	"encoding/json"
	"strconv"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// A Dragon Canyon seat is a human player ("p1", "p2"). From their own
// device a player takes their own moves on their turn (a Force card
// placed, the dragon moved, a purchase, a festival, an attack, the end of
// the turn) and enters their fight roll when their card fights. The AI's
// steps, corrections and reminders are the laptop's, which may also take
// any player's move.

var _ engine.Seated = (*Game)(nil)

// Seats are the human players, in seat order, by their short names (the
// setup names none).
func (g *Game) Seats() []engine.Seat {
	out := make([]engine.Seat, 0, g.Setup().Players)
	for n := 1; n <= g.Setup().Players; n++ {
		out = append(out, engine.Seat{ID: "p" + strconv.Itoa(n), Name: "P" + strconv.Itoa(n)})
	}
	return out
}

// seatNumber is seat's player number, 0 for no player of this game.
func (g *Game) seatNumber(seat string) int {
	for n := 1; n <= g.Setup().Players; n++ {
		if seat == "p"+strconv.Itoa(n) {
			return n
		}
	}
	return 0
}

// SeatMay refuses e when it is not seat's to take: another player's move,
// a move off the player's turn, a step only the laptop takes.
func (g *Game) SeatMay(seat string, e engine.Event) error {
	n := g.seatNumber(seat)
	if n == 0 {
		return engine.Refuse("rule.seat.dc.unknown", nil)
	}
	s := g.State()
	if _, ok := e.(*FightResolved); ok {
		if h := s.Pending.Head(); h != nil && h.Kind == StepFight && h.Player != "" && h.Player != seat {
			return engine.Refuse("rule.seat.dc.not_yours", map[string]any{"SeatKey": seatKey(h.Player)})
		}
		return nil
	}
	mover, ok := moveOf(e)
	switch {
	case !ok:
		return engine.Refuse("rule.seat.dc.laptop", nil)
	case mover != 0 && mover != n:
		return engine.Refuse("rule.seat.dc.not_yours", map[string]any{"SeatKey": seatKey("p" + strconv.Itoa(mover))})
	case s.Seat == "":
		return engine.Refuse("rule.seat.dc.no_turn", nil)
	case s.Phase != PhasePlayers || s.Seat != seat:
		return engine.Refuse("rule.seat.dc.not_your_turn", map[string]any{"SeatKey": seatKey(s.Seat)})
	}
	return nil
}

// moveOf is the player a move names (0: the move names none, the turn's
// player makes it), false for a step no player's seat takes.
func moveOf(e engine.Event) (int, bool) {
	switch e := e.(type) {
	case *ForcePlaced:
		return e.Player, true
	case *BuildingBought:
		return e.Player, true
	case *Attack:
		return e.Player, true
	case *DragonMoved:
		return e.Player, true
	case *FestivalHeld, *TurnEnded:
		return 0, true
	}
	return 0, false
}

// offer is an action a seat may be offered and an event it could send,
// to ask the game whether it takes it now.
type offer struct {
	action engine.SeatAction
	sample engine.Event
}

// SeatActions are the moves seat may take now, each one the game would
// take (Allowed, then Check with sample values).
func (g *Game) SeatActions(seat string) []engine.SeatAction {
	n := g.seatNumber(seat)
	if n == 0 {
		return nil
	}
	s, setup := g.State(), g.Setup()
	var offers []offer
	if h := s.Pending.Head(); h != nil && h.Kind == StepFight && h.Player == seat {
		offers = append(offers, fightOffer(setup, g.FightDefaults()))
	}
	if s.Phase == PhasePlayers && s.Seat == seat && s.Pending.Head() == nil {
		offers = append(offers, turnOffers(g, s, setup, n)...)
	}
	var out []engine.SeatAction
	for _, o := range offers {
		if g.Allowed(o.action.Type) == nil && g.Check(o.sample) == nil {
			out = append(out, o.action)
		}
	}
	return out
}

// fightOffer is the player's fight roll: their card's strength, the die
// (both dice on the easier difficulty, the better counts) and whether it
// is the Dragon Slayer.
func fightOffer(setup Setup, known FightResolved) offer {
	fields := []engine.SeatField{{Name: "strength", Label: msg("ui.dc.seats.strength"), Kind: engine.FieldNumber, Min: decklist.MinStrength, Max: decklist.MaxStrength}}
	sample := FightResolved{Strength: max(known.Strength, 0), Dice: []int{MinFace}, Caravan: known.Caravan}
	fields = append(fields, engine.SeatField{Name: "dice.0", Label: msg("ui.dc.seats.die", "Index", 1), Kind: engine.FieldNumber, Min: MinFace, Max: MaxFace})
	if setup.Difficulty == Easier {
		fields = append(fields, engine.SeatField{Name: "dice.1", Label: msg("ui.dc.seats.die", "Index", 2), Kind: engine.FieldNumber, Min: MinFace, Max: MaxFace})
		sample.Dice = []int{MinFace, MinFace}
	}
	fields = append(fields, engine.SeatField{Name: "slayer", Label: msg("ui.dc.seats.slayer"), Kind: engine.FieldFlag})
	a := engine.SeatAction{Type: "fight_resolved", Label: msg("ui.dc.seats.fight"), Fields: fields}
	if len(known.Caravan) > 0 {
		a.Fixed = map[string]any{"caravan": known.Caravan}
	}
	return offer{a, &sample}
}

// turnOffers are player n's moves on their turn: a card on each empty
// tile, the dragon to each tile, each building left, each complete line's
// festival, each attack, and the end of the turn.
func turnOffers(g *Game, s State, setup Setup, n int) []offer {
	var out []offer
	place := engine.SeatAction{Type: "force_placed", Label: msg("ui.dc.seats.place"), Fixed: map[string]any{"player": n},
		Fields: []engine.SeatField{tileField("tile", "ui.dc.seats.tile", s, func(t Tile) bool { return t.Force == nil })}}
	if first, ok := firstTile(s, func(t Tile) bool { return t.Force == nil }); ok {
		out = append(out, offer{place, &ForcePlaced{Player: n, Tile: first}})
	}
	dragon := engine.SeatAction{Type: "dragon_moved", Label: msg("ui.dc.seats.dragon"), Fixed: map[string]any{"player": n},
		Fields: []engine.SeatField{tileField("tile", "ui.dc.seats.tile", s, func(Tile) bool { return true })}}
	out = append(out, offer{dragon, &DragonMoved{Player: n, Tile: Pos{1, 1}}})
	buy := engine.SeatField{Name: "building", Label: msg("ui.dc.seats.building"), Kind: engine.FieldChoice}
	for _, st := range s.Stacks {
		if st.Left > 0 {
			buy.Options = append(buy.Options, engine.SeatOption{Value: st.ID, Label: msg("ui.dc.seats.building.option", "Building", BuildingText(setup, st.ID), "Left", st.Left)})
		}
	}
	for _, o := range buy.Options {
		// Each building the player's stash pays for now (Check asks).
		e := &BuildingBought{Player: n, Building: o.Value.(string)}
		if g.Check(e) == nil {
			out = append(out, offer{engine.SeatAction{Type: "building_bought", Label: o.Label,
				Fixed: map[string]any{"player": n, "building": o.Value}}, e})
		}
	}
	for _, l := range lines(setup.Rules) {
		if s.complete(l) {
			out = append(out, offer{engine.SeatAction{Type: "festival_held", Label: msg("ui.dc.seats.festival", "LineKey", "ui.dc.line."+l.Kind, "Index", l.Index),
				Fixed: map[string]any{"line": map[string]any{"kind": l.Kind, "index": l.Index}}}, &FestivalHeld{Line: l}})
		}
	}
	for _, p := range allTiles() {
		for _, from := range g.AttackFrom(n, p) {
			out = append(out, offer{engine.SeatAction{Type: "attack", Label: msg("ui.dc.seats.attack", "Tile", tileArg(p), "From", tileArg(from)),
				Fixed: map[string]any{"player": n, "tile": []int{p[0], p[1]}, "from": []int{from[0], from[1]}}}, &Attack{Player: n, Tile: p, From: from}})
		}
	}
	return append(out, offer{engine.SeatAction{Type: "turn_ended", Label: msg("ui.dc.seats.end_turn")}, &TurnEnded{}})
}

// tileField is a choice among the board's tiles that keep: the event's
// Pos as [row, column].
func tileField(name, label string, s State, keep func(Tile) bool) engine.SeatField {
	f := engine.SeatField{Name: name, Label: msg(label), Kind: engine.FieldChoice}
	for _, p := range allTiles() {
		if keep(*s.tile(p)) {
			f.Options = append(f.Options, engine.SeatOption{Value: []int{p[0], p[1]}, Label: msg("ui.dc.seats.tile.option", "Tile", tileArg(p))})
		}
	}
	return f
}

// firstTile is the first tile in board order that keeps.
func firstTile(s State, keep func(Tile) bool) (Pos, bool) {
	for _, p := range allTiles() {
		if keep(*s.tile(p)) {
			return p, true
		}
	}
	return Pos{}, false
}

// msg is a message with its arguments given in pairs.
func msg(id string, kv ...any) engine.Message {
	m := engine.Message{ID: id}
	if len(kv) > 0 {
		m.Args = map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return m
}

// SeatView is what a player's device shows besides the public view:
// their seat, whether the turn is theirs, whether a fight waits for their
// roll, and what the app counts in their stash and caravan (counted at the
// table in the open).
type SeatView struct {
	Seat     string    `json:"seat"`
	YourTurn bool      `json:"your_turn"`
	Fight    bool      `json:"fight,omitempty"`
	Stash    Resources `json:"stash"`
	Load     Resources `json:"load"`
}

// SeatView is engine.Seated's: the seat's own details as JSON.
func (g *Game) SeatView(seat string) ([]byte, error) {
	if g.seatNumber(seat) == 0 {
		return nil, engine.Refuse("rule.seat.dc.unknown", nil)
	}
	s := g.State()
	v := SeatView{Seat: seat, YourTurn: s.Phase == PhasePlayers && s.Seat == seat}
	if h := s.Pending.Head(); h != nil && h.Kind == StepFight && h.Player == seat {
		v.Fight = true
	}
	if p := s.player(seat); p != nil {
		v.Stash, v.Load = p.Stash, p.Load
	}
	return json.Marshal(v)
}

// Message IDs of the seats, listed so every one is translated.
var _ = []string{"rule.seat.dc.unknown", "rule.seat.dc.not_yours", "rule.seat.dc.not_your_turn", "rule.seat.dc.laptop", "rule.seat.dc.no_turn",
	"ui.dc.seats.strength", "ui.dc.seats.die", "ui.dc.seats.slayer", "ui.dc.seats.fight", "ui.dc.seats.place", "ui.dc.seats.tile",
	"ui.dc.seats.dragon", "ui.dc.seats.building", "ui.dc.seats.building.option", "ui.dc.seats.festival",
	"ui.dc.seats.attack", "ui.dc.seats.end_turn", "ui.dc.seats.tile.option"}
