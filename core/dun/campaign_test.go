package dun

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// A campaign's party is DUN's document: CheckParty refuses what is not a
// party (with the rule said), asks the store's text rule of every name,
// class and notes (and wraps its error), and keeps names trimmed.
func TestCheckParty(t *testing.T) {
	tooLong := errors.New("too long")
	text := func(s string, notes bool) error {
		if len(s) > 10 && !notes {
			return tooLong
		}
		return nil
	}
	ok, err := Module.CheckParty([]byte(`[{"name":" Aldric ","class":" Knight ","vp":30,"gold":2,"notes":"a very long note","attributes":{"perception":4}}]`), text)
	if err != nil {
		t.Fatal(err)
	}
	heroes, err := DecodeParty(ok)
	want := []CampaignHero{{Name: "Aldric", Class: "Knight", VP: 30, Gold: 2, Notes: "a very long note", Attributes: map[string]int{"perception": 4}}}
	if err != nil || !reflect.DeepEqual(heroes, want) || PartyVP(heroes) != 30 {
		t.Fatalf("kept %s: %+v, %v", ok, heroes, err)
	}
	six := `[` + strings.Repeat(`{"name":"x"},`, 5) + `{"name":"x"}]`
	for doc, says := range map[string]string{
		`null`:                                  "0 heroes",
		`[]`:                                    "0 heroes",
		six:                                     "6 heroes",
		`{"name":"x"}`:                          "the party",
		`[{"name":"x","level":2}]`:              "level",
		`[{"name":"x"}] [1]`:                    "more data",
		`[{"name":"  "}]`:                       "hero 1 has no name",
		`[{"name":"x","vp":-1}]`:                "negative VP",
		`[{"name":"x","gold":-1}]`:              "negative gold",
		`[{"name":"x","attributes":{"p":101}}]`: "attribute",
		`[{"name":"x","attributes":{"":1}}]`:    "attribute",
		`[{"name":"x","class":"Necromancer of the Deep"}]`: "hero 1's class",
	} {
		_, err := Module.CheckParty([]byte(doc), text)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want it to say %q", doc, err, says)
		}
	}
	if _, err := Module.CheckParty([]byte(`[{"name":"Maximilian the Tall"}]`), text); !errors.Is(err, tooLong) {
		t.Errorf("the store's text rule is not wrapped: %v", err)
	}
	if b, err := EncodeParty(nil); err != nil || string(b) != "[]" {
		t.Errorf("EncodeParty(nil) = %s, %v", b, err)
	}
}
