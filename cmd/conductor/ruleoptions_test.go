package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// headlessPages are the headless contract's page of each module with rule
// options.
var headlessPages = map[string]string{
	"dun":           "../../docs/headless/dungeon-universalis.md",
	"dragon-canyon": "../../docs/headless/dragon-canyon.md",
}

// Every row of every game's rule options table has its label, and each of
// a choice's values its own, in every language (not English standing in),
// and a line of its own in its game's headless contract.
func TestRuleOptionsTranslatedAndDocumented(t *testing.T) {
	en := translations.New("en")
	for _, m := range engine.Modules() {
		rows := engine.ModuleRuleOptions(m)
		if len(rows) == 0 {
			continue
		}
		page, ok := headlessPages[m]
		if !ok {
			t.Errorf("%s has rule options and no headless page in headlessPages", m)
			continue
		}
		doc, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range rows {
			if !strings.Contains(string(doc), "| `"+o.ID+"` |") {
				t.Errorf("%s: %s has no row in %s", m, o.ID, page)
			}
			ids := []string{o.Label}
			for _, v := range o.Choices {
				ids = append(ids, o.ChoiceLabel(v))
			}
			for _, l := range translations.Languages {
				tr := translations.New(l.Tag)
				for _, id := range ids {
					if got := tr.T(id, nil); got == id || l.Tag != "en" && got == en.T(id, nil) {
						t.Errorf("%s: %s is not in %s", m, id, l.Tag)
					}
				}
			}
		}
	}
}

// DUN's headless contract says what each rules edition turned on, by the
// flag older saves gave it with.
func TestEditionsDocumented(t *testing.T) {
	doc, err := os.ReadFile(headlessPages[dun.ModuleName])
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range dun.Editions {
		if !strings.Contains(string(doc), "| "+strconv.Itoa(e.Edition)+" | `"+e.Flag+"` |") {
			t.Errorf("edition %d (%s) has no row in the contract's editions table", e.Edition, e.Flag)
		}
	}
}
