package dunui

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// longGame saves a 10,000-event DUN game in store and makes it the last
// game played: 1D6 rolls, a new turn every 50th. With snapshots, a snapshot
// is saved wherever the game asks for one, as the app does while it is
// played; without, resuming it replays every event.
func longGame(tb testing.TB, store *data.Store, snapshots bool) int64 {
	tb.Helper()
	g, err := dun.NewGame(dun.Setup{Heroes: 2, HeroVP: []int{20, 20}, LeaderVP: 10, Conductor: dun.ConductorSingle, Seed: 7})
	if err != nil {
		tb.Fatal(err)
	}
	id, err := store.CreateGame("A long delve", g)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < 10_000; i++ {
		var e dun.Event = g.Roll(dice.D6)
		if i%50 == 0 {
			e = &dun.NewTurn{}
		}
		r, err := g.Apply(e)
		if err != nil {
			tb.Fatal(i, err)
		}
		if err := store.Append(id, r, g.Summary()); err != nil {
			tb.Fatal(err)
		}
		if snapshots && g.SnapshotDue() {
			snap, err := g.Snapshot()
			if err != nil {
				tb.Fatal(err)
			}
			if err := store.SaveSnapshot(id, snap); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if err := store.SetSetting("last_game", strconv.FormatInt(id, 10)); err != nil {
		tb.Fatal(err)
	}
	return id
}

// resumeLongGame saves longGame (without snapshots) in a new store on disk,
// opens the app on it and waits for the game's table.
func resumeLongGame(tb testing.TB) (*ui.UI, *gameScreen) {
	tb.Helper()
	store, err := data.Open(filepath.Join(tb.TempDir(), "games.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	longGame(tb, store, false)
	d := New(store)
	ui.RegisterGame(dun.ModuleName, d)
	u := ui.New(test.NewTempApp(tb), store, "en")
	<-u.Loaded()
	u.Window().Resize(fyne.NewSize(1280, 800))
	s, _ := u.Screen().(*gameScreen)
	if s == nil {
		tb.Fatal("the game did not resume")
	}
	return u, s
}

// BenchmarkTapSavedRedrawn taps "Roll 1D6" on the table of a 10,000-event
// game kept in a real on-disk store: the event is applied, saved (a
// snapshot every 100th), and every view of the game is refreshed. It reports
// the p50 and p99 of one tap.
func BenchmarkTapSavedRedrawn(b *testing.B) {
	_, s := resumeLongGame(b)
	roll := s.table.eventButtons["ui.events.roll_1d6"]
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		test.Tap(roll)
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkTapRSS measures what the process keeps per tap: on the same
// 10,000-event game as BenchmarkTapSavedRedrawn, its resident memory after
// 10 taps of "Roll 1D6" and after 300, each read after a full collection
// that hands freed memory back to the system, and the growth between them
// (the goal: within 10 MB). It asserts nothing; run it once:
//
//	go test ./ui/dun -run '^$' -bench '^BenchmarkTapRSS$' -benchtime=1x
func BenchmarkTapRSS(b *testing.B) {
	_, s := resumeLongGame(b)
	roll := s.table.eventButtons["ui.events.roll_1d6"]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tapRSS(b, roll)
	}
}

// tapRSS taps 10 times and 290 more, and reports the resident memory after
// each and the growth, and the same for the Go heap's live objects (the rest
// of the growth is outside it: SQLite's, the runtime's).
func tapRSS(b *testing.B, roll fyne.Tappable) {
	for range 10 {
		test.Tap(roll)
	}
	rss10, heap10 := residentMB(b)
	for range 290 {
		test.Tap(roll)
	}
	rss300, heap300 := residentMB(b)
	b.ReportMetric(rss10, "rss10-MB")
	b.ReportMetric(rss300, "rss300-MB")
	b.ReportMetric(rss300-rss10, "growth-MB")
	b.ReportMetric(heap300-heap10, "heap-growth-MB")
}

// residentMB is the process's resident set in MB (10⁶ bytes), read from
// /proc/self/statm once the garbage is collected and handed back, and the
// Go heap's live objects then.
func residentMB(b *testing.B) (rss, heap float64) {
	b.Helper()
	runtime.GC()
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		b.Skip("no /proc/self/statm:", err)
	}
	f := strings.Fields(string(statm))
	if len(f) < 2 {
		b.Fatalf("/proc/self/statm: %q", statm)
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		b.Fatal(err)
	}
	return float64(pages*int64(os.Getpagesize())) / 1e6, float64(m.HeapAlloc) / 1e6
}

// BenchmarkTapNewTexts counts what a real window keeps per tap: Fyne's GL
// painter keeps a texture for every distinct text it draws, for a minute
// after it was last drawn, so the texts a tap shows for the first time are
// what a fast run of taps piles up (measured under Xvfb, that is most of a
// real window's growth in memory). On the 10,000-event game, it taps
// "Roll 1D6" (roll) or types N, a new turn (new_turn), and reports the texts
// never drawn before per tap and their estimated texture bytes (width ×
// height × 4, at scale 1).
func BenchmarkTapNewTexts(b *testing.B) {
	for _, c := range []string{"roll", "new_turn"} {
		b.Run(c, func(b *testing.B) {
			u, s := resumeLongGame(b)
			tap := func() { test.Tap(s.table.eventButtons["ui.events.roll_1d6"]) }
			if c == "new_turn" {
				tap = func() { u.Window().Canvas().OnTypedRune()('n') }
			}
			seen := map[string]bool{}
			newTexts := func() (n int, bytes float32) {
				for _, root := range uitest.OnScreen(u.Window()) {
					uitest.WalkVisible(root, func(o fyne.CanvasObject) {
						t, ok := o.(*canvas.Text)
						if !ok || t.Text == "" {
							return
						}
						k := fmt.Sprint(t.Text, t.TextSize, t.TextStyle, t.Color)
						if seen[k] {
							return
						}
						seen[k] = true
						size := t.MinSize()
						n, bytes = n+1, bytes+size.Width*size.Height*4
					})
				}
				return n, bytes
			}
			newTexts()
			var texts int
			var bytes float32
			b.ResetTimer()
			for range b.N {
				tap()
				n, kb := newTexts()
				texts, bytes = texts+n, bytes+kb
			}
			b.ReportMetric(float64(texts)/float64(b.N), "new-texts/tap")
			b.ReportMetric(float64(bytes)/1000/float64(b.N), "new-text-KB/tap")
		})
	}
}

// TestWriteLongGameDB writes longGame, with its snapshots, to a new database
// at $CONDUCTOR_LONG_GAME_DB, as the last game played: scripts/firstframe.sh
// opens the app on it. Skipped when the variable is not set.
func TestWriteLongGameDB(t *testing.T) {
	path := os.Getenv("CONDUCTOR_LONG_GAME_DB")
	if path == "" {
		t.Skip("CONDUCTOR_LONG_GAME_DB is not set")
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s already exists", path)
	}
	store, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	longGame(t, store, true)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
}
