// Package faction reads and checks faction files: a bestiary's creature
// profiles and its Creature Spawn Table, in every language, in the style of
// quest files (TOML, every problem with its line). It is pure Go: callers
// bring the bytes and the behaviour types and levels the rules know.
package faction

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// Limits of a faction file: far above what a bestiary's faction needs.
const (
	MaxSize      = 256 << 10 // bytes
	MaxProfiles  = 200
	MaxPerRow    = 20   // creatures of one profile in one spawn row
	MaxVP        = 1000 // one creature's VP; a Leader in the rules costs tens
	MaxAttribute = 100  // Vitality, Agility, Perception, Intelligence
	MaxCost      = 10000
	MaxSkills    = 20
)

// Faction is a bestiary's faction: who can spawn and how.
type Faction struct {
	ID       string     `toml:"id"`
	Name     quest.Text `toml:"name"`
	Sample   bool       `toml:"sample"` // our own creatures and numbers, not the book's
	Profiles []Profile  `toml:"creatures"`
	Spawn    []SpawnRow `toml:"spawn"`
	Source   []byte     `toml:"-"` // the file, kept with the games that use it
}

// Profile is one kind of creature.
type Profile struct {
	ID           string     `toml:"id"`
	Name         quest.Text `toml:"name"`
	Behaviour    string     `toml:"behaviour"`
	Level        string     `toml:"level"`
	VP           int        `toml:"vp"`
	Vitality     int        `toml:"vitality"`
	Agility      int        `toml:"agility"`
	Perception   int        `toml:"perception"`
	Intelligence int        `toml:"intelligence"`
	Ranged       bool       `toml:"ranged"`
	Spellcaster  bool       `toml:"spellcaster"`
	Support      bool       `toml:"support"` // has non-offensive actions
	// SkillNames are its active skills' names in every language
	// (`skills = [{ en = "Web", es = "Telaraña" }]`; a plain string, as
	// older files have it, is the same name in every language).
	SkillNames []SkillName `toml:"skills"`
	// Skills are the same skills as the game's state and events name them:
	// their English names.
	Skills []string `toml:"-"`
}

// SkillName is a skill's name in every language.
type SkillName quest.Text

// UnmarshalTOML reads a skill's name: a table of languages, or a plain
// string that is the name in every language.
func (n *SkillName) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		*n = SkillName{}
		for _, lang := range quest.Languages {
			(*n)[lang] = v
		}
		return nil
	case map[string]any:
		*n = SkillName{}
		for lang, s := range v {
			str, ok := s.(string)
			if !ok {
				return fmt.Errorf("skill name in %q: a string, not %T", lang, s)
			}
			(*n)[lang] = str
		}
		return nil
	}
	return fmt.Errorf("a skill is a name or a table of names by language, not %T", v)
}

// SkillName is the name, in every language, of skill (as the game names
// it: its English name) of the creature of profile; nil when the profile or
// the skill is not the faction's (a creature typed in by hand).
func (f *Faction) SkillName(profile, skill string) quest.Text {
	if f == nil {
		return nil
	}
	p, ok := f.Profile(profile)
	if !ok {
		return nil
	}
	i := slices.Index(p.Skills, skill)
	if i < 0 {
		return nil
	}
	return quest.Text(p.SkillNames[i])
}

// SkillArg is a skill as a message argument: its name in every language
// (the translator shows the reader's) when the faction names it, else the
// name as given.
func (f *Faction) SkillArg(profile, skill string) any {
	name := f.SkillName(profile, skill)
	if name == nil {
		return skill
	}
	m := make(map[string]any, len(name))
	for lang, s := range name {
		m[lang] = s
	}
	return m
}

// SpawnRow is a row of the Creature Spawn Table: the 1D6 roll, what it
// places and what it costs the reserve.
type SpawnRow struct {
	Roll      int     `toml:"roll"`
	Cost      int     `toml:"cost"`
	Creatures []Group `toml:"creatures"`
}

// Group is so many creatures of one profile.
type Group struct {
	ID    string `toml:"id"`
	Count int    `toml:"count"`
}

// Rules are what the game's rules accept, given by the caller.
type Rules struct {
	Behaviours []string // behaviour types a creature may have
	Levels     []string // regular, elite, champion, leader
}

// Profile finds a profile by id.
func (f *Faction) Profile(id string) (Profile, bool) {
	i := slices.IndexFunc(f.Profiles, func(p Profile) bool { return p.ID == id })
	if i < 0 {
		return Profile{}, false
	}
	return f.Profiles[i], true
}

// Row is the spawn row for a 1D6 roll.
func (f *Faction) Row(roll int) (SpawnRow, bool) {
	i := slices.IndexFunc(f.Spawn, func(r SpawnRow) bool { return r.Roll == roll })
	if i < 0 {
		return SpawnRow{}, false
	}
	return f.Spawn[i], true
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Parse reads and checks a faction file; the faction comes back only when
// there is no problem at all. Problems use the quest file's format.
func Parse(file string, data []byte, rules Rules) (*Faction, quest.Problems) {
	if len(data) > MaxSize {
		return nil, quest.Problems{{File: file, ID: "faction.too_big", Args: map[string]any{"Size": len(data), "Max": MaxSize}}}
	}
	if p := quest.CheckShape(file, data); p != nil {
		return nil, quest.Problems{*p}
	}
	var f Faction
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		var pe toml.ParseError
		line := 0
		if errors.As(err, &pe) {
			line = pe.Position.Line
		}
		return nil, quest.Problems{{File: file, Line: line, ID: "quest.syntax", Args: map[string]any{"Detail": err.Error()}}}
	}
	c := checker{file: file, lines: quest.IndexLines(data)}
	for _, k := range md.Undecoded() {
		c.add(c.lines.Key(k[len(k)-1]), "", "quest.unknown_key", map[string]any{"Key": k.String()})
	}
	for i := range f.Profiles {
		p := &f.Profiles[i]
		p.Skills = make([]string, len(p.SkillNames))
		for j, n := range p.SkillNames {
			p.Skills[j] = quest.Text(n).In("en")
		}
	}
	c.check(&f, rules)
	if len(c.problems) > 0 {
		sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Line < c.problems[j].Line })
		return nil, c.problems
	}
	f.Source = bytes.Clone(data)
	return &f, nil
}

type checker struct {
	file     string
	lines    quest.LineIndex
	problems quest.Problems
}

// add is a problem at line about the field at path ("" when it is about no
// one field): a form shows it there, whatever its message.
func (c *checker) add(line int, path, id string, args map[string]any) {
	c.problems = append(c.problems, quest.Problem{File: c.file, Line: line, ID: id, Args: args, Field: path})
}

// text checks that t, the field at path (field is its kind, which the
// message names), has every language.
func (c *checker) text(line int, path, field string, t quest.Text) {
	for _, lang := range quest.Languages {
		if strings.TrimSpace(t[lang]) == "" {
			c.add(line, path, "quest.missing_text", map[string]any{"Field": field, "Lang": lang, "FieldKey": "field." + field, "LangKey": "language.in." + lang})
		}
	}
}

func (c *checker) check(f *Faction, rules Rules) {
	if !idPattern.MatchString(f.ID) {
		c.add(max(c.lines.Key("id"), 1), "id", "faction.id", map[string]any{"ID": f.ID})
	}
	c.text(c.lines.Key("name"), "name", "name", f.Name)
	if len(f.Profiles) == 0 || len(f.Profiles) > MaxProfiles {
		c.add(1, "creatures", "faction.profiles", map[string]any{"Count": len(f.Profiles), "Max": MaxProfiles})
	}
	seen := map[string]bool{}
	for i, p := range f.Profiles {
		c.checkProfile(c.lines.Table("creatures", i), fmt.Sprintf("creatures[%d]", i), p, rules, seen)
	}
	rolls := map[int]bool{}
	for i, r := range f.Spawn {
		c.checkSpawnRow(f, c.lines.Table("spawn", i), fmt.Sprintf("spawn[%d]", i), r, rolls)
	}
	if len(f.Spawn) != 6 || len(rolls) != 6 {
		c.add(max(c.lines.Table("spawn", 0), 1), "spawn", "faction.spawn_rows", map[string]any{"Count": len(f.Spawn)})
	}
}

// checkProfile checks creature profile p, written at line, the field at
// path; seen holds the ids before it and gets its own.
func (c *checker) checkProfile(line int, path string, p Profile, rules Rules, seen map[string]bool) {
	switch {
	case !idPattern.MatchString(p.ID):
		c.add(line, path+".id", "faction.id", map[string]any{"ID": p.ID})
	case seen[p.ID]:
		c.add(line, path+".id", "quest.duplicate_id", map[string]any{"ID": p.ID})
	}
	seen[p.ID] = true
	c.text(line, path+".name", "creatures.name", p.Name)
	who := creatureName(p) // a problem names the creature as players read it
	if !slices.Contains(rules.Behaviours, p.Behaviour) {
		c.add(line, path+".behaviour", "faction.behaviour", map[string]any{"CreatureText": who, "Behaviour": p.Behaviour, "Known": strings.Join(rules.Behaviours, ", ")})
	}
	if !slices.Contains(rules.Levels, p.Level) {
		c.add(line, path+".level", "faction.level", map[string]any{"CreatureText": who, "Level": p.Level, "Known": strings.Join(rules.Levels, ", ")})
	}
	if p.VP < 1 || p.VP > MaxVP {
		c.add(line, path+".vp", "faction.vp", map[string]any{"CreatureText": who, "VP": p.VP, "Max": MaxVP})
	}
	for _, a := range []struct {
		name  string
		value int
		least int
	}{{"vitality", p.Vitality, 1}, {"agility", p.Agility, 0}, {"perception", p.Perception, 0}, {"intelligence", p.Intelligence, 0}} {
		if a.value < a.least || a.value > MaxAttribute {
			c.add(line, path+"."+a.name, "faction.attribute", map[string]any{"CreatureText": who, "AttributeKey": "attribute." + a.name, "Value": a.value, "Min": a.least, "Max": MaxAttribute})
		}
	}
	c.checkSkills(line, path+".skills", p, who)
}

// checkSkills checks profile p's skills, the field at path: how many, and
// each named once.
func (c *checker) checkSkills(line int, path string, p Profile, who map[string]string) {
	if len(p.Skills) > MaxSkills {
		c.add(line, path, "faction.skills", map[string]any{"CreatureText": who, "Max": MaxSkills})
	}
	skills := map[string]bool{}
	for j, s := range p.Skills {
		if strings.TrimSpace(s) == "" || skills[s] {
			c.add(line, path, "faction.skill_name", map[string]any{"CreatureText": who, "Skill": s})
		} else {
			c.text(line, path, "creatures.skills", quest.Text(p.SkillNames[j]))
		}
		skills[s] = true
	}
}

// checkSpawnRow checks spawn table row r of f, written at line, the field
// at path; rolls holds the rows' rolls before it and gets its own.
func (c *checker) checkSpawnRow(f *Faction, line int, path string, r SpawnRow, rolls map[int]bool) {
	if r.Roll < 1 || r.Roll > 6 || rolls[r.Roll] {
		c.add(line, path+".roll", "quest.spawn_roll", map[string]any{"Roll": r.Roll})
	}
	rolls[r.Roll] = true
	if r.Cost < 0 || r.Cost > MaxCost {
		c.add(line, path+".cost", "faction.cost", map[string]any{"Cost": r.Cost, "Max": MaxCost})
	}
	if len(r.Creatures) == 0 {
		c.add(line, path+".creatures", "faction.row_empty", map[string]any{"Roll": r.Roll})
	}
	for k, g := range r.Creatures {
		at := fmt.Sprintf("%s.creatures[%d]", path, k)
		if _, ok := f.Profile(g.ID); !ok {
			c.add(line, at+".id", "faction.row_creature", map[string]any{"Roll": r.Roll, "Creature": g.ID})
		}
		if g.Count < 1 || g.Count > MaxPerRow {
			c.add(line, at+".count", "faction.row_count", map[string]any{"Roll": r.Roll, "Creature": g.ID, "Count": g.Count, "Max": MaxPerRow})
		}
	}
}

// creatureName is profile p's name in every language, for a problem's
// message: its name (English where a language has none), or its id when it
// has no name at all.
func creatureName(p Profile) map[string]string {
	out := map[string]string{}
	for _, lang := range quest.Languages {
		out[lang] = p.Name.In(lang)
		if out[lang] == "" {
			out[lang] = p.ID
		}
	}
	return out
}
