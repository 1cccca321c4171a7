package realinput

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
)

// tombSetup is what New game makes of the Tomb of the Ash King with the
// heroes named at 25 VP each and every other box as it opens: the Ash
// Court's spawns unless noFaction, a rotating Conductor (its own rule
// option ticked with it) if rotating.
type tombSetup struct {
	heroes              []string
	noFaction, rotating bool
}

// tombGameDB is a saves database holding one new game of the Tomb made
// as New game makes it, for a flow whose subject is not New game (the
// New game forms and the whole Tomb have their own real-input tests).
// The game is called name in the saved-games list.
func tombGameDB(t *testing.T, name string, o tombSetup) string {
	t.Helper()
	tomb := builtinTomb(t)
	s := dun.Setup{LeaderVP: tomb.Leader.VP, Conductor: dun.ConductorSingle, QuestData: tomb,
		EncounterCardsAvailable: dun.DefaultEncounterCards, Seed: 20261207}
	if o.rotating {
		s.Conductor = dun.ConductorRotating
		s.Rules.RotatingExtraAction = true
	}
	s.Rules = s.Rules.ForMode(s.Conductor)
	for _, h := range o.heroes {
		s.Party = append(s.Party, dun.PartyHero{Name: h, VP: 25})
	}
	s.Heroes = len(s.Party)
	if !o.noFaction {
		s.FactionData = ashCourtFaction(t)
	}
	return savedGameDB(t, name, s)
}

// ashCourtFaction is the sample faction The Ash Court, as shipped.
func ashCourtFaction(t *testing.T) *faction.Faction {
	t.Helper()
	b, err := os.ReadFile("../../data/factions/ash-court.toml")
	if err != nil {
		t.Fatal(err)
	}
	f, ps := bestiary.ParseFaction("ash-court.toml", b)
	if ps != nil {
		t.Fatal(ps)
	}
	return f
}

// savedGameDB is a saves database named name holding one new game of
// setup s, closed: its path.
func savedGameDB(t *testing.T, name string, s dun.Setup) string {
	t.Helper()
	g, err := dun.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	store, _, path := savesWith(t, name, g)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// savesWith is a new saves database in the test's folder holding g as
// name: the store, open for more of its steps, the game's id and the path.
func savesWith(t *testing.T, name string, g engine.Play) (*data.Store, int64, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "saves.db")
	store, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	id, err := store.CreateGame(name, g)
	if err != nil {
		t.Fatal(err)
	}
	return store, id, path
}

// newSeededTombPlayer starts the app at s on a database holding a new game
// of the Tomb (tombGameDB) and opens it from the saved games by its
// Continue button, as a person resuming it does: the table's first step.
func newSeededTombPlayer(t *testing.T, s screen, o tombSetup) *tombPlayer {
	t.Helper()
	const name = "The Tomb"
	p := newTombPlayerOn(t, s, tombGameDB(t, name, o))
	p.noFaction = o.noFaction
	p.click(p.find("Continue", Button(p.T("ui.saves.continue", map[string]any{"Name": name}))))
	p.step("the saved game %q continued", name)
	p.main("the table's first step")
	return p
}

// builtinTomb is the Tomb of the Ash King as the app comes with it.
func builtinTomb(t *testing.T) *quest.Quest {
	t.Helper()
	q, ok := content.BuiltinQuest("the-tomb-of-the-ash-king")
	if !ok {
		t.Fatal("no Tomb among the built-in quests")
	}
	return q
}
