package share_test

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// loadDuration is how long the load test's phones send intents: 2 s in
// go test, SEATS_LOAD=5m for the closing note's run.
func loadDuration(t *testing.T) time.Duration {
	if v := os.Getenv("SEATS_LOAD"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("SEATS_LOAD=%q: %v", v, err)
		}
		return d
	}
	return 2 * time.Second
}

// loadResult is what one phone saw.
type loadResult struct {
	byStatus map[string]int
	took     []time.Duration // every intent's time to answer
	waiting  []string        // ids answered "waiting"
	problems []string
}

// 16 phones at once, 4 of them seated, send intents for loadDuration,
// each a few a second: every intent is answered, no step is lost or
// doubled (the applied answers are the steps saved), and the laptop's
// thread stays free for its own taps.
func TestSixteenPhonesLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	store := newSaved()
	l := newLaptop(t, srv, store, "Aria", "Bran", "Cato", "Dara")
	phones := make([]*phone, 16)
	for i := range phones {
		phones[i] = newPhone(t, srv)
	}
	for i, seat := range []string{"a1", "b1", "c1", "d1"} {
		phones[i].seated(t, seat)
	}
	// The laptop's own taps: an empty step on its thread every 20 ms, timed
	// alone first (the baseline), then under the load.
	tap := func(until time.Time) []time.Duration {
		var out []time.Duration
		for time.Now().Before(until) {
			start := time.Now()
			l.onThread(func() {})
			out = append(out, time.Since(start))
			time.Sleep(20 * time.Millisecond)
		}
		return out
	}
	baseline := tap(time.Now().Add(500 * time.Millisecond))

	d := loadDuration(t)
	end := time.Now().Add(d)
	results := make([]loadResult, len(phones))
	var wg sync.WaitGroup
	for i, p := range phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = p.load(srv, i, end)
		}()
	}
	underLoad := tap(end)
	wg.Wait()

	var all []time.Duration
	total := map[string]int{}
	for i, r := range results {
		for _, p := range r.problems {
			t.Errorf("phone %d: %s", i+1, p)
		}
		for k, v := range r.byStatus {
			total[k] += v
		}
		all = append(all, r.took...)
		// An intent answered "waiting" is asked after: saved or not, never lost.
		for _, id := range r.waiting {
			_, out := phones[i].send(t, http.MethodGet, "intent/"+id, nil, nil)
			total["waiting→"+fmt.Sprint(out["status"])]++
			if out["status"] == share.StatusApplied {
				total[share.StatusApplied]++
			}
		}
	}
	if saved := store.len(); saved != total[share.StatusApplied] {
		t.Errorf("%d steps saved, %d applied answers: a step lost or doubled", saved, total[share.StatusApplied])
	}
	if total[share.StatusApplied] == 0 {
		t.Error("no intent applied")
	}
	t.Logf("%v, 16 phones (4 seated): %d intents, answers %v", d, len(all), total)
	t.Logf("time to answer an intent: median %v, p99 %v, max %v", percentile(all, 50), percentile(all, 99), percentile(all, 100))
	t.Logf("the laptop's own tap on its thread: alone median %v p99 %v; under the load median %v p99 %v",
		percentile(baseline, 50), percentile(baseline, 99), percentile(underLoad, 50), percentile(underLoad, 99))
}

// load sends intents until end, about 8 a second (within the rate), each
// against the version /seats gives; it never stops at a problem, it notes it.
func (p *phone) load(srv *share.Server, n int, end time.Time) (r loadResult) {
	r = loadResult{byStatus: map[string]int{}}
	lt := &loadT{}
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(loadStop); !ok {
				panic(x)
			}
			r.problems = append(r.problems, lt.problems...)
		}
	}()
	info := p.seats(lt)
	seat := ""
	if s, ok := info["seat"].(map[string]any); ok {
		seat = s["id"].(string)
	} else {
		seat = "a1" // not its own: refused, "no seat"
	}
	for i := 0; time.Now().Before(end); i++ {
		version := int(p.seats(lt)["game"].(float64))
		id := fmt.Sprintf("load-%02d-%06d", n, i)
		start := time.Now()
		code, out := p.intent(lt, seat, version, id, i%10)
		r.took = append(r.took, time.Since(start))
		status, _ := out["status"].(string)
		r.byStatus[status]++
		switch {
		case status == share.StatusWaiting:
			r.waiting = append(r.waiting, id)
		case status == "" || code == 0:
			r.problems = append(r.problems, fmt.Sprintf("intent %s: %d %v", id, code, out))
		}
		time.Sleep(120 * time.Millisecond)
	}
	r.problems = append(r.problems, lt.problems...)
	return r
}

// loadT is a testing.TB for a phone's goroutine: a failure is noted, not
// fatal (t.Fatal may only be called from the test's own goroutine).
type loadT struct {
	testing.TB
	mu       sync.Mutex
	problems []string
}

func (l *loadT) Helper() {}
func (l *loadT) Fatalf(format string, args ...any) {
	l.mu.Lock()
	l.problems = append(l.problems, fmt.Sprintf(format, args...))
	l.mu.Unlock()
	panic(loadStop{})
}
func (l *loadT) Fatal(args ...any) { l.Fatalf("%s", fmt.Sprint(args...)) }

type loadStop struct{}

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

// The laptop's app killed in the middle of an intent, after its step was
// saved or before: once the app is back (a new sharing, the same store),
// GET /intent/{id} says which, and nothing is half there.
func TestIntentAcrossAKill(t *testing.T) {
	defer share.SetIntentWait(200 * time.Millisecond)()
	for _, c := range []struct {
		name   string
		saved  bool
		status string
		steps  int
	}{
		{"killed after the step was saved", true, share.StatusApplied, 1},
		{"killed before the step was saved", false, share.StatusUnknown, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := newSaved()
			first := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
			l := newLaptop(t, first, store, "Aria")
			l.hold, l.save = make(chan struct{}), c.saved
			t.Cleanup(func() { close(l.hold) })
			p := newPhone(t, first)
			p.seated(t, "a1")
			if code, out := p.intent(t, "a1", 0, "across-a-kill", 3); code != http.StatusAccepted || out["status"] != share.StatusWaiting {
				t.Fatalf("the intent under way: %d %v, want waiting", code, out)
			}
			if err := first.Stop(); err != nil { // the app is gone
				t.Fatal(err)
			}
			again := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
			newLaptop(t, again, store, "Aria")
			p2 := newPhone(t, again) // the phone types the new PIN
			code, out := p2.send(t, http.MethodGet, "intent/across-a-kill", nil, nil)
			if code != http.StatusOK || out["status"] != c.status {
				t.Fatalf("after the restart: %d %v, want %s", code, out, c.status)
			}
			if n := store.len(); n != c.steps {
				t.Fatalf("%d steps saved, want %d", n, c.steps)
			}
		})
	}
}
