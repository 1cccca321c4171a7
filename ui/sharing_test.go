package ui

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// freePort is a port nothing listens on now, on loopback.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// device is a browser that has entered the PIN.
func device(t *testing.T, base, pin string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	resp, err := c.PostForm(base+"pin", url.Values{"pin": {pin}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("PIN refused: %s", resp.Status)
	}
	return c
}

type pageState struct {
	Module  string          `json:"module"`
	Version int             `json:"version"`
	Public  json.RawMessage `json:"public"`
}

func getState(t *testing.T, c *http.Client, base string) pageState {
	t.Helper()
	resp, err := c.Get(base + "state")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var s pageState
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("state %s: %v", b, err)
	}
	return s
}

// Sharing follows the open game: every step saved, an undo and a redo
// reach the page as a new version; stopping ends it; the top bar says how
// it stands.
func TestSharingFollowsTheGame(t *testing.T) {
	store := uitest.NewMemStore()
	g := newToy(t, toySetup{Count: 3})
	id, _ := store.CreateGame("x", g)
	u := New(test.NewTempApp(t), store, "en")
	u.open(id, g, "")
	u.build()
	if !uitest.HasText(u.win, "Share") {
		t.Fatalf("no share button: %q", uitest.TextsIn(u.win))
	}
	port := freePort(t)
	if err := u.startSharing("127.0.0.1", port); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(u.stopSharing)
	base := u.share.srv.URL()
	if !strings.Contains(base, "127.0.0.1") {
		t.Fatalf("bound at %s", base)
	}
	c := device(t, base, u.share.srv.PIN())
	first := getState(t, c, base)
	if first.Module != toyName || first.Version < 1 {
		t.Fatalf("the open game was not shown at once: %+v", first)
	}
	steps := []engine.Event{&ToyAdd{By: 2}, &engine.Undo{}, &engine.Redo{}}
	for i, e := range steps {
		if err := u.sess.Apply(e); err != nil {
			t.Fatal(err)
		}
		if got := getState(t, c, base); got.Version != first.Version+i+1 {
			t.Fatalf("after %s: version %d, want %d", e.Type(), got.Version, first.Version+i+1)
		}
	}
	if err := u.sess.Apply(&ToyAdd{By: -500}); err == nil {
		t.Fatal("an illegal step applied")
	}
	if got := getState(t, c, base); got.Version != first.Version+len(steps) {
		t.Fatalf("a refused step was published: version %d", got.Version)
	}
	u.stopSharing()
	if u.share.button.Text != "Share" {
		t.Fatalf("top bar after stop: %q", u.share.button.Text)
	}
	if _, err := c.Get(base + "state"); err == nil {
		t.Fatal("the page still answers after Stop sharing")
	}
	// The next sharing remembers the address and has a new PIN.
	host, p := u.shareAddress()
	if host != "127.0.0.1" || p != port {
		t.Fatalf("remembered %s:%d", host, p)
	}
}

// A bad port or one already taken is said in words, and nothing starts.
func TestSharingRefusesABadAddress(t *testing.T) {
	u := New(test.NewTempApp(t), uitest.NewMemStore(), "es")
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port
	err = u.startSharing("127.0.0.1", port)
	if err == nil || !strings.Contains(err.Error(), "La página no pudo empezar en 127.0.0.1:") {
		t.Fatalf("taken port: %v", err)
	}
	if u.share.srv != nil {
		t.Fatal("a server is kept after a failed start")
	}
	for _, p := range []int{0, 80, 1023, 65536, -1} {
		if validPort(p) {
			t.Errorf("port %d taken as valid", p)
		}
	}
	for _, p := range []int{1024, 8765, 65535} {
		if !validPort(p) {
			t.Errorf("port %d refused", p)
		}
	}
}
