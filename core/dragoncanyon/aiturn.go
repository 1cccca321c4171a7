package dragoncanyon

import (
	"slices"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// The AI's turn ("Stockpile Phase", its journey): its action card flipped,
// its Force card drawn and, when physical, revealed.

// AITurn starts the AI's turn: "Stockpile Phase", then the app decides the
// journey.
type AITurn struct{}

var _ = Events.Register(func() engine.Event { return &AITurn{} })

func (*AITurn) Type() string { return "ai_turn" }

func (*AITurn) Gate() engine.Gate[*State] { return needs(idle, aiWaiting) }

func (*AITurn) apply(s *State, c ctx) error {
	s.startAITurn(c)
	return nil
}

// drawVirtual takes the top card of a virtual pile. When the pile has run
// out, the discards are shuffled into a new pile first: the new order comes
// with the event (Setup: "If the AI's ... draw pile ever runs out").
func (s *State) drawVirtual(p *Pile, index *int, reshuffle []int) (int, error) {
	if index == nil {
		return 0, refuse("rule.dc.deck.card_missing", nil)
	}
	if len(p.Order) == 0 {
		if len(p.Discards) == 0 {
			return 0, refuse("rule.dc.deck.empty", nil)
		}
		if !samePile(reshuffle, p.Discards) {
			return 0, refuse("rule.dc.deck.reshuffle", nil)
		}
		p.Order, p.Discards = slices.Clone(reshuffle), nil
		s.Shuffles++
		s.log("log.dc.reshuffled", map[string]any{"Count": len(p.Order)})
	} else if len(reshuffle) > 0 {
		return 0, refuse("rule.dc.deck.no_reshuffle", nil)
	}
	if *index != p.Order[0] {
		return 0, refuse("rule.dc.deck.not_top", map[string]any{"Want": p.Order[0] + 1, "Got": *index + 1})
	}
	p.Order = slices.Clone(p.Order[1:])
	p.Pile, p.Discard = len(p.Order), len(p.Discards)
	return *index, nil
}

// samePile says whether a and b hold the same cards.
func samePile(a, b []int) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// ActionFlipped is the next AI action card, flipped for the pending step:
// from a virtual deck (Index, and Reshuffle when its pile had run out) or
// what the physical card shows (Card). ForceOrder is a virtual Force pile's
// new order when this flip makes the AI buy a Tribal Village.
type ActionFlipped struct {
	Card       *ActionCard `json:"card,omitempty"`
	Index      *int        `json:"index,omitempty"`
	Reshuffle  []int       `json:"reshuffle,omitempty"`
	ForceOrder []int       `json:"force_order,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &ActionFlipped{} })

func (*ActionFlipped) Type() string { return "action_flipped" }

func (*ActionFlipped) Gate() engine.Gate[*State] { return answers(StepFlip) }

func (e *ActionFlipped) apply(s *State, c ctx) error {
	card, err := e.flip(s, c)
	if err != nil {
		return err
	}
	s.AI.Actions.Flipped++
	purpose := s.Pending.Head().Purpose
	s.Pending.Pop()
	b, _ := c.setup.building(card.Building)
	s.log("log.dc.flipped", map[string]any{"PurposeKey": "ui.dc.flip." + purpose, "Tile": tileArg(card.Tile),
		"ActionKey": "ui.dc.action." + card.Action, "StartKey": dirKey(card.Start), "TurnKey": rotKey(card.Turn),
		"Strength": card.Strength, "Building": BuildingText(c.setup, b.ID)})

	village := purpose == FlipPurchase && card.Building == decklist.TribalVillage && s.buys(card) && !c.setup.ForceDeck.Physical
	if village {
		if !samePile(e.ForceOrder, append(slices.Clone(s.AI.Force.Order), s.AI.Force.Discards...)) {
			return refuse("rule.dc.deck.reshuffle", nil)
		}
	} else if len(e.ForceOrder) > 0 {
		return refuse("rule.dc.deck.no_reshuffle", nil)
	}
	s.Flow.Card = &card
	e.use(s, c, purpose, card, village)
	s.advance(c)
	return nil
}

// flip is the card flipped: the one typed from the physical deck, or the
// virtual pile's top card, then put on its discards.
func (e *ActionFlipped) flip(s *State, c ctx) (ActionCard, error) {
	if c.setup.ActionDeck.Physical {
		return e.typed(c)
	}
	i, err := s.drawVirtual(&s.AI.Actions, e.Index, e.Reshuffle)
	if err != nil {
		return ActionCard{}, err
	}
	card := c.setup.ActionDeck.Cards[i]
	if e.Card != nil && *e.Card != card {
		return ActionCard{}, refuse("rule.dc.card.mismatch", map[string]any{"Card": i + 1})
	}
	// A flipped card is done with once the step is: it goes to the discards.
	s.AI.Actions.Discards = append(slices.Clone(s.AI.Actions.Discards), i)
	s.AI.Actions.Discard = len(s.AI.Actions.Discards)
	return card, nil
}

// typed is the card the Conductor typed from the physical deck, checked
// against the buildings in play.
func (e *ActionFlipped) typed(c ctx) (ActionCard, error) {
	if e.Index != nil || len(e.Reshuffle) > 0 {
		return ActionCard{}, refuse("rule.dc.deck.physical", nil)
	}
	ids := map[string]bool{}
	for _, b := range c.setup.Buildings {
		ids[b.ID] = true
	}
	if e.Card == nil || !validAction(*e.Card, ids) {
		return ActionCard{}, refuse("rule.dc.card.invalid", nil)
	}
	return *e.Card, nil
}

// use does what the card was flipped for; a Tribal Village bought takes
// the reshuffled Force pile.
func (e *ActionFlipped) use(s *State, c ctx, purpose string, card ActionCard, village bool) {
	switch purpose {
	case FlipJourney:
		s.journeyCard(card)
	case FlipAdjacency:
		s.adjacencyCard(card)
	case FlipTiebreak:
		s.Flow.Tiebreak = true
	case FlipPurchase:
		s.purchaseCard(c, card)
		if village {
			s.AI.Force.Order = slices.Clone(e.ForceOrder)
			s.AI.Force.Pile = len(s.AI.Force.Order)
			s.Shuffles++
		}
	case FlipDefence:
		s.decide(Decision{Kind: "defence", Tile: s.Flow.AITile, Reason: "reason.dc.defend.card", Args: map[string]any{"Strength": card.Strength, "Tile": tileArg(*s.Flow.AITile)}})
		s.startFight()
	}
}

// ForceDrawn is the AI's top Force card, placed face-down on the chosen
// tile: a virtual card (Index, Reshuffle when the pile had run out) or the
// physical one, unseen.
type ForceDrawn struct {
	Index     *int  `json:"index,omitempty"`
	Reshuffle []int `json:"reshuffle,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &ForceDrawn{} })

func (*ForceDrawn) Type() string { return "force_drawn" }

func (*ForceDrawn) Gate() engine.Gate[*State] { return answers(StepDraw) }

func (e *ForceDrawn) apply(s *State, c ctx) error {
	f := Force{Owner: SeatAI}
	p := &s.AI.Force
	if c.setup.ForceDeck.Physical {
		if e.Index != nil || len(e.Reshuffle) > 0 {
			return refuse("rule.dc.deck.physical", nil)
		}
		if p.Pile == 0 {
			if p.Discard == 0 {
				return refuse("rule.dc.deck.empty", nil)
			}
			p.Pile, p.Discard = p.Discard, 0
			s.log("log.dc.reshuffled", map[string]any{"Count": p.Pile})
		}
		p.Pile--
	} else {
		i, err := s.drawVirtual(p, e.Index, e.Reshuffle)
		if err != nil {
			return err
		}
		card := c.setup.ForceDeck.Cards[i]
		f.Known, f.Strength, f.Slayer, f.Ability, f.Card = true, card.Strength, card.Slayer, card.Ability, &i
	}
	p.OnBoard++
	s.Pending.Pop()
	s.placed(f)
	s.advance(c)
	return nil
}

// AICardRevealed is what the AI's physical Force card on Tile shows, now
// that it is turned face-up (for a fight or a festival): its strength, the
// Dragon Slayer, and its fight ability as far as it changes strength.
type AICardRevealed struct {
	Tile     Pos     `json:"tile"`
	Strength int     `json:"strength"`
	Slayer   bool    `json:"slayer,omitempty"`
	Ability  Ability `json:"ability,omitzero"`
}

var _ = Events.Register(func() engine.Event { return &AICardRevealed{} })

func (*AICardRevealed) Type() string { return "ai_card_revealed" }

func (*AICardRevealed) Gate() engine.Gate[*State] { return answers(StepReveal) }

func (e *AICardRevealed) apply(s *State, c ctx) error {
	if e.Tile != *s.Pending.Head().Tile {
		return refuse("rule.dc.reveal.tile", map[string]any{"Tile": tileArg(*s.Pending.Head().Tile)})
	}
	if e.Strength < decklist.MinStrength || e.Strength > decklist.MaxStrength {
		return refuse("rule.dc.strength", map[string]any{"Value": e.Strength})
	}
	if !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	f := s.tile(e.Tile).Force
	f.Known, f.Strength, f.Slayer, f.Ability = true, e.Strength, e.Slayer, e.Ability
	s.log("log.dc.revealed", map[string]any{"Tile": tileArg(e.Tile), "Strength": e.Strength, "Slayer": e.Slayer})
	logAbility(s, e.Tile, e.Ability)
	purpose := s.Pending.Head().Purpose
	s.Pending.Pop()
	if purpose == StepFight {
		s.Pending.Set(Step{Kind: StepFight, Tile: posPtr(*s.Flow.Target), Player: s.tile(*s.Flow.Target).Force.Owner})
		return nil
	}
	s.advance(c)
	return nil
}
