package share_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// securityHeaders are on every answer the handler gives.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
	"X-Frame-Options":         "DENY",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
}

// Every route, with or without the cookie, right or refused, carries the
// security headers; nothing but the static files may be kept by a cache;
// methods other than the route's are 405, other paths 404.
func TestHeadersAndMethods(t *testing.T) {
	s := sharetest.Start(t, share.Config{PIN: "246810"})
	c := login(t, s)
	cases := []struct {
		method, path string
		cookie       *http.Cookie
		body         string
		status       int
	}{
		{"GET", "/", nil, "", 200},
		{"GET", "/?lang=es", c, "", 200},
		{"HEAD", "/", nil, "", 200},
		{"GET", "/state", c, "", 200},
		{"GET", "/state", nil, "", 401},
		{"GET", "/events", nil, "", 401},
		{"GET", "/static/app.js", nil, "", 200},
		{"GET", "/static/", nil, "", 404},
		{"GET", "/static/nothing.js", nil, "", 404},
		{"GET", "/static/../page.html", nil, "", 404},
		{"GET", "/web/page.html", nil, "", 404},
		{"GET", "/index.html", nil, "", 404},
		{"POST", "/pin", nil, "pin=000000", 401},
		{"POST", "/pin", nil, "pin=246810", 303},
		{"GET", "/pin", nil, "", 405},
		{"PUT", "/", nil, "", 405},
		{"POST", "/", nil, "pin=246810", 405},
		{"POST", "/state", c, "", 405},
		{"DELETE", "/events", c, "", 405},
		{"POST", "/static/app.js", nil, "", 405},
		{"OPTIONS", "/state", c, "", 405},
	}
	for _, tc := range cases {
		req, err := http.NewRequest(tc.method, strings.TrimSuffix(s.URL(), "/")+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if tc.cookie != nil {
			req.AddCookie(tc.cookie)
		}
		resp, err := sharetest.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readAll(t, resp)
		if loc := resp.Header.Get("Location"); tc.path == "/static/../page.html" && resp.StatusCode == http.StatusTemporaryRedirect && loc == "/page.html" {
			resp.StatusCode = 404 // sent to the clean path, which is 404: the page's source is never served
		}
		if resp.StatusCode != tc.status {
			t.Errorf("%s %s: %s, want %d", tc.method, tc.path, resp.Status, tc.status)
		}
		for k, v := range securityHeaders {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("%s %s: %s: %q", tc.method, tc.path, k, got)
			}
		}
		want := "no-store"
		if strings.HasPrefix(tc.path, "/static/") {
			want = "no-cache"
		}
		if got := resp.Header.Get("Cache-Control"); got != want {
			t.Errorf("%s %s: Cache-Control %q, want %q", tc.method, tc.path, got, want)
		}
	}
	// A stream, too.
	es, err := openEvents(t, s, c)
	if err != nil || es.resp.StatusCode != http.StatusOK {
		t.Fatalf("/events: %v %v", err, es.resp)
	}
	for k, v := range securityHeaders {
		if got := es.resp.Header.Get(k); got != v {
			t.Errorf("GET /events: %s: %q", k, got)
		}
	}
	if got := es.resp.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("GET /events: Cache-Control %q", got)
	}
}

// A body over 1 KiB is refused with 413, whether the handler reads it or
// the server, and says why in the device's language.
func TestBodyTooLarge(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	body := "pin=" + strings.Repeat("1", 2<<20)
	// The handler, with a body of its own.
	req := httptest.NewRequest(http.MethodPost, s.URL()+"pin", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "es")
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, req)
	if w.Code != http.StatusRequestEntityTooLarge || !says(w.Body.Bytes(), "es", "share.request.too_large", nil) {
		t.Fatalf("the handler: %d %s", w.Code, w.Body)
	}
	// Over the network: a 2 MiB POST.
	resp, err := sharetest.Client.Post(s.URL()+"pin", "application/x-www-form-urlencoded", strings.NewReader(body))
	if err != nil {
		t.Fatalf("a 2 MiB POST: %v", err)
	}
	readAll(t, resp)
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("a 2 MiB POST: %s", resp.Status)
	}
	// 1 KiB is still read.
	resp, err = sharetest.Client.Post(s.URL()+"pin", "application/x-www-form-urlencoded", strings.NewReader("pin=000000&x="+strings.Repeat("1", 1000)))
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a 1 KiB POST: %s", resp.Status)
	}
}

// A request with huge headers is refused with 431; one that never ends
// its headers is cut off.
func TestHugeHeaderAndSlowRequest(t *testing.T) {
	t.Parallel() // it waits out the server's ReadHeaderTimeout
	s := sharetest.Start(t, share.Config{})
	req, _ := http.NewRequest(http.MethodGet, s.URL(), nil)
	req.Header.Set("X-Huge", strings.Repeat("a", 64<<10))
	resp, err := sharetest.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp)
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("64 KiB of headers: %s", resp.Status)
	}
	// 6 KiB of headers pass.
	req.Header.Set("X-Huge", strings.Repeat("a", 6<<10))
	resp, err = sharetest.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("6 KiB of headers: %s", resp.Status)
	}
	if testing.Short() {
		return
	}
	// A device that sends half a request line and waits is let go after
	// the ReadHeaderTimeout (5 s).
	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "GET / HTTP/1.1\r\nHost: x\r\n")
	_ = conn.SetReadDeadline(time.Now().Add(8 * time.Second))
	began := time.Now()
	line, err := bufio.NewReader(conn).ReadString('\n')
	if took := time.Since(began); took > 7*time.Second || (err == nil && !strings.Contains(line, "408")) {
		t.Fatalf("a request that never ends: %q %v after %s", line, err, took)
	}
}

// The page's language: ?lang= (kept in a cookie), else the cookie, else
// Accept-Language, else English.
func TestLanguage(t *testing.T) {
	cases := []struct {
		header, want string
	}{
		{"", "en"},
		{"es", "es"},
		{"es-ES,es;q=0.9,en;q=0.8", "es"},
		{"fr-FR, en;q=0.5, es;q=0.7", "es"},
		{"fr, de", "en"},
		{"en-GB,en;q=0.9", "en"},
		{"es;q=0, en;q=0.1", "en"},
		{"es;q=bad, en;q=0.2", "en"},
		{"ES-mx", "es"},
	}
	for _, c := range cases {
		if got := share.AcceptLanguage(c.header); got != c.want {
			t.Errorf("Accept-Language %q: %s, want %s", c.header, got, c.want)
		}
	}
	s := sharetest.Start(t, share.Config{PIN: "135790"})
	post := func(query string, header string, cookies ...*http.Cookie) (*http.Response, []byte) {
		req, _ := http.NewRequest(http.MethodPost, s.URL()+"pin"+query, strings.NewReader("pin=000001"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept-Language", header)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		resp, err := sharetest.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp, readAll(t, resp)
	}
	resp, body := post("?lang=es", "en")
	var lang *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "lang" {
			lang = c
		}
	}
	if lang == nil || lang.Value != "es" || !says(body, "es", "share.pin.wrong", map[string]any{"Count": 4}) {
		t.Fatalf("?lang=es: cookie %v\n%s", lang, body)
	}
	if _, body := post("", "en", lang); !says(body, "es", "share.pin.wrong", map[string]any{"Count": 3}) {
		t.Fatalf("the lang cookie over Accept-Language: %s", body)
	}
	if _, body := post("?lang=xx", "en"); !says(body, "en", "share.pin.wrong", map[string]any{"Count": 2}) {
		t.Fatalf("an unknown ?lang=: %s", body)
	}
	var partMessages []string // the messages each game's part of the page asks for
	for _, p := range share.Parts() {
		partMessages = append(partMessages, p.Messages...)
	}
	for _, l := range []string{"en", "es"} {
		rulings := 0
		for id := range share.PageMessages(l) {
			switch {
			case strings.HasPrefix(id, "share.page."):
			case strings.HasPrefix(id, "ruling.") && (strings.HasSuffix(id, ".title") || strings.HasSuffix(id, ".text")) && !strings.HasPrefix(id, "ruling.topic."):
				rulings++ // the rulings' own public texts
			case slices.ContainsFunc(partMessages, func(p string) bool { return strings.HasPrefix(id, p) }):
				// a part's messages, unrendered
			default:
				t.Fatalf("%s: the page's messages hold %s", l, id)
			}
		}
		if rulings == 0 {
			t.Fatalf("%s: the page is given no ruling", l)
		}
	}
}

// Only requests naming the sharing's own address are answered: a page
// elsewhere that points its own name at this address gets nothing.
func TestOnlyOurHost(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	c := login(t, s)
	for host, want := range map[string]int{
		"":                http.StatusOK,
		"evil.example":    http.StatusMisdirectedRequest,
		"evil.example:80": http.StatusMisdirectedRequest,
		"127.0.0.1":       http.StatusMisdirectedRequest,
		"localhost":       http.StatusMisdirectedRequest,
		"127.0.0.1:1":     http.StatusMisdirectedRequest,
	} {
		req, _ := http.NewRequest(http.MethodGet, s.URL()+"state", nil)
		if host != "" {
			req.Host = host
		}
		req.AddCookie(c)
		resp, err := sharetest.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body := readAll(t, resp)
		if resp.StatusCode != want || (want != http.StatusOK && strings.Contains(string(body), "module")) {
			t.Fatalf("Host %q: %s %s", host, resp.Status, body)
		}
	}
}
