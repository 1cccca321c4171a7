package translations

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Adding a language is adding files: TAG.toml (its "language.name", the
// language's own name for the picker, and the app's messages) and a
// NAME.TAG.toml beside each NAME.en.toml. `conductor translations new TAG`
// writes them, every message empty with its English text above it;
// `conductor translations check TAG` lists what is still missing. The app
// offers a language once its files give its name and at least CompleteEnough
// of the English messages; the rest show in English.

// CompleteEnough is the share of the English messages a language must give
// for the app to offer it.
const CompleteEnough = 0.9

// NameID is the message that gives a language's own name ("Français").
const NameID = "language.name"

// discover is the languages fsys holds, English first, then the others that
// are complete enough, by tag. It runs at start-up, before the message files
// are parsed (beside the window's opening, in init): it only scans their
// lines for IDs (scanIDs), about a tenth of the time parsing them takes.
func discover(fsys fs.FS) []Language {
	english := scanIDs(fsys, Default)
	name := languageName(fsys, Default)
	if name == "" {
		name = "English"
	}
	langs := []Language{{Default, name}}
	mains, _ := fs.Glob(fsys, "*.toml")
	for _, file := range mains {
		tag := strings.TrimSuffix(file, ".toml")
		if tag == Default || strings.Contains(tag, ".") {
			continue // English, or one of a language's NAME.TAG.toml
		}
		if _, err := language.Parse(tag); err != nil {
			continue
		}
		name := languageName(fsys, tag)
		if name == "" || coverage(english, scanIDs(fsys, tag)) < CompleteEnough {
			continue
		}
		langs = append(langs, Language{tag, name})
	}
	return langs
}

// coverage is the share of english's IDs that ids has too.
func coverage(english, ids map[string]bool) float64 {
	if len(english) == 0 {
		return 0
	}
	n := 0
	for id := range english {
		if ids[id] {
			n++
		}
	}
	return float64(n) / float64(len(english))
}

// languageName is the NameID message of tag's main file, or "".
func languageName(fsys fs.FS, tag string) string {
	data, err := fs.ReadFile(fsys, tag+".toml")
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, `"`+NameID+`"`) || strings.HasPrefix(line, NameID) {
			var v map[string]string
			if toml.Unmarshal([]byte(line), &v) == nil {
				return strings.TrimSpace(v[NameID])
			}
		}
	}
	return ""
}

// reservedKeys are the keys of a message's table that are not messages of
// their own (go-i18n's).
var reservedKeys = []string{"id", "description", "hash", "leftdelim", "rightdelim", "zero", "one", "two", "few", "many", "other"}

// scanIDs are the IDs of the messages tag's files in fsys give a text, found
// by reading their lines, not by parsing them: `"id" = "text"` and
// `["id"]` tables with their forms, as our files write them. A test checks it
// finds exactly the IDs the real parser finds in every shipped file.
func scanIDs(fsys fs.FS, tag string) map[string]bool {
	ids := make(map[string]bool, 4096)
	for _, name := range languageFiles(fsys, tag) {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue
		}
		scanFile(data, ids)
	}
	return ids
}

// scanFile adds the IDs of one file's messages that give a text to ids.
func scanFile(data []byte, ids map[string]bool) {
	sc := tomlScan{ids: ids}
	for line := range strings.Lines(string(data)) {
		sc.line(strings.TrimSpace(line))
	}
}

// tomlScan is a file being scanned: the table its lines are in, and the
// quotes that close the multi-line text being skipped.
type tomlScan struct {
	ids         map[string]bool
	table       string
	inMultiline string
}

// line reads one trimmed line: a table's header, or a key and its value.
func (sc *tomlScan) line(line string) {
	if sc.inMultiline != "" {
		if strings.Contains(line, sc.inMultiline) {
			sc.inMultiline = ""
		}
		return
	}
	if line == "" || line[0] == '#' {
		return
	}
	if line[0] == '[' {
		sc.table = unquoteKey(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"))
		return
	}
	key, value, ok := strings.Cut(line, "=")
	if !ok {
		return
	}
	key, value = unquoteKey(strings.TrimSpace(key)), strings.TrimSpace(value)
	sc.inMultiline = opensMultiline(value)
	empty := value == `""` || value == `''` || value == `""""""` || value == `''''''`
	if id, ok := scannedID(sc.table, key); ok && !empty {
		sc.ids[id] = true
	}
}

// opensMultiline is the quotes that close value's multi-line text when it
// does not close on its line, else "".
func opensMultiline(value string) string {
	for _, q := range []string{`"""`, `'''`} {
		if strings.HasPrefix(value, q) && !strings.Contains(value[3:], q) {
			return q
		}
	}
	return ""
}

// scannedID is the message a key of table gives a text to: the key itself
// at the top, the table's own for a plural form, the table's and the key's
// otherwise; false for go-i18n's other keys of a table.
func scannedID(table, key string) (string, bool) {
	if table == "" {
		return key, true
	}
	if !slices.Contains(reservedKeys, key) {
		return table + "." + key, true
	}
	switch key {
	case "zero", "one", "two", "few", "many", "other":
		return table, true
	}
	return "", false
}

// unquoteKey is a TOML key without its quotes.
func unquoteKey(k string) string {
	k = strings.TrimSpace(k)
	if len(k) >= 2 && (k[0] == '"' && k[len(k)-1] == '"' || k[0] == '\'' && k[len(k)-1] == '\'') {
		return k[1 : len(k)-1]
	}
	return k
}

// filled are the messages that give a text in some form.
func filled(messages []*i18n.Message) []*i18n.Message {
	var out []*i18n.Message
	for _, m := range messages {
		if text(m) != "" {
			out = append(out, m)
		}
	}
	return out
}

// text is a message's text: its "other" form, else the first form it gives.
func text(m *i18n.Message) string {
	for _, s := range []string{m.Other, m.One, m.Many, m.Few, m.Two, m.Zero} {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// Gap is a message a language lacks, or has that English does not: its ID
// and its English text (for an extra one, the language's own).
type Gap struct {
	ID, Text string
}

// Compare lists the messages tag's files in fsys lack (or leave empty)
// against English's, and those they have that English does not, by ID.
// A nil fsys is the app's files (Files). English is read from fsys when it
// holds en.toml (with the registered modules' English files it does not
// hold), else from the app's files. A file of tag's that does not parse is
// an error naming it.
func Compare(fsys fs.FS, tag string) (missing, extra []Gap, err error) {
	if fsys == nil {
		fsys = Files()
	}
	enFS := englishFiles(fsys)
	english, err := filesMessages(enFS, Default)
	if err != nil {
		return nil, nil, err
	}
	theirs, err := filesMessages(fsys, tag)
	if err != nil {
		return nil, nil, err
	}
	given := map[string]bool{}
	for _, m := range filled(theirs) {
		given[m.ID] = true
	}
	known := map[string]bool{}
	for _, m := range english {
		known[m.ID] = true
		if !given[m.ID] {
			missing = append(missing, Gap{m.ID, text(m)})
		}
	}
	for _, m := range theirs {
		if !known[m.ID] && m.ID != NameID {
			extra = append(extra, Gap{m.ID, text(m)})
		}
	}
	byID := func(a, b Gap) int { return strings.Compare(a.ID, b.ID) }
	slices.SortFunc(missing, byID)
	slices.SortFunc(extra, byID)
	return missing, extra, nil
}

// Skeleton is the files a translator fills in to add language tag, by name
// (TAG.toml and a NAME.TAG.toml for each NAME.en.toml: a registered
// module's too, whose place is ModuleDir's), written from English's in fsys
// (with the registered modules' English files it does not hold) or the
// app's files (Files) when fsys is nil or holds no en.toml: every message
// empty, its English text in a comment above it; plural messages with the
// forms English has (add the ones the language needs: "many" in Spanish or
// French, "few" in Polish…). TAG.toml starts with NameID.
func Skeleton(fsys fs.FS, tag string) (map[string][]byte, error) {
	fsys = englishFiles(fsys)
	if _, err := language.Parse(tag); err != nil || strings.Contains(tag, ".") {
		return nil, fmt.Errorf("%q is not a language tag", tag)
	}
	out := map[string][]byte{}
	for _, name := range languageFiles(fsys, Default) {
		mf, err := parseFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		target := strings.TrimSuffix(name, Default+".toml") + tag + ".toml"
		fmt.Fprintf(&b, "# %s messages, from %s: fill in each empty text (the English one is above it).\n", tag, name)
		b.WriteString("# `conductor translations check " + tag + "` lists those still missing.\n\n")
		msgs := slices.Clone(mf.Messages)
		slices.SortFunc(msgs, func(a, b *i18n.Message) int { return strings.Compare(a.ID, b.ID) })
		if name == Default+".toml" {
			b.WriteString("# This language's name in itself, as the language picker shows it (\"Français\").\n")
			fmt.Fprintf(&b, "%s = \"\"\n\n", quoteKey(NameID))
		}
		var plurals []*i18n.Message
		for _, m := range msgs {
			if m.ID == NameID {
				continue
			}
			if m.One != "" || m.Few != "" || m.Many != "" || m.Two != "" || m.Zero != "" {
				plurals = append(plurals, m) // tables come after every plain key
				continue
			}
			comment(&b, "", m.Other)
			fmt.Fprintf(&b, "%s = \"\"\n\n", quoteKey(m.ID))
		}
		for _, m := range plurals {
			fmt.Fprintf(&b, "[%s]\n", quoteKey(m.ID))
			for _, f := range []struct{ form, text string }{{"zero", m.Zero}, {"one", m.One}, {"two", m.Two}, {"few", m.Few}, {"many", m.Many}, {"other", m.Other}} {
				if f.text != "" {
					comment(&b, f.form, f.text)
					fmt.Fprintf(&b, "%s = \"\"\n", f.form)
				}
			}
			b.WriteString("\n")
		}
		out[target] = b.Bytes()
	}
	return out, nil
}

func comment(b *bytes.Buffer, form, text string) {
	label := "English"
	if form != "" {
		label += " (" + form + ")"
	}
	for i, line := range strings.Split(text, "\n") {
		if i == 0 {
			fmt.Fprintf(b, "# %s: %s\n", label, line)
		} else {
			fmt.Fprintf(b, "#   %s\n", line)
		}
	}
}

// quoteKey is a TOML quoted key.
func quoteKey(k string) string {
	var b bytes.Buffer
	_ = toml.NewEncoder(&b).Encode(map[string]string{k: ""})
	key, _, _ := strings.Cut(strings.TrimSpace(b.String()), " = ")
	if !strings.HasPrefix(key, `"`) {
		key = `"` + key + `"`
	}
	return key
}

// Files are the message files built into the app, as one flat folder: the
// shipped ones (translations/) and those the game modules registered
// (Register; ModuleDir says where each lives).
func Files() fs.FS { return withModules(shipped) }

// englishFiles are the files English is read from to compare with, or
// write a skeleton from, fsys: fsys's own when it holds en.toml, with the
// registered modules' English files it lacks; else the app's files.
func englishFiles(fsys fs.FS) fs.FS {
	if fsys == nil {
		return Files()
	}
	if _, err := fs.Stat(fsys, Default+".toml"); err != nil {
		return Files()
	}
	return withModules(fsys)
}

// PluralForms are the CLDR plural categories a language's messages must give
// when they have plural forms: those its own plural rule (go-i18n's, from
// CLDR) picks for a whole number (counts a game shows are whole), found by
// asking the rule rather than kept in a table of ours: English one and other,
// Spanish one, many (a million) and other, Polish one, few, many and other.
func PluralForms(tag string) []string {
	if forms, ok := pluralForms.Load(tag); ok {
		return forms.([]string)
	}
	forms := wholeNumberForms(tag)
	pluralForms.Store(tag, forms)
	return forms
}

var pluralForms sync.Map // tag → its forms, once asked

// pluralSamples are whole numbers that meet every branch of CLDR's rules for
// whole numbers: the small ones, and the round thousands and millions some
// languages give a form of their own (Spanish and French "many").
var pluralSamples = func() []int64 {
	var n []int64
	for i := int64(0); i <= 200; i++ {
		n = append(n, i)
	}
	for p := int64(1000); p <= 1e12; p *= 10 {
		n = append(n, p, 2*p, p+1)
	}
	return n
}()

// wholeNumberForms asks go-i18n which form each sample count takes in tag: a
// message whose every form is its own name renders the name of the form the
// language's rule picks.
func wholeNumberForms(tag string) []string {
	lang, err := language.Parse(tag)
	if err != nil {
		return []string{"other"}
	}
	b := i18n.NewBundle(lang)
	probe := &i18n.Message{ID: "forms", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	if err := b.AddMessages(lang, probe); err != nil {
		return []string{"other"}
	}
	loc := i18n.NewLocalizer(b, tag)
	seen := map[string]bool{"other": true} // every message gives it: go-i18n's fallback (and Polish's for fractions)
	for _, n := range pluralSamples {
		if form, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "forms", PluralCount: n}); err == nil {
			seen[form] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// Disagreements lists what keeps the message files of the offered languages
// from agreeing: an ID one language has and English lacks or the other way
// round, and a plural message without every form its language needs
// (PluralForms, from the language's CLDR rule). It reads every file the app speaks from: the shipped ones
// and those registered so far.
func Disagreements() ([]string, error) {
	en, err := IDs(Default)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range Languages {
		ids, err := IDs(l.Tag)
		if err != nil {
			return nil, err
		}
		for id := range en {
			if _, ok := ids[id]; !ok {
				out = append(out, fmt.Sprintf("%s is in English but not in %s", id, l.Name))
			}
		}
		for id, forms := range ids {
			if _, ok := en[id]; !ok {
				out = append(out, fmt.Sprintf("%s is in %s but not in English", id, l.Name))
			}
			if len(forms) == 1 && forms[0] == "other" {
				continue
			}
			forms = slices.Sorted(slices.Values(forms))
			if need := PluralForms(l.Tag); !slices.Equal(forms, need) {
				out = append(out, fmt.Sprintf("%s %s has forms %v, needs %v", l.Tag, id, forms, need))
			}
		}
	}
	slices.Sort(out)
	return out, nil
}
