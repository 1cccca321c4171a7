package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"

	"github.com/dunconductor/conductor/core/engine"
)

// hostileNames are names no list can show as written, each with the error
// it gets.
var hostileNames = []struct {
	name string
	text string
	want error
}{
	{"1 MB", strings.Repeat("x", 1<<20), ErrNameTooLong},
	{"201 bytes", strings.Repeat("é", 100) + "x", ErrNameTooLong},
	{"NUL", "Night\x00Watch", ErrNameControl},
	{"ESC", "Night \x1b[31mred", ErrNameControl},
	{"newline", "Night\nWatch", ErrNameControl},
	{"carriage return", "Night\rWatch", ErrNameControl},
	{"DEL", "Night\x7f", ErrNameControl},
	{"C1 control", "Night\u0085Watch", ErrNameControl},
	{"right-to-left override", "Night \u202Egnp.exe", ErrNameControl},
	{"left-to-right embedding", "\u202ANight", ErrNameControl},
	{"first isolate", "Night \u2068x\u2069", ErrNameControl},
	{"line separator", "Night\u2028Watch", ErrNameControl},
	{"not UTF-8", "Night\xff", ErrNameControl},
}

// Names typed in: games, campaigns, heroes, a quest entry. Each hostile one
// is refused with its error, a short message, and nothing written; the
// longest allowed one and ordinary text of any script pass.
func TestTypedNamesChecked(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	cid := newCampaign(t, s, "Campaign")
	heroesWith := func(f func(h *Hero)) []Hero {
		hs := append([]Hero(nil), twoHeroes...)
		f(&hs[1])
		return hs
	}
	ops := map[string]func(text string) error{
		"CreateGame": func(text string) error {
			g, _ := dun.NewGame(testSetup)
			_, err := s.CreateGame(text, g)
			return err
		},
		"RenameGame": func(text string) error { return s.RenameGame(id, text) },
		"DuplicateGame": func(text string) error {
			_, err := s.DuplicateGame(id, text)
			return err
		},
		"CreateCampaign": func(text string) error {
			_, err := s.createDUN(text, twoHeroes)
			return err
		},
		"CreateCampaign hero": func(text string) error {
			_, err := s.createDUN("C", heroesWith(func(h *Hero) { h.Name = text }))
			return err
		},
		"UpdateHeroes name": func(text string) error {
			return s.updateHeroes(cid, heroesWith(func(h *Hero) { h.Name = text }))
		},
		"UpdateHeroes class": func(text string) error {
			return s.updateHeroes(cid, heroesWith(func(h *Hero) { h.Class = text }))
		},
		"RecordQuest quest": func(text string) error {
			return s.RecordQuest(cid, CampaignEntry{Quest: text, Outcome: OutcomeWon, Party: party(twoHeroes)})
		},
	}
	for op, f := range ops {
		for _, c := range hostileNames {
			if c.name == "not UTF-8" && strings.Contains(op, " ") {
				continue // a party is JSON, which carries none: its encoder writes U+FFFD (a raw one: below)
			}
			t.Run(op+"/"+c.name, func(t *testing.T) {
				before := dump(t, s)
				err := f(c.text)
				if !errors.Is(err, c.want) {
					t.Fatalf("%s = %v, want %v", op, err, c.want)
				}
				if strings.HasPrefix(op, "CreateCampaign") || strings.HasPrefix(op, "UpdateHeroes") || strings.HasPrefix(op, "RecordQuest") {
					if !errors.Is(err, ErrBadCampaign) {
						t.Errorf("%s = %v, want ErrBadCampaign too", op, err)
					}
				}
				if len(err.Error()) > 300 {
					t.Errorf("the message is %d bytes long", len(err.Error()))
				}
				if dump(t, s) != before {
					t.Fatal("a refused name was written")
				}
			})
		}
		t.Run(op+"/longest allowed", func(t *testing.T) {
			for _, ok := range []string{strings.Repeat("x", maxNameBytes), strings.Repeat("é", maxNameBytes/2), "Noche de los muertos", "ليلة طويلة", "夜の見張り"} {
				if err := f(ok); err != nil {
					t.Fatalf("%s(%q) = %v", op, ok, err)
				}
			}
		})
	}
	// A party document given as bytes that are not UTF-8 is refused as typed.
	before := dump(t, s)
	raw := json.RawMessage("[{\"name\":\"Night\xff\",\"class\":\"\",\"vp\":1,\"gold\":0,\"notes\":\"\"}]")
	if err := s.UpdateParty(cid, raw); !errors.Is(err, ErrNameControl) || !errors.Is(err, ErrBadCampaign) {
		t.Errorf("a party that is not UTF-8: %v, want ErrNameControl", err)
	}
	if _, err := s.CreateCampaign(dun.ModuleName, "C", raw); !errors.Is(err, ErrNameControl) {
		t.Errorf("a new party that is not UTF-8: %v, want ErrNameControl", err)
	}
	if dump(t, s) != before {
		t.Fatal("a party that is not UTF-8 was written")
	}
	// Notes are longer and may break lines, not hide controls.
	notes := map[string]func(text string) error{
		"hero notes": func(text string) error {
			return s.updateHeroes(cid, heroesWith(func(h *Hero) { h.Notes = text }))
		},
		"entry notes": func(text string) error {
			return s.RecordQuest(cid, CampaignEntry{Quest: "q", Outcome: OutcomeWon, Notes: text, Party: party(twoHeroes)})
		},
	}
	for op, f := range notes {
		if err := f("Line one\nLine two\twith a tab\r\n" + strings.Repeat("x", maxNotesBytes-40)); err != nil {
			t.Errorf("%s: multiline notes: %v", op, err)
		}
		for _, c := range []struct {
			text string
			want error
		}{{strings.Repeat("x", maxNotesBytes+1), ErrNameTooLong}, {"a\x00b", ErrNameControl}, {"a\x1bb", ErrNameControl}, {"\u202Eb", ErrNameControl}} {
			before := dump(t, s)
			if err := f(c.text); !errors.Is(err, c.want) || !errors.Is(err, ErrBadCampaign) {
				t.Errorf("%s %s = %v, want %v", op, engine.QuoteShort(c.text), err, c.want)
			}
			if dump(t, s) != before {
				t.Fatalf("%s: refused notes were written", op)
			}
		}
	}
}

// Names and uids in an imported file get the same checks, and a uid must be
// 32 lowercase hex digits: refused as a damaged file, nothing written.
func TestImportedNamesAndUIDsChecked(t *testing.T) {
	s := openStore(t, dbPath(t))
	cid, _ := campaignFixture(t, s)
	base := payloadOf(t, exportedCampaign(t, s, cid))
	edit := func(f func(p *exportPayload)) []byte {
		p := payloadOf(t, exportedCampaign(t, s, cid))
		f(&p)
		return craft(t, ExportVersion, p)
	}
	if len(base.Games) == 0 || len(base.Campaigns[0].Entries) == 0 {
		t.Fatal("the fixture has no games or no entries")
	}
	type tc struct {
		name string
		file []byte
		want error
	}
	var cases []tc
	for _, c := range hostileNames {
		if c.name == "not UTF-8" {
			continue // JSON carries none: encoding/json writes U+FFFD
		}
		text := c.text
		cases = append(cases,
			tc{"game name " + c.name, edit(func(p *exportPayload) { p.Games[0].Name = text }), c.want},
			tc{"campaign name " + c.name, edit(func(p *exportPayload) { p.Campaigns[0].Name = text }), c.want},
			tc{"hero name " + c.name, edit(func(p *exportPayload) {
				editParty(&p.Campaigns[0].Party, func(hs []Hero) []Hero { hs[0].Name = text; return hs })
			}), c.want},
			tc{"entry hero class " + c.name, edit(func(p *exportPayload) {
				editParty(&p.Campaigns[0].Entries[0].Party, func(hs []Hero) []Hero { hs[0].Class = text; return hs })
			}), c.want},
			tc{"entry quest " + c.name, edit(func(p *exportPayload) { p.Campaigns[0].Entries[0].Quest = text }), c.want},
		)
	}
	for name, uid := range map[string]string{
		"1 MB":        strings.Repeat("a", 1<<20),
		"upper case":  strings.ToUpper(newUID()),
		"31 digits":   newUID()[1:],
		"not hex":     "zz" + newUID()[2:],
		"with spaces": " " + newUID()[1:],
	} {
		cases = append(cases,
			tc{"game uid " + name, edit(func(p *exportPayload) { p.Games[0].UID = uid }), ErrBadUID},
			tc{"campaign uid " + name, edit(func(p *exportPayload) { p.Campaigns[0].UID = uid }), ErrBadUID},
			tc{"game's campaign uid " + name, edit(func(p *exportPayload) { p.Games[0].CampaignUID = uid }), ErrBadUID},
			tc{"entry's game uid " + name, edit(func(p *exportPayload) { p.Campaigns[0].Entries[0].GameUID = uid }), ErrBadUID},
		)
	}
	cases = append(cases,
		tc{"entry notes of 1 MB", edit(func(p *exportPayload) { p.Campaigns[0].Entries[0].Notes = strings.Repeat("x", 1<<20) }), ErrNameTooLong},
		tc{"entry notes with ESC", edit(func(p *exportPayload) { p.Campaigns[0].Entries[0].Notes = "a\x1b[2Jb" }), ErrNameControl},
		tc{"module of 1 MB", edit(func(p *exportPayload) { p.Games[0].Module = strings.Repeat("m", 1<<20) }), ErrNameTooLong},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := dump(t, s)
			for _, mode := range []ImportMode{ImportAsCopy, ImportReplace} {
				_, err := s.Import(bytes.NewReader(c.file), mode)
				if !errors.Is(err, ErrExportDamaged) || !errors.Is(err, c.want) {
					t.Fatalf("Import(%v) = %v, want ErrExportDamaged and %v", mode, err, c.want)
				}
				if len(err.Error()) > 400 {
					t.Errorf("the message is %d bytes long", len(err.Error()))
				}
			}
			if dump(t, s) != before {
				t.Fatal("a refused import wrote something")
			}
		})
	}
	// The file as exported still imports.
	importOK(t, s, craft(t, ExportVersion, base), ImportAsCopy)
}

// A name the app makes around a long one is cut to fit, whole characters only.
func TestFitName(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	got := FitName("Copy of " + long)
	if len(got) > maxNameBytes || checkName(got) != nil || !strings.HasPrefix(got, "Copy of é") {
		t.Fatalf("%d bytes: %q", len(got), got)
	}
	if FitName("Short") != "Short" {
		t.Fatal("a short name changed")
	}
}
