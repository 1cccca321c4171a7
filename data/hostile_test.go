package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// An export edited by hand, its checksum computed again, with numbers past
// what the game can mean: the import replays through the engine, whose
// bounds refuse them by name, and nothing is written.
func TestImportRefusesExtremeValues(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := playedGame(t, s, "Played", 5)
	base := payloadOf(t, exported(t, s, id))
	nested := "a = " + strings.Repeat("{b=", 8000) + "1" + strings.Repeat("}", 8000) + "\n"

	edit := func(f func(g *ExportedGame)) []byte {
		p := base
		p.Games = append([]ExportedGame(nil), base.Games...)
		g := &p.Games[0]
		g.Events = append([]json.RawMessage(nil), g.Events...)
		f(g)
		return craft(t, ExportVersion, p)
	}
	withEvents := func(events ...string) []byte {
		return edit(func(g *ExportedGame) {
			for _, e := range events {
				g.Events = append(g.Events, json.RawMessage(e))
			}
		})
	}
	const maxInt = "9223372036854775807"
	cases := []struct {
		name   string
		file   []byte
		replay bool   // a record is refused (ReplayError), else the setup
		rule   string // the message ID the error names
	}{
		{"group VP of MaxInt", edit(func(g *ExportedGame) {
			g.Setup = json.RawMessage(`{"heroes":2,"group_vp":` + maxInt + `,"leader_vp":10,"conductor":"single","seed":1,"rules":{}}`)
		}), false, "setup.group_vp.max"},
		{"a hero of MaxInt VP", edit(func(g *ExportedGame) {
			g.Setup = json.RawMessage(`{"hero_vp":[` + maxInt + `,` + maxInt + `,2],"leader_vp":10,"conductor":"single","seed":1,"rules":{}}`)
		}), false, "setup.hero_vp.max"},
		{"a gain of MaxInt", withEvents(`{"type":"reserve_gained","amount":` + maxInt + `,"reason":"correction"}`), true, "rule.reserve.amount_max"},
		{"two gains past the most the reserve holds", withEvents(
			`{"type":"reserve_gained","amount":60000,"reason":"correction"}`,
			`{"type":"reserve_gained","amount":60000,"reason":"correction"}`), true, "rule.reserve.full"},
		{"a creature of MaxInt VP", withEvents(`{"type":"creature_added","id":"x","behaviour":"melee","level":"regular","vp":` + maxInt + `}`), true, "rule.creature.value_max"},
		{"a quest nested 8000 deep", edit(func(g *ExportedGame) {
			g.Setup = json.RawMessage(`{"heroes":2,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{},"quest":"deep"}`)
			g.Content = nested
			g.Events = nil
		}), false, "quest.nesting"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fresh := openStore(t, dbPath(t))
			for _, st := range []*Store{s, fresh} {
				before := dump(t, st)
				_, err := st.Import(bytes.NewReader(c.file), ImportAsCopy)
				var re *ReplayError
				if c.replay != errors.As(err, &re) || !strings.Contains(err.Error(), c.rule) {
					t.Fatalf("Import = %v; want %s (a refused record: %v)", err, c.rule, c.replay)
				}
				if c.replay {
					var rule *engine.RuleError
					if !errors.As(err, &rule) || rule.ID != c.rule {
						t.Fatalf("Import = %v, want the rule %s", err, c.rule)
					}
				} else if !errors.Is(err, ErrExportDamaged) {
					t.Fatalf("Import = %v, want ErrExportDamaged", err)
				}
				if dump(t, st) != before {
					t.Fatal("a refused import wrote to the store")
				}
			}
		})
	}
}

// The New game dialog's quest import refuses a file nested too deep before
// decoding it, and stores nothing.
func TestImportQuestRefusesDeepFiles(t *testing.T) {
	s := openStore(t, dbPath(t))
	for name, src := range map[string]string{
		"nested inline tables": "a = " + strings.Repeat("{b=", 8000) + "1" + strings.Repeat("}", 8000) + "\n",
		"a dotted header":      "[" + strings.Repeat("a.", 1<<18) + "a]\n",
	} {
		t.Run(name, func(t *testing.T) {
			before := dump(t, s)
			id, err := s.ImportContent(content.KindQuest, "deep.toml", []byte(src))
			var ps quest.Problems
			if !errors.As(err, &ps) || id != "" || len(ps) != 1 || ps[0].ID != "quest.nesting" {
				t.Fatalf("ImportContent = %q, %v; want only quest.nesting", id, err)
			}
			if dump(t, s) != before {
				t.Fatal("a refused quest was stored")
			}
		})
	}
}

// A snapshot whose state was changed in the file after it was saved is not
// trusted: LoadGame gives the state the records give, without a word, and
// the records are untouched. An untouched snapshot is still used.
func TestTamperedSnapshotNotTrusted(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < engine.SnapshotEvery; i++ {
		play(t, s, id, g, &dun.ReserveGained{Amount: 1, Reason: "card_discarded"})
	}
	if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		play(t, s, id, g, script(g, i))
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots WHERE game_id = ? AND checksum IS NOT NULL", id); n != 1 {
		t.Fatalf("%d snapshots with a checksum, want 1", n)
	}
	// Untouched, the snapshot serves: a marked one (saved through the
	// store, so its checksum is right) shows in the state.
	if err := s.SaveSnapshot(id, marked(t, g, 1000)); err != nil {
		t.Fatal(err)
	}
	if got := load(t, s, id).State().Achievements; got != g.State().Achievements+1000 {
		t.Fatalf("achievements %d: the snapshot was not used", got)
	}
	if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
		t.Fatal(err)
	}
	events := func() string {
		var b strings.Builder
		rows, err := s.db.Query("SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq", id)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var seq int
			var body string
			rows.Scan(&seq, &body)
			b.WriteString(body)
		}
		return b.String()
	}
	before := events()
	for name, edit := range map[string]string{
		"reserve 999":         `UPDATE snapshots SET state = json_set(state, '$.reserve', 999) WHERE game_id = ?`,
		"checksum removed":    `UPDATE snapshots SET state = json_set(state, '$.reserve', 999), checksum = NULL WHERE game_id = ?`,
		"checksum of other":   `UPDATE snapshots SET state = json_set(state, '$.reserve', 999), checksum = lower(hex(randomblob(32))) WHERE game_id = ?`,
		"only the whitespace": `UPDATE snapshots SET state = state || ' ' WHERE game_id = ?`,
	} {
		t.Run(name, func(t *testing.T) {
			if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.db.Exec(edit, id); err != nil {
				t.Fatal(err)
			}
			got := load(t, s, id)
			if got.State().Reserve == 999 {
				t.Fatal("LoadGame reports the tampered reserve 999")
			}
			sameGame(t, got, g)
			if events() != before {
				t.Fatal("the records changed")
			}
		})
	}
}
