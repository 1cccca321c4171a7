package faction

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// Encode writes a faction as a faction file, in the style of the app's
// sample files: Parse reads it back as the same faction (its Source aside).
// Nothing is checked: a faction with problems is written as it is, so that
// Parse can name them with their lines.
func Encode(f *Faction) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "id = %s\n", quote(f.ID))
	fmt.Fprintf(&b, "name = %s\n", inlineText(f.Name))
	if f.Sample {
		b.WriteString("sample = true\n")
	}
	for _, p := range f.Profiles {
		b.WriteString("\n[[creatures]]\n")
		fmt.Fprintf(&b, "id = %s\n", quote(p.ID))
		fmt.Fprintf(&b, "name = %s\n", inlineText(p.Name))
		fmt.Fprintf(&b, "behaviour = %s\n", quote(p.Behaviour))
		fmt.Fprintf(&b, "level = %s\n", quote(p.Level))
		fmt.Fprintf(&b, "vp = %d\nvitality = %d\nagility = %d\nperception = %d\nintelligence = %d\n",
			p.VP, p.Vitality, p.Agility, p.Perception, p.Intelligence)
		for _, flag := range []struct {
			key string
			on  bool
		}{{"ranged", p.Ranged}, {"spellcaster", p.Spellcaster}, {"support", p.Support}} {
			if flag.on {
				fmt.Fprintf(&b, "%s = true\n", flag.key)
			}
		}
		var skills []string
		for _, n := range p.SkillNames {
			skills = append(skills, inlineText(quest.Text(n)))
		}
		if len(p.SkillNames) == 0 {
			for _, s := range p.Skills { // a faction made in code, with English names only
				skills = append(skills, quote(s))
			}
		}
		if len(skills) > 0 {
			fmt.Fprintf(&b, "skills = [%s]\n", strings.Join(skills, ", "))
		}
	}
	for _, r := range f.Spawn {
		b.WriteString("\n[[spawn]]\n")
		fmt.Fprintf(&b, "roll = %d\ncost = %d\n", r.Roll, r.Cost)
		groups := make([]string, 0, len(r.Creatures))
		for _, g := range r.Creatures {
			groups = append(groups, fmt.Sprintf("{ id = %s, count = %d }", quote(g.ID), g.Count))
		}
		fmt.Fprintf(&b, "creatures = [%s]\n", strings.Join(groups, ", "))
	}
	return b.Bytes()
}

// Decode reads a faction file without checking it against the rules: what
// an editor shows while the file still has problems. Only a file that is
// not TOML, or not a faction's shape, gives problems (Parse's); the rules'
// problems are Parse's to find.
func Decode(file string, data []byte) (*Faction, quest.Problems) {
	if len(data) > MaxSize {
		return nil, quest.Problems{{File: file, ID: "faction.too_big", Args: map[string]any{"Size": len(data), "Max": MaxSize}}}
	}
	if p := quest.CheckShape(file, data); p != nil {
		return nil, quest.Problems{*p}
	}
	var f Faction
	if _, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f); err != nil {
		var pe toml.ParseError
		line := 0
		if errors.As(err, &pe) {
			line = pe.Position.Line
		}
		return nil, quest.Problems{{File: file, Line: line, ID: "quest.syntax", Args: map[string]any{"Detail": err.Error()}}}
	}
	for i := range f.Profiles {
		p := &f.Profiles[i]
		p.Skills = make([]string, len(p.SkillNames))
		for j, n := range p.SkillNames {
			p.Skills[j] = quest.Text(n).In("en")
		}
	}
	f.Source = bytes.Clone(data)
	return &f, nil
}

// inlineText is a text in every language as an inline table, as a quest
// file writes one (English and Spanish first); an empty translation is
// left out.
func inlineText(t quest.Text) string {
	given := quest.Text{}
	for lang, s := range t {
		if s != "" {
			given[lang] = s
		}
	}
	return quest.InlineText(given)
}

// key is a TOML key, quoted when it is not a bare one.
func key(k string) string { return quest.TOMLKey(k) }

// quote is s as a TOML basic string.
func quote(s string) string { return quest.TOMLString(s) }
