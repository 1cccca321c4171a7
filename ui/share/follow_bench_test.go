package share_test

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// follower is a device that reads its stream as it comes and tells, for
// each view, its version and when it arrived.
type follower struct {
	cancel context.CancelFunc
	done   chan struct{}
	got    chan int // versions, as they arrive
}

func follow(b *testing.B, s *share.Server) *follower {
	b.Helper()
	cookie := login(b, s)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL()+"events", nil)
	req.AddCookie(cookie)
	resp, err := (&http.Transport{DisableKeepAlives: true}).RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("a follower: %v %v", err, resp)
	}
	f := &follower{cancel: cancel, done: make(chan struct{}), got: make(chan int, 1024)}
	go func() {
		defer close(f.done)
		defer resp.Body.Close()
		r := bufio.NewReaderSize(resp.Body, 64<<10)
		for {
			line, err := r.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				// A long data line: its version is near its start, read it there.
				for err == bufio.ErrBufferFull {
					if v, ok := versionIn(line); ok {
						f.got <- v
						line = nil
					}
					_, err = r.ReadSlice('\n')
				}
				continue
			}
			if err != nil {
				return
			}
			if v, ok := versionIn(line); ok {
				f.got <- v
			}
		}
	}()
	return f
}

// versionIn is the version of a "data: {…"version":N…" line.
func versionIn(line []byte) (int, bool) {
	if !bytes.HasPrefix(line, []byte("data: ")) {
		return 0, false
	}
	i := bytes.Index(line, []byte(`"version":`))
	if i < 0 {
		return 0, false
	}
	rest := line[i+len(`"version":`):]
	j := bytes.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if j < 0 {
		return 0, false
	}
	v, err := strconv.Atoi(string(rest[:j]))
	return v, err == nil
}

// BenchmarkFollowWatched is how soon the players see a tap: from the
// Conductor's action (a realistic DUN event applied, its view published)
// to each of 12 devices reading that view, while 2 devices read slowly
// and 2 never, all over loopback. The taps come one after another, as
// soon as every reader has the last one: the worst case for the 50 ms a
// device waits between two views. p99-ms/follow is the 99th percentile
// over every reader and tap (the goal: 200 ms).
func BenchmarkFollowWatched(b *testing.B) {
	events := tombEvents(b)
	s := sharetest.Start(b, share.Config{})
	var readers []*follower
	var others []*watcher
	for i := range 16 {
		switch i % 8 {
		case 3:
			others = append(others, watch(b, s, readsSlow))
		case 7:
			others = append(others, watch(b, s, readsNone))
		default:
			readers = append(readers, follow(b, s))
		}
	}
	waitDevices(b, s, 16)
	g, next, version := newTombGame(b, tombSeed), 0, 0
	var delays []time.Duration
	for b.Loop() {
		if next == len(events) {
			g, next = newTombGame(b, tombSeed), 0
		}
		began := time.Now()
		if _, err := g.Apply(events[next]); err != nil {
			b.Fatal(err)
		}
		view, _ := g.PublicJSON()
		s.Publish(dun.ModuleName, view)
		version++
		next++
		for _, f := range readers {
			for {
				select {
				case v := <-f.got:
					if v < version {
						continue // an earlier view, late
					}
				case <-time.After(5 * time.Second):
					b.Fatalf("a reader never got version %d", version)
				}
				break
			}
			delays = append(delays, time.Since(began))
		}
	}
	b.StopTimer()
	slices.Sort(delays)
	b.ReportMetric(float64(delays[len(delays)*99/100].Microseconds())/1000, "p99-ms/follow")
	b.ReportMetric(float64(delays[len(delays)/2].Microseconds())/1000, "p50-ms/follow")
	var wg sync.WaitGroup
	for _, f := range readers {
		wg.Go(func() { f.cancel(); <-f.done })
	}
	for _, w := range others {
		wg.Go(w.close)
	}
	wg.Wait()
}
