package dragoncanyon

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
)

// Where the AI's turn goes on after its phases' own names.
const (
	nextDragon  = "dragon"
	nextFight   = "fight"
	nextDone    = "done"
	nextDefence = "defence"
)

// tileArg is a tile as messages show it: "row,col".
func tileArg(p Pos) string { return fmt.Sprintf("%d,%d", p[0], p[1]) }

// resKey is a resource's name as a message ID.
func resKey(r string) string { return "ui.dc.res." + r }

// IDs built from names, listed so every one is translated.
var _ = []string{"ui.dc.res.wood", "ui.dc.res.food", "ui.dc.res.stone", "ui.dc.res.bone",
	"ui.dc.dir.up", "ui.dc.dir.down", "ui.dc.dir.left", "ui.dc.dir.right", "ui.dc.rot.cw", "ui.dc.rot.acw",
	"ui.dc.seat.ai", "ui.dc.seat.p1", "ui.dc.seat.p2", "ui.dc.line.row", "ui.dc.line.column", "ui.dc.line.diagonal",
	"ui.dc.flip.journey", "ui.dc.flip.adjacency", "ui.dc.flip.tiebreak", "ui.dc.flip.purchase", "ui.dc.flip.defence",
	"ui.dc.phase.waiting", "ui.dc.phase.stockpile", "ui.dc.phase.journey", "ui.dc.phase.action", "ui.dc.phase.harvest",
	"ui.dc.phase.claim", "ui.dc.phase.players", "ui.dc.phase.defending", "ui.dc.phase.scoring", "ui.dc.phase.over",
	"ui.dc.difficulty.easier", "ui.dc.difficulty.normal", "ui.dc.difficulty.harder", "ui.dc.action.fight", "ui.dc.action.dragon"}

func seatKey(seat string) string { return "ui.dc.seat." + seat }
func dirKey(d string) string     { return "ui.dc.dir." + d }
func rotKey(r string) string     { return "ui.dc.rot." + r }

// ctx is what the reducer knows besides the state.
type ctx struct{ setup Setup }

// fightFirst says the fight comes before the dragon when both are due
// (rule option canyon_order).
func (c ctx) fightFirst() bool { return c.setup.Rules.CanyonOrder == OrderFightFirst }

// afterAction, afterDragon and afterFight are where the AI's turn goes
// once the Action phase, the dragon and the fight are done: the dragon
// then the fight, or with the fight first the fight then the dragon, and
// the Harvest after both.
func (c ctx) afterAction() string {
	if c.fightFirst() {
		return nextFight
	}
	return nextDragon
}

func (c ctx) afterDragon() string {
	if c.fightFirst() {
		return PhaseHarvest
	}
	return nextFight
}

func (c ctx) afterFight() string {
	if c.fightFirst() {
		return nextDragon
	}
	return PhaseHarvest
}

// startAITurn is "Stockpile Phase": the caravan goes into the stash. The
// journey follows.
func (s *State) startAITurn(c ctx) {
	s.Round++
	s.Phase = PhaseStockpile
	s.Flow = &Flow{Next: PhaseJourney}
	moved := s.AI.Caravan
	s.AI.Stash.Wood += moved.Wood
	s.AI.Stash.Food += moved.Food
	s.AI.Stash.Stone += moved.Stone
	s.AI.Stash.Bone += moved.Bone
	s.AI.Caravan = Resources{}
	s.log("log.dc.turn", map[string]any{"Round": s.Round})
	s.decide(Decision{Kind: "stockpile", Reason: "reason.dc.stockpile", Args: map[string]any{"Count": moved.Total(), "Stash": s.AI.Stash.Total()}})
	s.advance(c)
}

// advance runs the AI's turn on until it needs something from the table or
// the turn is over.
func (s *State) advance(c ctx) {
	for s.Flow != nil && s.Pending.Head() == nil {
		switch s.Flow.Next {
		case PhaseJourney:
			s.journey(c)
		case PhaseAction:
			s.action(c)
		case nextDragon:
			s.dragon(c)
		case nextFight:
			s.attack(c)
		case PhaseHarvest:
			s.harvest(c)
		case PhaseClaim:
			s.claim(c)
		case nextDone:
			s.Flow = nil
			s.log("log.dc.turn_over", nil)
			s.passTurn(c)
		default:
			return // a defence waits for its fight
		}
	}
}

// candidate is a tile where a Force card completes Harvest Festival lines,
// and what those festivals would give the AI and the players.
type candidate struct {
	Tile      Pos
	Lines     []Line
	AIGain    int
	HumanGain int
}

// festivalCandidates are the empty tiles that complete at least one line
// ("Journey Phase"), in board order.
func (s *State) festivalCandidates(o Options) []candidate {
	var out []candidate
	for _, p := range allTiles() {
		if s.tile(p).Force != nil {
			continue
		}
		k := candidate{Tile: p}
		for _, l := range lines(o) {
			if !slices.Contains(l.Tiles(), p) {
				continue
			}
			full := true
			for _, q := range l.Tiles() {
				if q != p && s.tile(q).Force == nil {
					full = false
				}
			}
			if !full {
				continue
			}
			k.Lines = append(k.Lines, l)
			for _, q := range l.Tiles() {
				t := s.tile(q)
				switch {
				case q == p || t.Force.Owner == SeatAI:
					k.AIGain += t.Amount
				default:
					k.HumanGain += t.Amount
				}
			}
		}
		if len(k.Lines) > 0 {
			out = append(out, k)
		}
	}
	return out
}

// festivalChoice is "Journey Phase", first part: the line the AI completes,
// or nil with the reason it completes none (no line; the only ones are under
// the dragon; a tie after both tie-breaks).
func (s *State) festivalChoice(o Options) (*candidate, string, map[string]any) {
	var ok []candidate
	under := false
	for _, k := range s.festivalCandidates(o) {
		if k.Tile == s.Dragon {
			under = true // never under the dragon
			continue
		}
		ok = append(ok, k)
	}
	if len(ok) == 0 {
		if under {
			return nil, "reason.dc.journey.under_dragon", map[string]any{"Tile": tileArg(s.Dragon)}
		}
		return nil, "reason.dc.journey.no_line", nil
	}
	most := slices.MaxFunc(ok, func(a, b candidate) int { return a.AIGain - b.AIGain }).AIGain
	ok = slices.DeleteFunc(ok, func(k candidate) bool { return k.AIGain != most })
	least := slices.MinFunc(ok, func(a, b candidate) int { return a.HumanGain - b.HumanGain }).HumanGain
	ok = slices.DeleteFunc(ok, func(k candidate) bool { return k.HumanGain != least })
	if len(ok) > 1 {
		return nil, "reason.dc.journey.tie", map[string]any{"Count": len(ok), "AI": most, "Players": least}
	}
	return &ok[0], "", nil
}

// journey is "Journey Phase": a festival line, else the action card's tile;
// nothing at all when the Force pile is empty.
func (s *State) journey(c ctx) {
	s.Phase = PhaseJourney
	if s.AI.Force.Pile+s.AI.Force.Discard == 0 {
		s.decide(Decision{Kind: "journey_skipped", Reason: "reason.dc.journey.no_force", Args: map[string]any{"Count": s.AI.Force.OnBoard}})
		s.Flow.Next = PhaseHarvest
		return
	}
	k, why, args := s.festivalChoice(c.setup.Rules)
	if k != nil {
		s.Flow.Placed, s.Flow.Festival = posPtr(k.Tile), true
		s.decide(Decision{Kind: "festival", Tile: posPtr(k.Tile), Reason: "reason.dc.journey.festival",
			Args: map[string]any{"Tile": tileArg(k.Tile), "AI": k.AIGain, "Players": k.HumanGain}})
		s.Pending.Set(Step{Kind: StepDraw, Tile: posPtr(k.Tile)})
		return
	}
	s.decide(Decision{Kind: "journey_card", Reason: why, Args: args})
	s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipJourney})
}

// journeyCard is the flipped card's tile: taken, flip again; free, place.
func (s *State) journeyCard(card ActionCard) {
	t := card.Tile
	if s.tile(t).Force != nil {
		s.decide(Decision{Kind: "journey_taken", Tile: posPtr(t), Reason: "reason.dc.journey.taken", Args: map[string]any{"Tile": tileArg(t)}})
		s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipJourney})
		return
	}
	s.Flow.Placed = posPtr(t)
	s.decide(Decision{Kind: "journey_tile", Tile: posPtr(t), Reason: "reason.dc.journey.card", Args: map[string]any{"Tile": tileArg(t)}})
	s.Pending.Set(Step{Kind: StepDraw, Tile: posPtr(t)})
}

// placed puts the AI's drawn Force card on the chosen tile and notes the
// lines it completed.
func (s *State) placed(f Force) {
	p := *s.Flow.Placed
	s.tile(p).Force = &f
	s.Flow.Lines = nil
	for _, l := range lines(Options{DiagonalLines: true}) {
		if slices.Contains(l.Tiles(), p) && s.complete(l) {
			s.Flow.Lines = append(s.Flow.Lines, l)
		}
	}
	s.hint("hint.dc.place", map[string]any{"Tile": tileArg(p)})
	s.Flow.Next = PhaseAction
}

// adjacentHumans are the players' cards orthogonally next to p.
func (s *State) adjacentHumans(p Pos) []Pos {
	var out []Pos
	for _, q := range spiral.Neighbours(p, spiral.Up, spiral.Clockwise, Size, Size) {
		if human(s.tile(q).Force) {
			out = append(out, q)
		}
	}
	return out
}

// action is "Action Phase": next to a player's card, flip for Fight or Move
// Dragon (not on easier when the placement completed a line).
func (s *State) action(c ctx) {
	s.Phase = PhaseAction
	p := *s.Flow.Placed
	s.Flow.Next = c.afterAction()
	adj := s.adjacentHumans(p)
	if len(adj) == 0 {
		return
	}
	if c.setup.Difficulty == Easier && len(s.festivalLines(c)) > 0 {
		s.decide(Decision{Kind: "adjacency_skipped", Tile: posPtr(p), Reason: "reason.dc.action.easier_festival"})
		return
	}
	s.decide(Decision{Kind: "adjacency", Tile: posPtr(p), Reason: "reason.dc.action.adjacent", Args: map[string]any{"Count": len(adj)}})
	s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipAdjacency})
}

// festivalLines are the lines the placement completed that count under the
// rules in play (diagonals only with the option).
func (s *State) festivalLines(c ctx) []Line {
	var out []Line
	for _, l := range s.Flow.Lines {
		if l.Kind != Diagonal || c.setup.Rules.DiagonalLines {
			out = append(out, l)
		}
	}
	return out
}

// adjacencyCard is the adjacency flip's Action section.
func (s *State) adjacencyCard(card ActionCard) {
	s.Flow.Action = card.Action
	id := "reason.dc.action.fight"
	if card.Action == decklist.MoveDragon {
		id = "reason.dc.action.move_dragon"
	}
	s.decide(Decision{Kind: "action", Reason: id})
}

// dragonTargets are the players' cards the dragon may stomp: all but a
// face-up Dragon Slayer ("Moving the Dragon").
func (s *State) dragonTargets() (targets []Pos, slayers int) {
	for _, p := range allTiles() {
		f := s.tile(p).Force
		if !human(f) {
			continue
		}
		if f.FaceUp && f.Known && f.Slayer {
			slayers++
			continue
		}
		targets = append(targets, p)
	}
	return targets, slayers
}

// closest is the target the search from origin picks among targets, and the
// search's visiting order.
func closest(o Options, origin Pos, card ActionCard, targets []Pos) (Pos, []Pos) {
	order := spiral.Order(origin, card.Start, card.Turn, Size, Size)
	best, bestAt := Pos{}, -1
	for i, p := range order {
		if !slices.Contains(targets, p) {
			continue
		}
		if bestAt < 0 || o.Closest == ClosestSteps && spiral.Steps(origin, p) < spiral.Steps(origin, best) {
			best, bestAt = p, i
		}
		if o.Closest == ClosestSpiral {
			break
		}
	}
	return best, order
}

// dragon is "Moving the Dragon": on a Dragon Canyon tile, or when the
// adjacency card says so, the dragon stomps a player's card.
func (s *State) dragon(c ctx) {
	p := *s.Flow.Placed
	if s.Flow.DragonDone || !s.tile(p).Canyon && s.Flow.Action != decklist.MoveDragon {
		s.Flow.Next = c.afterDragon()
		return
	}
	why := "reason.dc.dragon.canyon"
	if !s.tile(p).Canyon {
		why = "reason.dc.dragon.card"
	}
	targets, slayers := s.dragonTargets()
	var target Pos
	d := Decision{Kind: "dragon_target", Tile: posPtr(p)}
	switch len(targets) {
	case 0:
		s.Flow.DragonDone, s.Flow.Next = true, c.afterDragon()
		id := "reason.dc.dragon.none"
		if slayers > 0 {
			id = "reason.dc.dragon.only_slayer"
		}
		s.decide(Decision{Kind: "dragon_stays", Tile: posPtr(p), Reason: id, Args: map[string]any{"WhyKey": why}})
		return
	case 1:
		target = targets[0]
		d.Reason, d.Args = "reason.dc.dragon.only_one", map[string]any{"WhyKey": why, "Tile": tileArg(target)}
	default:
		if s.Flow.Card == nil || c.setup.Rules.TiebreakFlip == TiebreakFresh && !s.Flow.Tiebreak {
			s.decide(Decision{Kind: "dragon_tiebreak", Tile: posPtr(p), Reason: "reason.dc.dragon.tiebreak_flip", Args: map[string]any{"WhyKey": why, "Count": len(targets)}})
			s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipTiebreak})
			return
		}
		card := *s.Flow.Card
		target, d.Order = closest(c.setup.Rules, p, card, targets)
		s.Search = &Search{From: p, Order: d.Order}
		d.Reason = "reason.dc.dragon.spiral"
		d.Args = map[string]any{"WhyKey": why, "Tile": tileArg(target), "Count": len(targets), "StartKey": dirKey(card.Start), "TurnKey": rotKey(card.Turn)}
	}
	d.Target = posPtr(target)
	s.decide(d)
	s.Flow.DragonFrom, s.Flow.DragonDone = posPtr(s.Dragon), true
	s.Dragon = target
	owner := s.tile(target).Force.Owner
	s.hint("hint.dc.dragon", map[string]any{"Tile": tileArg(target), "SeatKey": seatKey(owner)})
	s.Pending.Set(Step{Kind: StepStomp, Tile: posPtr(target), Player: owner})
}

// attack is "Battle": after a Fight card, the AI attacks the first of the
// players' adjacent cards in the card's tie-break scan.
func (s *State) attack(c ctx) {
	s.Flow.Next = c.afterFight()
	if s.Flow.Action != decklist.Fight || s.Flow.Fought {
		return
	}
	p, card := *s.Flow.Placed, *s.Flow.Card
	scan := spiral.Neighbours(p, card.Start, card.Turn, Size, Size)
	var target *Pos
	for _, q := range scan {
		if human(s.tile(q).Force) {
			target = posPtr(q)
			break
		}
	}
	s.Flow.Fought = true
	s.Search = &Search{From: p, Order: scan}
	if target == nil { // the stomp or a Dragon Slayer's return changed nothing here, but be safe
		s.decide(Decision{Kind: "fight_none", Tile: posPtr(p), Reason: "reason.dc.fight.none"})
		return
	}
	s.decide(Decision{Kind: "fight_target", Tile: posPtr(p), Target: target, Order: scan, Reason: "reason.dc.fight.target",
		Args: map[string]any{"Tile": tileArg(*target), "StartKey": dirKey(card.Start), "TurnKey": rotKey(card.Turn)}})
	s.Flow.Attacker, s.Flow.AITile, s.Flow.Target = SeatAI, posPtr(p), target
	s.Flow.Next = nextFight
	s.startFight()
}

// startFight turns both cards face-up and asks for what is unknown: the
// AI's physical card, then the player's strength.
func (s *State) startFight() {
	ai := s.tile(*s.Flow.AITile).Force
	ai.FaceUp = true
	s.tile(*s.Flow.Target).Force.FaceUp = true
	s.hint("hint.dc.fight_flip", map[string]any{"AI": tileArg(*s.Flow.AITile), "Tile": tileArg(*s.Flow.Target)})
	if !ai.Known {
		s.Pending.Set(Step{Kind: StepReveal, Purpose: StepFight, Tile: posPtr(*s.Flow.AITile)})
		return
	}
	s.Pending.Set(Step{Kind: StepFight, Tile: posPtr(*s.Flow.Target), Player: s.tile(*s.Flow.Target).Force.Owner})
}

// FightSide is one side's strength in a fight, part by part: its Force
// card, the AI's action card Strength section or the player's die, the
// card's fight ability (attacking or defending), and a Guard Tower's +2
// (0 when the side has none, the rule option leaves it out, or the other
// card cancels it: Cancelled).
type FightSide struct {
	Card      int  `json:"card"`
	Modifier  int  `json:"modifier"`
	Ability   int  `json:"ability,omitempty"`
	Tower     int  `json:"tower,omitempty"`
	Cancelled bool `json:"cancelled,omitempty"`
}

// Total is the side's strength.
func (f FightSide) Total() int { return f.Card + f.Modifier + f.Ability + f.Tower }

// towerBonus is what a Guard Tower gives in a fight.
const towerBonus = 2

// side is one side of the fight under way: its card (strength and ability),
// its modifier, whether it owns a Guard Tower, whether it attacks, and
// whether the other card cancels Guard Towers ("Game Play": a strength
// ability, the Guard Tower's cancelling included, is the only kind the AI
// uses).
func side(o Options, card int, ab Ability, modifier int, tower, attacking, cancelled bool) FightSide {
	f := FightSide{Card: card, Modifier: modifier, Ability: ab.For(attacking)}
	if tower && (!attacking || o.GuardTower == TowerAlways) {
		if cancelled {
			f.Cancelled = true
		} else {
			f.Tower = towerBonus
		}
	}
	return f
}

// fightSides are the AI's side and the player's in the fight under way,
// the player's card showing strength and ab and rolling bonus.
func (s *State) fightSides(o Options, strength int, ab Ability, bonus int) (ai, player FightSide) {
	f := s.Flow
	aiCard := s.tile(*f.AITile).Force
	seat := s.tile(*f.Target).Force.Owner
	owns := false
	if p := s.player(seat); p != nil {
		owns = contains(p.Buildings, decklist.GuardTower)
	}
	aiAttacks := f.Attacker == SeatAI
	ai = side(o, aiCard.Strength, aiCard.Ability, f.Card.Strength, contains(s.AI.Buildings, decklist.GuardTower), aiAttacks, ab.Tower)
	player = side(o, strength, ab, bonus, owns, !aiAttacks, aiCard.Ability.Tower)
	return ai, player
}

// AIStrength is the AI's strength in the fight under way as far as the app
// knows it before the player answers: its Force card, the current action
// card's Strength section, its card's ability and its Guard Tower (unless
// the player's card, if known, cancels it).
func (s *State) AIStrength(o Options) int {
	if s.Flow == nil || s.Flow.AITile == nil || s.Flow.Card == nil || s.Flow.Target == nil {
		return 0
	}
	pf := s.tile(*s.Flow.Target).Force
	var ab Ability
	if pf != nil && pf.Known {
		ab = pf.Ability
	}
	ai, _ := s.fightSides(o, 0, ab, 0)
	return ai.Total()
}

// discard sends the AI's card on p to its Force discards.
func (s *State) discardAI(p Pos) {
	f := s.tile(p).Force
	s.tile(p).Force = nil
	s.AI.Force.OnBoard--
	s.AI.Force.Discard++
	if f.Card != nil {
		s.AI.Force.Discards = append(s.AI.Force.Discards, *f.Card)
	}
}

// remove takes the card on p off the board.
func (s *State) remove(p Pos) {
	f := s.tile(p).Force
	if f == nil {
		return
	}
	if f.Owner == SeatAI {
		s.discardAI(p)
		return
	}
	s.tile(p).Force = nil
}

// harvest is "Harvest Phase": the festival of the lines the placement
// completed (if still complete), then gathering from face-down cards.
func (s *State) harvest(c ctx) {
	s.Phase = PhaseHarvest
	var done []Line
	for _, l := range s.festivalLines(c) {
		if !s.complete(l) {
			s.decide(Decision{Kind: "festival_broken", Reason: "reason.dc.harvest.broken", Args: map[string]any{"LineKey": "ui.dc.line." + l.Kind, "Index": l.Index}})
			continue
		}
		for _, p := range l.Tiles() {
			if f := s.tile(p).Force; f.Owner == SeatAI && !f.Known {
				s.Pending.Set(Step{Kind: StepReveal, Purpose: PhaseHarvest, Tile: posPtr(p)})
				return
			}
		}
		done = append(done, l)
	}
	for _, l := range done {
		s.festival(c, l)
	}
	if !c.setup.Rules.FestivalKeepsCards {
		for _, l := range done {
			for _, p := range l.Tiles() {
				s.remove(p)
			}
		}
	}
	s.Flow.Lines = nil
	s.gather()
	s.Flow.Next = PhaseClaim
}

// festival gives the AI what its cards in l harvest (its Dragon Slayer takes
// Bone) and tells the players to take theirs.
func (s *State) festival(c ctx, l Line) {
	var got Resources
	for _, p := range l.Tiles() {
		t := s.tile(p)
		if t.Force.Owner != SeatAI {
			continue
		}
		r := t.Resource
		if t.Force.Slayer {
			r = Bone
		}
		got.Add(r, t.Amount)
	}
	s.AI.Caravan = add(s.AI.Caravan, got)
	s.playersHarvest(l)
	s.decide(Decision{Kind: "festival_held", Reason: "reason.dc.harvest.festival",
		Args: withRes(map[string]any{"LineKey": "ui.dc.line." + l.Kind, "Index": l.Index, "Count": got.Total()}, got)})
	s.hint("hint.dc.festival", map[string]any{"LineKey": "ui.dc.line." + l.Kind, "Index": l.Index})
	if !c.setup.Rules.FestivalKeepsCards {
		s.hint("hint.dc.festival_clear", map[string]any{"LineKey": "ui.dc.line." + l.Kind, "Index": l.Index})
	}
}

// gather is "Gathering": the tiles under the AI's face-down cards, then its
// face-up cards turn face-down.
func (s *State) gather() {
	var got Resources
	turned := 0
	for _, p := range allTiles() {
		t := s.tile(p)
		if t.Force == nil || t.Force.Owner != SeatAI {
			continue
		}
		if t.Force.FaceUp {
			t.Force.FaceUp = false
			turned++
			continue
		}
		got.Add(t.Resource, t.Amount)
	}
	s.AI.Caravan = add(s.AI.Caravan, got)
	s.decide(Decision{Kind: "gather", Reason: "reason.dc.harvest.gather", Args: withRes(map[string]any{"Count": got.Total()}, got)})
	if turned > 0 {
		s.hint("hint.dc.turn_down", map[string]any{"Count": turned})
	}
}

func add(a, b Resources) Resources {
	return Resources{a.Wood + b.Wood, a.Food + b.Food, a.Stone + b.Stone, a.Bone + b.Bone}
}

// withRes adds resources to a message's arguments, one per resource.
func withRes(args map[string]any, r Resources) map[string]any {
	args["Wood"], args["Food"], args["Stone"], args["Bone"] = r.Wood, r.Food, r.Stone, r.Bone
	return args
}

// claim is "Claim Phase": a building for every Threshold resources, at most
// two, never two of a kind in a turn.
func (s *State) claim(c ctx) {
	s.Phase = PhaseClaim
	need := c.setup.Threshold()
	if len(s.Flow.Bought) >= 2 || s.AI.Stash.Total() < need {
		if len(s.Flow.Bought) == 0 {
			s.decide(Decision{Kind: "claim_none", Reason: "reason.dc.claim.short", Args: map[string]any{"Count": s.AI.Stash.Total(), "Need": need}})
		}
		s.Flow.Next = nextDone
		return
	}
	s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipPurchase})
}

// maxClaimFlips bounds the flips for one building: past it (every card shows
// a building it may not buy) the AI buys nothing more this turn.
const maxClaimFlips = 60

// buys says whether a purchase flip of card makes the AI buy its building.
func (s *State) buys(card ActionCard) bool {
	if len(s.Flow.Bought) == 1 && s.Flow.Bought[0] == card.Building {
		return false
	}
	st := s.stack(card.Building)
	return st != nil && st.Left > 0
}

// purchaseCard is a purchase flip: buy the building, or flip again.
func (s *State) purchaseCard(c ctx, card ActionCard) {
	b, _ := c.setup.building(card.Building)
	s.Flow.Flips++
	if !s.buys(card) {
		id := "reason.dc.claim.same"
		if !(len(s.Flow.Bought) == 1 && s.Flow.Bought[0] == card.Building) {
			id = "reason.dc.claim.empty_stack"
		}
		s.decide(Decision{Kind: "claim_again", Reason: id, Args: map[string]any{"Building": BuildingText(c.setup, b.ID)}})
		if s.Flow.Flips >= maxClaimFlips {
			s.decide(Decision{Kind: "claim_none", Reason: "reason.dc.claim.gave_up", Args: map[string]any{"Count": s.Flow.Flips}})
			s.Flow.Next = nextDone
			return
		}
		s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipPurchase})
		return
	}
	paid := s.pay(c.setup.Threshold())
	st := s.stack(card.Building)
	st.Left--
	s.AI.Buildings = append(s.AI.Buildings, card.Building)
	s.Flow.Bought = append(s.Flow.Bought, card.Building)
	s.Flow.Flips = 0
	s.decide(Decision{Kind: "claim_bought", Reason: "reason.dc.claim.bought",
		Args: withRes(map[string]any{"Building": BuildingText(c.setup, b.ID), "Count": paid.Total(), "Left": st.Left}, paid)})
	s.hint("hint.dc.building", map[string]any{"Building": BuildingText(c.setup, b.ID)})
	switch card.Building {
	case decklist.TrainingGround:
		s.hint("hint.dc.training_ground", nil)
	case decklist.TribalVillage:
		s.tribalVillage()
	}
	if st.Left == 0 {
		s.triggerEnd(c, SeatAI, card.Building)
	}
}

// pay returns the n least valuable resources of the stash to the pool.
func (s *State) pay(n int) Resources {
	var paid Resources
	for _, r := range ByValue {
		k := min(n, s.AI.Stash.Get(r))
		s.AI.Stash.Add(r, -k)
		paid.Add(r, k)
		n -= k
	}
	return paid
}

// tribalVillage is the Tribal Village's effect: the Force discards go back
// into the pile (a virtual deck's new order came with the event).
func (s *State) tribalVillage() {
	n := s.AI.Force.Discard
	s.AI.Force.Pile += n
	s.AI.Force.Discard = 0
	s.AI.Force.Discards = nil
	s.log("log.dc.tribal_village", map[string]any{"Count": n, "Pile": s.AI.Force.Pile})
	s.hint("hint.dc.tribal_village", nil)
}

// triggerEnd is "Game End": a stack has run out; every other seat has one
// more turn.
func (s *State) triggerEnd(c ctx, by, stack string) {
	if s.End != nil {
		return
	}
	seats := c.setup.Seats()
	i := slices.Index(seats, by)
	var left []string
	for k := 1; k < len(seats); k++ {
		left = append(left, seats[(i+k)%len(seats)])
	}
	s.End = &End{By: by, Stack: stack, Left: left}
	b, _ := c.setup.building(stack)
	s.log("log.dc.end_triggered", map[string]any{"Building": BuildingText(c.setup, b.ID), "SeatKey": seatKey(by), "Count": len(left)})
}

// passTurn moves to the next seat, or to the scoring once every seat has
// had its last turn.
func (s *State) passTurn(c ctx) {
	seats := c.setup.Seats()
	if s.End != nil {
		s.End.Left = slices.DeleteFunc(slices.Clone(s.End.Left), func(x string) bool { return x == s.Seat })
		if len(s.End.Left) == 0 {
			s.Seat, s.Phase = "", PhaseScoring
			s.Pending.Set(Step{Kind: StepScore})
			if c.setup.Players == 1 {
				// "Objective Scoring": the objectives' effects first, one by one.
				s.Pending.Set(Step{Kind: StepObjective, Objective: 1})
			}
			s.log("log.dc.game_over", nil)
			return
		}
		s.Seat = s.End.Left[0]
	} else {
		s.Seat = seats[(slices.Index(seats, s.Seat)+1)%len(seats)]
	}
	if s.Seat == SeatAI {
		s.Phase = PhaseWaiting
	} else {
		s.Phase = PhasePlayers
		s.playerStockpile(s.Seat) // "Stockpile Phase", as for the AI
	}
}
