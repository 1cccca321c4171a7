package dunui

import (
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
)

// BenchmarkTapSavedRedrawn taps "Roll 1D6" on the table of a 10,000-event
// game kept in a real on-disk store: the event is applied, saved (a
// snapshot every 100th), and every view of the game is refreshed. It reports
// the p50 and p99 of one tap.
func BenchmarkTapSavedRedrawn(b *testing.B) {
	store, err := data.Open(filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	g, err := dun.NewGame(dun.Setup{Heroes: 2, HeroVP: []int{20, 20}, LeaderVP: 10, Conductor: dun.ConductorSingle, Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	id, err := store.CreateGame("bench", g)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 10_000; i++ {
		var e dun.Event = g.Roll(dice.D6)
		if i%50 == 0 {
			e = &dun.NewTurn{}
		}
		r, err := g.Apply(e)
		if err != nil {
			b.Fatal(i, err)
		}
		if err := store.Append(id, r, g.Summary()); err != nil {
			b.Fatal(err)
		}
	}
	if err := store.SetSetting("last_game", strconv.FormatInt(id, 10)); err != nil {
		b.Fatal(err)
	}
	d := New(store)
	ui.RegisterGame(dun.ModuleName, d)
	app := test.NewTempApp(b)
	u := ui.New(app, store, "en")
	u.Window().Resize(fyne.NewSize(1280, 800))
	s, _ := u.Screen().(*gameScreen)
	if s == nil {
		b.Fatal("the game did not resume")
	}
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
