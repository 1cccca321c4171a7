package data

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
)

func TestCampaignChecks(t *testing.T) {
	six := make([]Hero, 6)
	for i := range six {
		six[i] = Hero{Name: "h", VP: 1}
	}
	cases := []struct {
		name   string
		cname  string
		heroes []Hero
		detail string
	}{
		{"no heroes", "C", nil, "0 heroes"},
		{"six heroes", "C", six, "6 heroes"},
		{"blank hero name", "C", []Hero{{Name: "A", VP: 1}, {Name: "  ", VP: 2}}, "hero 2 has no name"},
		{"negative VP", "C", []Hero{{Name: "A", VP: -1}}, "negative VP"},
		{"negative gold", "C", []Hero{{Name: "A", Gold: -5}}, "negative gold"},
		{"blank campaign name", " ", twoHeroes, "name is empty"},
	}
	s := openStore(t, dbPath(t))
	cid := newCampaign(t, s, "kept")
	before := dump(t, s)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := s.createDUN(c.cname, c.heroes)
			if !errors.Is(err, ErrBadCampaign) || !strings.Contains(err.Error(), c.detail) {
				t.Errorf("CreateCampaign = %v, want ErrBadCampaign saying %q", err, c.detail)
			}
			if c.cname == "C" {
				if err := s.updateHeroes(cid, c.heroes); !errors.Is(err, ErrBadCampaign) {
					t.Errorf("UpdateHeroes = %v, want ErrBadCampaign", err)
				}
				err := s.RecordQuest(cid, CampaignEntry{Quest: "q", Outcome: OutcomeWon, Party: party(c.heroes)})
				if !errors.Is(err, ErrBadCampaign) {
					t.Errorf("RecordQuest = %v, want ErrBadCampaign", err)
				}
			}
		})
	}
	if _, err := s.createDUN("", twoHeroes); !errors.Is(err, ErrEmptyName) {
		t.Errorf("blank campaign name: %v, want ErrEmptyName too", err)
	}
	if dump(t, s) != before {
		t.Error("a refused campaign change wrote something")
	}
	// Zero VP and gold are fine, as are five heroes.
	five := six[:5]
	if _, err := s.createDUN("five", append([]Hero{{Name: "Z"}}, five[1:]...)); err != nil {
		t.Errorf("five heroes, one with 0 VP: %v", err)
	}
}

func TestCampaignLifecycle(t *testing.T) {
	fakeClock(t)
	s := openStore(t, dbPath(t))
	first, err := s.createDUN("  Ashes  ", []Hero{
		{Name: " Aldric ", Class: " Warrior ", VP: 20, Gold: 15, Notes: "sword of dawn"},
		{Name: "Mira", Class: "Wizard", VP: 22, Gold: 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	second := newCampaign(t, s, "Frost")
	c, err := s.Campaign(first)
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != first || c.Name != "Ashes" || !uidPattern.MatchString(c.UID) || c.Created.IsZero() {
		t.Errorf("campaign %+v", c)
	}
	if !reflect.DeepEqual(heroesOf(c.Party), twoHeroes) {
		t.Errorf("heroes %+v, want trimmed %+v", heroesOf(c.Party), twoHeroes)
	}
	if dun.PartyVP(heroesOf(c.Party)) != 42 || len(c.Entries) != 0 {
		t.Errorf("group VP %d, %d entries", dun.PartyVP(heroesOf(c.Party)), len(c.Entries))
	}
	list, err := s.Campaigns()
	if err != nil || len(list) != 2 || list[0].ID != second || list[1].ID != first {
		t.Fatalf("Campaigns() = %+v, %v; want newest first", list, err)
	}
	if !reflect.DeepEqual(list[1], c) {
		t.Errorf("Campaigns()[1] = %+v, want %+v", list[1], c)
	}
	if _, err := s.Campaign(99); !errors.Is(err, ErrNoCampaign) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Campaign(99) = %v, want ErrNoCampaign", err)
	}

	// Heroes change between quests.
	three := append(append([]Hero(nil), twoHeroes...), Hero{Name: "Tor", Class: "Dwarf", VP: 18})
	if err := s.updateHeroes(first, three); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Campaign(first); !reflect.DeepEqual(heroesOf(c.Party), three) || dun.PartyVP(heroesOf(c.Party)) != 60 {
		t.Errorf("after UpdateHeroes: %+v", heroesOf(c.Party))
	}
	if err := s.updateHeroes(99, three); !errors.Is(err, ErrNoCampaign) {
		t.Errorf("UpdateHeroes(99) = %v, want ErrNoCampaign", err)
	}

	// Quests played.
	gid, g := newGame(t, s)
	play(t, s, gid, g, &dun.NewTurn{})
	if err := s.SetGameCampaign(gid, first); err != nil {
		t.Fatal(err)
	}
	after := []Hero{{Name: "Aldric", Class: "Warrior", VP: 25, Gold: 40}, {Name: "Mira", Class: "Wizard", VP: 24, Gold: 10, Notes: "cursed"}}
	played := time.Date(2025, 2, 14, 20, 30, 0, 0, time.FixedZone("CET", 3600))
	if err := s.RecordQuest(first, CampaignEntry{ID: 77, GameID: gid, Quest: " the-drowned-chapel ", Outcome: OutcomeWon,
		Notes: "close call", Party: party(after), PlayedAt: played}); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordQuest(first, CampaignEntry{Quest: "the-smugglers-tunnels", Outcome: OutcomeLost, Party: party(twoHeroes)}); err != nil {
		t.Fatal(err)
	}
	c, _ = s.Campaign(first)
	if len(c.Entries) != 2 {
		t.Fatalf("%d entries", len(c.Entries))
	}
	e0, e1 := c.Entries[0], c.Entries[1]
	if e0.GameID != gid || e0.Quest != "the-drowned-chapel" || e0.Outcome != OutcomeWon || e0.Notes != "close call" ||
		!reflect.DeepEqual(heroesOf(e0.Party), after) || !e0.PlayedAt.Equal(played) || e0.ID == 77 {
		t.Errorf("entry 1 = %+v", e0)
	}
	if e1.GameID != 0 || e1.Outcome != OutcomeLost || e1.PlayedAt.IsZero() || !reflect.DeepEqual(heroesOf(e1.Party), twoHeroes) {
		t.Errorf("entry 2 = %+v", e1)
	}
	if !reflect.DeepEqual(heroesOf(c.Party), twoHeroes) {
		t.Errorf("heroes after the last quest = %+v", heroesOf(c.Party))
	}

	// A refused entry writes nothing: neither the entry nor the heroes.
	before := dump(t, s)
	for name, e := range map[string]CampaignEntry{
		"bad outcome":  {Quest: "q", Outcome: "draw", Party: party(after)},
		"no outcome":   {Quest: "q", Party: party(after)},
		"no quest":     {Quest: "  ", Outcome: OutcomeWon, Party: party(after)},
		"no heroes":    {Quest: "q", Outcome: OutcomeWon},
		"missing game": {Quest: "q", Outcome: OutcomeAbandoned, Party: party(after), GameID: 999},
	} {
		err := s.RecordQuest(first, e)
		if err == nil {
			t.Errorf("%s: accepted", name)
		} else if name == "missing game" && !errors.Is(err, ErrNoGame) || name != "missing game" && !errors.Is(err, ErrBadCampaign) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := s.RecordQuest(99, CampaignEntry{Quest: "q", Outcome: OutcomeAbandoned, Party: party(after)}); !errors.Is(err, ErrNoCampaign) {
		t.Errorf("RecordQuest(99) = %v, want ErrNoCampaign", err)
	}
	if dump(t, s) != before {
		t.Error("a refused entry wrote something")
	}

	// Deleting the game keeps the entry, without its game.
	other, _ := newGame(t, s)
	if err := s.RecordQuest(second, CampaignEntry{GameID: other, Quest: "q", Outcome: OutcomeAbandoned, Party: party(twoHeroes)}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGame(other); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Campaign(second); len(c.Entries) != 1 || c.Entries[0].GameID != 0 {
		t.Errorf("entry of a deleted game: %+v", c.Entries)
	}

	// Deleting the campaign leaves its games, unlinked.
	if err := s.DeleteCampaign(first); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Campaign(first); !errors.Is(err, ErrNoCampaign) {
		t.Errorf("deleted campaign: %v", err)
	}
	if gi := gameInfo(t, s, gid); gi.CampaignID != 0 {
		t.Errorf("game still in campaign %d", gi.CampaignID)
	}
	sameGame(t, load(t, s, gid), g)
	if n := count(t, s, "SELECT count(*) FROM campaign_entries WHERE campaign_id = ?", first); n != 0 {
		t.Errorf("%d entries left", n)
	}
	if err := s.DeleteCampaign(first); !errors.Is(err, ErrNoCampaign) {
		t.Errorf("second delete: %v, want ErrNoCampaign", err)
	}
	if list, _ := s.Campaigns(); len(list) != 1 || list[0].ID != second {
		t.Errorf("Campaigns() = %+v", list)
	}
}

// A campaign hero keeps the attributes the game's rolls use; an absurd one
// is refused and nothing is written.
func TestHeroAttributes(t *testing.T) {
	s := openStore(t, dbPath(t))
	heroes := []Hero{{Name: "Aldric", VP: 20, Attributes: map[string]int{"perception": 4, "movement": 5}}, {Name: "Mira", VP: 20}}
	id, err := s.createDUN("Attributes", heroes)
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Campaign(id)
	if err != nil || heroesOf(c.Party)[0].Attributes["perception"] != 4 || heroesOf(c.Party)[0].Attributes["movement"] != 5 || heroesOf(c.Party)[1].Attributes != nil {
		t.Fatalf("%+v %v", heroesOf(c.Party), err)
	}
	for _, bad := range []map[string]int{{"perception": -1}, {"perception": 101}, {"": 3}} {
		hs := []Hero{{Name: "A", VP: 10, Attributes: bad}, {Name: "B", VP: 10}}
		if err := s.updateHeroes(id, hs); !errors.Is(err, ErrBadCampaign) {
			t.Errorf("%v: got %v", bad, err)
		}
	}
	if c2, _ := s.Campaign(id); heroesOf(c2.Party)[0].Attributes["perception"] != 4 {
		t.Fatal("a refused update changed the party")
	}
}
