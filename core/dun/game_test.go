package dun

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

func mustGame(t testing.TB, s Setup) *Game {
	t.Helper()
	g, err := NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func stateJSON(t testing.TB, s State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ADP "Turn": each turn the ADP earns 1 achievement point and draws no card.
func TestNewTurnGivesOneAchievementPoint(t *testing.T) {
	for _, turns := range []int{1, 2, 5} {
		g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
		for range turns {
			if _, err := g.Apply(&NewTurn{}); err != nil {
				t.Fatal(err)
			}
		}
		s := g.State()
		if s.Turn != turns || s.Achievements != turns || s.Reserve != 30 {
			t.Fatalf("after %d turns: turn %d, achievements %d, reserve %d", turns, s.Turn, s.Achievements, s.Reserve)
		}
	}
}

// The reserve ledger: every event that moves the reserve, and the rules that refuse one.
func TestReserveEvents(t *testing.T) {
	cases := []struct {
		name    string
		event   Event
		rule    string // "" means accepted
		reserve int
		reason  string
	}{
		{"spend for a card", &ReserveSpent{Amount: 5, Reason: "card_activated"}, "", 25, "reason.card_activated"},
		{"spend for a spawn", &ReserveSpent{Amount: 30, Reason: "spawn_paid"}, "", 0, "reason.spawn_paid"},
		{"spend more than the reserve", &ReserveSpent{Amount: 31, Reason: "card_activated"}, "rule.reserve.insufficient", 30, ""},
		{"spend nothing", &ReserveSpent{Amount: 0, Reason: "correction"}, "rule.reserve.amount_positive", 30, ""},
		{"spend a negative amount", &ReserveSpent{Amount: -3, Reason: "correction"}, "rule.reserve.amount_positive", 30, ""},
		{"spend for an unknown reason", &ReserveSpent{Amount: 3, Reason: "bribe"}, "rule.reserve.reason", 30, ""},
		{"discarded card adds its points", &ReserveGained{Amount: 4, Reason: "card_discarded"}, "", 34, "reason.card_discarded"},
		{"gain by correction", &ReserveGained{Amount: 1, Reason: "correction"}, "", 31, "reason.correction"},
		{"a discard is not a spend reason", &ReserveSpent{Amount: 1, Reason: "card_discarded"}, "rule.reserve.reason", 30, ""},
		{"gain nothing", &ReserveGained{Amount: 0, Reason: "card_discarded"}, "rule.reserve.amount_positive", 30, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			before := stateJSON(t, g.State())
			_, err := g.Apply(c.event)
			if c.rule != "" {
				var re *RuleError
				if !errors.As(err, &re) || re.ID != c.rule {
					t.Fatalf("want rule %s, got %v", c.rule, err)
				}
				if after := stateJSON(t, g.State()); after != before {
					t.Fatalf("rejected event changed the state:\n%s\n%s", before, after)
				}
				if len(g.Records()) != 0 {
					t.Fatal("rejected event was recorded")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s := g.State()
			last := s.Ledger[len(s.Ledger)-1]
			if s.Reserve != c.reserve || last.Reason != c.reason || last.Balance != c.reserve || last.Seq != 1 {
				t.Fatalf("reserve %d, last line %+v", s.Reserve, last)
			}
		})
	}
}

// edited is snap with its state changed by f, as a hand edit would leave it.
func edited(t *testing.T, snap Snapshot, f func(*State)) *Snapshot {
	t.Helper()
	var st State
	if err := json.Unmarshal(snap.State, &st); err != nil {
		t.Fatal(err)
	}
	f(&st)
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	snap.State = b
	return &snap
}

// The reserve is always the last ledger line's balance, each line's balance
// the one before plus its delta, whatever happened; the ledger keeps the
// newest LedgerKept lines, and while it holds them all they sum to the reserve.
func TestReserveIsLedgerSum(t *testing.T) {
	spend := func(n int) []Event {
		var es []Event
		for i := 0; i < n; i++ {
			es = append(es, &ReserveGained{Amount: 1, Reason: "correction"})
		}
		return es
	}
	cases := []struct {
		name        string
		events      []Event
		wantReserve int
		wantLines   int
	}{
		{"short game with an undo", []Event{&NewTurn{}, &ReserveSpent{Amount: 7, Reason: "spawn_paid"},
			&ReserveGained{Amount: 3, Reason: "card_discarded"}, &Undo{}, &ReserveSpent{Amount: 2, Reason: "card_activated"}}, 45 - 20 - 7 - 2, 4},
		{"exactly LedgerKept lines", spend(LedgerKept - 2), 25 + LedgerKept - 2, LedgerKept},
		{"longer than LedgerKept", spend(3 * LedgerKept), 25 + 3*LedgerKept, LedgerKept},
		{"long, then undone below the limit", append(spend(LedgerKept), &Undo{}, &Undo{}), 25 + LedgerKept - 2, LedgerKept},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 3, GroupVP: 45, LeaderVP: 20})
			for _, e := range c.events {
				if _, err := g.Apply(e); err != nil {
					t.Fatal(err)
				}
				st := g.State()
				if err := checkLedger(&st); err != nil {
					t.Fatal(err)
				}
			}
			st := g.State()
			if st.Reserve != c.wantReserve || len(st.Ledger) != c.wantLines {
				t.Fatalf("reserve %d with %d ledger lines, want %d with %d", st.Reserve, len(st.Ledger), c.wantReserve, c.wantLines)
			}
			if len(st.Ledger) < LedgerKept {
				sum := 0
				for _, l := range st.Ledger {
					sum += l.Delta
				}
				if sum != st.Reserve {
					t.Fatalf("ledger sums to %d, reserve is %d", sum, st.Reserve)
				}
			}
		})
	}
}

func TestUndoReplaysAllButTheLast(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: 3})
	if _, err := g.Apply(&Undo{}); err == nil {
		t.Fatal("undo with nothing to undo accepted")
	}
	states := []string{stateJSON(t, g.State())}
	for _, e := range []Event{&NewTurn{}, &ReserveSpent{Amount: 4, Reason: "card_activated"}, g.Roll(dice.TwoD6)} {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		states = append(states, stateJSON(t, g.State()))
	}
	for i := len(states) - 2; i >= 0; i-- {
		if _, err := g.Apply(&Undo{}); err != nil {
			t.Fatal(err)
		}
		if got := stateJSON(t, g.State()); got != states[i] {
			t.Fatalf("after undo to %d:\n got %s\nwant %s", i, got, states[i])
		}
	}
	if g.CanUndo() {
		t.Fatal("CanUndo after undoing everything")
	}
	if len(g.Records()) != 6 {
		t.Fatalf("undos are recorded too: %d records", len(g.Records()))
	}
}

// Determinism: the state is a function of setup and log; resume gives the
// same state with or without a snapshot, and ignores a snapshot an undo went behind.
func TestResumeMatchesLiveGame(t *testing.T) {
	setup := Setup{HeroVP: []int{20, 25}, LeaderVP: 15, Seed: 42}
	g := mustGame(t, setup)
	var snaps []Snapshot
	events := []Event{&NewTurn{}, &ReserveSpent{Amount: 3, Reason: "spawn_paid"}, &NewTurn{}, &ReserveGained{Amount: 2, Reason: "card_discarded"}}
	for _, e := range events {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		snap, err := g.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, snap)
	}
	for _, e := range []Event{g.Roll(dice.Scenario), &Undo{}, &Undo{}, &Undo{}, &NewTurn{}} {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	want := stateJSON(t, g.State())
	cases := []struct {
		name string
		snap *Snapshot
	}{
		{"no snapshot", nil},
		{"snapshot still valid", &snaps[1]},
		{"snapshot an undo went behind", &snaps[3]},
		{"snapshot with a stale last seq", &Snapshot{Version: StateVersion, Effective: 2, LastSeq: 99, State: []byte(`{"reserve": 1000}`)}},
		{"snapshot beyond the log", &Snapshot{Version: StateVersion, Effective: 50, LastSeq: 50, State: []byte(`{"reserve": 1000}`)}},
		{"snapshot of another state version", &Snapshot{Version: StateVersion + 1, Effective: snaps[1].Effective, LastSeq: snaps[1].LastSeq, State: []byte(`{"reserve": 1000}`)}},
		// The reserve must agree with the snapshot's own ledger.
		{"snapshot whose reserve is not its ledger's", edited(t, snaps[1], func(st *State) { st.Reserve += 100 })},
		{"snapshot whose ledger does not add up", edited(t, snaps[1], func(st *State) { st.Ledger[1].Balance++ })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Resume(g.Setup(), g.Records(), c.snap)
			if err != nil {
				t.Fatal(err)
			}
			if got := stateJSON(t, r.State()); got != want {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
			if r.Effective() != g.Effective() {
				t.Fatalf("effective %d, want %d", r.Effective(), g.Effective())
			}
		})
	}
}

func TestResumeRejectsBrokenLogs(t *testing.T) {
	setup := Setup{Heroes: 1, GroupVP: 10, LeaderVP: 5}
	cases := []struct {
		name    string
		records []Record
	}{
		{"undo with nothing before it", []Record{{Seq: 1, Event: &Undo{}}}},
		{"gap in sequence numbers", []Record{{Seq: 1, Event: &NewTurn{}}, {Seq: 3, Event: &NewTurn{}}}},
		{"event that no longer applies", []Record{{Seq: 1, Event: &ReserveSpent{Amount: 6, Reason: "spawn_paid"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Resume(setup, c.records, nil); err == nil {
				t.Fatal("broken log accepted")
			}
		})
	}
}

func TestReplayIsDeterministic(t *testing.T) {
	setup := Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: 9}
	events := []Event{&NewTurn{}, &DiceRolled{Dice: dice.Scenario, Faces: []int{2}}, &ReserveSpent{Amount: 5, Reason: "card_activated"}}
	a, err := Replay(setup, events)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Replay(setup, events)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two replays differ")
	}
	if _, err := Replay(setup, []Event{&ReserveSpent{Amount: 99, Reason: "spawn_paid"}}); err == nil {
		t.Fatal("illegal event replayed")
	}
}

func TestEventJSONRoundTrip(t *testing.T) {
	cases := []struct {
		event Event
		json  string
	}{
		{&NewTurn{}, `{"type":"new_turn"}`},
		{&Undo{}, `{"type":"undo"}`},
		{&ReserveSpent{Amount: 3, Reason: "spawn_paid"}, `{"type":"reserve_spent","amount":3,"reason":"spawn_paid"}`},
		{&ReserveGained{Amount: 2, Reason: "card_discarded"}, `{"type":"reserve_gained","amount":2,"reason":"card_discarded"}`},
		{&DiceRolled{Dice: dice.TwoD6, Faces: []int{1, 6}}, `{"type":"dice_rolled","dice":"2d6","faces":[1,6]}`},
		{&DiceRolled{Dice: dice.D6, Faces: []int{4}, Physical: true}, `{"type":"dice_rolled","dice":"1d6","faces":[4],"physical":true}`},
	}
	for _, c := range cases {
		t.Run(c.event.Type(), func(t *testing.T) {
			b, err := EncodeEvent(c.event)
			if err != nil || string(b) != c.json {
				t.Fatalf("encode: %s %v, want %s", b, err, c.json)
			}
			e, err := DecodeEvent(b)
			if err != nil || !reflect.DeepEqual(e, c.event) {
				t.Fatalf("decode: %#v %v", e, err)
			}
		})
	}
}

func TestDecodeEventRejectsBadInput(t *testing.T) {
	for _, in := range []string{
		``, `[]`, `"new_turn"`, `{}`, `{"type":3}`, `{"type":"fly"}`,
		`{"type":"new_turn","amount":2}`,
		`{"type":"reserve_spent","amount":"lots","reason":"spawn_paid"}`,
	} {
		if _, err := DecodeEvent([]byte(in)); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func FuzzDecodeEvent(f *testing.F) {
	f.Add([]byte(`{"type":"dice_rolled","dice":"2d6","faces":[1,6]}`))
	f.Add([]byte(`{"type":"reserve_spent","amount":3,"reason":"spawn_paid"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := DecodeEvent(data)
		if err != nil {
			return
		}
		g := mustGame(t, Setup{Heroes: 1, GroupVP: 10, LeaderVP: 0})
		g.Apply(e) // must not panic, accepted or not
	})
}

func tenThousandEvents() []Event {
	events := make([]Event, 0, 10000)
	for i := range 10000 {
		switch i % 4 {
		case 0:
			events = append(events, &NewTurn{})
		case 1:
			events = append(events, &ReserveGained{Amount: 2, Reason: "card_discarded"})
		case 2:
			events = append(events, &DiceRolled{Dice: dice.TwoD6, Faces: []int{i%6 + 1, 6 - i%6}})
		case 3:
			events = append(events, &ReserveSpent{Amount: 1, Reason: "spawn_paid"})
		}
	}
	return events
}

func BenchmarkReplay10000(b *testing.B) {
	setup := Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 1}
	events := tenThousandEvents()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay(setup, events); err != nil {
			b.Fatal(err)
		}
	}
}

// Discard takes back an unsaved record, an undo included.
func TestDiscardDropsTheLastRecord(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	g.Apply(&NewTurn{})
	g.Apply(&ReserveSpent{Amount: 3, Reason: "spawn_paid"})
	want := stateJSON(t, g.State())
	for _, e := range []Event{&ReserveGained{Amount: 1, Reason: "correction"}, &Undo{}} {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		if err := g.Discard(); err != nil {
			t.Fatal(err)
		}
		if got := stateJSON(t, g.State()); got != want || len(g.Records()) != 2 || g.Effective() != 2 {
			t.Fatalf("after discarding %s: %s, %d records", e.Type(), got, len(g.Records()))
		}
	}
}

func BenchmarkDecodeEvent(b *testing.B) {
	data := []byte(`{"type":"reserve_spent","amount":3,"reason":"spawn_paid"}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeEvent(data); err != nil {
			b.Fatal(err)
		}
	}
}
