package questedit

import (
	"fmt"
	"strings"

	"github.com/dunconductor/conductor/translations"
)

// Names of kinds, in the reader's language.
var (
	sectionKindIDs = map[string]string{"corridor": "section.corridor", "room": "section.room", "large": "section.large", "main": "section.main"}
	exitKindIDs    = map[string]string{"door": "ui.questedit.exit.door", "locked_door": "ui.questedit.exit.locked_door",
		"secret_door": "ui.questedit.exit.secret_door", "arrow": "ui.questedit.exit.arrow"}
	elementKindIDs = map[string]string{"trap": "ui.questedit.element.trap", "furniture": "ui.questedit.element.furniture",
		"chest": "ui.questedit.element.chest", "objective": "ui.questedit.element.objective"}
)

func kindName(tr *translations.Translator, ids map[string]string, k string) string {
	if id, ok := ids[k]; ok {
		return tr.T(id, nil)
	}
	return strings.ReplaceAll(k, "_", " ") // a kind core knows and this editor does not name yet
}

func sectionKindName(tr *translations.Translator, k string) string {
	return kindName(tr, sectionKindIDs, k)
}

func exitName(tr *translations.Translator, k string) string { return kindName(tr, exitKindIDs, k) }

func elementName(tr *translations.Translator, k string) string {
	return kindName(tr, elementKindIDs, k)
}

// defaultElementName is a new element's name in a language, from its kind.
func defaultElementName(lang, kind string) string {
	return translations.New(lang).T(elementKindIDs[kind], nil)
}

// debugString is a one-line summary, for test failures.
func (s selection) String() string {
	return fmt.Sprintf("%s %s %d %s", s.kind, s.section, s.index, s.id)
}
