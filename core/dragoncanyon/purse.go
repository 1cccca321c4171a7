package dragoncanyon

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// The players' resources as the app counts them, and the reminders the
// table ticks done: what the table no longer keeps in its head.

// PlayerCorrected sets what player Player holds, as counted on the table:
// the app follows gathering, festivals, fights and purchases, but not what
// it cannot see (a card's ability, a trade), so the table says so.
type PlayerCorrected struct {
	Player int       `json:"player"`
	Stash  Resources `json:"stash"`
	Load   Resources `json:"load"`
}

var _ = Events.Register(func() engine.Event { return &PlayerCorrected{} })

func (*PlayerCorrected) Type() string { return "player_corrected" }

// Gate: a correction of what the app counts may come at any moment: it
// changes nothing the AI decides on.
func (*PlayerCorrected) Gate() engine.Gate[*State] { return needs() }

func (e *PlayerCorrected) apply(s *State, c ctx) error {
	seat, err := seatOf(e.Player, c)
	if err != nil {
		return err
	}
	for _, r := range ByValue {
		if v := min(e.Stash.Get(r), e.Load.Get(r)); v < 0 {
			return refuse("rule.dc.count", map[string]any{"Value": v})
		}
	}
	p := s.player(seat)
	p.Stash, p.Load = e.Stash, e.Load
	s.log("log.dc.player_corrected", withRes(map[string]any{"SeatKey": seatKey(seat), "Count": e.Stash.Total(), "Load": e.Load.Total()}, e.Stash))
	return nil
}

// OnCard says whether the reminder is asked on the card as a step rather
// than listed among the other reminders: a player's gathering, done on the
// table at the end of their turn, before anything else.
func (r Reminder) OnCard() bool {
	return r.Message == "hint.dc.player_gather" || r.Message == "hint.dc.player_turn_down"
}

// ReminderDone ticks an open reminder done (ID): the thing to do on the
// board has been done; or, with All, every open one at once.
type ReminderDone struct {
	ID  int  `json:"id,omitempty"`
	All bool `json:"all,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &ReminderDone{} })

func (*ReminderDone) Type() string { return "reminder_done" }

// Gate: a reminder is ticked done at any moment.
func (*ReminderDone) Gate() engine.Gate[*State] { return needs() }

func (e *ReminderDone) apply(s *State, c ctx) error {
	if e.All {
		if len(s.Reminders) == 0 {
			return refuse("rule.dc.reminder.none", nil)
		}
		s.Reminders = []Reminder{}
		return nil
	}
	i := slices.IndexFunc(s.Reminders, func(r Reminder) bool { return r.ID == e.ID })
	if i < 0 {
		return refuse("rule.dc.reminder", map[string]any{"Value": e.ID})
	}
	s.Reminders = slices.Delete(slices.Clone(s.Reminders), i, i+1)
	return nil
}

// playerStockpile is a player's "Stockpile Phase" as for the AI: the
// caravan goes into the stash at the start of their turn.
func (s *State) playerStockpile(seat string) {
	p := s.player(seat)
	if p == nil || p.Load.Total() == 0 {
		return
	}
	n := p.Load.Total()
	p.Stash, p.Load = add(p.Stash, p.Load), Resources{}
	s.log("log.dc.player_stockpile", map[string]any{"SeatKey": seatKey(seat), "Count": n, "Stash": p.Stash.Total()})
}

// playerGather is a player's "Gathering" as for the AI, at the end of
// their turn: the tiles under their face-down cards fill their caravan,
// then their face-up cards turn face-down (a reminder: the table turns
// them).
func (s *State) playerGather(seat string) {
	p := s.player(seat)
	if p == nil {
		return
	}
	var got Resources
	turned := 0
	for _, pos := range allTiles() {
		t := s.tile(pos)
		if t.Force == nil || t.Force.Owner != seat {
			continue
		}
		if t.Force.FaceUp {
			t.Force.FaceUp = false
			turned++
			continue
		}
		got.Add(t.Resource, t.Amount)
	}
	p.Load = add(p.Load, got)
	if got.Total() > 0 { // nothing gathered: nothing said
		s.log("log.dc.player_gather", withRes(map[string]any{"SeatKey": seatKey(seat), "Count": got.Total()}, got))
		s.hint("hint.dc.player_gather", withRes(map[string]any{"SeatKey": seatKey(seat), "Count": got.Total()}, got))
	}
	if turned > 0 {
		s.hint("hint.dc.player_turn_down", map[string]any{"SeatKey": seatKey(seat), "Count": turned})
	}
}

// playersHarvest adds to each player's caravan what their cards in a
// festival's line harvest.
func (s *State) playersHarvest(l Line) {
	got := map[string]*Resources{}
	for _, pos := range l.Tiles() {
		t := s.tile(pos)
		if !human(t.Force) {
			continue
		}
		if got[t.Force.Owner] == nil {
			got[t.Force.Owner] = &Resources{}
		}
		got[t.Force.Owner].Add(t.Resource, t.Amount)
	}
	for _, p := range s.Players {
		if r := got[p.Seat]; r != nil {
			pp := s.player(p.Seat)
			pp.Load = add(pp.Load, *r)
			s.log("log.dc.player_harvest", withRes(map[string]any{"SeatKey": seatKey(p.Seat), "Count": r.Total()}, *r))
		}
	}
}

// CaravanTypes are the resource types player seat's caravan holds as the
// app counts them, least valuable first: the fight form's caravan.
func (s State) CaravanTypes(seat string) []string {
	var out []string
	if p := s.player(seat); p != nil {
		for _, r := range ByValue {
			if p.Load.Get(r) > 0 {
				out = append(out, r)
			}
		}
	}
	return out
}

// BuildingsVP are the victory points of each player's buildings, in seat
// order: what the final score form starts from.
func (g *Game) BuildingsVP() []int {
	setup := g.Setup()
	var out []int
	for _, p := range g.State().Players {
		vp := 0
		for _, id := range p.Buildings {
			b, _ := setup.building(id)
			vp += b.VP
		}
		out = append(out, vp)
	}
	return out
}
