package share

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// snapshot is one published view, ready to send: the /state body and the
// same as one server-sent event. It never changes once made.
type snapshot struct {
	version int
	module  string
	table   *Table // the game's seats, with its version
	state   []byte // {"module":…,"version":N,"public":…}
	event   []byte // "event: state\ndata: <state>\n\n"
}

func makeSnapshot(module string, version int, table *Table, view []byte) *snapshot {
	var public bytes.Buffer
	// Compact checks the view is JSON and puts it on one line (an event's
	// data line may not break); a view that is not JSON is sent as null.
	if len(bytes.TrimSpace(view)) == 0 || json.Compact(&public, view) != nil {
		public.Reset()
		public.WriteString("null")
	}
	name, _ := json.Marshal(module)
	var b bytes.Buffer
	b.Grow(public.Len() + len(name) + 64)
	b.WriteString(`{"module":`)
	b.Write(name)
	b.WriteString(`,"version":`)
	b.WriteString(strconv.Itoa(version))
	b.WriteString(`,"game":`)
	b.WriteString(strconv.Itoa(table.Version))
	b.WriteString(`,"public":`)
	b.Write(public.Bytes())
	b.WriteByte('}')
	state := b.Bytes()
	event := make([]byte, 0, len(state)+len("event: state\ndata: \n\n"))
	event = append(event, "event: state\ndata: "...)
	event = append(event, state...)
	event = append(event, "\n\n"...)
	return &snapshot{version: version, module: module, table: table, state: state, event: event}
}

var noSnapshot = makeSnapshot("", 0, &Table{}, nil)

// publisher holds the newest view. Publishing never waits for a reader:
// readers load the newest snapshot atomically.
type publisher struct {
	mu      sync.Mutex // between publishers only
	version int
	cur     atomic.Pointer[snapshot]
}

func (p *publisher) publish(module string, view []byte, table *Table) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.version++
	p.cur.Store(makeSnapshot(module, p.version, table, view))
}

// table is the newest view's Table (never nil).
func (p *publisher) table() *Table { return p.current().table }

// current is the newest snapshot (version 0 before any publish).
func (p *publisher) current() *snapshot {
	if c := p.cur.Load(); c != nil {
		return c
	}
	return noSnapshot
}

// seatsEvent tells a device the seating changed: it asks /seats for what
// it may know (the stream carries nothing of any seat).
var seatsEvent = []byte("event: seats\ndata: {}\n\n")

// minGap is the least time between two views sent to one device.
var minGap = 50 * time.Millisecond

// maxStreamsPerDevice is how many /events streams one device token may
// hold open; a new one beyond ends the device's oldest (a phone that
// reconnects before its old connection is seen dead).
const maxStreamsPerDevice = 4

// stream is one open /events response.
type stream struct {
	token string
	wake  chan struct{} // 1-buffered: a newer view is out
	ended chan struct{} // closed when the stream is pushed out
}

// streams are the open /events streams, by device token.
type streams struct {
	mu       sync.Mutex
	byToken  map[string][]*stream
	stopped  bool
	report   func(n int)
	changed  chan struct{} // 1-buffered: the number of devices changed
	done     chan struct{}
	reported int
}

func (ss *streams) init() {
	ss.byToken = map[string][]*stream{}
	ss.changed = make(chan struct{}, 1)
	ss.done = make(chan struct{})
	go ss.reporter()
}

// reporter calls the OnDevices function with the number of devices each
// time it changes, from its own goroutine: a slow function holds no
// stream and no publish, and it always sees the newest number.
func (ss *streams) reporter() {
	for {
		select {
		case <-ss.changed:
			ss.reportNow()
		case <-ss.done:
			ss.reportNow()
			return
		}
	}
}

func (ss *streams) reportNow() {
	ss.mu.Lock()
	n, f := len(ss.byToken), ss.report
	changed := n != ss.reported
	ss.reported = n
	ss.mu.Unlock()
	if changed && f != nil {
		f(n)
	}
}

func (ss *streams) signalChanged() {
	select {
	case ss.changed <- struct{}{}:
	default:
	}
}

func (ss *streams) onDevices(f func(int)) {
	ss.mu.Lock()
	ss.report = f
	ss.mu.Unlock()
}

func (ss *streams) devices() int {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return len(ss.byToken)
}

// watching reports whether the device holding token has a stream open.
func (ss *streams) watching(token string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return len(ss.byToken[token]) > 0
}

// add opens a stream for a device; nil once stopped.
func (ss *streams) add(token string) *stream {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.stopped {
		return nil
	}
	st := &stream{token: token, wake: make(chan struct{}, 1), ended: make(chan struct{})}
	list := ss.byToken[token]
	if len(list) >= maxStreamsPerDevice {
		close(list[0].ended)
		list = list[1:]
	}
	ss.byToken[token] = append(list, st)
	if len(list) == 0 {
		ss.signalChanged()
	}
	return st
}

func (ss *streams) remove(st *stream) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	list := ss.byToken[st.token]
	for i, x := range list {
		if x == st {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) > 0 {
		ss.byToken[st.token] = list
		return
	}
	if _, ok := ss.byToken[st.token]; ok {
		delete(ss.byToken, st.token)
		ss.signalChanged()
	}
}

// wakeAll tells every stream a newer view is out, without waiting: a
// stream already told is not told twice, and sends the newest when it wakes.
func (ss *streams) wakeAll() {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, list := range ss.byToken {
		for _, st := range list {
			select {
			case st.wake <- struct{}{}:
			default:
			}
		}
	}
}

// stop forgets every stream (their connections are closed by then) and
// reports no device.
func (ss *streams) stop() {
	ss.mu.Lock()
	if ss.stopped {
		ss.mu.Unlock()
		return
	}
	ss.stopped = true
	clear(ss.byToken)
	ss.mu.Unlock()
	close(ss.done)
}

// serveEvents is GET /events: the state at once, then the newest after
// each publish, a ping now and then, until the device leaves or the
// sharing stops.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	token, ok := s.device(r)
	if !ok {
		http.Error(w, http.StatusText(http.StatusUnauthorized), http.StatusUnauthorized)
		return
	}
	st := s.events.add(token)
	if st == nil {
		http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
		return
	}
	s.access.seen(token)
	defer s.access.seen(token)
	defer s.events.remove(st)
	s.follow(r.Context(), st, openEventStream(w))
}

// eventStream writes one device's stream.
type eventStream struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// openEventStream sends the stream's headers.
func openEventStream(w http.ResponseWriter) *eventStream {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{}) // the request is read; the stream lives on past ReadTimeout
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &eventStream{w: w, rc: rc}
}

// send writes b and flushes it, each write with a time of its own; false
// when the device is gone.
func (es *eventStream) send(b []byte) bool {
	if err := es.rc.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return false
	}
	if _, err := es.w.Write(b); err != nil {
		return false
	}
	err := es.rc.Flush()
	return err == nil || errors.Is(err, http.ErrNotSupported)
}

// follow sends the newest view at once, then after each wake, until ctx
// ends, the stream is ended or the device is gone.
func (s *Server) follow(ctx context.Context, st *stream, out *eventStream) {
	snap := s.state.current()
	if !out.send(snap.event) {
		return
	}
	sent, sentAt := snap.version, time.Now()
	seated := s.seats.count()
	// sendNewest sends the newest view unless it went already, then a seats
	// event when the seating changed since the last. Views go at most once
	// per minGap: a burst of publishes costs a device one event, the
	// newest, and the Conductor's taps never wait on devices' writes.
	sendNewest := func() bool {
		if n := s.seats.count(); n != seated {
			seated = n
			if !out.send(seatsEvent) {
				return false
			}
		}
		snap := s.state.current()
		if snap.version == sent {
			return true
		}
		sent, sentAt = snap.version, time.Now()
		return out.send(snap.event)
	}
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	gap := time.NewTimer(time.Hour)
	gap.Stop()
	defer gap.Stop()
	// While a view waits for the gap to end, wakes are not taken: they
	// stay in their channel, and publishes cost this stream nothing.
	var held <-chan time.Time // the gap's timer, while a view waits for it
	wake := st.wake
	for {
		ok := true
		select {
		case <-ctx.Done():
			return
		case <-st.ended:
			return
		case <-wake:
			if wait := minGap - time.Since(sentAt); wait > 0 {
				gap.Reset(wait)
				held, wake = gap.C, nil
				continue
			}
			ok = sendNewest()
		case <-held:
			held, wake = nil, st.wake
			select {
			case <-wake: // the newest goes now
			default:
			}
			ok = sendNewest()
		case <-ping.C:
			ok = out.send([]byte(": ping\n\n"))
		}
		if !ok {
			return
		}
	}
}
