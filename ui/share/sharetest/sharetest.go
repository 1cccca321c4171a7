// Package sharetest is the scaffolding of the players' page's tests: a
// sharing on loopback, a request to it, and a headless Chromium that loads
// the page and checks what it shows. Only tests use it (ui/share's own, and
// cmd/conductor's, which see every game the app imports); no program
// imports it.
package sharetest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/ui/share"
)

// Start starts a sharing on loopback (cfg.Addr if set), stopped when the
// test ends.
func Start(t testing.TB, cfg share.Config) *share.Server {
	t.Helper()
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	s, err := share.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Stop() })
	return s
}

// Client follows no redirect: the tests look at each response.
var Client = &http.Client{
	Timeout:       10 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// Request sends one request with the cookies given and reads the whole
// answer.
func Request(t testing.TB, method, u string, body io.Reader, cookies ...*http.Cookie) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for _, c := range cookies {
		if c != nil {
			req.AddCookie(c)
		}
	}
	resp, err := Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	return resp, b
}

// Chromium is Debian's Chromium, which the real-browser tests drive.
const Chromium = "/usr/bin/chromium"

// Browser starts a headless Chromium with a fresh profile, for at most
// limit; every wait in the test is bounded by it. Without Chromium the
// test is skipped. Every error the page's script throws, and every console
// error but the expected ones, fails the test.
//
// Under Main, the test gets a window of the package's one Chromium instead,
// in a browser context of its own: as fresh as a new profile to the page (no
// cookie, storage or cache of another test's), without a browser started
// and stopped for each test.
func Browser(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if _, err := os.Stat(Chromium); err != nil {
		t.Skip("no " + Chromium + ": the real-browser test needs Debian's chromium package")
	}
	ctx, cancelTime := context.WithTimeout(browserWindow(t), limit)
	t.Cleanup(cancelTime)
	failOnPageProblems(ctx, t)
	return ctx
}

// browserWindow is the test's window: of the package's one Chromium under
// Main, else of a Chromium of its own with a fresh profile.
func browserWindow(t *testing.T) context.Context {
	t.Helper()
	if !shared.on {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(browserOptions(), chromedp.UserDataDir(t.TempDir()))...)
		ctx, cancelCtx := chromedp.NewContext(alloc)
		t.Cleanup(func() {
			cancelCtx()
			cancelAlloc()
		})
		return ctx
	}
	parent, err := sharedBrowser()
	if err != nil {
		t.Fatal(err)
	}
	tab, cancelTab := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	t.Cleanup(func() {
		// The window closes, and its browser context goes with it.
		if err := chromedp.Cancel(tab); err != nil && !errors.Is(err, context.Canceled) {
			t.Logf("closing the test's window: %v", err)
		}
		cancelTab()
	})
	return tab
}

// failOnPageProblems fails the test for every error the page's script
// throws and every console error (a refused inline script or style shows
// there) but the expected ones.
func failOnPageProblems(ctx context.Context, t *testing.T) {
	t.Helper()
	var mu sync.Mutex
	var problems []string
	err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			what := d.Text
			if d.Exception != nil {
				what += " " + d.Exception.Description
			}
			problems = append(problems, fmt.Sprintf("exception: %s at %s:%d", what, d.URL, d.LineNumber+1))
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError && !expectedConsoleError(ev.Entry) {
				problems = append(problems, "console: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range problems {
			t.Error(p)
		}
	})
}

// expectedConsoleError: the wrong PIN's 401, the stream cut when the
// sharing stops, and the 401 of /state that tells the page a new sharing
// has forgotten the device.
func expectedConsoleError(e *cdplog.Entry) bool {
	wrongPIN := strings.HasSuffix(e.URL, "/pin") && strings.Contains(e.Text, "401")
	streamCut := strings.HasSuffix(e.URL, "/events")
	forgotten := strings.HasSuffix(e.URL, "/state") && strings.Contains(e.Text, "401")
	// A seat's step refused, stale or too fast is answered with its
	// status and reason, which the page shows beside its button.
	refusedStep := (strings.HasSuffix(e.URL, "/intent") || strings.HasSuffix(e.URL, "/seat")) && strings.Contains(e.Text, "status of 4")
	return wrongPIN || streamCut || forgotten || refusedStep
}

// browserOptions are how the tests start Chromium: headless, quiet, in a
// window of 1280 by 800.
func browserOptions() []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 800),
	}
}

// shared is the one Chromium of a package's tests under Main.
var shared struct {
	on   bool // Main runs the tests
	once sync.Once
	ctx  context.Context // the browser's first window, the parent of the tests'
	err  error
	stop func()
}

// Main runs a package's tests (m.Run) with one Chromium for all their
// Browser calls, started at the first, and stops it when they are done: a
// package whose tests use several browsers calls it from TestMain.
func Main(m *testing.M) {
	shared.on = true
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	os.Exit(code)
}

// sharedBrowser is the package's Chromium, started at the first call. Its
// profile is a directory of its own, removed when it stops.
func sharedBrowser() (context.Context, error) {
	shared.once.Do(func() {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), browserOptions()...)
		ctx, cancel := chromedp.NewContext(alloc)
		shared.stop = func() {
			_ = chromedp.Cancel(ctx)
			cancel()
			cancelAlloc()
		}
		if err := chromedp.Do(ctx); err != nil {
			shared.err = fmt.Errorf("starting Chromium: %w", err)
		}
		shared.ctx = ctx
	})
	return shared.ctx, shared.err
}

// Until polls the page every 50 ms until expression js is true, or fails
// the test after within (and says what it waited for).
func Until(t *testing.T, ctx context.Context, what, js string, within time.Duration) {
	t.Helper()
	wctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	for {
		// A page still loading may lack what js reads: not yet, not an error.
		safe := `(() => { try { return !!(` + js + `); } catch (e) { return false; } })()`
		_, err := chromedp.Run(wctx, chromedp.Poll[bool](safe, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(within)))
		if err == nil {
			return
		}
		if wctx.Err() == nil && (strings.Contains(err.Error(), "navigated") || strings.Contains(err.Error(), "context with specified id")) {
			time.Sleep(20 * time.Millisecond)
			continue // a page loads (the PIN's redirect): poll the new one
		}
		page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 2000) : ""`))
		t.Fatalf("waiting for %s (%s): %v\nthe page shows:\n%s", what, js, err, page)
	}
}

// Eval is the value of js in the page.
func Eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// Do runs the actions, failing the test on an error.
func Do(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// NoRawIDs fails the test if the page shows a message id (the frame's, or
// any registered part's), a placeholder left unfilled, one of ids or
// another internal id instead of a name.
func NoRawIDs(t *testing.T, ctx context.Context, where string, ids ...string) {
	t.Helper()
	shown := Eval[string](t, ctx, `document.body.innerText`)
	raw := []string{"share.page.", "{", "}", "undefined", "null", "NaN", "[object"}
	for _, p := range share.Parts() {
		raw = append(raw, p.Messages...) // every part's message ids
	}
	for _, bad := range append(raw, ids...) {
		if strings.Contains(shown, bad) {
			t.Errorf("%s: the page shows %q:\n%s", where, bad, shown)
		}
	}
}

// Fits fails the test if anything makes the page wider than the window.
func Fits(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	// The window's width less its scroll bar, if it shows one: a phone's
	// lies over the page, a desktop browser's does not.
	widths := Eval[[]int](t, ctx, `[document.documentElement.scrollWidth, window.innerWidth, document.documentElement.clientWidth]`)
	if len(widths) != 3 || widths[0] > widths[1] || widths[0] > widths[2] {
		wide := Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("%s: the page is %v px wide in a %v px window (%v px inside its scroll bar); too wide: %v", where, widths[0], widths[1], widths[2], wide)
	}
}

// Viewport makes the window w by h, in the light or the dark.
func Viewport(t *testing.T, ctx context.Context, w, h int64, dark bool) {
	t.Helper()
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	Do(t, ctx, chromedp.EmulateViewport(w, h))
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
		t.Fatal(err)
	}
}

// SignIn loads srv's page in lang and types its PIN: the page is in.
func SignIn(t *testing.T, ctx context.Context, srv *share.Server, lang string) {
	t.Helper()
	Do(t, ctx,
		chromedp.Navigate(srv.URL()+"?lang="+lang),
		chromedp.WaitVisible(chromedp.ID("pin")),
		chromedp.SendKeys(chromedp.ID("pin"), srv.PIN()),
		chromedp.Click(chromedp.ID("pin-submit")),
	)
	Until(t, ctx, "the page, in", `document.body.classList.contains('authed')`, 10*time.Second)
}
