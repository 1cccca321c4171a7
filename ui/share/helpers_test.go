package share_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// clock is a clock the tests move.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// postPIN gives pin to /pin.
func postPIN(t testing.TB, s *share.Server, pin string, cookies ...*http.Cookie) (*http.Response, []byte) {
	t.Helper()
	return sharetest.Request(t, http.MethodPost, s.URL()+"pin", strings.NewReader(url.Values{"pin": {pin}}.Encode()), cookies...)
}

// deviceCookie is the device cookie a response sets, or nil.
func deviceCookie(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == "conductor_device" {
			return c
		}
	}
	return nil
}

// login gets a device in with the right PIN: its cookie.
func login(t testing.TB, s *share.Server) *http.Cookie {
	t.Helper()
	resp, body := postPIN(t, s, s.PIN())
	c := deviceCookie(resp)
	if resp.StatusCode != http.StatusSeeOther || c == nil {
		t.Fatalf("the right PIN: %s, cookie %v\n%s", resp.Status, c, body)
	}
	return c
}

// eventStream is an open /events stream.
type eventStream struct {
	resp   *http.Response
	r      *bufio.Reader
	cancel context.CancelFunc
}

// openEvents opens /events with the cookies given.
func openEvents(t testing.TB, s *share.Server, cookies ...*http.Cookie) (*eventStream, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL()+"events", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cookies {
		if c != nil {
			req.AddCookie(c)
		}
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		cancel()
		return nil, err
	}
	es := &eventStream{resp: resp, r: bufio.NewReader(resp.Body), cancel: cancel}
	t.Cleanup(es.Close)
	return es, nil
}

func (es *eventStream) Close() {
	es.cancel()
	_ = es.resp.Body.Close()
}

// next reads the next event or comment (up to its blank line), waiting at
// most d.
func (es *eventStream) next(d time.Duration) ([]byte, error) {
	type read struct {
		b   []byte
		err error
	}
	done := make(chan read, 1)
	go func() {
		var b []byte
		for {
			line, err := es.r.ReadBytes('\n')
			b = append(b, line...)
			if err != nil {
				done <- read{b, err}
				return
			}
			if bytes.Equal(line, []byte("\n")) {
				done <- read{b, nil}
				return
			}
		}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-time.After(d):
		es.Close()
		<-done
		return nil, context.DeadlineExceeded
	}
}

// nextState reads events until a state event (skipping pings) and gives
// its data.
func (es *eventStream) nextState(d time.Duration) ([]byte, error) {
	deadline := time.Now().Add(d)
	for {
		b, err := es.next(time.Until(deadline))
		if err != nil {
			return b, err
		}
		if data, ok := bytes.CutPrefix(b, []byte("event: state\ndata: ")); ok {
			return bytes.TrimSuffix(data, []byte("\n\n")), nil
		}
	}
}

func readAll(t testing.TB, resp *http.Response) []byte {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// net4 parses an IPv4 address, nil for anything else.
func net4(s string) net.IP {
	ip := net.ParseIP(s)
	if ip == nil || ip.To4() == nil || strings.Contains(s, ":") {
		return nil
	}
	return ip
}
