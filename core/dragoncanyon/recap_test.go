package dragoncanyon

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// soloGame plays the golden script of a solo game (testdata/scripts) to its end
// (its refused lines skipped) and gives it.
func soloGame(t *testing.T) *Game {
	t.Helper()
	f, err := os.Open("testdata/scripts/dragon_canyon_solo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	var head struct {
		Setup json.RawMessage `json:"setup"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	var setup map[string]any // the script's setup names its game: the module's does not
	if err := json.Unmarshal(head.Setup, &setup); err != nil {
		t.Fatal(err)
	}
	delete(setup, "game")
	js, _ := json.Marshal(setup)
	p, err := Module.New(js, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := p.(*Game)
	for sc.Scan() {
		e, err := Events.Decode(sc.Bytes())
		if err != nil {
			continue // a line the script shows refused
		}
		_, _ = g.Apply(e)
	}
	if g.State().Result == nil {
		t.Fatal("the solo script did not end the game")
	}
	return g
}

// A solo game recapped as two sittings: the first says its rounds and the
// AI's decisions (the last ones, with their reasons) and what is next; the
// second ends with the score; each decision told is one the players' view
// showed (Public), never a face-down card's strength.
func TestRecapDragonCanyon(t *testing.T) {
	g := soloGame(t)
	records := g.Records()
	half := len(records) / 2
	shown := map[string]bool{} // every decision the players' view showed
	replay, _ := Resume(g.Setup(), nil, nil)
	for _, r := range records {
		if _, err := replay.Apply(r.Event); err != nil {
			t.Fatal(err)
		}
		if d := replay.Public().Decision; d != nil {
			b, _ := json.Marshal(engine.Message{ID: d.Reason, Args: d.Args})
			shown[string(b)] = true
		}
	}
	tests := []struct {
		from, to int
		next     string
	}{
		{1, half, "recap.dc.next"},
		{half + 1, len(records), g.State().Result.Reason},
	}
	for _, tc := range tests {
		story, err := RecapSitting(g.Setup(), records, tc.from, tc.to)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, l := range story.Lines {
			ids = append(ids, l.ID)
		}
		if ids[0] != "recap.dc.title" || ids[len(ids)-1] != tc.next || !slices.ContainsFunc(ids, isDecisionsLine) {
			t.Errorf("records %d–%d: %v", tc.from, tc.to, ids)
		}
		told := 0
		for i, l := range story.Lines {
			if i > 0 && isDecisionsLine(story.Lines[i-1].ID) || told > 0 && l.Kind == engine.StoryItem && !slices.Contains([]string{"recap.dc.built"}, l.ID) {
				b, _ := json.Marshal(engine.Message{ID: l.ID, Args: plainArgs(l.Args)}) // names as the players' view gives them
				if !shown[string(b)] {
					t.Errorf("records %d–%d: a decision the players never saw: %s", tc.from, tc.to, b)
				}
				told++
			}
		}
		if told == 0 || told > recapDecisions {
			t.Errorf("records %d–%d: %d decisions told", tc.from, tc.to, told)
		}
	}
}

func isDecisionsLine(id string) bool { return strings.HasPrefix(id, "recap.dc.decisions.") }

// withNames makes the message files the source of buildings' names for a
// test, as the screens do, and puts back what was there after it.
func withNames(t *testing.T) {
	t.Helper()
	old := buildingNames.Load()
	NameBuildings(func(id string) map[string]any {
		key := "ui.dc.building_name." + id
		out := map[string]any{}
		for _, l := range translations.Languages {
			if s := translations.New(l.Tag).T(key, nil); s != key {
				out[l.Tag] = s
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	})
	t.Cleanup(func() { buildingNames.Store(old) })
}

// A recap's count of the AI's decisions says how many lines follow (all
// of them, or the last three of many), with plural forms; the buildings
// built are named in the reader's language (a standard building from the
// message files, another by the deck list's name).
func TestRecapCountsAndNamesInTheReadersLanguage(t *testing.T) {
	withNames(t)
	setup := testSetup()
	decision := &PublicDecision{Kind: "claim", Reason: "reason.dc.claim.short", Args: map[string]any{"Count": 1, "Need": 4}}
	cases := []struct {
		name      string
		decisions int
		built     []string
		lang      string
		head      string // the count's line
		names     string // in the built line
	}{
		{"one decision", 1, nil, "en", "The AI took 1 decision:", ""},
		{"two decisions, all told", 2, nil, "es", "La IA tomó 2 decisiones:", ""},
		{"three decisions, all told", 3, nil, "en", "The AI took 3 decisions:", ""},
		{"29 decisions, the last three told", 29, nil, "en", "The AI took 29 decisions; the last 3:", ""},
		{"29 decisions in Spanish", 29, nil, "es", "La IA tomó 29 decisiones; las 3 últimas:", ""},
		{"standard names in Spanish", 1, []string{"guard_tower", "market"}, "es", "La IA tomó 1 decisión:", "Torre de guardia, Market"},
		{"standard names in English", 1, []string{"guard_tower"}, "en", "The AI took 1 decision:", "Guard Tower"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ds []*PublicDecision
			for range c.decisions {
				ds = append(ds, decision)
			}
			end := PublicView{Round: 2, AI: PublicAI{Buildings: c.built}}
			story := story(setup, PublicView{Round: 1}, end, ds)
			tr := translations.New(c.lang)
			told, head, names := 0, "", ""
			for i, l := range story.Lines {
				switch {
				case isDecisionsLine(l.ID):
					head = tr.T(l.ID, l.Args)
					for _, m := range story.Lines[i+1:] {
						if m.ID != decision.Reason {
							break
						}
						told++
					}
				case l.ID == "recap.dc.built":
					names = tr.T(l.ID, l.Args)
				}
			}
			if head != c.head || told != min(c.decisions, recapDecisions) {
				t.Fatalf("%q followed by %d decisions; want %q followed by %d", head, told, c.head, min(c.decisions, recapDecisions))
			}
			if c.names != "" && !strings.Contains(names, c.names) {
				t.Fatalf("built: %q, want it to name %q", names, c.names)
			}
		})
	}
}
