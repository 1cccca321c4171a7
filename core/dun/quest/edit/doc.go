// Package edit is the quest editor's model: a quest being edited, changed
// one undoable step at a time, written back as a quest file and checked by
// the same validator as every quest file. It is pure Go: the editor's
// window drives it.
package edit

import (
	"reflect"
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// MaxUndo is how many steps Undo can go back.
const MaxUndo = 1000

// Doc is a quest being edited, with its undo and redo stacks of whole
// quests (the strings, pictures included, are shared, not copied).
type Doc struct {
	cur   state
	undo  []state
	redo  []state
	saved int // len(undo) when the quest was last saved; -1 when that state is gone
	last  string
	// pictures are the checks of the pictures kept in the quest file, by
	// data URI: each is checked once.
	pictures map[string]*pictureCheck
}

// state is the quest and what the editor knows of its ids.
type state struct {
	q quest.Quest
	// fresh are the ids this editing gave (key kind+":"+id) that may still
	// follow their object's name: nothing refers to them and the quest has
	// not been saved since. questFresh is the same for the quest's id,
	// which follows the English title.
	fresh      map[string]bool
	questFresh bool
}

func (s state) clone() state {
	c := state{q: cloneQuest(&s.q), fresh: make(map[string]bool, len(s.fresh)), questFresh: s.questFresh}
	for k := range s.fresh {
		c.fresh[k] = true
	}
	return c
}

// Problem is a problem of the quest as the validator reports it for the
// encoded file (Line is the line of TOML()), and the object it concerns.
type Problem struct {
	quest.Problem
	Ref Ref
}

// Ref names an object of the quest. Kind is "quest", "leader", "deck" (ID
// is the deck's name), "spawn" (Index is the row's roll), "section" (ID and
// Section are its id), "exit" (Section is the section it leads from, Index
// its place among the section's exits, ID its id when it has one),
// "element" (Section, ID; Index its place among the section's elements),
// "text" or "condition" (ID; Index its place in the quest's list). Field,
// when known, is the field of the object a problem is on: the key of the
// quest file's line ("title", "introduction", "creatures", "cost",
// "label"; "name" for the Leader's), what an editor puts the cursor in.
type Ref struct {
	Kind    string
	Section string
	Index   int
	ID      string
	Field   string
}

// Reveal is what reveals a hidden text: exactly one of a section (when
// revealed), an element or secret door (when found) and a condition (when
// met).
type Reveal struct {
	Section, Element, Condition string
}

// New is an empty quest to fill in.
func New() *Doc {
	return &Doc{cur: state{fresh: map[string]bool{}, questFresh: true}}
}

// Open edits a copy of q (nil: an empty quest). Its ids are kept as they
// are; a quest without an id yet (a new quest begun with some of its
// fields, its faction: NewQuest) gets one from its English title, as New's
// does.
func Open(q *quest.Quest) *Doc {
	if q == nil {
		return New()
	}
	c := cloneQuest(q)
	return &Doc{cur: state{q: c, fresh: map[string]bool{}, questFresh: c.ID == ""}}
}

// NewQuest is what a new quest begins as when New game has a faction
// chosen: its faction field is the faction's name, in every language. Open
// edits it as a new quest.
func NewQuest(faction quest.Text) *quest.Quest {
	return &quest.Quest{Faction: clean(faction)}
}

// Quest is a copy of the quest as it is now.
func (d *Doc) Quest() *quest.Quest {
	q := cloneQuest(&d.cur.q)
	return &q
}

// TOML is the quest as a quest file (quest.Encode).
func (d *Doc) TOML() ([]byte, error) { return quest.Encode(&d.cur.q) }

// CanUndo says whether there is a change to undo.
func (d *Doc) CanUndo() bool { return len(d.undo) > 0 }

// CanRedo says whether there is an undone change to make again.
func (d *Doc) CanRedo() bool { return len(d.redo) > 0 }

// Undo takes back the last change.
func (d *Doc) Undo() bool {
	if len(d.undo) == 0 {
		return false
	}
	d.redo = append(d.redo, d.cur)
	d.cur = d.undo[len(d.undo)-1]
	d.undo = d.undo[:len(d.undo)-1]
	d.last = ""
	return true
}

// Redo makes the last undone change again.
func (d *Doc) Redo() bool {
	if len(d.redo) == 0 {
		return false
	}
	d.undo = append(d.undo, d.cur)
	d.cur = d.redo[len(d.redo)-1]
	d.redo = d.redo[:len(d.redo)-1]
	d.last = ""
	return true
}

// MarkSaved says the quest as it is now was saved (to the database or a
// file): from then on every id it has stays as it is, whatever names
// change, since games and other files may refer to them; and Dirty is
// false until the next change.
func (d *Doc) MarkSaved() {
	d.cur.fresh = map[string]bool{}
	d.cur.questFresh = false
	d.saved = len(d.undo)
}

// Dirty says whether the quest changed since it was opened, created or
// last saved.
func (d *Doc) Dirty() bool { return d.saved != len(d.undo) }

// LastID is the id, after the last change, of the object that change made
// or changed: a section's id follows its English name while it is fresh
// (see SetSectionName), so the editor can keep it selected.
func (d *Doc) LastID() string { return d.last }

// change makes one undoable step: f changes a copy of the state, and the
// copy becomes the state unless f refuses. A change that changes nothing
// is no step.
func (d *Doc) change(f func(s *state) error) error {
	next := d.cur.clone()
	if err := f(&next); err != nil {
		return err
	}
	next.pin()
	if reflect.DeepEqual(next, d.cur) {
		return nil
	}
	if d.saved > len(d.undo) {
		d.saved = -1 // the saved state was undone, and is now replaced
	}
	d.undo = append(d.undo, d.cur)
	if n := len(d.undo) - MaxUndo; n > 0 {
		d.undo = slices.Delete(d.undo, 0, n)
		if d.saved >= 0 {
			d.saved = max(d.saved-n, -1) // below the oldest step: gone
		}
	}
	d.redo = nil
	d.cur = next
	return nil
}

// pin takes every id something refers to out of the fresh ids: it no
// longer follows its name.
func (s *state) pin() {
	if len(s.fresh) == 0 {
		return
	}
	for _, sec := range s.q.Sections {
		for _, e := range sec.Exits {
			delete(s.fresh, "section:"+e.To)
		}
	}
	for _, t := range s.q.Texts {
		delete(s.fresh, "section:"+t.Section)
		delete(s.fresh, "element:"+t.Element)
		delete(s.fresh, "condition:"+t.Condition)
		delete(s.fresh, "section:"+t.Effect.Unlock)
		delete(s.fresh, "condition:"+t.Effect.Until)
	}
}

// fail is a refusal, worded like a quest problem.
func fail(id string, args map[string]any) error {
	return quest.Problem{ID: id, Args: args}
}

// cloneQuest is a deep copy of q, without its Source.
func cloneQuest(q *quest.Quest) quest.Quest {
	c := *q
	c.Source = nil
	c.Title = cloneText(q.Title)
	c.Introduction = cloneText(q.Introduction)
	c.Setup = cloneText(q.Setup)
	c.Faction = cloneText(q.Faction)
	c.Leader.Name = cloneText(q.Leader.Name)
	if q.Decks != nil {
		c.Decks = make(map[string]quest.DeckRule, len(q.Decks))
		for k, r := range q.Decks {
			if r.Random != nil {
				n := *r.Random
				r.Random = &n
			}
			c.Decks[k] = r
		}
	}
	c.SpawnTable = slices.Clone(q.SpawnTable)
	for i := range c.SpawnTable {
		c.SpawnTable[i].Creatures = cloneText(c.SpawnTable[i].Creatures)
	}
	c.Sections = slices.Clone(q.Sections)
	for i := range c.Sections {
		s := &c.Sections[i]
		s.Name = cloneText(s.Name)
		s.Text = cloneText(s.Text)
		s.Exits = slices.Clone(s.Exits)
		s.Elements = slices.Clone(s.Elements)
		for j := range s.Elements {
			s.Elements[j].Name = cloneText(s.Elements[j].Name)
		}
	}
	c.Texts = slices.Clone(q.Texts)
	for i := range c.Texts {
		c.Texts[i].Text = cloneText(c.Texts[i].Text)
	}
	c.Conditions = slices.Clone(q.Conditions)
	for i := range c.Conditions {
		c.Conditions[i].Label = cloneText(c.Conditions[i].Label)
	}
	return c
}

func cloneText(t quest.Text) quest.Text {
	if t == nil {
		return nil
	}
	c := make(quest.Text, len(t))
	for k, v := range t {
		c[k] = v
	}
	return c
}
