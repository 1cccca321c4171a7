package journal_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/journal"
)

// chromium is Debian's Chromium (as ui/share's browser tests use it).
const chromium = "/usr/bin/chromium"

// mediaBox is a PDF page's size.
var mediaBox = regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]`)

// The journal of a pictured Tomb, opened from its file in headless Chromium
// with no network: no script error or console error, every picture (the
// sittings' and the map's) loaded, nothing wider than an A4 page's text
// (180 mm), and printed to PDF, A4 pages only.
func TestJournalInChromium(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("no " + chromium)
	}
	g, times := tomb(t, true)
	j, err := journal.Build(translations.New("es"), "La tumba del martes", g, times, false, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "journal.html")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	f.Close()

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium), chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true), chromedp.UserDataDir(t.TempDir()),
		chromedp.ProxyServer("127.0.0.1:9"), // offline: anything fetched from the network fails
	)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTime()
	var mu sync.Mutex
	var problems []string
	err = chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+ev.ExceptionDetails.Text)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError {
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
	const textWidth = 680 // 180 mm at 96 px an inch: A4 less its margins
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(textWidth, 900), chromedp.Navigate("file://"+path), chromedp.WaitReady("footer")); err != nil {
		t.Fatal(err)
	}
	eval := func(js string) int {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	loaded := eval(`(async () => {
		const srcs = [...document.images].map(i => i.src).concat(
			[...document.querySelectorAll('svg image')].map(i => i.getAttribute('href')));
		const ok = await Promise.all(srcs.map(s => new Promise(done => {
			const im = new Image(); im.onload = () => done(im.naturalWidth > 0); im.onerror = () => done(false); im.src = s; })));
		return ok.filter(Boolean).length;
	})()`)
	shown := eval(`[...document.images].filter(i => i.complete && i.naturalWidth > 0).length`)
	images := eval(`document.images.length + document.querySelectorAll('svg image').length`)
	overflow := eval(`document.documentElement.scrollWidth - document.documentElement.clientWidth`)
	if images != 3 || loaded != images || shown != 1 { // the Gatehouse's in sitting 1; the Ash Stair's and the Gatehouse's on the map
		t.Errorf("%d of %d pictures load (%d shown), want 3", loaded, images, shown)
	}
	if overflow > 0 {
		t.Errorf("the page is %d px wider than an A4 page's text", overflow)
	}
	yes := true
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: &yes, PrintBackground: &yes})
	if err != nil {
		t.Fatal(err)
	}
	pdf := res.Data
	boxes := mediaBox.FindAllSubmatch(pdf, -1)
	if len(boxes) == 0 {
		t.Fatalf("no page in the PDF (%d bytes)", len(pdf))
	}
	for _, b := range boxes {
		w, _ := strconv.ParseFloat(string(b[1]), 64)
		h, _ := strconv.ParseFloat(string(b[2]), 64)
		if w < 594 || w > 597 || h < 841 || h > 844 { // A4: 595.3 × 841.9 pt
			t.Errorf("a PDF page of %.1f × %.1f pt, not A4", w, h)
		}
	}
	t.Logf("%d A4 pages, %d pictures", len(boxes), images)
	if os.Getenv("JOURNAL_KEEP") != "" {
		os.WriteFile(os.Getenv("JOURNAL_KEEP")+".pdf", pdf, 0o644)
		html, _ := os.ReadFile(path)
		os.WriteFile(os.Getenv("JOURNAL_KEEP")+".html", html, 0o644)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(problems) > 0 {
		t.Error(strings.Join(problems, "\n"))
	}
}
