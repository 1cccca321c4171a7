package share

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// Laptop is the laptop's side of the seats. The server calls it from
// goroutines of its own.
type Laptop interface {
	// Apply applies an intent through the same path as a tap on the laptop
	// (the game's gates, the store) and answers: StatusApplied with the
	// record's seq, StatusStale, StatusDuplicate (an id saved before) or
	// StatusRefused with why.
	Apply(in Intent) Answer
	// Saved is the seq of the record saved for intent id in game, if any:
	// it answers after the app restarted too.
	Saved(game int64, id string) (seq int, ok bool)
}

// Intent is a step a seat asks for: the event it wants, the version of the
// game it saw and the id its device gave it.
type Intent struct {
	ID      string
	Game    int64
	Version int
	Seat    engine.Seat
	Event   engine.Event
}

// What an intent gets.
const (
	StatusApplied   = "applied"
	StatusDuplicate = "duplicate"
	StatusWaiting   = "waiting"
	StatusStale     = "stale"
	StatusRefused   = "refused"
	StatusUnknown   = "unknown"
)

// Answer is what an intent got. Err says why it was refused: a
// *engine.RuleError is worded in the phone's language.
type Answer struct {
	Status  string
	Err     error
	Seq     int // the record saved, when applied
	Version int // the game's version after it
	code    int // the HTTP status
}

// Bounds of the intents.
var (
	// intentWait is how long a phone waits for the laptop's answer before
	// it is told "waiting" (it asks GET /intent/{id} after).
	intentWait = 5 * time.Second
	// intentRate and intentBurst bound each device's intents (and seat
	// requests): intentRate a second, intentBurst at once.
	intentRate  = 10.0
	intentBurst = 20.0
	// maxIntents is how many intent answers are remembered, oldest
	// forgotten first (a saved one is still found in the store).
	maxIntents = 4096
)

// intentHeader is the header the page sends with every intent: a form of
// another site cannot send it, nor set its Origin to the page's.
const intentHeader = "X-Conductor-Intent"

var intentID = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// intentEntry is one intent id's answer, or the wait for it.
type intentEntry struct {
	token string
	done  chan struct{} // closed once ans is set
	ans   Answer
}

// bucket is one device's rate: tokens left, refilled at intentRate.
type bucket struct {
	left float64
	at   time.Time
}

// intents are the intent ids seen (bounded, oldest forgotten first) and
// each device's rate.
type intents struct {
	mu      sync.Mutex
	now     func() time.Time
	byID    map[string]*intentEntry
	order   []string
	buckets map[string]*bucket
}

func (in *intents) init(now func() time.Time) {
	in.now = now
	in.byID = map[string]*intentEntry{}
	in.buckets = map[string]*bucket{}
}

// allow takes one from token's bucket; false when it is empty.
func (in *intents) allow(token string) bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	now := in.now()
	b := in.buckets[token]
	if b == nil {
		if len(in.buckets) >= 4*DefaultMaxDevices {
			clear(in.buckets) // devices gone: their rates start over
		}
		b = &bucket{left: intentBurst, at: now}
		in.buckets[token] = b
	}
	b.left = min(intentBurst, b.left+now.Sub(b.at).Seconds()*intentRate)
	b.at = now
	if b.left < 1 {
		return false
	}
	b.left--
	return true
}

// begin is id's entry: a new one (first) or the one seen before.
func (in *intents) begin(token, id string) (e *intentEntry, first bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if e := in.byID[id]; e != nil {
		return e, false
	}
	if len(in.order) >= maxIntents {
		delete(in.byID, in.order[0])
		in.order = in.order[1:]
	}
	e = &intentEntry{token: token, done: make(chan struct{})}
	in.byID[id] = e
	in.order = append(in.order, id)
	return e, true
}

// find is id's entry, nil when it is not remembered.
func (in *intents) find(id string) *intentEntry {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.byID[id]
}

// settle gives e its answer, once.
func (e *intentEntry) settle(a Answer) {
	e.ans = a
	close(e.done)
}

// answered is e's answer, or waiting when it has none yet.
func (e *intentEntry) answered() Answer {
	select {
	case <-e.done:
		return e.ans
	default:
		return Answer{Status: StatusWaiting, code: http.StatusAccepted}
	}
}

// SetLaptop makes l the one that applies the seats' intents.
func (s *Server) SetLaptop(l Laptop) {
	s.intents.mu.Lock()
	s.laptop = l
	s.intents.mu.Unlock()
}

func (s *Server) theLaptop() Laptop {
	s.intents.mu.Lock()
	defer s.intents.mu.Unlock()
	return s.laptop
}

// refusal is a refused Answer with the HTTP status code and why.
func refusal(code int, id string, args map[string]any) Answer {
	return Answer{Status: StatusRefused, Err: engine.Refuse(id, args), code: code}
}

// acting checks what every request that acts must carry: the page's own
// Origin and the intent header (no form of another site has both), a
// device token, and a rate within bounds. ok false: answered already.
func (s *Server) acting(w http.ResponseWriter, r *http.Request, tr *translations.Translator) (token string, ok bool) {
	if r.Header.Get(intentHeader) != "1" || r.Header.Get("Origin") != "http://"+r.Host {
		writeAnswer(w, tr, refusal(http.StatusForbidden, "share.intent.forbidden", nil))
		return "", false
	}
	token, known := s.device(r)
	if !known {
		writeAnswer(w, tr, refusal(http.StatusUnauthorized, "share.intent.no_device", nil))
		return "", false
	}
	if !s.intents.allow(token) {
		w.Header().Set("Retry-After", "1")
		writeAnswer(w, tr, refusal(http.StatusTooManyRequests, "share.intent.too_fast", nil))
		return "", false
	}
	return token, true
}

// readBody decodes r's JSON body strictly into v; a refusal when it cannot.
func readBody[T any](r *http.Request) (T, *Answer) {
	var zero T
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			a := refusal(http.StatusRequestEntityTooLarge, "share.request.too_large", nil)
			return zero, &a
		}
		a := refusal(http.StatusBadRequest, "share.intent.malformed", nil)
		return zero, &a
	}
	v, err := engine.DecodeStrict[T](body)
	if err != nil {
		a := refusal(http.StatusBadRequest, "share.intent.malformed", nil)
		return zero, &a
	}
	return v, nil
}

// intentBody is POST /intent's body.
type intentBody struct {
	Seat  string          `json:"seat"`
	Game  int             `json:"game"`
	ID    string          `json:"id"`
	Event json.RawMessage `json:"event"`
}

// serveIntent is POST /intent: a seat's step, checked, then applied by the
// laptop (see docs/players-page.md, Seats, for the order of the checks).
func (s *Server) serveIntent(w http.ResponseWriter, r *http.Request) {
	tr := translations.New(s.language(w, r))
	token, ok := s.acting(w, r, tr)
	if !ok {
		return
	}
	body, bad := readBody[intentBody](r)
	if bad == nil && (!intentID.MatchString(body.ID) || len(body.Event) == 0) {
		a := refusal(http.StatusBadRequest, "share.intent.malformed", nil)
		bad = &a
	}
	if bad != nil {
		writeAnswer(w, tr, *bad)
		return
	}
	e, first := s.intents.begin(token, body.ID)
	if !first {
		writeAnswer(w, tr, s.again(r.Context(), e, token))
		return
	}
	a := s.check(token, body)
	if a.Status == "" {
		a = s.apply(r.Context(), e, body, token)
		writeAnswer(w, tr, a)
		return
	}
	e.settle(a)
	writeAnswer(w, tr, a)
}

// again answers an intent id seen before: the first answer, applied once.
func (s *Server) again(ctx context.Context, e *intentEntry, token string) Answer {
	if e.token != token {
		return refusal(http.StatusConflict, "share.intent.id_taken", nil)
	}
	wait := time.NewTimer(intentWait)
	defer wait.Stop()
	select {
	case <-e.done:
	case <-wait.C:
	case <-ctx.Done():
	}
	a := e.answered()
	if a.Status == StatusApplied {
		a.Status = StatusDuplicate
	}
	return a
}

// check refuses an intent the seat may not send, with nothing changed: an
// empty Status when it may go to the laptop.
func (s *Server) check(token string, body intentBody) Answer {
	held := s.seats.seatOf(token)
	switch {
	case held == "":
		return refusal(http.StatusForbidden, "share.intent.no_seat", nil)
	case held != body.Seat:
		return refusal(http.StatusForbidden, "share.intent.not_your_seat", nil)
	}
	t := s.state.table()
	if _, ok := t.seatOf(held); !ok {
		return refusal(http.StatusForbidden, "share.intent.no_seat", nil)
	}
	if body.Game != t.Version {
		return Answer{Status: StatusStale, Err: engine.Refuse("share.intent.stale", nil), Version: t.Version, code: http.StatusConflict}
	}
	return Answer{}
}

// apply decodes the intent's event and has the laptop apply it, answering
// within intentWait ("waiting" after: the answer is kept for GET
// /intent/{id}).
func (s *Server) apply(ctx context.Context, e *intentEntry, body intentBody, token string) Answer {
	t := s.state.table()
	seat, _ := t.seatOf(body.Seat)
	ev, err := decodeIntent(t.Events, body.Event)
	laptop := s.theLaptop()
	var a Answer
	switch {
	case err != nil:
		a = refusal(http.StatusBadRequest, "share.intent.bad_event", nil)
	case engineEvent(ev):
		a = refusal(http.StatusForbidden, "share.intent.laptop_only", nil)
	case laptop == nil:
		a = refusal(http.StatusServiceUnavailable, "share.intent.no_laptop", nil)
	}
	if a.Status != "" {
		e.settle(a)
		return a
	}
	in := Intent{ID: body.ID, Game: t.Game, Version: body.Game, Seat: seat.Seat, Event: ev}
	go func() { e.settle(withCode(laptop.Apply(in))) }()
	wait := time.NewTimer(intentWait)
	defer wait.Stop()
	select {
	case <-e.done:
	case <-wait.C:
	case <-ctx.Done():
	}
	return e.answered()
}

// decodeIntent reads an intent's event with the game's registry, strictly.
func decodeIntent(events *engine.Registry, body []byte) (engine.Event, error) {
	if events == nil {
		return nil, errors.New("no game takes intents")
	}
	return events.Decode(body)
}

// engineEvent is an undo, a redo or a rewind: the laptop's alone.
func engineEvent(e engine.Event) bool {
	switch e.(type) {
	case *engine.Undo, *engine.Redo, *engine.Rewind:
		return true
	}
	return false
}

// withCode gives the laptop's answer its HTTP status.
func withCode(a Answer) Answer {
	switch a.Status {
	case StatusApplied, StatusDuplicate:
		a.code = http.StatusOK
	case StatusStale:
		a.code = http.StatusConflict
		if a.Err == nil {
			a.Err = engine.Refuse("share.intent.stale", nil)
		}
	default:
		a.Status = StatusRefused
		a.code = http.StatusUnprocessableEntity
	}
	return a
}

// serveIntentStatus is GET /intent/{id}: what became of an intent, also
// after the laptop's app restarted (the store keeps the ids of steps saved).
func (s *Server) serveIntentStatus(w http.ResponseWriter, r *http.Request) {
	tr := translations.New(s.language(w, r))
	token, known := s.device(r)
	if !known {
		writeAnswer(w, tr, refusal(http.StatusUnauthorized, "share.intent.no_device", nil))
		return
	}
	id := r.PathValue("id")
	if !intentID.MatchString(id) {
		writeAnswer(w, tr, refusal(http.StatusBadRequest, "share.intent.malformed", nil))
		return
	}
	if e := s.intents.find(id); e != nil && e.token == token {
		a := e.answered()
		a.code = http.StatusOK
		writeAnswer(w, tr, a)
		return
	}
	t := s.state.table()
	if l := s.theLaptop(); l != nil {
		if seq, ok := l.Saved(t.Game, id); ok {
			writeAnswer(w, tr, Answer{Status: StatusApplied, Seq: seq, Version: t.Version, code: http.StatusOK})
			return
		}
	}
	writeAnswer(w, tr, Answer{Status: StatusUnknown, Version: t.Version, code: http.StatusOK})
}

// answerJSON is an Answer as the phone reads it.
type answerJSON struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	Game   int    `json:"game,omitempty"`
	Seq    int    `json:"seq,omitempty"`
}

// writeAnswer sends a, its reason worded in tr's language.
func writeAnswer(w http.ResponseWriter, tr *translations.Translator, a Answer) {
	out := answerJSON{Status: a.Status, Game: a.Version, Seq: a.Seq}
	if a.Err != nil {
		var re *engine.RuleError
		if errors.As(a.Err, &re) {
			out.Reason = tr.T(re.ID, re.Args)
		} else {
			out.Reason = tr.T("share.intent.error", nil)
		}
	}
	code := a.code
	if code == 0 {
		code = http.StatusOK
	}
	writeJSON(w, code, out)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write(b)
}
