package data

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
)

// BenchmarkAppend measures one durable append: a transaction with fsync
// (synchronous=FULL, WAL) on a file in the temp directory, for a game of
// the Tomb (a quest game, whose row holds the quest) and a game without a
// quest; bare_insert is the floor they are read against in the same run: a
// one-row INSERT committed through the same connection, pragmas and disk.
//
// The disk is shared and its fsync times drift, so each append is timed
// against a bare insert done right after it, into a second file beside the
// first: x-bare is the sum of the appends' times over the bare inserts'
// (the goal: at most 1.2). ns/op counts both, and the step's Apply.
func BenchmarkAppend(b *testing.B) {
	for _, bc := range []struct {
		name  string
		quest bool
	}{{"append_quest", true}, {"append", false}} {
		b.Run(bc.name, func(b *testing.B) {
			s := openStore(b, dbPath(b))
			setup := testSetup
			if bc.quest {
				qs, err := content.BuiltinQuests()
				if err != nil {
					b.Fatal(err)
				}
				setup = dun.Setup{Heroes: 2, HeroVP: []int{40, 40}, QuestData: qs[len(qs)-1], Seed: 5}
			}
			id, g := createGame(b, s, "bench", setup)
			warmWAL(b, s)
			bare := bareStore(b)
			var appends, bares time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r, err := g.Apply(&dun.ReserveGained{Amount: 1, Reason: "correction"})
				if err != nil {
					b.Fatal(err)
				}
				summary := g.Summary()
				// Each goes first every other time: what one leaves the disk
				// to do falls on both alike.
				if i%2 == 1 {
					bares += timed(func() { bareInsert(b, bare) })
				}
				appends += timed(func() {
					if err := s.Append(id, r, summary); err != nil {
						b.Fatal(err)
					}
				})
				if i%2 == 0 {
					bares += timed(func() { bareInsert(b, bare) })
				}
			}
			b.ReportMetric(float64(appends.Microseconds())/float64(b.N), "append-µs")
			b.ReportMetric(float64(bares.Microseconds())/float64(b.N), "bare-µs")
			b.ReportMetric(float64(appends)/float64(bares), "x-bare")
		})
	}
	b.Run("bare_insert", func(b *testing.B) {
		s := bareStore(b)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			bareInsert(b, s)
		}
	})
}

// timed is how long f takes.
func timed(f func()) time.Duration {
	t := time.Now()
	f()
	return time.Since(t)
}

// bareStore is a store with a table of one column besides its key, and a
// warm WAL: bareInsert is the floor an append is read against.
func bareStore(b *testing.B) *Store {
	s := openStore(b, dbPath(b))
	if _, err := s.db.Exec(`CREATE TABLE bare (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	warmWAL(b, s)
	return s
}

// bareInsert commits one row of the size of an event's body.
func bareInsert(b *testing.B, s *Store) {
	tx, err := s.db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO bare (body) VALUES (?)`, `{"type":"reserve_gained","amount":1,"reason":"correction"}`); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// warmWAL takes the WAL past its first checkpoint, as a file in use is.
func warmWAL(b *testing.B, s *Store) {
	for i := 0; i < 1200; i++ {
		if _, err := s.db.Exec(`INSERT OR REPLACE INTO settings (key, value) VALUES ('warm', ?)`, i); err != nil {
			b.Fatal(err)
		}
	}
}

// bigGame stores a game of n records (every event type, undos included) in
// one transaction, saving snapshots where the app would if withSnapshots.
func bigGame(b testing.TB, s *Store, n int, withSnapshots bool) (int64, *dun.Game) {
	id, g := newGame(b, s)
	tx, err := s.db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	last := 0
	for i := 0; i < n; i++ {
		e := script(g, i)
		if g.State().Reserve > 90_000 {
			// A million events would fill the reserve to its bound.
			e = &dun.ReserveSpent{Amount: 50_000, Reason: "correction"}
		}
		r, err := g.Apply(e)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := dun.EncodeEvent(r.Event)
		if _, err := tx.Exec(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, '')`,
			id, r.Seq, r.Event.Type(), string(body)); err != nil {
			b.Fatal(err)
		}
		last = r.Seq
	}
	if _, err := tx.Exec(`UPDATE heads SET seq = ? WHERE game_id = ?`, last, id); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if withSnapshots {
		// Only the last snapshot matters to LoadGame; it is the one the app
		// would have written at the last multiple of engine.SnapshotEvery.
		if err := s.SaveSnapshot(id, snapOf(b, g)); err != nil {
			b.Fatal(err)
		}
	}
	return id, g
}

// BenchmarkLoadGame loads games of 1,000, 10,000 and 100,000 records, from a
// snapshot at the end of the log and by replaying everything.
func BenchmarkLoadGame(b *testing.B) {
	for _, bc := range []struct {
		name   string
		events int
		snap   bool
	}{{"snapshot_1k", 1000, true}, {"snapshot", 10000, true}, {"replay", 10000, false}, {"snapshot_100k", 100000, true}} {
		b.Run(bc.name, func(b *testing.B) {
			s := openStore(b, dbPath(b))
			id, g := bigGame(b, s, bc.events, bc.snap)
			want := stateJSON(b, g.State())
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				got, err := s.LoadGame(id)
				if err != nil {
					b.Fatal(err)
				}
				if i == 0 && stateJSON(b, asDUN(b, got).State()) != want {
					b.Fatal("loaded state differs")
				}
			}
		})
	}
}

// BenchmarkOpen measures Open and Close of a file holding a 10,000-record
// game: mostly PRAGMA quick_check.
func BenchmarkOpen(b *testing.B) {
	path := dbPath(b)
	s := openStore(b, path)
	bigGame(b, s, 10000, true)
	s.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkExportGame writes the export file of a 10,000-record game.
func BenchmarkExportGame(b *testing.B) {
	s := openStore(b, dbPath(b))
	id, _ := bigGame(b, s, 10000, true)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.ExportGame(id, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImportGame imports a 10,000-record game (as a copy, into the
// same database each time): reading, verifying, replaying and storing it.
func BenchmarkImportGame(b *testing.B) {
	s := openStore(b, dbPath(b))
	id, _ := bigGame(b, s, 10000, true)
	var file bytes.Buffer
	if err := s.ExportGame(id, &file); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(file.Len()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Import(bytes.NewReader(file.Bytes()), ImportAsCopy); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImportManyEvents imports games of 100,000 and 1,000,000 records
// (as a copy, into the same database each time) and reports what it costs
// per record: bytes allocated (B/event) and the most the live heap held
// while importing (peak-live-MB: sampled after a collection every 100 ms,
// less the heap before, which holds the file), which must stay near the
// live state's size instead of growing with the records.
func BenchmarkImportManyEvents(b *testing.B) {
	for _, events := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("events=%d", events), func(b *testing.B) { importMany(b, events) })
	}
}

func importMany(b *testing.B, events int) {
	s := openStore(b, dbPath(b))
	id, _ := bigGame(b, s, events, true)
	var file bytes.Buffer
	if err := s.ExportGame(id, &file); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(file.Len()))
	runtime.GC()
	runtime.GC() // pools are emptied over two collections
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	stop, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var top uint64
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			// What is live, not what the collector has yet to free.
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			top = max(top, m.HeapAlloc)
			select {
			case <-stop:
				peak <- top
				return
			case <-t.C:
			}
		}
	}()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Import(bytes.NewReader(file.Bytes()), ImportAsCopy); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	close(stop)
	top := <-peak
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(events), "B/event")
	b.ReportMetric(float64(top-min(top, before.HeapAlloc))/(1<<20), "peak-live-MB")
}
