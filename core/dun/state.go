package dun

import (
	"fmt"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// State is derived: it is only ever produced by replaying a Setup and its
// events. Handlers append to its slices and never edit earlier elements, so a
// State copied by value stays valid when the copy moves on.
type State struct {
	Turn         int        `json:"turn"`
	Reserve      int        `json:"reserve"`
	Achievements int        `json:"achievements"`
	Rolls        int        `json:"rolls"`
	LastRoll     *Roll      `json:"last_roll,omitempty"`
	Decks        Decks      `json:"decks"`
	Difficulty   Difficulty `json:"difficulty"`
	Leader       Leader     `json:"leader"`
	// Pending are the steps of the ADP's card flow still to resolve, the
	// first one now. While any is pending, only the events it asks for apply.
	Pending   engine.Steps[Step] `json:"pending"`
	Sustained []SustainedCard    `json:"sustained"`
	MainRoom  bool               `json:"main_room"` // the Main Room has been revealed
	// Initiative is the last Initiative roll's result; LastTest the last test's.
	Initiative *InitiativeResult `json:"initiative,omitempty"`
	LastTest   *TestResult       `json:"last_test,omitempty"`
	// Creatures are the ADP's creatures on the board, in the order placed;
	// ActivationOrder their ids in the order they act.
	Party     []PartyHero `json:"party,omitempty"` // the heroes, when the setup names them
	Creatures []Creature  `json:"creatures"`
	// Spawned counts the creatures spawns placed, by faction profile, so
	// each gets its own number.
	Spawned map[string]int `json:"spawned,omitempty"`
	// Picks are the creatures random picks chose among tied ones, by purpose.
	Picks           map[string]string `json:"picks,omitempty"`
	ActivationOrder []string          `json:"activation_order"`
	CombatTurn      bool              `json:"combat_turn"` // an ADP combat turn is under way
	// With a quest: the sections revealed, the hidden texts shown, the
	// elements found and the conditions met, each in the order it happened.
	Revealed []string `json:"revealed,omitempty"`
	// ReadAloud is every text read so far, sections' and hidden ones, in
	// the order they came ("section:<id>", "text:<id>").
	ReadAloud []string `json:"read_aloud,omitempty"`
	// Shut are the hidden sections whose exit an Obstacle shut: breaking
	// the door down is what is left.
	Shut          []string `json:"shut,omitempty"`
	TextsShown    []string `json:"texts_shown,omitempty"`
	Found         []string `json:"found,omitempty"`
	ConditionsMet []string `json:"conditions_met,omitempty"`
	// Hint is a step for the Conductor to carry out on the board after the
	// last event (placing spawned creatures, say); the next event clears it.
	// Due is the step the rules require next (see dueStep); InitiativeDue
	// and ADPTurnDue say what the last events left to do.
	Due           *Due `json:"due,omitempty"`
	InitiativeDue bool `json:"initiative_due,omitempty"`
	ADPTurnDue    bool `json:"adp_turn_due,omitempty"`
	// EnemiesNear is the table's last answer to "is any hero 12 squares or
	// less from an enemy?" (combat_range); nil when not asked since a new
	// turn or new enemies cleared it. Yes: a combat turn, and the ADP's
	// combat turn follows the heroes'; no: an exploration turn.
	EnemiesNear *bool `json:"enemies_near,omitempty"`
	// ClosestEnemy is the new enemy the table named closest to the heroes,
	// whose Perception rolls the due combat Initiative (initiativeroll.go).
	ClosestEnemy string `json:"closest_enemy,omitempty"`
	// InitiativeContext and InitiativeBrokenDoor are the due Initiative's
	// situation, from the flow that placed the new enemies (table flow):
	// "exploration" or "combat", and whether the heroes broke the door down.
	InitiativeContext    string `json:"initiative_context,omitempty"`
	InitiativeBrokenDoor bool   `json:"initiative_broken_door,omitempty"`
	// Unlocked are the sections whose locked door a quest's text opened: a
	// plain door from then on (table flow).
	Unlocked []string `json:"unlocked,omitempty"`
	// LeaderGone says the Leader left the board (slain, crumbled or taken
	// off): what a quest's text has it do (recover Vitality each turn)
	// ends with it, until a Leader is placed again.
	LeaderGone bool `json:"leader_gone,omitempty"`
	// Reading are the texts the last reveal, find or condition brought
	// (entries of ReadAloud, in order): the card shows them to read aloud
	// until the next turn or the next exit opened, or newer texts.
	Reading []string `json:"reading,omitempty"`
	// Arrivals are the creatures placed while that Initiative is due: in
	// the ADP's combat turn they wait for the next one if they lose it.
	Arrivals []string `json:"arrivals,omitempty"`
	// InitiativeHeroRoll is the heroes' side of the due Initiative, rolled
	// by a hero before the ADP's (initiativehero.go).
	InitiativeHeroRoll *HeroRoll `json:"initiative_hero_roll,omitempty"`
	// MissionAccomplished and QuestOver: how the quest stands at its end.
	MissionAccomplished bool       `json:"mission_accomplished,omitempty"`
	QuestOver           *QuestOver `json:"quest_over,omitempty"`
	// Tried are the once-only actions tried, as "action:door or chest".
	Tried []string `json:"tried,omitempty"`
	// Declared are the doors and chests a hero declared opening, their
	// Obstacle roll made ("exit:<section>", "element:<chest>"); Breaking
	// those being broken down; Trapped the chests a trap guards until it is
	// disarmed; SafeZone the heroes who had the roll for leaving a safe
	// zone this turn; DoorTurns the turns spent on the last door broken
	// down (doors.go).
	Declared  []string `json:"declared,omitempty"`
	Breaking  []Break  `json:"breaking,omitempty"`
	Trapped   []string `json:"trapped,omitempty"`
	SafeZone  []string `json:"safe_zone,omitempty"`
	DoorTurns int      `json:"door_turns,omitempty"`

	Hint   *Hint        `json:"hint,omitempty"`
	Ledger []LedgerLine `json:"ledger"`

	// logged is what the event being applied did; the engine keeps it with
	// the event's record, not in the state.
	logged []engine.Message
	// owned is the first element of the Creatures array this state made
	// and shares with no other state (engine.Owner): a creature's flags are
	// written into it in place instead of copying the roster (flags).
	owned *Creature
	// inPlace says the event being applied wrote into that array; the
	// rules take it when the event is done (rules.Untouched).
	inPlace bool
}

// Hint is a message ID with arguments.
type Hint struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// Roll is a recorded roll of the dice.
type Roll struct {
	Dice   dice.Kind   `json:"dice"`
	Faces  []int       `json:"faces,omitempty"`
	Symbol dice.Symbol `json:"symbol,omitempty"`
}

// LedgerLine is one change of the ADP's reserve points and why. Seq is the
// event that made it (0 for the setup). Balance is the reserve after it.
type LedgerLine struct {
	Seq     int    `json:"seq"`
	Delta   int    `json:"delta"`
	Reason  string `json:"reason"`
	Balance int    `json:"balance"`
}

// LogEntry says, as a message ID with arguments, what an event did. Argument
// names ending in "Key" hold message IDs that are translated too.
type LogEntry = engine.LogEntry

// Clone copies s so that the result shares nothing with it.
func (s State) Clone() State { return engine.DeepCopy(s) }

// LedgerKept is how many of the newest reserve changes the state keeps. The
// whole story is in the events and their log; a ledger that grew with the
// game made every state, snapshot and script line grow with it.
const LedgerKept = 50

// post adds a ledger line and moves the reserve with it, so the reserve is
// always the last line's balance. The oldest line beyond LedgerKept goes
// (a reslice: earlier elements are never written).
func (s *State) post(seq, delta int, reason string) {
	s.Reserve += delta
	s.Ledger = append(s.Ledger, LedgerLine{Seq: seq, Delta: delta, Reason: reason, Balance: s.Reserve})
	if n := len(s.Ledger); n > LedgerKept {
		s.Ledger = s.Ledger[n-LedgerKept:]
	}
}

// checkLedger says whether the ledger agrees with itself and the reserve:
// each line's balance is the one before plus its delta, and the last is the
// reserve. A snapshot that fails it is not trusted.
func checkLedger(s *State) error {
	if len(s.Ledger) == 0 {
		return fmt.Errorf("the ledger is empty")
	}
	for i, l := range s.Ledger[1:] {
		if l.Balance != s.Ledger[i].Balance+l.Delta {
			return fmt.Errorf("ledger line %d: %d + %d is not %d", i+2, s.Ledger[i].Balance, l.Delta, l.Balance)
		}
	}
	if last := s.Ledger[len(s.Ledger)-1]; last.Balance != s.Reserve {
		return fmt.Errorf("the ledger ends at %d, the reserve is %d", last.Balance, s.Reserve)
	}
	return nil
}

func (s *State) log(_ int, id string, args map[string]any) {
	s.logged = append(s.logged, engine.Message{ID: id, Args: args})
}

// takeLog hands over what the last event logged.
func (s *State) takeLog() []engine.Message {
	l := s.logged
	s.logged = nil
	return l
}

// initialState applies the ADP setup ("Setup", steps 2 and 3): the reserve
// starts at the group's VP, then the Leader's VP is paid from it.
func initialState(setup Setup) State {
	s := State{
		Decks:           buildDecks(setup),
		Difficulty:      difficultyFor(setup),
		Leader:          Leader{ExtraActions: leaderActions(setup)},
		Pending:         []Step{},
		Sustained:       []SustainedCard{},
		Creatures:       []Creature{},
		Party:           withIDs(setup.Party),
		ActivationOrder: []string{},
	}
	s.post(0, setup.GroupVP, "reason.group_vp")
	s.post(0, -setup.LeaderVP, "reason.leader_paid")
	s.log(0, "log.setup", map[string]any{"GroupVP": setup.GroupVP, "LeaderVP": setup.LeaderVP, "Reserve": s.Reserve, "Heroes": setup.Heroes})
	if q := setup.QuestData; q != nil {
		// The heroes start in a section they can see.
		s.reveal(0, setup, q.Start().ID)
	}
	return s
}
