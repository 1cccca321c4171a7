package dun

import (
	"errors"
	"slices"
	"strings"
	"unicode"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// Searching with a quest ("The Turn, Movement and Exploring Actions",
// "SEARCHING ROOMS (E)" and "SEARCHING FURNITURE (E)"): a room (never a
// corridor) is searched once; each piece of furniture once. The search is
// kept in State.Tried as "search_room:<section>" or
// "search_furniture:<element or piece>", like the once-only actions.

// MaxFurnitureName is the longest name a piece of furniture typed at the
// table may have (in runes, once normalised).
const MaxFurnitureName = 40

// SearchTarget is a room or a piece of furniture that may be searched now.
type SearchTarget struct {
	Section string     `json:"section,omitempty"` // a room: its section id
	Element string     `json:"element,omitempty"` // a piece of furniture: its element id
	Name    quest.Text `json:"name,omitempty"`    // a piece's name
	// Trap is the quest's word on a piece: whether a fumbled search of it
	// sets off a trap (its trap_allowed); the test takes it.
	Trap bool `json:"trap,omitempty"`
}

// SearchTargets are what action ("search_room" or "search_furniture") may
// be tried on in a quest game now: the revealed sections that are rooms
// (room, large or main, never a corridor) not searched yet, or the revealed
// pieces of furniture not searched yet. Without a quest, none.
func SearchTargets(s State, setup Setup, action string) []SearchTarget {
	q := setup.QuestData
	if q == nil {
		return nil
	}
	var out []SearchTarget
	for _, id := range s.Revealed {
		sec, _ := q.Section(id)
		switch action {
		case "search_room":
			if sec.Kind != "corridor" && !slices.Contains(s.Tried, "search_room:"+id) {
				out = append(out, SearchTarget{Section: id})
			}
		case "search_furniture":
			for _, el := range sec.Elements {
				if el.Kind == "furniture" && !slices.Contains(s.Tried, "search_furniture:"+el.ID) {
					out = append(out, SearchTarget{Element: el.ID, Name: el.Name, Trap: el.TrapAllowed})
				}
			}
		}
	}
	return out
}

// NormalFurniture is a piece of furniture's name as typed at the table,
// normalised so "Old  Chest " and "old chest" are the same piece: trimmed,
// inner spaces collapsed to one, lower case.
func NormalFurniture(name string) string {
	return strings.ToLower(strings.Join(strings.FieldsFunc(name, unicode.IsSpace), " "))
}

// searchKey is what a search with a quest was tried on, or the rule that
// refuses it: the room must be a revealed room, not a corridor, and not
// searched already (unless overridden); the piece of furniture a revealed
// furniture element or a name typed, not searched already (unless
// overridden). Without a quest, nothing is kept: today's behaviour.
func (e *Test) searchKey(s *State, setup Setup, action string) (string, error) {
	q := setup.QuestData
	if q == nil {
		return "", nil
	}
	if action == "search_room" {
		if e.Section == "" {
			return "", ruleError("rule.search.room_needed", nil)
		}
		sec, ok := q.Section(e.Section)
		switch {
		case !ok || !slices.Contains(s.Revealed, e.Section):
			return "", ruleError("rule.search.room_unknown", map[string]any{"Section": e.Section})
		case sec.Kind == "corridor":
			// "a room (not a corridor)": no override makes a corridor a room.
			return "", ruleError("rule.search.corridor", map[string]any{"Section": SectionName(q, e.Section)})
		}
		key := "search_room:" + e.Section
		if slices.Contains(s.Tried, key) && !e.Override {
			return "", ruleError("rule.search.room_searched", map[string]any{"Section": SectionName(q, e.Section)})
		}
		return key, nil
	}
	piece := e.Element
	var name any
	switch {
	case e.Element != "" && e.Furniture != "":
		return "", ruleError("rule.test.two_targets", nil)
	case e.Element != "":
		el, ok := revealedFurniture(*s, q, e.Element)
		if !ok {
			return "", ruleError("rule.search.furniture_unknown", map[string]any{"Target": e.Element})
		}
		name = inEveryLanguage(el.Name)
	case NormalFurniture(e.Furniture) != "":
		piece = NormalFurniture(e.Furniture)
		if len([]rune(piece)) > MaxFurnitureName {
			return "", ruleError("rule.search.furniture_long", map[string]any{"Max": MaxFurnitureName})
		}
		name = piece
	default:
		return "", ruleError("rule.search.furniture_needed", nil)
	}
	key := "search_furniture:" + piece
	if slices.Contains(s.Tried, key) && !e.Override {
		return "", ruleError("rule.search.furniture_searched", map[string]any{"Name": name})
	}
	return key, nil
}

// withQuestTrap lets a quest's furniture say whether a fumbled search sets
// off a trap ("SEARCHING FURNITURE", the quest's trap_allowed): the event
// returned is e, or a copy with the quest's answer. A trap said where the
// quest allows none is refused; furniture typed at the table, or a game
// without a quest, keeps the event's word.
func (e *Test) withQuestTrap(s *State, setup Setup, info actions.Info) (*Test, error) {
	if info.Kind != actions.KindFurniture || e.Element == "" || setup.QuestData == nil {
		return e, nil
	}
	el, ok := revealedFurniture(*s, setup.QuestData, e.Element)
	if !ok {
		return e, nil // searchKey refuses it
	}
	if e.Trap && !el.TrapAllowed {
		return e, ruleError("rule.search.no_trap_here", map[string]any{"Name": inEveryLanguage(el.Name)})
	}
	filled := *e
	filled.Trap = el.TrapAllowed
	return &filled, nil
}

// revealedFurniture finds a furniture element of a revealed section.
func revealedFurniture(s State, q *quest.Quest, id string) (quest.Element, bool) {
	for _, sid := range s.Revealed {
		sec, _ := q.Section(sid)
		for _, el := range sec.Elements {
			if el.ID == id && el.Kind == "furniture" {
				return el, true
			}
		}
	}
	return quest.Element{}, false
}

// Overridable says whether err refuses a second try that the Conductor may
// override (Test.Override): a once-only action, or a room or piece of
// furniture searched already.
func Overridable(err error) bool {
	var re *RuleError
	return errors.As(err, &re) && slices.Contains([]string{"rule.test.once", "rule.search.room_searched", "rule.search.furniture_searched"}, re.ID)
}
