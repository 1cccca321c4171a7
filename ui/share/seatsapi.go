package share

import (
	"encoding/json"
	"net/http"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// seatJSON is one seat as a device reads it: who holds it, never which
// other device.
type seatJSON struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Held string `json:"held"` // "you", "other" or "free"
}

type optionJSON struct {
	Value any    `json:"value"`
	Label string `json:"label"`
}

type fieldJSON struct {
	Name    string       `json:"name"`
	Label   string       `json:"label"`
	Kind    string       `json:"kind"`
	Min     int          `json:"min,omitempty"`
	Max     int          `json:"max,omitempty"`
	Options []optionJSON `json:"options,omitempty"`
	Secret  bool         `json:"secret,omitempty"`
}

type actionJSON struct {
	Type   string         `json:"type"`
	Label  string         `json:"label"`
	Fixed  map[string]any `json:"fixed,omitempty"`
	Fields []fieldJSON    `json:"fields,omitempty"`
}

// seatsJSON is GET /seats: what this device may know of the seats.
type seatsJSON struct {
	Game    int             `json:"game"`
	Module  string          `json:"module"`
	Device  int             `json:"device"`
	Seats   []seatJSON      `json:"seats"`
	Asked   string          `json:"asked,omitempty"`
	Seat    *engine.Seat    `json:"seat,omitempty"`
	Actions []actionJSON    `json:"actions,omitempty"`
	View    json.RawMessage `json:"view,omitempty"`
}

// serveSeats is GET /seats: the seats and who holds them (this device or
// another), and this device's seat with what it may do and see.
func (s *Server) serveSeats(w http.ResponseWriter, r *http.Request) {
	tr := translations.New(s.language(w, r))
	token, known := s.device(r)
	if !known {
		writeAnswer(w, tr, refusal(http.StatusUnauthorized, "share.intent.no_device", nil))
		return
	}
	snap := s.state.current()
	t := snap.table
	mine, asked := s.seats.seatOf(token), s.seats.askedBy(token)
	out := seatsJSON{Game: t.Version, Module: snap.module, Device: s.access.numberOf(token), Seats: []seatJSON{}}
	if _, ok := t.seatOf(asked); ok {
		out.Asked = asked
	}
	for _, sn := range t.Seats {
		sj := seatJSON{ID: sn.Seat.ID, Name: sn.Seat.Name, Held: "free"}
		if sn.Seat.ID == mine {
			sj.Held = "you"
			seat := sn.Seat
			out.Seat, out.Actions = &seat, renderActions(tr, sn.Actions)
			if len(sn.View) > 0 && json.Valid(sn.View) {
				out.View = sn.View
			}
		} else if s.seats.heldByAnother(sn.Seat.ID, token) {
			sj.Held = "other"
		}
		out.Seats = append(out.Seats, sj)
	}
	writeJSON(w, http.StatusOK, out)
}

// renderActions words the actions' labels in tr's language: the page never
// translates a message id.
func renderActions(tr *translations.Translator, actions []engine.SeatAction) []actionJSON {
	out := make([]actionJSON, 0, len(actions))
	for _, a := range actions {
		aj := actionJSON{Type: a.Type, Label: tr.T(a.Label.ID, a.Label.Args), Fixed: a.Fixed}
		for _, f := range a.Fields {
			fj := fieldJSON{Name: f.Name, Label: tr.T(f.Label.ID, f.Label.Args), Kind: f.Kind, Min: f.Min, Max: f.Max, Secret: f.Secret}
			for _, o := range f.Options {
				fj.Options = append(fj.Options, optionJSON{Value: o.Value, Label: tr.T(o.Label.ID, o.Label.Args)})
			}
			aj.Fields = append(aj.Fields, fj)
		}
		out = append(out, aj)
	}
	return out
}

// heldByAnother says whether seat id is held by a device other than token's.
func (st *seating) heldByAnother(id, token string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	h := st.holderOf(id)
	return h != "" && h != token
}

// seatAsk is POST /seat's body.
type seatAsk struct {
	Seat string `json:"seat"`
}

// serveSeat is POST /seat: a device asks for a seat (the laptop approves),
// or, with "", leaves its seat or its request.
func (s *Server) serveSeat(w http.ResponseWriter, r *http.Request) {
	tr := translations.New(s.language(w, r))
	token, ok := s.acting(w, r, tr)
	if !ok {
		return
	}
	body, bad := readBody[seatAsk](r)
	if bad != nil {
		writeAnswer(w, tr, *bad)
		return
	}
	if body.Seat != "" {
		if _, ok := s.state.table().seatOf(body.Seat); !ok {
			writeAnswer(w, tr, refusal(http.StatusBadRequest, "share.seat.unknown", nil))
			return
		}
	}
	if !s.seats.ask(token, body.Seat) {
		writeAnswer(w, tr, refusal(http.StatusConflict, "share.seat.taken", nil))
		return
	}
	s.seatsChanged()
	status := "asked"
	if body.Seat == "" {
		status = "left"
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"status": status})
}
