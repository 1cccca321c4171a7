package core

// State is derived: it is only ever produced by replaying a Setup and its
// events. Handlers append to its slices and never edit earlier elements, so a
// State copied by value stays valid when the copy moves on.
type State struct {
	Turn         int          `json:"turn"`
	Reserve      int          `json:"reserve"`
	Achievements int          `json:"achievements"`
	Rolls        int          `json:"rolls"`
	LastRoll     *Roll        `json:"last_roll,omitempty"`
	Ledger       []LedgerLine `json:"ledger"`
	Log          []LogEntry   `json:"log"`
}

// Roll is a recorded roll of the dice.
type Roll struct {
	Dice   Dice   `json:"dice"`
	Faces  []int  `json:"faces"`
	Symbol Symbol `json:"symbol,omitempty"`
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
type LogEntry struct {
	Seq  int            `json:"seq"`
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// Clone copies the slices so the result shares no backing array with s.
func (s State) Clone() State {
	s.Ledger = append([]LedgerLine(nil), s.Ledger...)
	s.Log = append([]LogEntry(nil), s.Log...)
	if s.LastRoll != nil {
		r := *s.LastRoll
		r.Faces = append([]int(nil), r.Faces...)
		s.LastRoll = &r
	}
	return s
}

// post adds a ledger line and moves the reserve with it, so the reserve is
// always the sum of the ledger.
func (s *State) post(seq, delta int, reason string) {
	s.Reserve += delta
	s.Ledger = append(s.Ledger, LedgerLine{Seq: seq, Delta: delta, Reason: reason, Balance: s.Reserve})
}

func (s *State) log(seq int, id string, args map[string]any) {
	s.Log = append(s.Log, LogEntry{Seq: seq, ID: id, Args: args})
}

// initialState applies the ADP setup ("Setup", steps 2 and 3): the reserve
// starts at the group's VP, then the Leader's VP is paid from it.
func initialState(setup Setup) State {
	var s State
	s.post(0, setup.GroupVP, "reason.group_vp")
	s.post(0, -setup.LeaderVP, "reason.leader_paid")
	s.log(0, "log.setup", map[string]any{"GroupVP": setup.GroupVP, "LeaderVP": setup.LeaderVP, "Reserve": s.Reserve, "Heroes": setup.Heroes})
	return s
}
