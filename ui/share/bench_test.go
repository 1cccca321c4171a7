package share_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// tombEvents are the events of the Tomb played to its end, in order.
func tombEvents(b *testing.B) []dun.Event {
	var events []dun.Event
	playTomb(b, tombSeed, func(_ *dun.Game, e dun.Event) {
		if e != nil {
			events = append(events, e)
		}
	})
	return events
}

// watcher is a device watching the page over loopback: it reads its
// stream as fast as it can, slowly, or never.
type watcher struct {
	cancel context.CancelFunc
	done   chan struct{}
}

const (
	readsAll  = "reads"
	readsSlow = "slow"
	readsNone = "never"
)

func watch(b *testing.B, s *share.Server, how string) *watcher {
	b.Helper()
	cookie := login(b, s)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL()+"events", nil)
	req.AddCookie(cookie)
	tr := &http.Transport{DisableKeepAlives: true}
	resp, err := tr.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("a watcher: %v %v", err, resp)
	}
	w := &watcher{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		defer resp.Body.Close()
		r := bufio.NewReaderSize(resp.Body, 4096)
		buf := make([]byte, 4096)
		switch how {
		case readsNone:
			<-ctx.Done()
		case readsSlow:
			for ctx.Err() == nil { // 4 KiB every 20 ms, until the stream ends
				if _, err := io.ReadFull(r, buf); err != nil {
					return
				}
				select {
				case <-ctx.Done():
				case <-time.After(20 * time.Millisecond):
				}
			}
		default:
			_, _ = io.Copy(io.Discard, r) // until the stream ends
		}
	}()
	return w
}

func (w *watcher) close() {
	w.cancel()
	<-w.done
}

// BenchmarkTapWatched is what the shell does after each of the Conductor's
// actions: a realistic DUN event applied (the Tomb of the Ash King, played
// to its end and replayed event by event), the players' view marshalled
// and published. With devices=16, 16 devices watch over loopback: 12 read
// their stream as it comes, 2 slowly, 2 never after connecting. The tap
// must not feel them: p99-ns/tap is the 99th percentile of one tap.
func BenchmarkTapWatched(b *testing.B) {
	events := tombEvents(b)
	for _, devices := range []int{0, 16} {
		b.Run(fmt.Sprintf("devices=%d", devices), func(b *testing.B) {
			s := sharetest.Start(b, share.Config{})
			var watchers []*watcher
			for i := range devices {
				how := readsAll
				switch i % 8 {
				case 3:
					how = readsSlow
				case 7:
					how = readsNone
				}
				watchers = append(watchers, watch(b, s, how))
			}
			waitDevices(b, s, devices)
			// One quest played untimed first: the heap, the caches and the
			// devices' connections are as they are after a while, whichever
			// sub-benchmark runs first.
			g := newTombGame(b, tombSeed)
			for _, e := range events {
				if _, err := g.Apply(e); err != nil {
					b.Fatal(err)
				}
				view, _ := g.PublicJSON()
				s.Publish(dun.ModuleName, view)
			}
			g, next := newTombGame(b, tombSeed), 0
			var taps []time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if next == len(events) { // the quest is over: the next one starts
					b.StopTimer()
					g, next = newTombGame(b, tombSeed), 0
					b.StartTimer()
				}
				began := time.Now()
				if _, err := g.Apply(events[next]); err != nil {
					b.Fatalf("event %d (%s): %v", next, events[next].Type(), err)
				}
				view, err := g.PublicJSON()
				if err != nil {
					b.Fatal(err)
				}
				s.Publish(dun.ModuleName, view)
				taps = append(taps, time.Since(began))
				next++
			}
			b.StopTimer()
			slices.Sort(taps)
			b.ReportMetric(float64(taps[len(taps)*99/100].Nanoseconds()), "p99-ns/tap")
			var wg sync.WaitGroup
			for _, w := range watchers {
				wg.Go(w.close)
			}
			wg.Wait()
		})
	}
}
