package dragoncanyon

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Buildings bought.

// BuildingBought is a player's purchase of a building tile.
//
// Paid is what the player paid from their stash, when the table says it:
// the app's count of the stash goes down by it. Without it, the building's
// cost from the deck list is taken, when the list gives one.
type BuildingBought struct {
	Player   int       `json:"player"`
	Building string    `json:"building"`
	Paid     Resources `json:"paid,omitzero"`
}

var _ = Events.Register(func() engine.Event { return &BuildingBought{} })

func (*BuildingBought) Type() string { return "building_bought" }

func (*BuildingBought) Gate() engine.Gate[*State] { return needs(idle) }

func (e *BuildingBought) apply(s *State, c ctx) error {
	seat, err := seatOf(e.Player, c)
	if err != nil {
		return err
	}
	st := s.stack(e.Building)
	if st == nil {
		return refuse("rule.dc.building.unknown", map[string]any{"Value": e.Building})
	}
	b, _ := c.setup.building(e.Building)
	if st.Left == 0 {
		return refuse("rule.dc.building.empty", map[string]any{"Building": BuildingText(c.setup, b.ID)})
	}
	p := s.player(seat)
	paid, err := e.payment(p.Stash, b, c.setup)
	if err != nil {
		return err
	}
	p.Stash = add(p.Stash, Resources{-paid.Wood, -paid.Food, -paid.Stone, -paid.Bone})
	st.Left--
	p.Buildings = append(slices.Clone(p.Buildings), e.Building)
	s.log("log.dc.building_bought", map[string]any{"SeatKey": seatKey(seat), "Building": BuildingText(c.setup, b.ID), "Left": st.Left})
	if st.Left == 0 {
		s.triggerEnd(c, seat, e.Building)
	}
	return nil
}

// payment is what the purchase takes from stash: Paid when the table says
// it, else the building's cost from the deck list (nothing when the list
// gives none). A stash that cannot pay it is refused, saying which
// resource is short, so the table corrects the count or says what was paid.
func (e *BuildingBought) payment(stash Resources, b Building, setup Setup) (Resources, error) {
	given := e.Paid != (Resources{})
	paid := e.Paid
	if !given {
		paid = Resources{b.Cost.Wood, b.Cost.Food, b.Cost.Stone, b.Cost.Bone}
	}
	for _, r := range ByValue {
		n := paid.Get(r)
		if n >= 0 && n <= stash.Get(r) {
			continue
		}
		if given {
			return paid, refuse("rule.dc.building.paid", map[string]any{"ResourceKey": resKey(r), "Value": n, "Have": stash.Get(r)})
		}
		return paid, refuse("rule.dc.building.cost", map[string]any{"Building": BuildingText(setup, b.ID), "ResourceKey": resKey(r), "Value": n, "Have": stash.Get(r)})
	}
	return paid, nil
}
