package engine

// Seats let the players act from their own devices while the laptop stays
// the one writer. A device holding a seat sends an intent (the event it
// wants, its seat, the version of the game it saw, an id); the shell checks
// it with SeatMay, then applies it through the same Apply a tap on the
// laptop uses, so the game's gates decide alike for both. A seat's step is
// an ordinary event: the same steps taken on the laptop give the same log,
// event for event. Who took it is kept beside the record, never in it.

// Seat is a place at the table one device may take: a Dungeon Universalis
// hero, a Dragon Canyon player, a Dungeon Twister player.
type Seat struct {
	// ID is stable for the whole game (a hero's id, a player's number).
	ID string `json:"id"`
	// Name is what the players read: the name typed at setup, shown as
	// typed (a name, not a message).
	Name string `json:"name"`
}

// SeatAction is a step a seat may take now, for its device to offer: the
// event type, its label, the fields the seat itself fixes (its hero, its
// player) and those the player fills in.
type SeatAction struct {
	Type  string         `json:"type"`
	Label Message        `json:"label"`
	Fixed map[string]any `json:"fixed,omitempty"`
	// Fields are what the player gives, in order; the event is Fixed plus
	// these, under their names.
	Fields []SeatField `json:"fields,omitempty"`
}

// Kinds of SeatField.
const (
	FieldNumber = "number" // an integer between Min and Max
	FieldChoice = "choice" // one of Options
	FieldFlag   = "flag"   // true or false
	FieldText   = "text"   // a short text, at most Max characters
)

// SeatField is one thing a player fills in for a SeatAction.
type SeatField struct {
	// Name is the event's JSON field; a name with dots is a path into the
	// event, a number an index into a list ("dice.0", "fighters.0.name").
	Name    string       `json:"name"`
	Label   Message      `json:"label"`
	Kind    string       `json:"kind"`
	Min     int          `json:"min,omitempty"`
	Max     int          `json:"max,omitempty"`
	Options []SeatOption `json:"options,omitempty"`
	// Secret is a choice no other device may see until the game reveals
	// it (a Dungeon Twister combat card).
	Secret bool `json:"secret,omitempty"`
}

// SeatOption is one value a choice field takes.
type SeatOption struct {
	Value any     `json:"value"`
	Label Message `json:"label"`
}

// Seated is what a game implements when its players may act from their
// own devices. A shell asks for it with a type assertion
// (play.(engine.Seated)); a game without it has no seats.
type Seated interface {
	// Seats are the seats of the game now, in the table's order.
	Seats() []Seat
	// SeatActions are the steps seat may take now (each one Allowed now),
	// for its device to offer; none when it is not that seat's moment.
	SeatActions(seat string) []SeatAction
	// SeatMay refuses e, with a *RuleError naming why, when it is not seat's
	// to take (another hero's test, the ADP's step, a step only the laptop
	// takes); nil when it is. Whether e is legal now is Apply's to say.
	SeatMay(seat string, e Event) error
	// SeatView is the seat's own details besides the public view, as JSON:
	// nothing the players do not see at the table, and for a secret choice
	// only the seat's own.
	SeatView(seat string) ([]byte, error)
}
