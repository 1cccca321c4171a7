package share_test

import (
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"

	// Every game's part of the page, as the app registers them.
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/sharepage"
	_ "github.com/dunconductor/conductor/ui/dun/sharepage"
	_ "github.com/dunconductor/conductor/ui/twister/sharepage"
)

// part is the registered page part of module.
func part(t testing.TB, module string) share.Part {
	t.Helper()
	for _, p := range share.Parts() {
		if p.Module == module {
			return p
		}
	}
	t.Fatalf("no page part for module %q", module)
	return share.Part{}
}

// Every registered module draws its views on the players' page: it has a
// part with a script, styles and messages, and the page serves them.
func TestEveryModuleHasAPagePart(t *testing.T) {
	mods := engine.Modules()
	if len(mods) < 3 {
		t.Fatalf("only %v registered: the test does not see the games", mods)
	}
	s := start(t, share.Config{})
	for _, m := range mods {
		p := part(t, m)
		if len(p.Style) == 0 || len(p.Messages) == 0 {
			t.Errorf("%s: a part without styles or messages: %+v", m, p.Messages)
		}
		if !strings.Contains(string(p.Script), "register('"+m+"'") {
			t.Errorf("%s: the part's script does not register its module", m)
		}
		for _, f := range []struct{ ext, ctype string }{{".js", "text/javascript"}, {".css", "text/css"}} {
			resp, body := request(t, http.MethodGet, s.URL()+"static/parts/"+m+f.ext, nil, nil)
			if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), f.ctype) || len(body) == 0 {
				t.Errorf("%s%s: %s %q, %d bytes", m, f.ext, resp.Status, resp.Header.Get("Content-Type"), len(body))
			}
			if resp.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("%s%s: Cache-Control %q", m, f.ext, resp.Header.Get("Cache-Control"))
			}
		}
		msgs := share.PageMessages("es")
		for _, prefix := range p.Messages {
			found := false
			for id := range msgs {
				found = found || strings.HasPrefix(id, prefix)
			}
			if !found {
				t.Errorf("%s: the page is given no message %s*", m, prefix)
			}
		}
	}
	for _, path := range []string{"static/parts/nothing.js", "static/parts/nothing.css", "static/parts/" + mods[0] + ".html", "static/parts/" + mods[0]} {
		if resp, _ := request(t, http.MethodGet, s.URL()+path, nil, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET /%s: %s, want 404", path, resp.Status)
		}
	}
}

// The frame names no game: no module's name and none of a part's message
// prefixes in ui/share's code (its tests aside), its web files or the
// page's own messages (translations/sharepage.*.toml). Each game's page is
// its own part.
func TestTheFrameNamesNoGame(t *testing.T) {
	var files []string
	code, _ := filepath.Glob("*.go")
	for _, f := range code {
		if !strings.HasSuffix(f, "_test.go") {
			files = append(files, f)
		}
	}
	err := fs.WalkDir(os.DirFS("web"), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, filepath.Join("web", p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	messages, _ := filepath.Glob("../../translations/sharepage.*.toml")
	files = append(files, messages...)
	if len(code) < 5 || len(messages) < 2 || !strings.Contains(strings.Join(files, " "), "app.js") {
		t.Fatalf("the files looked at: %v", files)
	}
	var bad []*regexp.Regexp
	for _, m := range engine.Modules() {
		bad = append(bad, regexp.MustCompile(`(?i)(^|[^a-z0-9_-])`+regexp.QuoteMeta(m)+`([^a-z0-9_-]|$)`))
	}
	for _, p := range share.Parts() {
		for _, prefix := range p.Messages {
			bad = append(bad, regexp.MustCompile(regexp.QuoteMeta(prefix)))
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, re := range bad {
				if re.MatchString(line) {
					t.Errorf("%s:%d names a game (%s): %s", f, i+1, re, strings.TrimSpace(line))
				}
			}
		}
	}
}

// Every registered module's part draws its game in a real browser, from
// the first moment to the last, in English and Spanish on a phone: no
// error in the page, no message id, nothing wider than the window.
func TestEveryPartInABrowser(t *testing.T) {
	ctx := browser(t, 4*time.Minute)
	srv, err := share.Start(share.Config{Addr: "127.0.0.1:0", PIN: "123456"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	do(t, ctx,
		chromedp.Navigate(srv.URL()+"?lang=en"),
		chromedp.WaitVisible(chromedp.ID("pin")),
		chromedp.SendKeys(chromedp.ID("pin"), "123456"),
		chromedp.Click(chromedp.ID("pin-submit")),
	)
	until(t, ctx, "the page, in", `document.body.classList.contains('authed')`, 10*time.Second)
	viewport(t, ctx, 360, 740, false)
	version := 0
	for _, g := range modulesPlayed(t) {
		moments := g.play(t)
		const samples = 6
		for i := range samples {
			m := moments[i*(len(moments)-1)/(samples-1)]
			srv.Publish(m.module, m.view)
			version++
			for _, lang := range []string{"en", "es"} {
				if i == samples-1 || lang == "en" {
					if lang == "es" {
						do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=es"))
					}
					until(t, ctx, g.name+" "+m.at+" drawn in "+lang, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById('view').dataset.drawn === '%d' && document.getElementById('view').dataset.module === %q`, lang, version, m.module), 10*time.Second)
					where := g.name + ", " + m.at + ", " + lang
					noRawIDs(t, ctx, where)
					fits(t, ctx, where)
				}
			}
			if i == samples-1 {
				do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
			}
		}
	}
	if version < 3*6 {
		t.Fatalf("only %d views drawn", version)
	}
}
