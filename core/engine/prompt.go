package engine

import "encoding/json"

// Prompt tells the Conductor what happens next, as a message ID with
// arguments, and the choices that can answer it (each one an event). Input
// names what the Conductor types in when no fixed choice answers it; the
// module defines its inputs. Style says how the UI sets it apart.
type Prompt struct {
	ID      string         `json:"id"`
	Args    map[string]any `json:"args,omitempty"`
	Choices []Choice       `json:"choices,omitempty"`
	Input   string         `json:"input,omitempty"`
	Style   string         `json:"style,omitempty"`
	// Ruling is the id of the ruling the prompt applies (see Rulings), for
	// a "Why?" beside it; empty when it cites none.
	Ruling string `json:"ruling,omitempty"`
}

// Prompt styles.
const (
	StyleHint = "hint" // something to do on the board now
	StyleStep = "step" // one item of a checklist
)

// Choice is a labelled event the Conductor can apply.
type Choice struct {
	ID    string
	Args  map[string]any
	Event Event
}

// MarshalJSON writes the choice's event with its "type".
func (c Choice) MarshalJSON() ([]byte, error) {
	ev, err := Encode(c.Event)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		ID    string          `json:"id"`
		Args  map[string]any  `json:"args,omitempty"`
		Event json.RawMessage `json:"event"`
	}{c.ID, c.Args, ev})
}

// Message is a message ID with arguments: a line of a log, a hint, an item
// of a saved game's summary.
type Message struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}
