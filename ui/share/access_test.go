package share_test

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// says reports whether a page body shows message id rendered in lang.
func says(body []byte, lang, id string, args map[string]any) bool {
	return strings.Contains(string(body), html.EscapeString(translations.New(lang).T(id, args)))
}

// The right PIN gives the device its cookie (HttpOnly, SameSite=Strict,
// for the whole site) and sends it to the page; then /state answers.
func TestRightPIN(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	s.Publish("dun", []byte(`{"turn":3}`))
	resp, body := postPIN(t, s, s.PIN())
	c := deviceCookie(resp)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" || c == nil {
		t.Fatalf("%s to %q, cookie %v\n%s", resp.Status, resp.Header.Get("Location"), c, body)
	}
	if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || len(c.Value) != 64 {
		t.Fatalf("the cookie: %+v", c)
	}
	if _, err := hex.DecodeString(c.Value); err != nil {
		t.Fatalf("the token %q: %v", c.Value, err)
	}
	resp, body = sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, c)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" || string(body) != `{"module":"dun","version":1,"game":0,"public":{"turn":3}}` {
		t.Fatalf("%s %s %s", resp.Status, resp.Header.Get("Content-Type"), body)
	}
	// The PIN given again by a device in keeps its token: no new slot.
	resp, _ = postPIN(t, s, s.PIN(), c)
	if again := deviceCookie(resp); again == nil || again.Value != c.Value {
		t.Fatalf("the PIN again: %v, was %v", again, c)
	}
}

// A wrong PIN is 401 and says how many tries are left, in the device's
// language; a PIN that is not 6 digits says so and costs no try.
func TestWrongPIN(t *testing.T) {
	s := sharetest.Start(t, share.Config{PIN: "123456"})
	cases := []struct {
		pin, lang string
		status    int
		id        string
		args      map[string]any
	}{
		{"654321", "en", http.StatusUnauthorized, "share.pin.wrong", map[string]any{"Count": 4}},
		{"12345", "en", http.StatusUnauthorized, "share.pin.format", nil},
		{"abcdef", "es", http.StatusUnauthorized, "share.pin.format", nil},
		{"000000", "es", http.StatusUnauthorized, "share.pin.wrong", map[string]any{"Count": 3}},
		{"", "en", http.StatusUnauthorized, "share.pin.format", nil},
		{"1234567", "en", http.StatusUnauthorized, "share.pin.format", nil},
		{"999999", "en", http.StatusUnauthorized, "share.pin.wrong", map[string]any{"Count": 2}},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(http.MethodPost, s.URL()+"pin", strings.NewReader(url.Values{"pin": {c.pin}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept-Language", c.lang)
		resp, err := sharetest.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body := readAll(t, resp)
		if resp.StatusCode != c.status || deviceCookie(resp) != nil || !says(body, c.lang, c.id, c.args) {
			t.Fatalf("PIN %q: %s, cookie %v\n%s\nwant %d and %q", c.pin, resp.Status, deviceCookie(resp), body, c.status, translations.New(c.lang).T(c.id, c.args))
		}
	}
}

// pinAt gives pin to the handler from remote address ip.
func pinAt(s *share.Server, ip, pin string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, s.URL()+"pin", strings.NewReader(url.Values{"pin": {pin}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = ip + ":40000"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, req)
	return w
}

// Five wrong PINs from one address lock it out for a minute, even with
// the right PIN; another address is not locked; no header changes which
// address asks; after the minute the right PIN gets in.
func TestLockOut(t *testing.T) {
	clk := newClock()
	s := sharetest.Start(t, share.Config{PIN: "424242", Now: clk.Now})
	const a, b = "192.0.2.10", "192.0.2.20"
	steps := []struct {
		name    string
		ip, pin string
		header  []string
		wait    time.Duration
		status  int
		id      string
		left    int
	}{
		{"1st wrong", a, "111111", nil, 0, http.StatusUnauthorized, "share.pin.wrong", 4},
		{"2nd wrong", a, "111112", nil, 0, http.StatusUnauthorized, "share.pin.wrong", 3},
		{"another address, wrong", b, "111113", nil, 0, http.StatusUnauthorized, "share.pin.wrong", 4},
		{"3rd wrong", a, "111114", nil, 0, http.StatusUnauthorized, "share.pin.wrong", 2},
		{"4th wrong", a, "111115", nil, 0, http.StatusUnauthorized, "share.pin.wrong", 1},
		{"5th wrong: locked", a, "111116", nil, 0, http.StatusTooManyRequests, "share.pin.locked", 0},
		{"the right PIN, locked", a, "424242", nil, 0, http.StatusTooManyRequests, "share.pin.locked", 0},
		{"a header naming another address", a, "424242", []string{"X-Forwarded-For", b, "X-Real-Ip", b, "Forwarded", "for=" + b}, 0, http.StatusTooManyRequests, "share.pin.locked", 0},
		{"another address, right", b, "424242", nil, 0, http.StatusSeeOther, "", 0},
		{"59 seconds on", a, "424242", nil, 59 * time.Second, http.StatusTooManyRequests, "share.pin.locked", 0},
		{"the minute is over", a, "424242", nil, time.Second, http.StatusSeeOther, "", 0},
		{"five tries again", a, "111117", nil, 0, http.StatusUnauthorized, "share.pin.wrong", 4},
	}
	for _, st := range steps {
		clk.Add(st.wait)
		w := pinAt(s, st.ip, st.pin, st.header...)
		if w.Code != st.status || (st.id != "" && !says(w.Body.Bytes(), "en", st.id, map[string]any{"Count": st.left})) {
			t.Fatalf("%s: %d, want %d (%s, %d left)\n%s", st.name, w.Code, st.status, st.id, st.left, w.Body)
		}
	}
}

// At most MaxDevices devices are in at once (32 unless told): the 33rd is
// refused with 503 while the 32 watch, and said why.
func TestDeviceCap(t *testing.T) {
	for _, max := range []int{0, 3} {
		s := sharetest.Start(t, share.Config{MaxDevices: max})
		want := max
		if want == 0 {
			want = 32
		}
		var in []*http.Cookie
		for range want {
			c := login(t, s)
			in = append(in, c)
			es, err := openEvents(t, s, c)
			if err != nil {
				t.Fatal(err)
			}
			defer es.Close()
		}
		waitFor(t, func() bool { return s.Devices() == want })
		resp, body := postPIN(t, s, s.PIN())
		if resp.StatusCode != http.StatusServiceUnavailable || deviceCookie(resp) != nil || !says(body, "en", "share.pin.full", map[string]any{"Count": want}) {
			t.Fatalf("device %d: %s\n%s", want+1, resp.Status, body)
		}
		for i, c := range in {
			if resp, _ := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, c); resp.StatusCode != http.StatusOK {
				t.Fatalf("device %d, after the refusal: %s", i+1, resp.Status)
			}
		}
		// A device in may give the PIN again.
		if resp, _ := postPIN(t, s, s.PIN(), in[0]); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("a device in, the PIN again: %s", resp.Status)
		}
	}
}

// Each sharing has a new PIN of 6 digits; a device of an earlier sharing
// is no longer in, and the page tells it so.
func TestEachSharingANewPIN(t *testing.T) {
	var prev string
	var old *http.Cookie
	for i := range 6 {
		s, err := share.Start(share.Config{Addr: "127.0.0.1:0"})
		if err != nil {
			t.Fatal(err)
		}
		pin := s.PIN()
		if !validDigits(pin) || pin == prev {
			t.Fatalf("sharing %d: PIN %q after %q", i+1, pin, prev)
		}
		if old != nil {
			resp, body := sharetest.Request(t, http.MethodGet, s.URL()+"state", nil, old)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("an earlier sharing's cookie: %s %s", resp.Status, body)
			}
			resp, body = sharetest.Request(t, http.MethodGet, s.URL(), nil, old)
			if !says(body, "en", "share.pin.ended", nil) {
				t.Fatalf("an earlier sharing's device is not told: %s", body)
			}
		}
		old = login(t, s)
		prev = pin
		if err := s.Stop(); err != nil {
			t.Fatal(err)
		}
	}
}

func validDigits(pin string) bool {
	if len(pin) != 6 {
		return false
	}
	for _, c := range pin {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// /state and /events need a cookie given in this sharing: none, a forged
// one, a malformed one are all 401, and hold nothing of the game.
func TestCookieNeeded(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	s.Publish("dun", []byte(`{"turn":"the secret"}`))
	login(t, s)
	forged := make([]byte, 32)
	_, _ = rand.Read(forged)
	cookies := map[string]*http.Cookie{
		"none":      nil,
		"forged":    {Name: "conductor_device", Value: hex.EncodeToString(forged)},
		"malformed": {Name: "conductor_device", Value: "not-a-token"},
		"empty":     {Name: "conductor_device", Value: ""},
		"the PIN":   {Name: "conductor_device", Value: s.PIN()},
	}
	for name, c := range cookies {
		for _, route := range []string{"state", "events"} {
			resp, body := sharetest.Request(t, http.MethodGet, s.URL()+route, nil, c)
			if resp.StatusCode != http.StatusUnauthorized || strings.Contains(string(body), "secret") {
				t.Fatalf("%s cookie, /%s: %s %s", name, route, resp.Status, body)
			}
		}
	}
}

// Start binds only an address named: no empty host, no every-interface
// address, no malformed address; a PIN given is 6 digits.
func TestStartRefuses(t *testing.T) {
	cases := []struct {
		cfg share.Config
		id  string
	}{
		{share.Config{Addr: ""}, "share.error.address"},
		{share.Config{Addr: ":8765"}, "share.error.address"},
		{share.Config{Addr: "0.0.0.0:8765"}, "share.error.address"},
		{share.Config{Addr: "[::]:8765"}, "share.error.address"},
		{share.Config{Addr: "127.0.0.1"}, "share.error.address"},
		{share.Config{Addr: "127.0.0.1:0", PIN: "12345"}, "share.error.pin"},
		{share.Config{Addr: "127.0.0.1:0", PIN: "12345a"}, "share.error.pin"},
		{share.Config{Addr: "192.0.2.1:8765"}, "share.error.listen"}, // not this machine's
	}
	for _, c := range cases {
		s, err := share.Start(c.cfg)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.ID != c.id {
			if s != nil {
				_ = s.Stop()
			}
			t.Fatalf("%+v: %v, want %s", c.cfg, err, c.id)
		}
		if msg := translations.New("es").T(re.ID, re.Args); msg == re.ID {
			t.Fatalf("%s has no Spanish message", re.ID)
		}
	}
	// Two sharings cannot have the same address.
	s := sharetest.Start(t, share.Config{})
	addr := strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/")
	if other, err := share.Start(share.Config{Addr: addr}); err == nil {
		_ = other.Stop()
		t.Fatalf("a second sharing on %s", addr)
	}
}
