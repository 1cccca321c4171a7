// Package seatstest is the laptop of the games' seats tests in a browser:
// a game that takes the phones' intents as the shell does (a duplicate id
// answered once, a stale version refused, SeatMay, then the game's own
// gates) and publishes its view and seats after each step. Tests only; no
// program imports it.
package seatstest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// Game is what the laptop plays: a game with seats and a public view.
type Game interface {
	engine.Seated
	engine.Public
	Module() string
	Events() *engine.Registry
	Records() []engine.Record
	Apply(engine.Event) (engine.Record, error)
}

// Laptop plays G for the phones of srv. Hold its lock to read G while the
// phones may be stepping.
type Laptop[G Game] struct {
	sync.Mutex
	G   G
	srv *share.Server
	ids map[string]int // intent id → the record it made
}

// New has g played by a laptop for srv's phones, its view published.
func New[G Game](g G, srv *share.Server) *Laptop[G] {
	l := &Laptop[G]{G: g, srv: srv, ids: map[string]int{}}
	srv.SetLaptop(l)
	l.publish()
	return l
}

func (l *Laptop[G]) publish() {
	view, _ := l.G.PublicJSON()
	tb := share.Table{Game: 1, Version: len(l.G.Records()), Events: l.G.Events()}
	for _, s := range l.G.Seats() {
		v, _ := l.G.SeatView(s.ID)
		tb.Seats = append(tb.Seats, share.SeatNow{Seat: s, Actions: l.G.SeatActions(s.ID), View: v})
	}
	l.srv.PublishGame(l.G.Module(), view, tb)
}

// Apply takes a phone's intent as the shell does.
func (l *Laptop[G]) Apply(in share.Intent) share.Answer {
	l.Lock()
	defer l.Unlock()
	if seq, ok := l.ids[in.ID]; ok {
		return share.Answer{Status: share.StatusDuplicate, Seq: seq}
	}
	if in.Version != len(l.G.Records()) {
		return share.Answer{Status: share.StatusStale, Version: len(l.G.Records())}
	}
	if err := l.G.SeatMay(in.Seat.ID, in.Event); err != nil {
		return share.Answer{Status: share.StatusRefused, Err: err, Version: len(l.G.Records())}
	}
	r, err := l.G.Apply(in.Event)
	if err != nil {
		return share.Answer{Status: share.StatusRefused, Err: err, Version: len(l.G.Records())}
	}
	l.ids[in.ID] = r.Seq
	l.publish()
	return share.Answer{Status: share.StatusApplied, Seq: r.Seq, Version: len(l.G.Records())}
}

// Saved says which record intent id made, if it was applied.
func (l *Laptop[G]) Saved(_ int64, id string) (int, bool) {
	l.Lock()
	defer l.Unlock()
	seq, ok := l.ids[id]
	return seq, ok
}

// Records is how many records the game has now.
func (l *Laptop[G]) Records() int {
	l.Lock()
	defer l.Unlock()
	return len(l.G.Records())
}

// TakeSeat signs the phone in ctx in, in lang, taps seat on its page and
// has the laptop give it, waiting until the phone holds it.
func TakeSeat(t *testing.T, ctx context.Context, srv *share.Server, seat, lang string) {
	t.Helper()
	sharetest.SignIn(t, ctx, srv, lang)
	sharetest.Until(t, ctx, "the seats", `document.querySelector('#seats [data-seat="`+seat+`"]') !== null`, 10*time.Second)
	sharetest.Do(t, ctx, chromedp.Click(chromedp.CSS(`#seats [data-seat="`+seat+`"]`)))
	give(t, srv, seat)
	sharetest.Until(t, ctx, "the seat taken", `document.getElementById('seat-yours') !== null`, 10*time.Second)
}

// give has the laptop approve the request for seat, once it comes.
func give(t *testing.T, srv *share.Server, seat string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, a := range srv.Seating().Asks {
			if a.Seat.ID == seat {
				if !srv.Give(seat, a.Device) {
					t.Fatalf("the laptop could not give seat %s", seat)
				}
				return
			}
		}
	}
	t.Fatalf("no request for seat %s", seat)
}
