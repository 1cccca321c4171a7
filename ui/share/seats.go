package share

import (
	"slices"
	"sync"

	"github.com/dunconductor/conductor/core/engine"
)

// Table is the open game as its seats see it, given with each view
// (PublishGame). The page never reads the game itself: /seats answers from
// the newest Table.
type Table struct {
	// Game is the store's id of the game: the seats are freed when the
	// laptop opens another game.
	Game int64
	// Version is the game's version: how many records its log holds.
	Version int
	// Seats are the game's seats now, each with what it may do and see;
	// none for a game without seats.
	Seats []SeatNow
	// Events decode the seats' intents (the game's Play.Events()).
	Events *engine.Registry
}

// SeatNow is one seat, its actions now and its own view (engine.Seated).
type SeatNow struct {
	Seat    engine.Seat
	Actions []engine.SeatAction
	View    []byte // JSON; nil for none
}

// seatOf is the seat id's SeatNow in t.
func (t *Table) seatOf(id string) (SeatNow, bool) {
	for _, s := range t.Seats {
		if s.Seat.ID == id {
			return s, true
		}
	}
	return SeatNow{}, false
}

// Holder is one seat as the laptop's dialog shows it.
type Holder struct {
	Seat   engine.Seat
	Device int // the device holding it, 0 when free
}

// Ask is a device waiting for a seat.
type Ask struct {
	Device int
	Seat   engine.Seat
}

// Seating is who holds which seat, for the laptop: every seat of the open
// game, the requests waiting, and the devices in (by number).
type Seating struct {
	Seats   []Holder
	Asks    []Ask
	Devices []int
}

// seating binds seats to device tokens: one seat per device, one device
// per seat. A device asks; the laptop approves, refuses, gives, frees or
// moves. It lives as long as the sharing, and is cleared when the game
// changes.
type seating struct {
	mu      sync.Mutex
	game    int64
	held    map[string]string // token → seat id
	asked   map[string]string // token → seat id asked for
	changes int               // counts changes, for the streams
	notify  func()            // the laptop's, called on a goroutine
}

func (st *seating) init() {
	st.held = map[string]string{}
	st.asked = map[string]string{}
}

// changed counts a change and tells the laptop; st.mu is held.
func (st *seating) changed() {
	st.changes++
	if f := st.notify; f != nil {
		go f()
	}
}

// newTable frees every seat when the game changed, and the seats the game
// no longer has.
func (st *seating) newTable(t *Table) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	moved := false
	if t.Game != st.game {
		st.game = t.Game
		moved = len(st.held) > 0 || len(st.asked) > 0
		clear(st.held)
		clear(st.asked)
	}
	for _, m := range []map[string]string{st.held, st.asked} {
		for tok, id := range m {
			if _, ok := t.seatOf(id); !ok {
				delete(m, tok)
				moved = true
			}
		}
	}
	if moved {
		st.changed()
	}
	return moved
}

// seatOf is the seat token's device holds, "" for none.
func (st *seating) seatOf(token string) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.held[token]
}

// askedBy is the seat token's device asked for, "" for none.
func (st *seating) askedBy(token string) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.asked[token]
}

// holderOf is the token holding seat id, "" when it is free.
func (st *seating) holderOf(id string) string {
	for tok, s := range st.held {
		if s == id {
			return tok
		}
	}
	return ""
}

// ask records token's request for seat id ("" cancels a request and leaves
// the seat held); false when another device holds the seat.
func (st *seating) ask(token, id string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if id == "" {
		_, had := st.held[token]
		_, asked := st.asked[token]
		delete(st.held, token)
		delete(st.asked, token)
		if had || asked {
			st.changed()
		}
		return true
	}
	if h := st.holderOf(id); h != "" && h != token {
		return false
	}
	if st.held[token] == id || st.asked[token] == id {
		return true
	}
	st.asked[token] = id
	st.changed()
	return true
}

// give seats token's device at seat id: its own seat and request end, and
// the seat's holder, if another, loses it.
func (st *seating) give(token, id string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if h := st.holderOf(id); h != "" {
		delete(st.held, h)
	}
	delete(st.asked, token)
	for tok, a := range st.asked {
		if a == id {
			delete(st.asked, tok) // the seat is taken: other requests for it end
		}
	}
	st.held[token] = id
	st.changed()
}

// refuse ends token's request.
func (st *seating) refuse(token string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if _, ok := st.asked[token]; ok {
		delete(st.asked, token)
		st.changed()
	}
}

// free frees seat id.
func (st *seating) free(id string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if h := st.holderOf(id); h != "" {
		delete(st.held, h)
		st.changed()
	}
}

// forget drops a device whose token is no longer known.
func (st *seating) forget(token string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	_, had := st.held[token]
	_, asked := st.asked[token]
	delete(st.held, token)
	delete(st.asked, token)
	if had || asked {
		st.changed()
	}
}

// count is how many changes there were: a stream that saw fewer says so.
func (st *seating) count() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.changes
}

// Seating is who holds which seat of the open game now, and who waits.
func (s *Server) Seating() Seating {
	t := s.state.table()
	numbers := s.access.numbers()
	s.seats.mu.Lock()
	defer s.seats.mu.Unlock()
	var out Seating
	for _, sn := range t.Seats {
		h := Holder{Seat: sn.Seat}
		if tok := s.seats.holderOf(sn.Seat.ID); tok != "" {
			h.Device = numbers[tok]
		}
		out.Seats = append(out.Seats, h)
	}
	for tok, id := range s.seats.asked {
		if sn, ok := t.seatOf(id); ok && numbers[tok] > 0 {
			out.Asks = append(out.Asks, Ask{Device: numbers[tok], Seat: sn.Seat})
		}
	}
	slices.SortFunc(out.Asks, func(a, b Ask) int { return a.Device - b.Device })
	for _, n := range numbers {
		out.Devices = append(out.Devices, n)
	}
	slices.Sort(out.Devices)
	return out
}

// OnSeating has f called, on a goroutine of the server's, whenever the
// seating changes (a request comes, a seat is given or freed).
func (s *Server) OnSeating(f func()) {
	s.seats.mu.Lock()
	s.seats.notify = f
	s.seats.mu.Unlock()
}

// Give seats device at seat (the laptop approving a request, giving a seat,
// or moving one): the device's seat before and the seat's holder before, if
// any, are freed. False when no such device or seat is in.
func (s *Server) Give(seat string, device int) bool {
	tok := s.access.tokenOf(device)
	t := s.state.table()
	if _, ok := t.seatOf(seat); !ok || tok == "" {
		return false
	}
	s.seats.give(tok, seat)
	s.seatsChanged()
	return true
}

// Refuse ends device's request for a seat.
func (s *Server) Refuse(device int) {
	if tok := s.access.tokenOf(device); tok != "" {
		s.seats.refuse(tok)
		s.seatsChanged()
	}
}

// Free frees seat: its device holds no seat any more.
func (s *Server) Free(seat string) {
	s.seats.free(seat)
	s.seatsChanged()
}

// seatsChanged tells every stream to send a seats event.
func (s *Server) seatsChanged() { s.events.wakeAll() }
