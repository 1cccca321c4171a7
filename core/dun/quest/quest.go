// Package quest reads and checks quest files: a quest's texts in every
// language, its deck changes and spawn table, and its map as a graph of
// sections on a square grid. It is pure Go: callers bring the bytes.
package quest

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Languages every text of a quest must have when it declares none (every
// quest written before a quest could say which it has): English and
// Spanish. A quest that declares its own (Quest.Langs) is checked for those.
var Languages = []string{"en", "es"}

// Section kinds, as the engine's section_revealed names them.
var SectionKinds = []string{"corridor", "room", "large", "main"}

// Exit kinds.
var ExitKinds = []string{"door", "locked_door", "secret_door", "arrow"}

// Element kinds.
var ElementKinds = []string{"trap", "furniture", "chest", "objective"}

// Text styles of hidden texts: a red box, or a note marked for the ADP.
var TextStyles = []string{"red", "adp"}

// Text is one text in every language, by language tag.
type Text map[string]string

// In is the text in lang, or in English when lang has none, or else in the
// first language (by tag) it has: a quest in French alone still reads in
// English's place.
func (t Text) In(lang string) string {
	if s := t[lang]; s != "" {
		return s
	}
	if s := t["en"]; s != "" {
		return s
	}
	for _, l := range slices.Sorted(maps.Keys(t)) {
		if t[l] != "" {
			return t[l]
		}
	}
	return ""
}

// Quest is a parsed quest file.
type Quest struct {
	ID string `toml:"id"`
	// Langs are the languages the quest's texts are in, when it says
	// (languages = ["en", "fr"]); else Languages. TextLanguages reads it.
	Langs        []string            `toml:"languages"`
	Title        Text                `toml:"title"`
	Introduction Text                `toml:"introduction"`
	Setup        Text                `toml:"setup"`
	Faction      Text                `toml:"faction"`
	Leader       Leader              `toml:"leader"`
	Decks        map[string]DeckRule `toml:"decks"`
	SpawnTable   []SpawnRow          `toml:"spawn_table"`
	// SpawnsFrom says whose Creature Spawn Table a game with a faction
	// uses: the faction's (SpawnsFaction, also when empty: as before this
	// key) or the quest's own rows (SpawnsQuest; the faction's fill a roll
	// the quest has no row for).
	SpawnsFrom string       `toml:"spawns_from"`
	Sections   []Section    `toml:"sections"`
	Texts      []HiddenText `toml:"texts"`
	Conditions []Condition  `toml:"conditions"`
	// Source is the file the quest was read from, kept so a game can be
	// saved with exactly the quest it was played with.
	Source []byte `toml:"-"`
}

// Whose spawn table wins in a game with a faction (Quest.SpawnsFrom).
const (
	SpawnsFaction = "faction"
	SpawnsQuest   = "quest"
)

// Leader is the quest's Leader.
type Leader struct {
	Name Text `toml:"name"`
	VP   int  `toml:"vp"`
}

// DeckRule is the quest's change to one deck ("Conclusion" of deck building).
type DeckRule struct {
	Absent bool `toml:"absent"`
	Random *int `toml:"random"`
}

// SpawnRow is a row of the faction's Creature Spawn Table: its creatures
// in words, or a faction's creature profiles by id, resolved by the
// faction the game is given ("2 × Minion"), or both.
type SpawnRow struct {
	Roll      int            `toml:"roll"`
	Creatures Text           `toml:"creatures"`
	Profiles  []ProfileCount `toml:"profiles"`
	Cost      int            `toml:"cost"`
}

// ProfileCount is so many creatures of a faction's profile, named by the
// profile's id in the faction file.
type ProfileCount struct {
	Profile string `toml:"profile"`
	Count   int    `toml:"count"`
}

// Section is a corridor, room, large room or the Main Room.
type Section struct {
	ID   string `toml:"id"`
	Kind string `toml:"kind"`
	// Name is what the map, the log and the prompts call it, in every
	// language ("Ash Stair"); a quest without one gets a name from its
	// kind (SectionName), never its id.
	Name     Text      `toml:"name"`
	X        int       `toml:"x"`
	Y        int       `toml:"y"`
	W        int       `toml:"w"`
	H        int       `toml:"h"`
	Start    bool      `toml:"start"` // where the heroes begin: shown from the start
	Text     Text      `toml:"text"`  // read aloud when revealed
	Image    string    `toml:"image"` // optional tile picture: a path relative to the quest file, or a data URI (image.go)
	Exits    []Exit    `toml:"exits"`
	Elements []Element `toml:"elements"`
}

// Exit leads from a section to another.
type Exit struct {
	ID   string `toml:"id"` // needed for a secret door, which shows only once found
	To   string `toml:"to"`
	Kind string `toml:"kind"`
	X    int    `toml:"x"`
	Y    int    `toml:"y"`
}

// Element is something in a section the heroes can find or use.
type Element struct {
	ID          string `toml:"id"`
	Kind        string `toml:"kind"`
	Name        Text   `toml:"name"`
	X           int    `toml:"x"`
	Y           int    `toml:"y"`
	TrapAllowed bool   `toml:"trap_allowed"` // furniture: a fumbled search may set off a trap
}

// HiddenText is a red box or ADP note, read only when what reveals it
// happens: a section revealed, an element found, or a condition met.
type HiddenText struct {
	ID        string `toml:"id"`
	Style     string `toml:"style"`
	Section   string `toml:"section"`
	Element   string `toml:"element"`
	Condition string `toml:"condition"`
	Text      Text   `toml:"text"`
	// Effect is what showing the text does to the game (effects.go).
	Effect Effect `toml:"effect"`
}

// Condition is something the Conductor ticks when it happens at the table.
type Condition struct {
	ID    string `toml:"id"`
	Label Text   `toml:"label"`
	// Slain ticks the condition when a creature leaves the board: "leader"
	// for the quest's Leader, or a faction profile's id.
	Slain string `toml:"slain"`
	// Mission: meeting it accomplishes the quest's mission.
	Mission bool `toml:"mission"`
}

// Problem is one thing wrong with a quest file: where, and a message ID
// with arguments that says what to fix.
type Problem struct {
	File string         `json:"file"`
	Line int            `json:"line"`
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
	// Field is the path of the field the problem is about, when the
	// checker knows it ("name", "creatures[2].vp", "spawn[0].cost"): a
	// form shows the problem there. A quest's problems leave it out (their
	// line's LineRef says it).
	Field string `json:"field,omitempty"`
}

func (p Problem) Error() string {
	return fmt.Sprintf("%s:%d: %s %v", p.File, p.Line, p.ID, p.Args)
}

// Problems are every problem found, in line order.
type Problems []Problem

func (ps Problems) Error() string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(p.Error())
	}
	return b.String()
}

// Section finds a section by id.
func (q *Quest) Section(id string) (Section, bool) {
	i := slices.IndexFunc(q.Sections, func(s Section) bool { return s.ID == id })
	if i < 0 {
		return Section{}, false
	}
	return q.Sections[i], true
}

// Reachable are the sections the heroes can reach from the start through
// exits, the start included (none without a start). The validator asks
// it of every section; the quest editor, which way a new exit leads.
func (q *Quest) Reachable() map[string]bool {
	seen := map[string]bool{}
	i := slices.IndexFunc(q.Sections, func(s Section) bool { return s.Start })
	if i < 0 {
		return seen
	}
	queue := []string{q.Sections[i].ID}
	seen[queue[0]] = true
	for len(queue) > 0 {
		s, _ := q.Section(queue[0])
		queue = queue[1:]
		for _, e := range s.Exits {
			if !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
	}
	return seen
}

// Start is the section the heroes begin in.
func (q *Quest) Start() Section {
	i := slices.IndexFunc(q.Sections, func(s Section) bool { return s.Start })
	return q.Sections[i]
}

// Parse reads and checks a quest file. It returns the quest only when there
// is no problem at all.
func Parse(file string, data []byte) (*Quest, Problems) {
	q, _, ps := parse(file, data)
	if ps != nil {
		return nil, ps
	}
	return q, nil
}

// parse reads and checks a quest file: the quest as decoded (nil when it
// could not be decoded, or is too large to check), the file's line index,
// and its problems.
func parse(file string, data []byte) (*Quest, LineIndex, Problems) {
	if len(data) > MaxSize {
		return nil, LineIndex{}, Problems{{File: file, Line: 0, ID: "quest.too_big", Args: map[string]any{"Size": len(data), "Max": MaxSize}}}
	}
	if n := len(data) - dataURIBytes(data); n > MaxTextSize { // what the decoder's bound is for
		return nil, LineIndex{}, Problems{{File: file, Line: 0, ID: "quest.too_big_text", Args: map[string]any{"Size": n, "Max": MaxTextSize}}}
	}
	if p := scanShape(file, data); p != nil {
		return nil, LineIndex{}, Problems{*p} // the decoder would take too long over it
	}
	var q Quest
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&q)
	if err != nil {
		var pe toml.ParseError
		line := 0
		if errors.As(err, &pe) {
			line = pe.Position.Line
		}
		return nil, LineIndex{}, Problems{{File: file, Line: line, ID: "quest.syntax", Args: map[string]any{"Detail": err.Error()}}}
	}
	if n := len(data) - inlineImageBytes(&q); n > MaxTextSize { // data URIs elsewhere than in an image
		return nil, LineIndex{}, Problems{{File: file, Line: 0, ID: "quest.too_big_text", Args: map[string]any{"Size": n, "Max": MaxTextSize}}}
	}
	c := checker{file: file, lines: IndexLines(data), langs: q.TextLanguages()}
	unknown := md.Undecoded()
	for _, k := range unknown[:min(len(unknown), MaxProblems+1)] { // each is a search of the file: the report keeps no more
		c.add(c.lines.Key(k[len(k)-1]), "quest.unknown_key", map[string]any{"Key": k.String()})
	}
	checked := !c.counts(&q)
	if checked {
		c.check(&q)
	}
	if len(c.problems) > 0 {
		sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Line < c.problems[j].Line })
		if extra := len(c.problems) + max(len(unknown)-MaxProblems-1, 0) - MaxProblems; extra > 0 {
			c.problems = append(c.problems[:MaxProblems], Problem{File: file, Line: c.problems[MaxProblems].Line,
				ID: "quest.more_problems", Args: map[string]any{"Count": extra}})
		}
	}
	if !checked {
		return nil, c.lines, c.problems // too large to look at further
	}
	if len(c.problems) == 0 {
		q.Source = bytes.Clone(data)
	}
	return &q, c.lines, c.problems
}

// counts reports the lists that are longer than any quest needs (see
// limits.go) and says whether there were any: the other checks are then not
// made, since their work grows with the lists.
func (c *checker) counts(q *Quest) bool {
	before := len(c.problems)
	over := func(what, header string, n, limit int) {
		if n > limit {
			c.add(c.lines.Table(header, limit), "quest.too_many", map[string]any{"What": what, "Count": n, "Max": limit})
		}
	}
	exits, elements := 0, 0
	for _, s := range q.Sections {
		exits += len(s.Exits)
		elements += len(s.Elements)
	}
	over("sections", "sections", len(q.Sections), MaxSections)
	over("sections.exits", "sections.exits", exits, MaxEntries)
	over("sections.elements", "sections.elements", elements, MaxEntries)
	over("texts", "texts", len(q.Texts), MaxEntries)
	over("conditions", "conditions", len(q.Conditions), MaxEntries)
	over("spawn_table", "spawn_table", len(q.SpawnTable), MaxSpawnRows)
	return len(c.problems) > before
}

type checker struct {
	file     string
	lines    LineIndex
	langs    []string // the languages every text must have (Quest.TextLanguages)
	problems Problems
}

func (c *checker) add(line int, id string, args map[string]any) {
	c.problems = append(c.problems, Problem{File: c.file, Line: line, ID: id, Args: args})
}

func (c *checker) text(line int, field string, t Text) {
	for _, lang := range c.langs {
		if strings.TrimSpace(t[lang]) == "" {
			// Field is where it is in the file; FieldKey and LangKey say it in words.
			c.add(line, "quest.missing_text", map[string]any{"Field": field, "Lang": lang, "FieldKey": "field." + field, "LangKey": "language.in." + lang})
		}
	}
}

func (c *checker) check(q *Quest) {
	top := func(key string) int { return c.lines.Key(key) }
	if q.ID == "" {
		c.add(1, "quest.missing_field", map[string]any{"Field": "id"})
	}
	c.languages(q)
	c.text(top("title"), "title", q.Title)
	c.text(top("introduction"), "introduction", q.Introduction)
	c.text(top("faction"), "faction", q.Faction)
	if q.Setup != nil {
		c.text(top("setup"), "setup", q.Setup)
	}
	c.text(top("leader"), "leader.name", q.Leader.Name)
	if q.Leader.VP < 0 {
		c.add(top("leader"), "quest.leader_vp", map[string]any{"VP": q.Leader.VP})
	} else if q.Leader.VP > MaxLeaderVP {
		c.add(top("leader"), "quest.leader_vp_max", map[string]any{"VP": q.Leader.VP, "Max": MaxLeaderVP})
	}
	names := make([]string, 0, len(q.Decks))
	for name := range q.Decks {
		names = append(names, name)
	}
	sort.Strings(names) // the same report every time
	for _, name := range names {
		d := q.Decks[name]
		if !slices.Contains([]string{"obstacle", "encounter", "power"}, name) {
			c.add(top("decks"), "quest.deck", map[string]any{"Deck": name})
		} else if d.Random != nil && *d.Random < 0 {
			c.add(top("decks"), "quest.deck_random", map[string]any{"Deck": name, "Value": *d.Random})
		} else if d.Random != nil && *d.Random > MaxDeckRandom {
			c.add(top("decks"), "quest.deck_random_max", map[string]any{"Deck": name, "Value": *d.Random, "Max": MaxDeckRandom})
		}
	}
	c.checkSpawns(q)
	c.checkMap(q)
	c.checkTexts(q)
	c.checkEffects(q)
}

// checkSpawns checks whose spawn table wins and the quest's own rows.
func (c *checker) checkSpawns(q *Quest) {
	if q.SpawnsFrom != "" && q.SpawnsFrom != SpawnsFaction && q.SpawnsFrom != SpawnsQuest {
		c.add(c.lines.Key("spawns_from"), "quest.spawns_from", map[string]any{"Value": q.SpawnsFrom})
	}
	rolls := map[int]bool{}
	for i, r := range q.SpawnTable {
		line := c.lines.Table("spawn_table", i)
		if r.Roll < 1 || r.Roll > 6 || rolls[r.Roll] {
			c.add(line, "quest.spawn_roll", map[string]any{"Roll": r.Roll})
		}
		rolls[r.Roll] = true
		if len(r.Profiles) == 0 || len(r.Creatures) > 0 {
			c.text(line, "spawn_table.creatures", r.Creatures) // profiles alone need no words
		}
		c.checkProfiles(line, r)
		if r.Cost < 0 {
			c.add(line, "quest.spawn_cost", map[string]any{"Cost": r.Cost})
		} else if r.Cost > MaxSpawnCost {
			c.add(line, "quest.spawn_cost_max", map[string]any{"Cost": r.Cost, "Max": MaxSpawnCost})
		}
	}
}

// checkProfiles checks a spawn row's faction profiles: each a well-formed
// id (a faction's profile ids are), with a count a faction row could have.
func (c *checker) checkProfiles(line int, r SpawnRow) {
	for _, p := range r.Profiles {
		if !profileID.MatchString(p.Profile) {
			c.add(line, "quest.spawn_profile", map[string]any{"Roll": r.Roll, "Profile": p.Profile})
		}
		if p.Count < 1 || p.Count > MaxProfileCount {
			c.add(line, "quest.spawn_profile_count", map[string]any{"Roll": r.Roll, "Profile": p.Profile, "Count": p.Count, "Max": MaxProfileCount})
		}
	}
	if len(r.Profiles) > MaxSpawnProfiles {
		c.add(line, "quest.spawn_profiles_max", map[string]any{"Roll": r.Roll, "Count": len(r.Profiles), "Max": MaxSpawnProfiles})
	}
}

// profileID is the shape of a faction profile's id (faction files check it the same way).
var profileID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// checkMap checks the sections, their exits and elements, and the
// conditions. Every id must be unique across the quest, whatever it names.
func (c *checker) checkMap(q *Quest) {
	ids := map[string]bool{}
	starts, mains, images := 0, 0, 0
	for i, s := range q.Sections {
		c.checkSection(q, i, ids, &images)
		if s.Kind == "main" {
			mains++
		}
		if s.Start {
			starts++
		}
	}
	if mains == 0 {
		c.add(1, "quest.no_main", nil)
	} else if mains > 1 {
		c.add(1, "quest.main_twice", map[string]any{"Count": mains})
	}
	if starts != 1 {
		c.add(1, "quest.start_count", map[string]any{"Count": starts})
	}
	c.checkOverlaps(q)
	// Every section must be reachable from the start through exits.
	if starts == 1 {
		seen := q.Reachable()
		for i, s := range q.Sections {
			if !seen[s.ID] {
				c.add(c.lines.Table("sections", i), "quest.unreachable", map[string]any{"Section": s.ID})
			}
		}
	}
	for i, cond := range q.Conditions {
		line := c.lines.Table("conditions", i)
		c.unique(ids, line, cond.ID, "conditions")
		c.text(line, "conditions.label", cond.Label)
	}
}

// unique reports a missing id, or one already in ids, and records it.
func (c *checker) unique(ids map[string]bool, line int, id, what string) {
	if id == "" {
		c.add(line, "quest.missing_field", map[string]any{"Field": what + ".id"})
	} else if ids[id] {
		c.add(line, "quest.duplicate_id", map[string]any{"ID": id})
	}
	ids[id] = true
}

// checkSection checks section i and its exits and elements; images is the
// size of the images so far, section i's added.
func (c *checker) checkSection(q *Quest, i int, ids map[string]bool, images *int) {
	s := q.Sections[i]
	line := c.lines.Table("sections", i)
	c.unique(ids, line, s.ID, "sections")
	if !slices.Contains(SectionKinds, s.Kind) {
		c.add(line, "quest.section_kind", map[string]any{"Section": s.ID, "Kind": s.Kind})
	}
	if s.W < 1 || s.H < 1 || s.X < 0 || s.Y < 0 {
		c.add(line, "quest.section_size", map[string]any{"Section": s.ID})
	} else if s.X > MaxGrid-s.W || s.Y > MaxGrid-s.H { // written so as not to overflow
		c.add(line, "quest.grid", map[string]any{"What": s.ID, "Max": MaxGrid})
	}
	c.text(line, "sections.text", s.Text)
	if s.Name != nil {
		c.text(line, "sections.name", s.Name)
	}
	if s.Image != "" {
		data, p := imageData(s.ID, s.Image)
		if p != nil {
			c.add(line, p.ID, p.Args)
		}
		if *images += len(data); *images > MaxImagesSize && len(data) > 0 {
			c.add(line, "quest.images_total", map[string]any{"Size": *images, "Max": MaxImagesSize, "Section": s.ID})
		}
	}
	for j, e := range s.Exits {
		c.checkExit(q, s.ID, c.lines.sub("sections", i, "exits", j), e, ids)
	}
	for j, el := range s.Elements {
		eline := c.lines.sub("sections", i, "elements", j)
		c.unique(ids, eline, el.ID, "elements")
		if !onGrid(el.X, el.Y) {
			c.add(eline, "quest.grid", map[string]any{"What": el.ID, "Max": MaxGrid})
		}
		if !slices.Contains(ElementKinds, el.Kind) {
			c.add(eline, "quest.element_kind", map[string]any{"Element": el.ID, "Kind": el.Kind})
		}
		c.text(eline, "elements.name", el.Name)
	}
}

// checkExit checks one exit of section (written at line).
func (c *checker) checkExit(q *Quest, section string, line int, e Exit, ids map[string]bool) {
	if !onGrid(e.X, e.Y) {
		c.add(line, "quest.grid", map[string]any{"What": section, "Max": MaxGrid})
	}
	if !slices.Contains(ExitKinds, e.Kind) {
		c.add(line, "quest.exit_kind", map[string]any{"Section": section, "Kind": e.Kind})
	}
	if _, ok := q.Section(e.To); !ok {
		c.add(line, "quest.exit_target", map[string]any{"Section": section, "To": e.To})
	}
	if e.Kind == "secret_door" && e.ID == "" {
		c.add(line, "quest.secret_exit_id", map[string]any{"Section": section})
	}
	if e.ID != "" {
		c.unique(ids, line, e.ID, "exits")
	}
}

// checkOverlaps reports each pair of sections that overlap.
func (c *checker) checkOverlaps(q *Quest) {
	for i, a := range q.Sections {
		for j := i + 1; j < len(q.Sections); j++ {
			b := q.Sections[j]
			if a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H {
				c.add(c.lines.Table("sections", j), "quest.overlap", map[string]any{"A": a.ID, "B": b.ID})
			}
		}
	}
}

func (c *checker) checkTexts(q *Quest) {
	elements := map[string]bool{}
	for _, s := range q.Sections {
		for _, e := range s.Elements {
			elements[e.ID] = true
		}
		for _, e := range s.Exits {
			if e.ID != "" {
				elements[e.ID] = true // a found secret door reveals texts too
			}
		}
	}
	conditions := map[string]bool{}
	for _, cond := range q.Conditions {
		conditions[cond.ID] = true
	}
	ids := map[string]bool{}
	for i, t := range q.Texts {
		line := c.lines.Table("texts", i)
		switch {
		case t.ID == "":
			c.add(line, "quest.missing_field", map[string]any{"Field": "texts.id"})
		case ids[t.ID]:
			c.add(line, "quest.duplicate_id", map[string]any{"ID": t.ID})
		}
		ids[t.ID] = true
		if !slices.Contains(TextStyles, t.Style) {
			c.add(line, "quest.text_style", map[string]any{"Text": t.ID, "Style": t.Style})
		}
		set := 0
		for _, ref := range []string{t.Section, t.Element, t.Condition} {
			if ref != "" {
				set++
			}
		}
		switch {
		case set != 1:
			c.add(line, "quest.text_trigger", map[string]any{"Text": t.ID})
		case t.Section != "":
			if _, ok := q.Section(t.Section); !ok {
				c.add(line, "quest.text_ref", map[string]any{"Text": t.ID, "Ref": t.Section})
			}
		case t.Element != "" && !elements[t.Element], t.Condition != "" && !conditions[t.Condition]:
			c.add(line, "quest.text_ref", map[string]any{"Text": t.ID, "Ref": t.Element + t.Condition})
		}
		c.text(line, "texts.text", t.Text)
	}
}

// onGrid says whether a point is on the map's grid.
func onGrid(x, y int) bool { return x >= 0 && y >= 0 && x <= MaxGrid && y <= MaxGrid }

// insideFolder accepts a relative path that stays in the quest's folder.
func insideFolder(p string) bool {
	if strings.Contains(p, "\\") || path.IsAbs(p) || strings.Contains(p, ":") {
		return false
	}
	clean := path.Clean(p)
	return clean != ".." && !strings.HasPrefix(clean, "../")
}

// LineIndex finds where things are in the raw file, since the TOML decoder
// keeps no positions: the n-th [[table]] header, or the first "key =" line.
type LineIndex struct {
	lines   []string
	headers map[string][]int // [[name]] → the lines it stands on, in order
}

// IndexLines indexes a content file's lines, for its problems' line numbers.
func IndexLines(data []byte) LineIndex {
	l := LineIndex{lines: strings.Split(string(data), "\n"), headers: map[string][]int{}}
	for i, s := range l.lines {
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "[[") && strings.HasSuffix(t, "]]") {
			name := t[2 : len(t)-2]
			l.headers[name] = append(l.headers[name], i+1)
		}
	}
	return l
}

// Table is the line of the n-th [[name]] header (from 0), or 0.
func (l LineIndex) Table(name string, n int) int {
	if h := l.headers[name]; n < len(h) {
		return h[n]
	}
	return 0
}

// sub is the line of the m-th [[parent.child]] inside the n-th [[parent]].
func (l LineIndex) sub(parent string, n int, child string, m int) int {
	start := l.Table(parent, n)
	end := l.Table(parent, n+1)
	count := 0
	for _, line := range l.headers[parent+"."+child] {
		if line > start && (end == 0 || line < end) {
			if count == m {
				return line
			}
			count++
		}
	}
	return start
}

// Key is the first line that sets key, or opens its table, or 0.
func (l LineIndex) Key(key string) int {
	for i, s := range l.lines {
		t := strings.TrimSpace(s) // no allocation per line: this runs once per unknown key
		if rest, ok := strings.CutPrefix(t, key); ok && rest != "" && (rest[0] == ' ' || rest[0] == '=') {
			return i + 1
		}
		if rest, ok := strings.CutPrefix(t, "["); ok {
			if rest, ok := strings.CutPrefix(rest, key); ok && (rest == "]" || strings.HasPrefix(rest, ".")) {
				return i + 1
			}
		}
	}
	return 0
}
