package dragoncanyon

import (
	"slices"
	"sync/atomic"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
	"github.com/dunconductor/conductor/core/engine"
)

// StyleFact marks a prompt whose answer is a fact of the table (what card
// a player discarded at random): no choice of it is the card's main one,
// and no key answers it, so a key pressed by habit records nothing.
const StyleFact = "fact"

// TurnPlayer is the player whose turn it is (1 or 2), or 0 when it is no
// player's (the AI's turn, the end). The screens enter a player's moves
// for this player.
func (s State) TurnPlayer() int {
	switch s.Seat {
	case "p1":
		return 1
	case "p2":
		return 2
	}
	return 0
}

// ConfirmPlayer is what the Conductor is asked before entering moves for
// player n: when it is another player's turn, whether n is meant.
func (g *Game) ConfirmPlayer(n int) (engine.Message, bool) {
	s := g.State()
	if now := s.TurnPlayer(); now != 0 && n != now {
		return engine.Message{ID: "confirm.dc.other_player", Args: map[string]any{
			"SeatKey": "ui.dc.seat.name." + s.Seat, "OtherKey": playerNameKey(n)}}, true
	}
	return engine.Message{}, false
}

// playerNameKey is player n's name as a label says it ("Player 2").
func playerNameKey(n int) string {
	if n == 2 {
		return "ui.dc.seat.name.p2"
	}
	return "ui.dc.seat.name.p1"
}

// adjacent says whether a and b are orthogonal neighbours.
func adjacent(a, b Pos) bool {
	return slices.Contains(spiral.Neighbours(a, spiral.Up, spiral.Clockwise, Size, Size), b)
}

// AttackFrom are the tiles player n may attack the AI's card on tile from:
// their own cards orthogonally next to it, in board order. None when tile
// holds no AI card.
func (g *Game) AttackFrom(n int, tile Pos) []Pos {
	s := g.State()
	if !onBoard(tile) {
		return nil
	}
	if f := s.Board[tile[0]-1][tile[1]-1].Force; f == nil || f.Owner != SeatAI {
		return nil
	}
	seat := "p" + string(rune('0'+n))
	var out []Pos
	for _, p := range allTiles() {
		if f := s.Board[p[0]-1][p[1]-1].Force; f != nil && f.Owner == seat && adjacent(p, tile) {
			out = append(out, p)
		}
	}
	return out
}

// turnRecords are the events entered since the turn under way began (see
// NothingEntered), oldest first; none when it is no player's turn.
func (g *Game) turnRecords() []engine.Event {
	if s := g.State(); s.Phase != PhasePlayers && s.Phase != PhaseDefending {
		return nil
	}
	var out []engine.Event
	records := g.Records()
	for i := len(records) - 1; i >= 0; i-- {
		r := records[i]
		if g.Position(r.Seq) == 0 {
			continue // undone, or an undo itself
		}
		if isTurnStart(r.Event) {
			break
		}
		out = append(out, r.Event)
	}
	slices.Reverse(out)
	return out
}

// TurnBought are the purchases entered during the turn under way, in
// order: what the card shows under the player's name, so a purchase is
// seen at once.
func (g *Game) TurnBought() []BuildingBought {
	var out []BuildingBought
	for _, e := range g.turnRecords() {
		if b, ok := e.(*BuildingBought); ok {
			out = append(out, *b)
		}
	}
	return out
}

// TurnSummary says, one message a line, what was entered for the turn
// under way: each purchase under its player's name.
func (g *Game) TurnSummary() []engine.Message {
	var out []engine.Message
	for _, b := range g.TurnBought() {
		out = append(out, engine.Message{ID: "ui.dc.turn.bought", Args: map[string]any{
			"SeatKey": playerNameKey(b.Player), "Building": g.buildingArg(b.Building)}})
	}
	return out
}

// FightDefaults are what the fight form starts from: what the game knows
// of the player's card (its strength and ability once seen), and the
// caravan the player's last fight entered (kept by the table, the app
// cannot see it). Dice and spoils are the table's to enter.
func (g *Game) FightDefaults() FightResolved {
	s := g.State()
	h := s.Pending.Head()
	var e FightResolved
	if h == nil || h.Kind != StepFight || h.Tile == nil {
		return e
	}
	if f := s.Board[h.Tile[0]-1][h.Tile[1]-1].Force; f != nil && f.Known {
		e.Strength = f.Strength
		ab := f.Ability
		e.Ability = &ab
		e.Slayer = f.Slayer
	}
	// What the app counts in the player's caravan (player_corrected sets
	// what it cannot see).
	e.Caravan = s.CaravanTypes(h.Player)
	return e
}

// SlayerMatters says whether the fight under way should say if the
// player's card is the Dragon Slayer: with canyon_order fight_first, a
// dragon due after the AI's fight passes over a face-up Dragon Slayer
// ("Moving the Dragon"), so the fight form asks; otherwise it changes
// nothing now and the form does not ask.
func (g *Game) SlayerMatters() bool {
	s := g.State()
	return s.slayerMatters(ctx{g.Setup()})
}

func (s *State) slayerMatters(c ctx) bool {
	h, f := s.Pending.Head(), s.Flow
	if h == nil || h.Kind != StepFight || f == nil || !c.fightFirst() {
		return false
	}
	if f.Attacker != SeatAI || f.DragonDone || f.Placed == nil {
		return false
	}
	return s.tile(*f.Placed).Canyon || f.Action == decklist.MoveDragon
}

// TakeOptions are the resources a player who beats the AI may take: the
// types the AI's caravan holds, least valuable first.
func (g *Game) TakeOptions() []string {
	s := g.State()
	var out []string
	for _, r := range ByValue {
		if s.AI.Caravan.Get(r) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// buildingNames gives a building's name in every language the app has,
// by its id, from the message files (nil when they name none): the screens
// register it (NameBuildings), so a language is only files. Without it (a
// test of this package alone) a building keeps the deck list's name.
var buildingNames atomic.Pointer[func(id string) map[string]any]

// NameBuildings makes names the source of buildings' names in every
// language (ui/dragoncanyon registers the message files').
func NameBuildings(names func(id string) map[string]any) { buildingNames.Store(&names) }

// BuildingText is building id's name as a message argument: the name the
// deck list gives it, or, when that is the English name the message files
// give the id (a deck list that keeps the standard English name), that
// name in every language (a "Text" argument: the translator picks the
// language's).
func BuildingText(setup Setup, id string) any {
	b, _ := setup.building(id)
	name := b.Name
	if name == "" {
		name = id
	}
	if f := buildingNames.Load(); f != nil {
		if m := (*f)(id); m != nil && m["en"] == name {
			return m
		}
	}
	return name
}

func (g *Game) buildingArg(id string) any { return BuildingText(g.Setup(), id) }

// AskPaid says whether a player's purchase of building id asks the table
// what was paid: the deck list gives the building no cost, so the app
// cannot take it from the counted stash by itself. The answer goes in the
// event (BuildingBought.Paid), one resource at a time.
func (g *Game) AskPaid(id string) bool {
	b, ok := g.Setup().building(id)
	return ok && b.Cost == (Cost{})
}

// PayOptions are the resources one more of which the stash as counted can
// still give towards the purchase of building id by player n, with paid
// given so far: what the question offers a tap for.
func (g *Game) PayOptions(n int, id string, paid Resources) []string {
	var out []string
	for _, r := range ByValue {
		more := paid
		more.Add(r, 1)
		if g.Check(&BuildingBought{Player: n, Building: id, Paid: more}) == nil {
			out = append(out, r)
		}
	}
	return out
}
