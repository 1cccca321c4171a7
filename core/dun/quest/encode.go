package quest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Encode writes a quest as a quest file, in the style of the app's own
// quests: the top-level keys, [decks], the [[spawn_table]] rows, the
// [[sections]] with their indented [[sections.exits]] and
// [[sections.elements]], the [[texts]] and the [[conditions]]; every text an
// inline { en = "…", es = "…" }. Optional fields left empty or zero are
// left out. Parse reads back the same quest (its Source aside), and Encode
// of that gives the same bytes.
func Encode(q *Quest) ([]byte, error) {
	b, _, err := EncodeLines(q)
	return b, err
}

// LineRef says what one line of an encoded quest belongs to: the quest's
// top-level keys, its Leader, a deck, a spawn-table row (Index is the row's
// place in the table), a section, an exit or element of a section (Index is
// its place in the section's list), a hidden text or a condition (Index is
// its place in the quest's list). Field is the key the line gives, its
// field path within what it belongs to ("title", "creatures", "label";
// "name" for the Leader's line): a problem on the line belongs to that
// field. A table's own heading line has none.
type LineRef struct {
	Kind    string // "quest", "leader", "deck", "spawn", "section", "exit", "element", "text", "condition"
	Section string // the section's id, for a section, exit or element
	Index   int
	ID      string // the id of what the line belongs to, when it has one (a deck's name)
	Field   string
}

// EncodeLines is Encode, and what each line of the file belongs to: refs[n]
// is line n (lines count from 1; refs[0] is the quest).
func EncodeLines(q *Quest) ([]byte, []LineRef, error) {
	if q == nil {
		return nil, nil, errors.New("quest: no quest to encode")
	}
	e := encoder{refs: []LineRef{{Kind: "quest"}}}
	// Room for the pictures at once: a buffer doubling as it fills copies
	// their megabytes again at each step (the editor writes its draft at
	// each pause in typing).
	e.buf.Grow(inlineImageBytes(q) + 16<<10)
	top := LineRef{Kind: "quest"}
	e.key(top, "", "id", q.ID, true) // always: line 1 is the whole file's
	// The languages the quest declares, kept (without them, English and Spanish).
	if q.Langs != nil {
		quoted := make([]string, len(q.Langs))
		for i, l := range q.Langs {
			quoted[i] = strconv.Quote(l)
		}
		e.line(top, "languages = ["+strings.Join(quoted, ", ")+"]")
	}
	e.text(top, "", "title", q.Title)
	e.text(top, "", "introduction", q.Introduction)
	e.text(top, "", "setup", q.Setup)
	e.text(top, "", "faction", q.Faction)
	var leader []string
	if q.Leader.Name != nil {
		leader = append(leader, "name = "+InlineText(q.Leader.Name))
	}
	leader = append(leader, "vp = "+strconv.Itoa(q.Leader.VP))
	e.line(LineRef{Kind: "leader", Field: "name"}, "leader = { "+strings.Join(leader, ", ")+" }")
	e.key(top, "", "spawns_from", q.SpawnsFrom, false) // a top-level key: before any table

	if q.Decks != nil {
		e.blank()
		e.line(LineRef{Kind: "deck"}, "[decks]")
		names := make([]string, 0, len(q.Decks))
		for name := range q.Decks {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			r := q.Decks[name]
			var parts []string
			if r.Absent {
				parts = append(parts, "absent = true")
			}
			if r.Random != nil {
				parts = append(parts, "random = "+strconv.Itoa(*r.Random))
			}
			e.line(LineRef{Kind: "deck", ID: name, Field: "random"}, TOMLKey(name)+" = "+inlineTable(parts))
		}
	}

	for i, r := range q.SpawnTable {
		ref := LineRef{Kind: "spawn", Index: i}
		e.blank()
		e.line(ref, "[[spawn_table]]")
		e.line(field(ref, "roll"), "roll = "+strconv.Itoa(r.Roll))
		e.text(ref, "", "creatures", r.Creatures)
		if len(r.Profiles) > 0 {
			e.line(field(ref, "profiles"), "profiles = "+inlineProfiles(r.Profiles))
		}
		e.line(field(ref, "cost"), "cost = "+strconv.Itoa(r.Cost))
	}

	for _, s := range q.Sections {
		ref := LineRef{Kind: "section", Section: s.ID, ID: s.ID}
		e.blank()
		e.line(ref, "[[sections]]")
		e.key(ref, "", "id", s.ID, true)
		e.text(ref, "", "name", s.Name)
		e.key(ref, "", "kind", s.Kind, true)
		e.num(ref, "", "x", s.X, true)
		e.num(ref, "", "y", s.Y, true)
		e.num(ref, "", "w", s.W, true)
		e.num(ref, "", "h", s.H, true)
		e.flag(ref, "", "start", s.Start)
		e.text(ref, "", "text", s.Text)
		e.key(ref, "", "image", s.Image, false)
		const in = "  "
		for j, x := range s.Exits {
			ref := LineRef{Kind: "exit", Section: s.ID, Index: j, ID: x.ID}
			e.blank()
			e.line(ref, in+"[[sections.exits]]")
			e.key(ref, in, "id", x.ID, false)
			e.key(ref, in, "to", x.To, true)
			e.key(ref, in, "kind", x.Kind, true)
			e.num(ref, in, "x", x.X, true)
			e.num(ref, in, "y", x.Y, true)
		}
		for j, el := range s.Elements {
			ref := LineRef{Kind: "element", Section: s.ID, Index: j, ID: el.ID}
			e.blank()
			e.line(ref, in+"[[sections.elements]]")
			e.key(ref, in, "id", el.ID, true)
			e.key(ref, in, "kind", el.Kind, true)
			e.text(ref, in, "name", el.Name)
			e.num(ref, in, "x", el.X, true)
			e.num(ref, in, "y", el.Y, true)
			e.flag(ref, in, "trap_allowed", el.TrapAllowed)
		}
	}

	for i, t := range q.Texts {
		ref := LineRef{Kind: "text", Index: i, ID: t.ID}
		e.blank()
		e.line(ref, "[[texts]]")
		e.key(ref, "", "id", t.ID, true)
		e.key(ref, "", "style", t.Style, true)
		e.key(ref, "", "section", t.Section, false)
		e.key(ref, "", "element", t.Element, false)
		e.key(ref, "", "condition", t.Condition, false)
		e.text(ref, "", "text", t.Text)
		if t.Effect != (Effect{}) {
			e.line(field(ref, "effect"), "effect = "+inlineEffect(t.Effect))
		}
	}

	for i, c := range q.Conditions {
		ref := LineRef{Kind: "condition", Index: i, ID: c.ID}
		e.blank()
		e.line(ref, "[[conditions]]")
		e.key(ref, "", "id", c.ID, true)
		e.text(ref, "", "label", c.Label)
		e.key(ref, "", "slain", c.Slain, false)
		e.flag(ref, "", "mission", c.Mission)
	}
	return e.buf.Bytes(), e.refs, nil
}

type encoder struct {
	buf  bytes.Buffer
	refs []LineRef
	last LineRef
}

// line writes one line that belongs to ref.
func (e *encoder) line(ref LineRef, s string) {
	e.buf.WriteString(s)
	e.end(ref)
}

// end ends the line written, which belongs to ref.
func (e *encoder) end(ref LineRef) {
	e.buf.WriteByte('\n')
	e.refs = append(e.refs, ref)
	e.last = ref
}

// blank writes an empty line, which belongs to what came before it.
func (e *encoder) blank() {
	if e.buf.Len() > 0 {
		e.line(field(e.last, ""), "")
	}
}

// field is ref on the line of one of its keys.
func field(ref LineRef, key string) LineRef {
	ref.Field = key
	return ref
}

// key writes key = "value", or nothing for an empty optional value.
func (e *encoder) key(ref LineRef, indent, key, value string, always bool) {
	if value != "" || always {
		// Straight into the file, not through a string of its own: a
		// picture's value is megabytes.
		e.buf.WriteString(indent + key + " = ")
		writeTOMLString(&e.buf, value)
		e.end(field(ref, key))
	}
}

func (e *encoder) num(ref LineRef, indent, key string, n int, always bool) {
	if n != 0 || always {
		e.line(field(ref, key), indent+key+" = "+strconv.Itoa(n))
	}
}

func (e *encoder) flag(ref LineRef, indent, key string, on bool) {
	if on {
		e.line(field(ref, key), indent+key+" = true")
	}
}

// text writes a text as an inline table; a nil text is left out (an empty
// one is kept as {}: a quest's setup notes are checked once present).
func (e *encoder) text(ref LineRef, indent, key string, t Text) {
	if t != nil {
		e.line(field(ref, key), indent+key+" = "+InlineText(t))
	}
}

// inlineProfiles is a spawn row's profiles as written by hand:
// [{ profile = "minion", count = 2 }].
func inlineProfiles(ps []ProfileCount) string {
	parts := make([]string, 0, len(ps))
	for _, p := range ps {
		var b bytes.Buffer
		writeTOMLString(&b, p.Profile)
		parts = append(parts, inlineTable([]string{"profile = " + b.String(), "count = " + strconv.Itoa(p.Count)}))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// InlineText is { en = "…", es = "…" }: the quest's languages first, in
// their order, then any other in alphabetical order.
func InlineText(t Text) string {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := slices.Index(Languages, keys[i]), slices.Index(Languages, keys[j])
		if a < 0 {
			a = len(Languages)
		}
		if b < 0 {
			b = len(Languages)
		}
		if a != b {
			return a < b
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = TOMLKey(k) + " = " + TOMLString(t[k])
	}
	return inlineTable(parts)
}

func inlineEffect(f Effect) string {
	var parts []string
	add := func(key string, n int) {
		if n != 0 {
			parts = append(parts, key+" = "+strconv.Itoa(n))
		}
	}
	add("reserve", f.Reserve)
	add("leader_regenerates", f.LeaderRegenerates)
	add("reserve_each_turn", f.ReserveEachTurn)
	if f.Crumble {
		parts = append(parts, "crumble = true")
	}
	if f.Unlock != "" {
		parts = append(parts, "unlock = "+TOMLString(f.Unlock))
	}
	if f.EveryTurn {
		parts = append(parts, "every_turn = true")
	}
	if f.Until != "" {
		parts = append(parts, "until = "+TOMLString(f.Until))
	}
	return inlineTable(parts)
}

func inlineTable(parts []string) string {
	if len(parts) == 0 {
		return "{}"
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// TOMLKey is a key bare when TOML allows it, quoted otherwise (the
// faction file's writer uses it too).
func TOMLKey(k string) string {
	if k == "" {
		return `""`
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return TOMLString(k)
		}
	}
	return k
}

// TOMLString is s as a TOML basic string on one line. Bytes that are not
// UTF-8 (TOML has no way to hold them) become U+FFFD.
func TOMLString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	writeTOMLString(&b, s)
	return b.String()
}

// tomlWriter is where writeTOMLString writes: a strings.Builder or a
// bytes.Buffer.
type tomlWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
	WriteRune(r rune) (int, error)
}

// writeTOMLString writes TOMLString(s) into b.
func writeTOMLString(b tomlWriter, s string) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}
