package ui

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
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
	u.open(id, g, nil)
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

// A revealed section's picture reaches the page by the name the view
// gives it; a hidden section's is not there, even by its right name.
func TestSharingGivesRevealedPicturesOnly(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 6, 6))); err != nil {
		t.Fatal(err)
	}
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	qs, err := content.BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == "the-tomb-of-the-ash-king" })
	q := *qs[i]
	q.Sections = slices.Clone(q.Sections)
	for j, s := range q.Sections {
		switch s.ID {
		case "ash-stair": // the start: revealed
			q.Sections[j].Image = uri
		case "gatehouse": // hidden: another picture
			big := image.NewRGBA(image.Rect(0, 0, 7, 7))
			var hb bytes.Buffer
			_ = png.Encode(&hb, big)
			q.Sections[j].Image = "data:image/png;base64," + base64.StdEncoding.EncodeToString(hb.Bytes())
		}
	}
	g, err := dun.NewGame(dun.Setup{HeroVP: []int{30}, QuestData: &q})
	if err != nil {
		t.Fatal(err)
	}
	store := uitest.NewMemStore()
	id, _ := store.CreateGame("x", g)
	u := New(test.NewTempApp(t), store, "en")
	if err := u.startSharing("127.0.0.1", freePort(t)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(u.stopSharing)
	u.sess = NewSession(store, id, g, "")
	u.publish()
	base := u.share.srv.URL()
	c := device(t, base, u.share.srv.PIN())
	var view struct {
		Public struct {
			Sections []struct {
				ID    string `json:"id"`
				Image string `json:"image"`
			} `json:"sections"`
		} `json:"public"`
	}
	st := getState(t, c, base)
	if err := json.Unmarshal([]byte(`{"public":`+string(st.Public)+`}`), &view); err != nil {
		t.Fatal(err)
	}
	if len(view.Public.Sections) != 1 || view.Public.Sections[0].Image == "" {
		t.Fatalf("view: %s", st.Public)
	}
	get := func(name string) int {
		resp, err := c.Get(base + "images/" + name)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := get(view.Public.Sections[0].Image); code != http.StatusOK {
		t.Fatalf("the start's picture: %d", code)
	}
	// The gatehouse's picture by its right name: the game has it, the page not.
	for _, name := range u.share.files {
		if name != view.Public.Sections[0].Image {
			t.Fatalf("a file given that the view does not name: %s", name)
		}
	}
	if strings.Contains(string(st.Public), "base64") {
		t.Fatal("the view carries a picture's bytes")
	}
}

// The sharing dialog as the Conductor uses it: a port out of range is said
// in words and starts nothing; a good one, given with Enter, starts the
// page and shows how to join (the PIN in two groups); Stop sharing ends it.
func TestSharingDialog(t *testing.T) {
	u := New(test.NewTempApp(t), uitest.NewMemStore(), "en")
	u.win.Resize(fyne.NewSize(1024, 768))
	test.Tap(uitest.Button(t, u.win, "Share"))
	var port *widget.Entry
	var hosts *widget.Select
	uitest.WalkVisible(u.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Entry:
			port = x
		case *widget.Select:
			hosts = x
		}
	})
	if port == nil || hosts == nil {
		t.Fatalf("no address or port: %q", uitest.TextsIn(u.win))
	}
	hosts.SetSelected(u.tr.T("ui.share.local_only", map[string]any{"Address": localOnly}))
	for _, bad := range []string{"80", "65536", "x", "-1", "99999999999999999999"} {
		port.SetText(bad)
		uitest.TapInDialog(t, u.win, "Start sharing")
		if u.share.srv != nil || !uitest.HasText(u.win, "cannot be used: give a number from 1024 to 65535") {
			t.Fatalf("port %q: %q", bad, uitest.TextsIn(u.win))
		}
	}
	port.SetText(strconv.Itoa(freePort(t)))
	port.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if u.share.srv == nil {
		t.Fatalf("Enter did not start sharing: %q", uitest.TextsIn(u.win))
	}
	t.Cleanup(u.stopSharing)
	pin := u.share.srv.PIN()
	for _, want := range []string{pin[:3] + " " + pin[3:], u.share.srv.URL(), "0 devices watching", "Sharing · 0"} {
		if !uitest.HasText(u.win, want) {
			t.Fatalf("%q not shown: %q", want, uitest.TextsIn(u.win))
		}
	}
	uitest.TapInDialog(t, u.win, "Stop sharing")
	if u.share.srv != nil || u.share.button.Text != "Share" {
		t.Fatalf("still sharing: %q", u.share.button.Text)
	}
}
