package share_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// devicesSeen records what OnDevices reports.
type devicesSeen struct {
	mu sync.Mutex
	ns []int
}

func (d *devicesSeen) add(n int) {
	d.mu.Lock()
	d.ns = append(d.ns, n)
	d.mu.Unlock()
}

// waitFor waits up to 2 s for the last number reported to be n.
func (d *devicesSeen) waitFor(t testing.TB, n int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		d.mu.Lock()
		ok := len(d.ns) > 0 && d.ns[len(d.ns)-1] == n
		d.mu.Unlock()
		if ok {
			return
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t.Fatalf("OnDevices reported %v, never %d last", d.ns, n)
}

// waitDevices waits up to 2 s for Devices to be n.
func waitDevices(t testing.TB, s *share.Server, n int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if s.Devices() == n {
			return
		}
	}
	t.Fatalf("%d devices, want %d", s.Devices(), n)
}

func stateOf(t testing.TB, data []byte) (module string, version int, public json.RawMessage) {
	t.Helper()
	var st struct {
		Module  string          `json:"module"`
		Version int             `json:"version"`
		Public  json.RawMessage `json:"public"`
	}
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return st.Module, st.Version, st.Public
}

// Before any publish the state is empty; a view that is not JSON goes out
// as null, never as a broken event.
func TestStateBeforeAndBadView(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	c := login(t, s)
	if _, body := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, c); string(body) != `{"module":"","version":0,"game":0,"public":null}` {
		t.Fatalf("before any publish: %s", body)
	}
	s.Publish("dun", []byte("{\"turn\":\n 1}"))
	if _, body := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, c); string(body) != `{"module":"dun","version":1,"game":0,"public":{"turn":1}}` {
		t.Fatalf("a view on two lines: %s", body)
	}
	s.Publish("dun", []byte("{\"turn\":\n\n"))
	if _, body := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, c); string(body) != `{"module":"dun","version":2,"game":0,"public":null}` {
		t.Fatalf("a view that is not JSON: %s", body)
	}
	view := []byte(`{"turn":1}`)
	s.Publish("dun", view)
	view[9] = '9' // the server keeps its own copy
	if _, body := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, c); string(body) != `{"module":"dun","version":3,"game":0,"public":{"turn":1}}` {
		t.Fatalf("the caller's view changed after: %s", body)
	}
}

// A stream starts with the state as it is; each publish (an undo and a
// redo are publishes too) comes as a new version; a device that comes back
// gets the state at once; OnDevices and Devices follow the devices.
func TestEventsFollowTheGame(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	var seen devicesSeen
	s.OnDevices(seen.add)
	g := newTombGame(t, 5)
	publish := func() []byte {
		js, err := g.PublicJSON()
		if err != nil {
			t.Fatal(err)
		}
		s.Publish(dun.ModuleName, js)
		return js
	}
	publish()
	c := login(t, s)
	es, err := openEvents(t, s, c)
	if err != nil || es.resp.StatusCode != http.StatusOK || !strings.HasPrefix(es.resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("%v %v", err, es.resp)
	}
	first, err := es.nextState(2 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, v, _ := stateOf(t, first); v != 1 {
		t.Fatalf("the first event: %s", first)
	}
	waitDevices(t, s, 1)
	seen.waitFor(t, 1)
	steps := []engine.Event{&dun.NewTurn{}, &dun.NewTurn{}, &dun.Undo{}, &engine.Redo{}, &dun.Undo{}, &dun.Undo{}}
	for i, e := range steps {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		want := publish()
		data, err := es.nextState(2 * time.Second)
		if err != nil {
			t.Fatalf("after %s: %v", e.Type(), err)
		}
		module, v, public := stateOf(t, data)
		if module != dun.ModuleName || v != i+2 || !bytes.Equal(public, want) {
			t.Fatalf("after %s: %s, want version %d %s", e.Type(), data, i+2, want)
		}
	}
	// The device goes, and comes back: the state at once.
	es.Close()
	waitDevices(t, s, 0)
	seen.waitFor(t, 0)
	es, _ = openEvents(t, s, c)
	data, err := es.nextState(2 * time.Second)
	if _, v, _ := stateOf(t, data); err != nil || v != len(steps)+1 {
		t.Fatalf("back: %s %v", data, err)
	}
	// Two streams of one device are one device; a second device is two.
	es2, _ := openEvents(t, s, c)
	if _, err := es2.nextState(2 * time.Second); err != nil {
		t.Fatal(err)
	}
	waitDevices(t, s, 1)
	es3, _ := openEvents(t, s, login(t, s))
	if _, err := es3.nextState(2 * time.Second); err != nil {
		t.Fatal(err)
	}
	waitDevices(t, s, 2)
	seen.waitFor(t, 2)
}

// Stop ends an open stream within a second, counts no device, and
// forgets the device: a new sharing does not know it.
func TestStopEndsStreams(t *testing.T) {
	s, err := share.Start(share.Config{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	var seen devicesSeen
	s.OnDevices(seen.add)
	s.Publish("dun", []byte(`{"turn":1}`))
	var streams []*eventStream
	for range 3 {
		es, err := openEvents(t, s, login(t, s))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := es.nextState(2 * time.Second); err != nil {
			t.Fatal(err)
		}
		streams = append(streams, es)
	}
	waitDevices(t, s, 3)
	stopped := time.Now()
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	for i, es := range streams {
		_, err := es.next(time.Second)
		if err == nil || time.Since(stopped) > time.Second {
			t.Fatalf("stream %d after Stop: %v, %s", i+1, err, time.Since(stopped))
		}
	}
	if s.Devices() != 0 {
		t.Fatalf("%d devices after Stop", s.Devices())
	}
	seen.waitFor(t, 0)
	if _, err := http.Get(s.URL()); err == nil {
		t.Fatal("the page still answers after Stop")
	}
	s.Publish("dun", []byte(`{"turn":2}`)) // the shell may publish once more: nothing happens
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
}

// A device that does not read holds nothing: publishing stays quick with
// devices that never read big views, and a device that reads late gets
// the newest, not every version in between.
func TestSlowDevices(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	big := []byte(fmt.Sprintf(`{"text":%q}`, strings.Repeat("x", 64<<10)))
	s.Publish("dun", big)
	for range 2 {
		es, err := openEvents(t, s, login(t, s)) // never read
		if err != nil {
			t.Fatal(err)
		}
		_ = es
	}
	late, err := openEvents(t, s, login(t, s))
	if err != nil {
		t.Fatal(err)
	}
	waitDevices(t, s, 3)
	began := time.Now()
	const publishes = 200
	for range publishes {
		s.Publish("dun", big)
	}
	if d := time.Since(began); d > 3*time.Second {
		t.Fatalf("%d publishes took %s", publishes, d)
	}
	time.Sleep(200 * time.Millisecond)
	got := 0
	for {
		data, err := late.nextState(2 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		got++
		if _, v, _ := stateOf(t, data); v == publishes+1 {
			break
		}
	}
	if got > publishes/2 {
		t.Fatalf("the late device got %d events of %d publishes", got, publishes)
	}
}

// A stream pings now and then, and outlives the server's ReadTimeout.
func TestStreamPingsAndLasts(t *testing.T) {
	defer share.SetPingEvery(100 * time.Millisecond)()
	defer share.SetReadTimeout(300 * time.Millisecond)()
	s := sharetest.Start(t, share.Config{})
	es, _ := openEvents(t, s, login(t, s))
	if _, err := es.nextState(2 * time.Second); err != nil {
		t.Fatal(err)
	}
	if b, err := es.next(time.Second); err != nil || string(b) != ": ping\n\n" {
		t.Fatalf("%q %v", b, err)
	}
	time.Sleep(600 * time.Millisecond)
	s.Publish("dun", []byte(`{"turn":7}`))
	data, err := es.nextState(2 * time.Second)
	if _, v, _ := stateOf(t, data); err != nil || v != 1 {
		t.Fatalf("after the ReadTimeout: %s %v", data, err)
	}
}

// One device holds at most 4 streams: a fifth (a phone back before its
// old connection is seen gone) ends its oldest.
func TestStreamsPerDevice(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	c := login(t, s)
	var streams []*eventStream
	for i := range 5 {
		es, err := openEvents(t, s, c)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := es.nextState(2 * time.Second); err != nil {
			t.Fatalf("stream %d: %v", i+1, err)
		}
		streams = append(streams, es)
	}
	if _, err := streams[0].next(2 * time.Second); err == nil {
		t.Fatal("the oldest stream goes on")
	}
	s.Publish("dun", []byte(`{"turn":2}`))
	for i, es := range streams[1:] {
		if data, err := es.nextState(2 * time.Second); err != nil || !strings.Contains(string(data), `"turn":2`) {
			t.Fatalf("stream %d: %s %v", i+2, data, err)
		}
	}
	if n := s.Devices(); n != 1 {
		t.Fatalf("%d devices", n)
	}
}
