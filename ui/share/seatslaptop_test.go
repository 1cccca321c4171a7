package share_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
)

// seatsEvents are the events of a game of these tests only: its one event,
// a step, names the seat that takes it. The server decodes intents with
// the registry the laptop gives it.
// Step is seatsModule's event.
type Step struct {
	Seat string `json:"seat"`
	N    int    `json:"n"`
}

func (*Step) Type() string { return "seatstest.step" }

var seatsEvents = engine.NewRegistry(func() engine.Event { return &Step{} })

// saved is the test laptop's store: the steps saved with the intent id and
// seat of each, which outlives a laptop (the app restarting).
type saved struct {
	mu    sync.Mutex
	steps []string       // "seat:n", in order
	ids   map[string]int // intent id → seq
}

func newSaved() *saved { return &saved{ids: map[string]int{}} }

func (s *saved) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.steps)
}

// laptop is a Laptop as the shell's: it applies intents one at a time on
// its own thread (the window's), checking the version, the id, the seat
// (SeatMay) and the game's gate (a step of n < 0 is refused), then saves
// and publishes the game's new version.
type laptop struct {
	srv   *share.Server
	store *saved
	seats []engine.Seat
	do    chan func() // the window's thread
	// hold, when set, is waited on after the step is saved (save=true) or
	// before (save=false): the app killed in the middle of an intent.
	hold chan struct{}
	save bool
}

func newLaptop(t testing.TB, srv *share.Server, store *saved, seats ...string) *laptop {
	l := &laptop{srv: srv, store: store, do: make(chan func())}
	for _, name := range seats {
		l.seats = append(l.seats, engine.Seat{ID: strings.ToLower(name[:1]) + "1", Name: name})
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-l.do:
				f()
			case <-done:
				return
			}
		}
	}()
	t.Cleanup(func() { close(done) })
	srv.SetLaptop(l)
	l.onThread(l.publish)
	return l
}

func (l *laptop) onThread(f func()) {
	ch := make(chan struct{})
	l.do <- func() { f(); close(ch) }
	<-ch
}

// publish gives the server the game's view and seats, as the shell does
// after every step.
func (l *laptop) publish() {
	l.store.mu.Lock()
	version := len(l.store.steps)
	view, _ := json.Marshal(map[string]any{"steps": l.store.steps})
	l.store.mu.Unlock()
	t := share.Table{Game: 1, Version: version, Events: seatsEvents}
	for _, s := range l.seats {
		t.Seats = append(t.Seats, share.SeatNow{Seat: s,
			Actions: []engine.SeatAction{{Type: "seatstest.step", Label: engine.Message{ID: "share.page.seats.send"}, Fixed: map[string]any{"seat": s.ID},
				Fields: []engine.SeatField{{Name: "n", Label: engine.Message{ID: "share.page.seats.title"}, Kind: engine.FieldNumber, Min: 0, Max: 9}}}},
			View: []byte(fmt.Sprintf(`{"secret":"only %s sees this"}`, s.Name))})
	}
	l.srv.PublishGame("seatstest", view, t)
}

func (l *laptop) Apply(in share.Intent) share.Answer {
	var a share.Answer
	l.onThread(func() { a = l.apply(in) })
	return a
}

func (l *laptop) apply(in share.Intent) share.Answer {
	st := l.store
	st.mu.Lock()
	if seq, ok := st.ids[in.ID]; ok {
		st.mu.Unlock()
		return share.Answer{Status: share.StatusDuplicate, Seq: seq}
	}
	if in.Version != len(st.steps) {
		st.mu.Unlock()
		return share.Answer{Status: share.StatusStale, Version: len(st.steps)}
	}
	e := in.Event.(*Step)
	if e.Seat != in.Seat.ID { // SeatMay
		st.mu.Unlock()
		return share.Answer{Status: share.StatusRefused, Err: engine.Refuse("share.intent.not_your_seat", nil)}
	}
	if e.N < 0 { // the game's gate
		st.mu.Unlock()
		return share.Answer{Status: share.StatusRefused, Err: engine.Refuse("share.intent.bad_event", nil)}
	}
	if l.hold != nil && !l.save {
		st.mu.Unlock()
		<-l.hold
		return share.Answer{}
	}
	st.steps = append(st.steps, fmt.Sprintf("%s:%d", e.Seat, e.N))
	st.ids[in.ID] = len(st.steps)
	seq := len(st.steps)
	st.mu.Unlock()
	if l.hold != nil {
		<-l.hold
	}
	l.publish()
	return share.Answer{Status: share.StatusApplied, Seq: seq, Version: seq}
}

func (l *laptop) Saved(game int64, id string) (int, bool) {
	l.store.mu.Lock()
	defer l.store.mu.Unlock()
	seq, ok := l.store.ids[id]
	return seq, ok && game == 1
}

// phone is a device in: its cookie, and the page's origin.
type phone struct {
	srv    *share.Server
	cookie *http.Cookie
	client *http.Client
}

func newPhone(t testing.TB, srv *share.Server) *phone {
	return &phone{srv: srv, cookie: login(t, srv), client: &http.Client{}}
}

// send makes a request as the page does (its Origin and the intent header)
// unless headers say otherwise ("-" drops one).
func (p *phone) send(t testing.TB, method, path string, body []byte, headers map[string]string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, p.srv.URL()+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", strings.TrimSuffix(p.srv.URL(), "/"))
	req.Header.Set("X-Conductor-Intent", "1")
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		if v == "-" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	if p.cookie != nil {
		req.AddCookie(p.cookie)
	}
	resp, err := p.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s %s: %s, not JSON: %q", method, path, resp.Status, b)
	}
	return resp.StatusCode, out
}

// intent sends a step for seat at version as intent id.
func (p *phone) intent(t testing.TB, seat string, version int, id string, n int) (int, map[string]any) {
	t.Helper()
	body := fmt.Sprintf(`{"seat":%q,"game":%d,"id":%q,"event":{"type":"seatstest.step","seat":%q,"n":%d}}`, seat, version, id, seat, n)
	return p.send(t, http.MethodPost, "intent", []byte(body), nil)
}

// seats is GET /seats.
func (p *phone) seats(t testing.TB) map[string]any {
	t.Helper()
	code, out := p.send(t, http.MethodGet, "seats", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("GET /seats: %d %v", code, out)
	}
	return out
}

// seated gives device p the seat, approved on the laptop.
func (p *phone) seated(t testing.TB, seat string) {
	t.Helper()
	if code, out := p.send(t, http.MethodPost, "seat", []byte(fmt.Sprintf(`{"seat":%q}`, seat)), nil); code != http.StatusAccepted {
		t.Fatalf("POST /seat %s: %d %v", seat, code, out)
	}
	dev := int(p.seats(t)["device"].(float64))
	if !p.srv.Give(seat, dev) {
		t.Fatalf("Give(%s, %d) refused", seat, dev)
	}
}
