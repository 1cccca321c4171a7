package dragoncanyon

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// event is one of the module's events: apply checks its own fields against
// s and changes s (the reducer's own deep copy: a refused event's changes
// are thrown away with it). Whether its type may apply now was asked first.
type event interface {
	engine.Event
	apply(s *State, c ctx) error
}

func refuse(id string, args map[string]any) error { return engine.Refuse(id, args) }

// Events are the module's event types, each registered beside its type.
var Events = engine.NewRegistry()

// AITurn starts the AI's turn: "Stockpile Phase", then the app decides the
// journey.
type AITurn struct{}

var _ = Events.Register(func() engine.Event { return &AITurn{} })

func (*AITurn) Type() string { return "ai_turn" }

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

// Stomp discards: the Dragon Slayer, a card's resource, or nothing (an
// empty hand).
const (
	DiscardSlayer = "slayer"
	DiscardNone   = "none"
)

// StompResolved is the stomped player's random discard ("Moving the
// Dragon"): the Dragon Slayer sends the dragon back; any other card gives
// the AI its resource.
type StompResolved struct {
	Discard string `json:"discard"`
}

var _ = Events.Register(func() engine.Event { return &StompResolved{} })

func (*StompResolved) Type() string { return "stomp_resolved" }

func (e *StompResolved) apply(s *State, c ctx) error {
	seat := s.Pending.Head().Player
	switch {
	case e.Discard == DiscardSlayer:
		back := *s.Flow.DragonFrom
		s.decide(Decision{Kind: "stomp", Target: posPtr(back), Reason: "reason.dc.stomp.slayer", Args: map[string]any{"SeatKey": seatKey(seat), "Tile": tileArg(back)}})
		s.Dragon = back
		s.hint("hint.dc.dragon_back", map[string]any{"Tile": tileArg(back)})
	case e.Discard == DiscardNone:
		s.decide(Decision{Kind: "stomp", Reason: "reason.dc.stomp.empty", Args: map[string]any{"SeatKey": seatKey(seat)}})
	case slices.Contains(ByValue, e.Discard):
		s.AI.Caravan.Add(e.Discard, 1)
		s.decide(Decision{Kind: "stomp", Reason: "reason.dc.stomp.resource", Args: map[string]any{"SeatKey": seatKey(seat), "ResourceKey": resKey(e.Discard)}})
	default:
		return refuse("rule.dc.stomp.discard", map[string]any{"Value": e.Discard})
	}
	s.Pending.Pop()
	s.advance(c)
	return nil
}

// FightResolved is the player's side of the fight under way: their Force
// card's strength and their strength roll (two dice on easier, the better
// one used), and the card's fight ability as far as it changes strength
// (nil: the one the card showed when it was turned face-up, if any). For
// the spoils: what the player's caravan holds (the AI steals
// the most valuable), or what the player took from the AI's caravan, and
// whether the winner earned a Loot card. Slayer says the player's card,
// face-up now, is the Dragon Slayer: with the fight first, a dragon due
// after it skips that card (rule option canyon_order).
type FightResolved struct {
	Strength int      `json:"strength"`
	Dice     []int    `json:"dice"`
	Caravan  []string `json:"caravan,omitempty"`
	Taken    string   `json:"taken,omitempty"`
	Loot     bool     `json:"loot,omitempty"`
	Ability  *Ability `json:"ability,omitempty"`
	Slayer   bool     `json:"slayer,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &FightResolved{} })

func (*FightResolved) Type() string { return "fight_resolved" }

// MinFace and MaxFace are the lowest and highest strength roll a die can
// give: the one range every screen that enters a roll takes from here.
const (
	MinFace = 0
	MaxFace = 6
)

func (e *FightResolved) apply(s *State, c ctx) error {
	if err := e.check(c); err != nil {
		return err
	}
	f := s.Flow
	bonus := slices.Max(e.Dice)
	hf := s.tile(*f.Target).Force
	ab := hf.Ability
	if !hf.Known {
		ab = Ability{}
	}
	if e.Ability != nil {
		ab = *e.Ability
	}
	aiSide, playerSide := s.fightSides(c.setup.Rules, e.Strength, ab, bonus)
	ai, player := aiSide.Total(), playerSide.Total()
	hf.Known, hf.Strength, hf.FaceUp, hf.Ability = true, e.Strength, true, ab
	hf.Slayer = hf.Slayer || e.Slayer
	seat := hf.Owner
	if p := s.player(seat); p != nil {
		p.Caravan = slices.Clone(e.Caravan) // what the table entered, for the next fight's form
	}
	aiWins, reason := fightWinner(ai, player, *c.setup.Rules.AIWinsDraws, f.Attacker)
	args := map[string]any{"AI": ai, "AICard": aiSide.Card, "Modifier": aiSide.Modifier, "Player": player,
		"Card": e.Strength, "Bonus": bonus, "SeatKey": seatKey(seat),
		"AIAbility": aiSide.Ability, "AITower": aiSide.Tower, "AICancelled": aiSide.Cancelled,
		"PlayerAbility": playerSide.Ability, "PlayerTower": playerSide.Tower, "PlayerCancelled": playerSide.Cancelled}
	s.decide(Decision{Kind: "fight_result", Tile: posPtr(*f.AITile), Target: posPtr(*f.Target), Reason: reason, Args: args,
		Details: fightDetails(aiSide, playerSide, seat)})
	if aiWins {
		e.aiWon(s, seat, *f.Target)
	} else if err := e.playerWon(s, seat, *f.AITile); err != nil {
		return err
	}
	s.Pending.Pop()
	if f.Attacker == SeatAI {
		f.Next = c.afterFight()
		s.advance(c)
	} else {
		s.Flow, s.Phase = nil, PhasePlayers
	}
	return nil
}

// check refuses a fight's dice, card, caravan, taken resource or ability
// the game cannot have.
func (e *FightResolved) check(c ctx) error {
	need := 1
	if c.setup.Difficulty == Easier {
		need = 2 // "Varying the Difficulty", easier: roll both dice and pick one
	}
	if len(e.Dice) != need {
		return refuse("rule.dc.fight.dice", map[string]any{"Count": need})
	}
	for _, d := range e.Dice {
		if d < MinFace || d > MaxFace {
			return refuse("rule.dc.fight.face", map[string]any{"Value": d, "Min": MinFace, "Max": MaxFace})
		}
	}
	if e.Strength < decklist.MinStrength || e.Strength > decklist.MaxStrength {
		return refuse("rule.dc.strength", map[string]any{"Value": e.Strength})
	}
	for _, r := range e.Caravan {
		if !slices.Contains(ByValue, r) {
			return refuse("rule.dc.resource", map[string]any{"Value": r})
		}
	}
	if e.Taken != "" && !slices.Contains(ByValue, e.Taken) {
		return refuse("rule.dc.resource", map[string]any{"Value": e.Taken})
	}
	if e.Ability != nil && !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	return nil
}

// fightWinner says whether the AI wins a fight of these totals, and why: a
// draw goes to the AI when the rules say so, else to the attacker.
func fightWinner(ai, player int, aiWinsDraws bool, attacker string) (bool, string) {
	switch {
	case ai > player:
		return true, "reason.dc.fight.ai_wins"
	case player > ai:
		return false, "reason.dc.fight.player_wins"
	case aiWinsDraws:
		return true, "reason.dc.fight.draw_ai"
	default:
		return attacker == SeatAI, "reason.dc.fight.draw_attacker"
	}
}

// aiWon takes the player's card off target, steals the most valuable
// resource of the caravan and counts the Loot card if one was won.
func (e *FightResolved) aiWon(s *State, seat string, target Pos) {
	s.remove(target)
	s.hint("hint.dc.fight_lost", map[string]any{"Tile": tileArg(target)})
	for _, r := range StealOrder {
		if slices.Contains(e.Caravan, r) {
			s.AI.Caravan.Add(r, 1)
			if p := s.player(seat); p != nil && p.Load.Get(r) > 0 {
				p.Load.Add(r, -1)
			}
			s.decide(Decision{Kind: "steal", Reason: "reason.dc.fight.steal", Args: map[string]any{"ResourceKey": resKey(r), "SeatKey": seatKey(seat)}})
			break
		}
	}
	if e.Loot {
		s.AI.Loot++
		s.log("log.dc.loot", map[string]any{"Count": s.AI.Loot})
	}
}

// playerWon discards the AI's card from aiTile and moves the resource the
// player took from the AI's caravan to theirs.
func (e *FightResolved) playerWon(s *State, seat string, aiTile Pos) error {
	s.discardAI(aiTile)
	s.hint("hint.dc.fight_lost", map[string]any{"Tile": tileArg(aiTile)})
	if e.Taken == "" {
		return nil
	}
	if s.AI.Caravan.Get(e.Taken) == 0 {
		return refuse("rule.dc.fight.taken", map[string]any{"ResourceKey": resKey(e.Taken)})
	}
	s.AI.Caravan.Add(e.Taken, -1)
	if p := s.player(seat); p != nil {
		p.Load.Add(e.Taken, 1)
	}
	s.log("log.dc.taken", map[string]any{"ResourceKey": resKey(e.Taken), "SeatKey": seatKey(seat)})
	return nil
}

// seatOf is player n's seat ("p1", "p2"), or an error naming the rule.
func seatOf(n int, c ctx) (string, error) {
	if n < 1 || n > c.setup.Players {
		return "", refuse("rule.dc.player", map[string]any{"Value": n, "Count": c.setup.Players})
	}
	return []string{"p1", "p2"}[n-1], nil
}

func checkTile(p Pos) error {
	if !onBoard(p) {
		return refuse("rule.dc.tile", map[string]any{"Tile": tileArg(p)})
	}
	return nil
}

// ForcePlaced is a player's Force card put on a tile (face-down unless
// FaceUp; Strength and Slayer say what a face-up card shows).
type ForcePlaced struct {
	Player   int     `json:"player"`
	Tile     Pos     `json:"tile"`
	FaceUp   bool    `json:"face_up,omitempty"`
	Strength int     `json:"strength,omitempty"`
	Slayer   bool    `json:"slayer,omitempty"`
	Ability  Ability `json:"ability,omitzero"`
}

var _ = Events.Register(func() engine.Event { return &ForcePlaced{} })

func (*ForcePlaced) Type() string { return "force_placed" }

func (e *ForcePlaced) apply(s *State, c ctx) error {
	seat, err := seatOf(e.Player, c)
	if err != nil {
		return err
	}
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	if s.tile(e.Tile).Force != nil {
		return refuse("rule.dc.tile.taken", map[string]any{"Tile": tileArg(e.Tile)})
	}
	if !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	s.tile(e.Tile).Force = &Force{Owner: seat, FaceUp: e.FaceUp, Known: e.FaceUp, Strength: e.Strength, Slayer: e.Slayer, Ability: e.Ability}
	s.log("log.dc.force_placed", map[string]any{"SeatKey": seatKey(seat), "Tile": tileArg(e.Tile)})
	if e.FaceUp {
		logAbility(s, e.Tile, e.Ability)
	}
	return nil
}

// ForceFlipped is a card on the board turned face-up (showing Strength, and
// whether it is the Dragon Slayer) or face-down.
type ForceFlipped struct {
	Tile     Pos     `json:"tile"`
	FaceUp   bool    `json:"face_up"`
	Strength int     `json:"strength,omitempty"`
	Slayer   bool    `json:"slayer,omitempty"`
	Ability  Ability `json:"ability,omitzero"`
}

var _ = Events.Register(func() engine.Event { return &ForceFlipped{} })

func (*ForceFlipped) Type() string { return "force_flipped" }

func (e *ForceFlipped) apply(s *State, c ctx) error {
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	f := s.tile(e.Tile).Force
	if f == nil {
		return refuse("rule.dc.tile.empty", map[string]any{"Tile": tileArg(e.Tile)})
	}
	if !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	if e.FaceUp && f.Card == nil {
		f.Known, f.Strength, f.Slayer, f.Ability = true, e.Strength, e.Slayer, e.Ability
	}
	f.FaceUp = e.FaceUp
	id := "log.dc.force_down"
	if e.FaceUp {
		id = "log.dc.force_up"
	}
	s.log(id, map[string]any{"Tile": tileArg(e.Tile), "Strength": f.Strength, "Slayer": f.Slayer})
	if e.FaceUp && f.Card == nil {
		logAbility(s, e.Tile, e.Ability)
	}
	return nil
}

// ForceRemoved is a card taken off the board (the AI's goes to its
// discards).
type ForceRemoved struct {
	Tile Pos `json:"tile"`
}

var _ = Events.Register(func() engine.Event { return &ForceRemoved{} })

func (*ForceRemoved) Type() string { return "force_removed" }

func (e *ForceRemoved) apply(s *State, c ctx) error {
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	f := s.tile(e.Tile).Force
	if f == nil {
		return refuse("rule.dc.tile.empty", map[string]any{"Tile": tileArg(e.Tile)})
	}
	s.remove(e.Tile)
	s.log("log.dc.force_removed", map[string]any{"Tile": tileArg(e.Tile), "SeatKey": seatKey(f.Owner)})
	return nil
}

// DragonMoved is the dragon moved by a player (Player; saves from before
// it was said give none, and the player whose turn it was is meant).
type DragonMoved struct {
	Tile   Pos `json:"tile"`
	Player int `json:"player,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &DragonMoved{} })

func (*DragonMoved) Type() string { return "dragon_moved" }

func (e *DragonMoved) apply(s *State, c ctx) error {
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	n, err := e.mover(s, c)
	if err != nil {
		return err
	}
	s.Dragon = e.Tile
	args := map[string]any{"Tile": tileArg(e.Tile), "SeatKey": playerNameKey(n)}
	if f := s.tile(e.Tile).Force; f != nil && f.Owner == SeatAI {
		// A player's dragon stomps the AI's card: said as such.
		s.log("log.dc.dragon_stomps_ai", args)
		return nil
	}
	s.log("log.dc.dragon_moved", args)
	return nil
}

// mover is the player who moved the dragon: Player, or, when the event
// names none (an older save), the player whose turn it is, else the first.
func (e *DragonMoved) mover(s *State, c ctx) (int, error) {
	n := e.Player
	if n == 0 {
		n = max(s.TurnPlayer(), 1)
	}
	_, err := seatOf(n, c)
	return n, err
}

// FestivalHeld is a Harvest Festival a player's placement set off: the AI
// harvests its cards in the line (AISlayer: which of its unseen physical
// cards there was the Dragon Slayer, if one was).
type FestivalHeld struct {
	Line     Line `json:"line"`
	AISlayer *Pos `json:"ai_slayer,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &FestivalHeld{} })

func (*FestivalHeld) Type() string { return "festival_held" }

func (e *FestivalHeld) apply(s *State, c ctx) error {
	if !slices.Contains(lines(c.setup.Rules), e.Line) {
		return refuse("rule.dc.line", map[string]any{"LineKey": "ui.dc.line." + e.Line.Kind, "Index": e.Line.Index})
	}
	if !s.complete(e.Line) {
		return refuse("rule.dc.line.incomplete", map[string]any{"LineKey": "ui.dc.line." + e.Line.Kind, "Index": e.Line.Index})
	}
	if e.AISlayer != nil {
		f := s.tile(*e.AISlayer).Force
		if !slices.Contains(e.Line.Tiles(), *e.AISlayer) || f == nil || f.Owner != SeatAI || f.Known {
			return refuse("rule.dc.line.slayer", nil)
		}
		f.Known, f.Slayer = true, true
	}
	s.festival(c, e.Line)
	if !c.setup.Rules.FestivalKeepsCards {
		for _, p := range e.Line.Tiles() {
			s.remove(p)
		}
	}
	return nil
}

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

// Attack is a player's Force card (From) attacking the AI's card on Tile:
// the AI defends ("Defending").
type Attack struct {
	Player int `json:"player"`
	Tile   Pos `json:"tile"`
	From   Pos `json:"from"`
}

var _ = Events.Register(func() engine.Event { return &Attack{} })

func (*Attack) Type() string { return "attack" }

func (e *Attack) apply(s *State, c ctx) error {
	seat, err := seatOf(e.Player, c)
	if err != nil {
		return err
	}
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	if err := checkTile(e.From); err != nil {
		return err
	}
	if f := s.tile(e.Tile).Force; f == nil || f.Owner != SeatAI {
		return refuse("rule.dc.attack.not_ai", map[string]any{"Tile": tileArg(e.Tile)})
	}
	if f := s.tile(e.From).Force; f == nil || f.Owner != seat {
		return refuse("rule.dc.attack.not_player", map[string]any{"Tile": tileArg(e.From), "SeatKey": seatKey(seat)})
	}
	if !adjacent(e.From, e.Tile) {
		// Only a card next to the AI's attacks it (orthogonally, as the AI's own fights).
		return refuse("rule.dc.attack.not_adjacent", map[string]any{"Tile": tileArg(e.Tile), "From": tileArg(e.From)})
	}
	s.Flow = &Flow{Next: nextDefence, Attacker: seat, AITile: posPtr(e.Tile), Target: posPtr(e.From)}
	s.Phase = PhaseDefending
	s.log("log.dc.attacked", map[string]any{"SeatKey": seatKey(seat), "Tile": tileArg(e.Tile), "From": tileArg(e.From)})
	// The step names the attacked card's tile and the attacker, for the prompt.
	s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipDefence, Tile: posPtr(e.Tile), Player: seat})
	return nil
}

// TurnEnded is the end of a player's turn.
type TurnEnded struct{}

var _ = Events.Register(func() engine.Event { return &TurnEnded{} })

func (*TurnEnded) Type() string { return "turn_ended" }

func (*TurnEnded) apply(s *State, c ctx) error {
	s.log("log.dc.turn_ended", map[string]any{"SeatKey": seatKey(s.Seat)})
	s.playerGather(s.Seat) // "Gathering", as the standard rules have every seat do
	s.passTurn(c)
	return nil
}

// Objective is one of the solo player's objectives at the end: done or
// not, and its effect as victory points for the player and for the AI
// (the AI's only if failed). Resolved one by one (ObjectiveResolved), it
// also says what its effect did on the table.
type Objective struct {
	Done     bool `json:"done"`
	PlayerVP int  `json:"player_vp,omitempty"`
	AIVP     int  `json:"ai_vp,omitempty"`
	Effects
}

// Effects are what an objective's effect does to the board and the
// resources: the player's buildings it removes, the buildings the AI takes
// from the stacks, the resources the AI gains (one name per resource).
type Effects struct {
	PlayerLoses []string `json:"player_loses,omitempty"`
	AIGains     []string `json:"ai_gains,omitempty"`
	AIResources []string `json:"ai_resources,omitempty"`
}

// ObjectiveResolved is one of the solo player's objectives at the end
// ("Objective Scoring"), asked one by one before the score: done or
// failed, its points, and its effect on the table, applied now.
type ObjectiveResolved struct {
	Objective int `json:"objective"`
	ObjectiveCard
}

var _ = Events.Register(func() engine.Event { return &ObjectiveResolved{} })

// ObjectiveCard is an Objective inside ObjectiveResolved (its fields
// inline).
type ObjectiveCard = Objective

func (*ObjectiveResolved) Type() string { return "objective_resolved" }

func (e *ObjectiveResolved) apply(s *State, c ctx) error {
	st := s.Pending.Head()
	if e.Objective != st.Objective {
		return refuse("rule.dc.objective.which", map[string]any{"N": st.Objective})
	}
	o := e.ObjectiveCard
	p := s.player("p1")
	kept := slices.Clone(p.Buildings)
	for _, id := range o.PlayerLoses {
		i := slices.Index(kept, id)
		if i < 0 {
			return refuse("rule.dc.objective.not_owned", map[string]any{"Value": id})
		}
		kept = slices.Delete(kept, i, i+1)
	}
	left := map[string]int{}
	for _, st := range s.Stacks {
		left[st.ID] = st.Left
	}
	for _, id := range o.AIGains {
		n, ok := left[id]
		if !ok {
			return refuse("rule.dc.building.unknown", map[string]any{"Value": id})
		}
		if n == 0 {
			b, _ := c.setup.building(id)
			return refuse("rule.dc.building.empty", map[string]any{"Building": BuildingText(c.setup, b.ID)})
		}
		left[id] = n - 1
	}
	for _, r := range o.AIResources {
		if !slices.Contains(ByValue, r) {
			return refuse("rule.dc.resource", map[string]any{"Value": r})
		}
	}
	id := "log.dc.objective.done"
	if !o.Done {
		id = "log.dc.objective.failed"
	}
	s.log(id, map[string]any{"N": e.Objective, "Player": o.PlayerVP, "AI": o.AIVP})
	p.Buildings = kept
	for _, b := range o.PlayerLoses {
		bb, _ := c.setup.building(b)
		s.log("log.dc.objective.player_loses", map[string]any{"Building": BuildingText(c.setup, bb.ID)})
		s.hint("hint.dc.objective.player_loses", map[string]any{"Building": BuildingText(c.setup, bb.ID)})
	}
	for _, b := range o.AIGains {
		s.stack(b).Left--
		s.AI.Buildings = append(s.AI.Buildings, b)
		bb, _ := c.setup.building(b)
		s.log("log.dc.objective.ai_gains", map[string]any{"Building": BuildingText(c.setup, bb.ID), "Left": s.stack(b).Left})
		s.hint("hint.dc.objective.ai_gains", map[string]any{"Building": BuildingText(c.setup, bb.ID)})
	}
	var got Resources
	for _, r := range o.AIResources {
		got.Add(r, 1)
	}
	if got.Total() > 0 {
		s.AI.Stash = add(s.AI.Stash, got)
		s.log("log.dc.objective.ai_resources", withRes(map[string]any{"Count": got.Total()}, got))
		s.hint("hint.dc.objective.ai_resources", withRes(map[string]any{"Count": got.Total()}, got))
	}
	s.Objectives = append(s.Objectives, o)
	s.Pending.Pop()
	if e.Objective < Objectives {
		s.Pending.Set(Step{Kind: StepObjective, Objective: e.Objective + 1})
	} else {
		s.Pending.Set(Step{Kind: StepScore})
	}
	return nil
}

// GameScored is the final scoring ("Game End", "Objective Scoring"): each
// player's score as counted on the board, the AI's points besides its
// buildings (Loot cards, say), and in a solo game the three objectives.
type GameScored struct {
	Players    []int       `json:"players"`
	AIExtra    int         `json:"ai_extra,omitempty"`
	Objectives []Objective `json:"objectives,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &GameScored{} })

func (*GameScored) Type() string { return "game_scored" }

// Objectives is how many objectives the solo player has.
const Objectives = 3

func (e *GameScored) apply(s *State, c ctx) error {
	if err := e.check(s, c); err != nil {
		return err
	}
	objectives := e.Objectives
	if len(s.Objectives) > 0 {
		objectives = s.Objectives
	}
	r := Result{Players: slices.Clone(e.Players)}
	for _, id := range s.AI.Buildings {
		b, _ := c.setup.building(id)
		r.AI += b.VP
	}
	r.AI += e.AIExtra
	failed := 0
	for _, o := range objectives {
		r.Players[0] += o.PlayerVP
		if !o.Done {
			failed++
			r.AI += o.AIVP
		}
	}
	if c.setup.Difficulty == Harder && c.setup.Players == 1 && len(objectives) > 0 && failed > 0 {
		r.Winner, r.Reason = SeatAI, "reason.dc.score.objectives_failed"
	} else {
		r.Winner, r.Reason = highest(r)
	}
	r.Args = map[string]any{"AI": r.AI, "Failed": failed, "SeatKey": seatKey(r.Winner)}
	s.Result, s.Phase = &r, PhaseOver
	s.Pending.Pop()
	s.decide(Decision{Kind: "result", Reason: r.Reason, Args: r.Args})
	return nil
}

// check refuses a score for another number of players or objectives, or
// with objectives already resolved one by one (or still to be).
func (e *GameScored) check(s *State, c ctx) error {
	if len(e.Players) != c.setup.Players {
		return refuse("rule.dc.score.players", map[string]any{"Count": c.setup.Players})
	}
	want := 0
	if c.setup.Players == 1 {
		want = Objectives
	}
	if len(e.Objectives) != 0 && len(e.Objectives) != want || c.setup.Players == 2 && len(e.Objectives) > 0 {
		return refuse("rule.dc.score.objectives", map[string]any{"Count": want})
	}
	if h := s.Pending.Head(); h != nil && h.Kind == StepObjective && len(e.Objectives) == 0 {
		// The objectives come first, one by one (or all as points here).
		return refuse("rule.dc.score.objectives_first", map[string]any{"N": h.Objective})
	}
	if len(s.Objectives) > 0 && len(e.Objectives) > 0 {
		// Resolved one by one already: their points are counted from there.
		return refuse("rule.dc.score.objectives_resolved", nil)
	}
	return nil
}

// highest is the seat with the most points and why, or a tie.
func highest(r Result) (winner, reason string) {
	best, winners := r.AI, []string{SeatAI}
	for i, v := range r.Players {
		seat := []string{"p1", "p2"}[i]
		switch {
		case v > best:
			best, winners = v, []string{seat}
		case v == best:
			winners = append(winners, seat)
		}
	}
	if len(winners) > 1 {
		return "tie", "reason.dc.score.tie"
	}
	return winners[0], "reason.dc.score.highest"
}

// logAbility logs a card's fight ability, if it has one.
func logAbility(s *State, p Pos, a Ability) {
	if a != (Ability{}) {
		s.log("log.dc.ability", map[string]any{"Tile": tileArg(p), "Attack": a.Attack, "Defend": a.Defend, "Tower": a.Tower})
	}
}

// Fight details: the parts of a fight's side beyond its card and its
// modifier or die, each said under the fight's result.
const (
	detailAbility        = "reason.dc.fight.ability"
	detailTower          = "reason.dc.fight.tower"
	detailTowerCancelled = "reason.dc.fight.tower_cancelled"
)

// fightDetails are what a fight's sides add beyond card and modifier (or
// die), the AI's side first, then seat's: each card's fight ability (Bonus
// signed, "+2"), each Guard Tower's +2 (Tower), or its cancelling by the
// other card.
func fightDetails(ai, player FightSide, seat string) []Detail {
	var out []Detail
	for _, side := range []struct {
		key string
		f   FightSide
	}{{seatKey(SeatAI), ai}, {seatKey(seat), player}} {
		if side.f.Ability != 0 {
			out = append(out, Detail{Reason: detailAbility, Args: map[string]any{"SideKey": side.key, "Bonus": fmt.Sprintf("%+d", side.f.Ability)}})
		}
		switch {
		case side.f.Tower != 0:
			out = append(out, Detail{Reason: detailTower, Args: map[string]any{"SideKey": side.key, "Tower": side.f.Tower}})
		case side.f.Cancelled:
			out = append(out, Detail{Reason: detailTowerCancelled, Args: map[string]any{"SideKey": side.key}})
		}
	}
	return out
}
