package share_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// from is a client whose connections come from the loopback address ip
// (any 127.x.y.z answers on Linux): the server sees a device of its own.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{
		Timeout:       10 * time.Second,
		Transport:     &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 1},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// addr is the n-th loopback address of the attack, never 127.0.0.1.
func addr(n int) string { return fmt.Sprintf("127.%d.%d.%d", 10+n/62500, n/250%250, n%250+1) }

// guess posts pin from client c; it gives the status, the device cookie
// (nil if none) and the body.
func guess(t testing.TB, c *http.Client, s *share.Server, pin string, cookies ...*http.Cookie) (int, *http.Cookie, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL()+"pin", strings.NewReader(url.Values{"pin": {pin}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for _, ck := range cookies {
		req.AddCookie(ck)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	return resp.StatusCode, deviceCookie(resp), body
}

// wrongPIN is a wrong PIN for s, different for each i.
func wrongPIN(s *share.Server, i int) string {
	p := fmt.Sprintf("%06d", i%1_000_000)
	if p == s.PIN() {
		p = fmt.Sprintf("%06d", (i+1)%1_000_000)
	}
	return p
}

// A full lock-out table never lets an address guess uncounted: a new
// address waits (429) with its PIN unread, the right PIN included, and a
// count in progress survives the new address's pruning.
func TestFullTableNoBypass(t *testing.T) {
	const table = 64
	defer share.SetLimits(table, 1<<30)()
	clk := newClock()
	s := sharetest.Start(t, share.Config{Now: clk.Now})
	// One address's count in progress: 4 wrong.
	slow := from(addr(0))
	for i := range 4 {
		if st, _, _ := guess(t, slow, s, wrongPIN(s, i)); st != http.StatusUnauthorized {
			t.Fatalf("wrong try %d: %d", i+1, st)
		}
	}
	// The flood: every other place of the table locked out, 5 wrong each.
	for n := 1; n < table; n++ {
		c := from(addr(n))
		for i := range 5 {
			guess(t, c, s, wrongPIN(s, n*5+i))
		}
		c.CloseIdleConnections()
	}
	// Then a new address: 200 guesses, every one waits; the right PIN too.
	fresh := from(addr(table + 1))
	for i := range 200 {
		pin := wrongPIN(s, 900_000+i)
		if i == 150 {
			pin = s.PIN()
		}
		st, ck, body := guess(t, fresh, s, pin)
		if st != http.StatusTooManyRequests || ck != nil {
			t.Fatalf("guess %d of a new address on a full table: %d, cookie %v\n%s", i+1, st, ck, body)
		}
	}
	// The count in progress was kept: its 5th wrong PIN locks it out.
	if st, _, _ := guess(t, slow, s, wrongPIN(s, 4)); st != http.StatusTooManyRequests {
		t.Fatalf("the 5th wrong PIN of an address counting: %d, want 429", st)
	}
	// A minute on, the table has room again and the right PIN gets in.
	clk.Add(61 * time.Second)
	if st, ck, _ := guess(t, fresh, s, s.PIN()); st != http.StatusSeeOther || ck == nil {
		t.Fatalf("the right PIN a minute on: %d %v", st, ck)
	}
}

// A spray of 2,000 guesses from 400 addresses, the right PIN among them:
// once the sharing's budget (20 wrong PINs a minute) is spent, every PIN
// entry waits and says for how long, the right one too, while a device
// already in still reads its page and its state.
func TestPINSpray(t *testing.T) {
	defer share.SetLimits(4096, 20)()
	clk := newClock()
	s := sharetest.Start(t, share.Config{Now: clk.Now})
	s.Publish("dun", []byte(`{"turn":1}`))
	in := login(t, s)
	clients := make([]*http.Client, 400)
	for i := range clients {
		clients[i] = from(addr(i))
	}
	statuses := map[int]int{}
	for round := range 5 {
		for i, c := range clients {
			n := round*400 + i
			pin := wrongPIN(s, 123_457+n*7)
			if n == 1000 {
				pin = s.PIN()
			}
			st, ck, body := guess(t, c, s, pin)
			statuses[st]++
			if ck != nil {
				t.Fatalf("guess %d got in: %d", n+1, st)
			}
			if n >= 20 && (st != http.StatusTooManyRequests || !says(body, "en", "share.pin.busy", map[string]any{"Count": 60})) {
				t.Fatalf("guess %d, the budget spent: %d\n%s", n+1, st, body)
			}
		}
	}
	t.Logf("2,000 guesses from 400 addresses: %v", statuses)
	if statuses[http.StatusUnauthorized] != 20 {
		t.Fatalf("wrong PINs compared: %d, want 20", statuses[http.StatusUnauthorized])
	}
	if resp, body := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, in); resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"turn":1`) {
		t.Fatalf("the device in, during the spray: %s %s", resp.Status, body)
	}
	if resp, _ := sharetest.Request(t, http.MethodGet, s.URL(), nil, in); resp.StatusCode != http.StatusOK {
		t.Fatalf("the device in, its page: %s", resp.Status)
	}
	// In Spanish, with the seconds left.
	clk.Add(45 * time.Second)
	req, _ := http.NewRequest(http.MethodPost, s.URL()+"pin", strings.NewReader("pin="+s.PIN()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "es")
	resp, err := clients[7].Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if body := readAll(t, resp); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "15" || !says(body, "es", "share.pin.busy", map[string]any{"Count": 15}) {
		t.Fatalf("in Spanish, 45 s on: %s %q\n%s", resp.Status, resp.Header.Get("Retry-After"), body)
	}
	// The minute over, the right PIN gets in.
	clk.Add(16 * time.Second)
	if st, ck, _ := guess(t, clients[399], s, s.PIN()); st != http.StatusSeeOther || ck == nil {
		t.Fatalf("the right PIN, the minute over: %d", st)
	}
}

// 32 devices that get in and never watch hold no place: a 33rd gets in,
// taking the place of the one not watching for the longest. When all 32
// watch, every PIN entry, right or wrong, gets the same "full" answer and
// costs no try.
func TestPlacesFreeThemselves(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	var in []*http.Cookie
	for n := range 32 {
		st, ck, _ := guess(t, from(addr(n)), s, s.PIN())
		if st != http.StatusSeeOther || ck == nil {
			t.Fatalf("device %d: %d", n+1, st)
		}
		in = append(in, ck)
	}
	st, ck, body := guess(t, from(addr(32)), s, s.PIN())
	if st != http.StatusSeeOther || ck == nil {
		t.Fatalf("device 33, the 32 never watching: %d\n%s", st, body)
	}
	if resp, _ := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, in[0]); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the device not watching for the longest, its place taken: %s", resp.Status)
	}
	if resp, _ := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, in[1]); resp.StatusCode != http.StatusOK {
		t.Fatalf("the second device: %s", resp.Status)
	}
	// Now the 32 in all watch.
	in = append(in[1:], ck)
	var streams []*eventStream
	for i, c := range in {
		es, err := openEvents(t, s, c)
		if err != nil || es.resp.StatusCode != http.StatusOK {
			t.Fatalf("device %d watching: %v", i+1, err)
		}
		streams = append(streams, es)
	}
	defer func() {
		for _, es := range streams {
			es.Close()
		}
	}()
	waitFor(t, func() bool { return s.Devices() == 32 })
	var first []byte
	for i := range 12 {
		pin := wrongPIN(s, 300_000+i)
		if i%3 == 0 {
			pin = s.PIN()
		}
		st, ck, body := guess(t, from(addr(40)), s, pin)
		if st != http.StatusServiceUnavailable || ck != nil || !says(body, "en", "share.pin.full", map[string]any{"Count": 32}) {
			t.Fatalf("entry %d with 32 watching: %d\n%s", i+1, st, body)
		}
		if first == nil {
			first = body
		} else if string(body) != string(first) {
			t.Fatalf("entry %d: another answer than the first:\n%s\n%s", i+1, body, first)
		}
	}
	// One stops watching: its place goes to the next newcomer, whose
	// address was never counted for the 12 entries.
	streams[5].Close()
	waitFor(t, func() bool { return s.Devices() == 31 })
	if st, ck, _ := guess(t, from(addr(40)), s, s.PIN()); st != http.StatusSeeOther || ck == nil {
		t.Fatalf("a place freed: %d", st)
	}
}

func waitFor(t testing.TB, ok func() bool) {
	t.Helper()
	for range 500 {
		if ok() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("timed out waiting")
}

// 9,000 bytes of headers are 431 with the security headers, and so are
// 30,000 and 60,000 (beyond what the server reads: net/http's own 431); a
// request it cannot parse is its own 400, with them too; a body sent too
// slowly is 408 with them, and says so in the page's language.
func TestHeaderBoundAndSlowUpload(t *testing.T) {
	defer share.SetReadTimeout(700 * time.Millisecond)()
	s := sharetest.Start(t, share.Config{})
	for _, size := range []int{9000, 12000, 30000, 60000} {
		req, _ := http.NewRequest(http.MethodGet, s.URL(), nil)
		req.Header.Set("X-Big", strings.Repeat("a", size))
		resp, err := sharetest.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readAll(t, resp)
		if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Fatalf("%d bytes of headers: %s", size, resp.Status)
		}
		for k, v := range securityHeaders {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("431: %s: %q", k, got)
			}
		}
	}
	bad, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	fmt.Fprintf(bad, "GET / HTTP/1.1\r\nHost: %s\r\nNo colon here\r\n\r\n", bad.RemoteAddr())
	_ = bad.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(bad), nil)
	if err != nil {
		t.Fatalf("a malformed request: no answer: %v", err)
	}
	readAll(t, resp)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a malformed request: %s", resp.Status)
	}
	for k, v := range securityHeaders {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("400: %s: %q", k, got)
		}
	}
	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	host := conn.RemoteAddr().String()
	fmt.Fprintf(conn, "POST /pin HTTP/1.1\r\nHost: %s\r\nAccept-Language: es\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\npin=1", host)
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err = http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("a slow upload: no answer: %v", err)
	}
	body := readAll(t, resp)
	if resp.StatusCode != http.StatusRequestTimeout || !says(body, "es", "share.request.slow", nil) {
		t.Fatalf("a slow upload: %s\n%s", resp.Status, body)
	}
	for k, v := range securityHeaders {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("408: %s: %q", k, got)
		}
	}
}
