package core

import "encoding/json"

// Prompt tells the Conductor what happens next, as a message ID with
// arguments, and the choices that can answer it (each one an event).
type Prompt struct {
	ID      string         `json:"id"`
	Args    map[string]any `json:"args,omitempty"`
	Choices []Choice       `json:"choices,omitempty"`
}

// Choice is a labelled event the Conductor can apply.
type Choice struct {
	ID    string
	Args  map[string]any
	Event Event
}

// MarshalJSON writes the choice's event with its "type".
func (c Choice) MarshalJSON() ([]byte, error) {
	ev, err := EncodeEvent(c.Event)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		ID    string          `json:"id"`
		Args  map[string]any  `json:"args,omitempty"`
		Event json.RawMessage `json:"event"`
	}{c.ID, c.Args, ev})
}

// Prompts says what the Conductor should do now.
func (g *Game) Prompts() []Prompt {
	s, setup := g.state, g.setup
	next := Choice{ID: "choice.new_turn", Args: map[string]any{"Turn": s.Turn + 1}, Event: &NewTurn{}}
	if s.Turn == 0 {
		// Setup steps 2 and 3: the physical counter must match the app's.
		return []Prompt{{
			ID:      "prompt.setup.counter",
			Args:    map[string]any{"GroupVP": setup.GroupVP, "LeaderVP": setup.LeaderVP, "Reserve": s.Reserve},
			Choices: []Choice{next},
		}}
	}
	var ps []Prompt
	if setup.Conductor == ConductorRotating && s.Turn > 1 {
		// "Rotating Conductor": the role passes clockwise at the end of each turn.
		ps = append(ps, Prompt{ID: "prompt.conductor.pass", Args: map[string]any{"Turn": s.Turn}})
	}
	ps = append(ps, Prompt{
		ID:      "prompt.turn.running",
		Args:    map[string]any{"Turn": s.Turn, "Achievements": s.Achievements},
		Choices: []Choice{next},
	})
	return ps
}
