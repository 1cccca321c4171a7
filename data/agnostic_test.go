package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// rosterModule is a game module of data's tests only, which plays no game
// but keeps campaigns and content files of its own shape: the store keeps
// any module's, and asks the module what a valid one is.
type rosterModule struct{}

var rosterEvents = engine.NewRegistry()

func (rosterModule) Name() string             { return "roster" }
func (rosterModule) Events() *engine.Registry { return rosterEvents }
func (rosterModule) New([]byte, []byte) (engine.Play, error) {
	return nil, errors.New("roster plays no game")
}
func (rosterModule) Resume([]byte, []byte, []engine.Record, *engine.Snapshot) (engine.Play, error) {
	return nil, errors.New("roster plays no game")
}

// Its content files ("roster-card") are one line: the card's id.
func (rosterModule) ContentKinds() []string { return []string{"roster-card"} }
func (rosterModule) CheckContent(kind, file string, source []byte) (string, error) {
	id := strings.TrimSpace(string(source))
	if id == "" || strings.ContainsAny(id, " \n") {
		return "", fmt.Errorf("%s: a card is one word", file)
	}
	return id, nil
}

// Its party is {"members": [names]}, at least one.
func (rosterModule) CheckParty(doc []byte, text func(string, bool) error) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	var p struct {
		Members []string `json:"members"`
	}
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("the roster: %w", err)
	}
	if len(p.Members) == 0 {
		return nil, errors.New("a roster of nobody")
	}
	for i, m := range p.Members {
		if err := text(m, false); err != nil {
			return nil, fmt.Errorf("member %d: %w", i+1, err)
		}
	}
	return json.Marshal(p)
}

func init() { engine.Register(rosterModule{}) }

// The store keeps another module's campaigns and content files as it keeps
// DUN's: its party is its document, checked by it; a document of another
// shape (DUN's heroes) is refused; an export of it names its module and
// imports elsewhere as it was.
func TestCampaignOfAnotherModule(t *testing.T) {
	s := openStore(t, dbPath(t))
	band := json.RawMessage(`{"members":["Ash","Birch"]}`)
	id, err := s.CreateCampaign("roster", "The Band", band)
	if err != nil {
		t.Fatal(err)
	}
	dunCampaign := newCampaign(t, s, "Heroes")
	before := dump(t, s)
	for what, err := range map[string]error{
		"DUN's heroes":       s.UpdateParty(id, party(twoHeroes)),
		"nobody":             s.UpdateParty(id, json.RawMessage(`{"members":[]}`)),
		"a name with ESC":    s.UpdateParty(id, json.RawMessage(`{"members":["a\u001bb"]}`)),
		"the band for DUN":   s.UpdateParty(dunCampaign, band),
		"an unknown game":    func() error { _, err := s.CreateCampaign("chess", "C", band); return err }(),
		"an entry of heroes": s.RecordQuest(id, CampaignEntry{Quest: "q", Outcome: OutcomeWon, Party: party(twoHeroes)}),
	} {
		if !errors.Is(err, ErrBadCampaign) {
			t.Errorf("%s: %v, want ErrBadCampaign", what, err)
		}
	}
	if dump(t, s) != before {
		t.Fatal("a refused party was written")
	}
	if err := s.RecordQuest(id, CampaignEntry{Quest: "The Long Walk", Outcome: OutcomeWon,
		Party: json.RawMessage(`{"members":["Ash","Birch","Cedar"]}`)}); err != nil {
		t.Fatal(err)
	}
	c, err := s.Campaign(id)
	if err != nil || c.Module != "roster" || string(c.Party) != `{"members":["Ash","Birch","Cedar"]}` || len(c.Entries) != 1 {
		t.Fatalf("campaign %+v, %v", c, err)
	}

	file := exportedCampaign(t, s, id)
	if !bytes.Contains(file, []byte(`"module":"roster"`)) {
		t.Fatalf("the export does not name the module: %s", file)
	}
	if dunFile := exportedCampaign(t, s, dunCampaign); bytes.Contains(dunFile, []byte(`"module"`)) {
		t.Fatalf("a DUN campaign's export names its module, which older versions refuse: %s", dunFile)
	}
	dst := openStore(t, dbPath(t))
	res := importOK(t, dst, file, ImportRefuseExisting)
	got, err := dst.Campaign(res.Campaigns[0])
	if err != nil || got.Module != "roster" || string(got.Party) != string(c.Party) || got.UID != c.UID ||
		len(got.Entries) != 1 || string(got.Entries[0].Party) != string(c.Entries[0].Party) {
		t.Fatalf("imported %+v, %v; want %+v", got, err, c)
	}

	// Its content files: stored by kind and the id it gives.
	if id, err := s.ImportContent("roster-card", "c.txt", []byte(" oak \n")); err != nil || id != "oak" {
		t.Fatalf("ImportContent = %q, %v", id, err)
	}
	if _, err := s.ImportContent("roster-card", "c.txt", []byte("two words")); !errors.Is(err, ErrBadContent) {
		t.Fatalf("a bad card: %v", err)
	}
	if fs, _ := s.ContentFiles("roster-card"); len(fs) != 1 || fs[0].Name != "oak.toml" {
		t.Fatalf("cards %v", fs)
	}
}
