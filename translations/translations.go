// Package translations holds the app's message files (English and Spanish)
// and turns message IDs with arguments into text in the chosen language.
package translations

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed *.toml
var shipped embed.FS

// files are the message files the app speaks from: the shipped ones (tests
// put others in their place), and the modules' registered ones besides
// (Register, withModules).
var files fs.FS = shipped

// Language is one language the app speaks.
type Language struct {
	Tag  string // BCP 47, also the message file's name
	Name string // the language's own name, shown in pickers
}

// Languages the app offers, English first (the default), then every other
// language whose files it finds complete enough (discover, languages.go).
// They are found in the shipped files alone: this runs before any module
// registers its own (Register, from the modules' init functions), and a
// language is offered by its files here (TAG.toml), which a module's files
// only add to.
var Languages = discover(files)

// Default is the language used when none was chosen.
const Default = "en"

// bundle holds every message file once parsed. Parsing the shipped ones
// takes about 9 ms, so it runs on a goroutine of its own from init, beside
// the app's start (opening the database, the window); the first message
// rendered waits for it and adds the modules' registered files, once
// (messages): they register from init functions that run after this
// package's.
var (
	bundle      *i18n.Bundle
	bundleReady = make(chan struct{})
	modulesOnce = new(sync.Once) // adds the registered files to bundle
)

func init() {
	go func() {
		bundle = mustBundle()
		close(bundleReady)
	}()
}

// messages is the bundle, once parsed, with the registered modules' files.
// After it no module can register (Register panics).
func messages() *i18n.Bundle {
	<-bundleReady
	modulesOnce.Do(func() {
		for _, m := range registered() {
			for _, l := range Languages {
				names, _ := fs.Glob(m.fsys, "*."+l.Tag+".toml")
				if err := addFiles(bundle, m.fsys, names); err != nil {
					panic(fmt.Sprintf("%v (registered from %s)", err, m.dir)) // embedded: a build defect
				}
			}
		}
	})
	return bundle
}

func mustBundle() *i18n.Bundle {
	b, err := loadBundle(files, Languages)
	if err != nil {
		// The files are embedded and checked by tests: a failure here is a build defect.
		panic(err)
	}
	return b
}

// loadBundle parses the message files of langs in fsys. A message left
// empty (a file `conductor translations new` wrote, not yet filled in) is
// left out, so it shows in English.
func loadBundle(fsys fs.FS, langs []Language) (*i18n.Bundle, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range langs {
		if err := addFiles(b, fsys, languageFiles(fsys, l.Tag)); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// addFiles adds the messages of fsys's files names to b.
func addFiles(b *i18n.Bundle, fsys fs.FS, names []string) error {
	for _, name := range names {
		mf, err := parseFile(fsys, name)
		if err != nil {
			return fmt.Errorf("translations: %s: %v", name, err)
		}
		if err := b.AddMessages(mf.Tag, filled(mf.Messages)...); err != nil {
			return fmt.Errorf("translations: %s: %v", name, err)
		}
	}
	return nil
}

// parseFile parses one message file of fsys.
func parseFile(fsys fs.FS, name string) (*i18n.MessageFile, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return i18n.ParseMessageFileBytes(data, name, map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
}

// languageFiles are one language's message files: the app's messages
// (TAG.toml) and every NAME.TAG.toml beside it: the behaviour cards, kept
// apart so new behaviour types are data only, each screen's own, and (in
// withModules's) each game module's own.
func languageFiles(fsys fs.FS, tag string) []string {
	names := []string{tag + ".toml"}
	more, _ := fs.Glob(fsys, "*."+tag+".toml")
	return append(names, more...)
}

// Known reports whether tag is a language the app ships.
func Known(tag string) bool {
	for _, l := range Languages {
		if l.Tag == tag {
			return true
		}
	}
	return false
}

// Translator renders messages in one language.
type Translator struct {
	Lang string
	loc  func() *i18n.Localizer // made by the first message rendered
	// english pads the pseudo-language's texts (pseudo.go); nil in others.
	english *Translator
}

// New returns a translator for tag, falling back to Default for an unknown tag.
func New(tag string) *Translator {
	if tag == Pseudo {
		return &Translator{Lang: tag, english: New(Default),
			loc: sync.OnceValue(func() *i18n.Localizer { return i18n.NewLocalizer(pseudoBundle(), tag) })}
	}
	if !Known(tag) {
		tag = Default
	}
	return &Translator{Lang: tag, loc: sync.OnceValue(func() *i18n.Localizer { return i18n.NewLocalizer(messages(), tag) })}
}

// T renders message id with args. An argument named "Count" selects the
// plural form; arguments whose names end in "Key" are message IDs and are
// translated first; arguments whose names end in "Text" hold a text in every
// language (a map by language tag, English the fallback) and give this
// language's. An unknown ID renders as itself, so it shows up in tests.
func (t *Translator) T(id string, args map[string]any) string {
	data := make(map[string]any, len(args))
	for k, v := range args {
		if s, ok := v.(string); ok && strings.HasSuffix(k, "Key") {
			v = t.T(s, nil)
		}
		if _, isText := v.(map[string]any); isText || strings.HasSuffix(k, "Text") {
			v = t.text(v) // a text in every language: a creature's name, a quest's title
		}
		data[k] = v
	}
	cfg := &i18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if n, ok := args["Count"]; ok {
		if f, isFloat := n.(float64); isFloat && f == float64(int64(f)) {
			n = int64(f) // counts that went through JSON (snapshots) come back as floats
			data["Count"] = n
		}
		cfg.PluralCount = n
	}
	s, err := t.localize(cfg)
	if err != nil && cfg.PluralCount != nil {
		cfg.PluralCount = nil // a count shown by a message without plural forms
		s, err = t.localize(cfg)
	}
	if err != nil {
		return id
	}
	if t.english != nil {
		s = padded(s, t.english.T(id, args))
	}
	return s
}

// localize renders cfg; a message this language lacks (a language offered
// while not yet complete) renders in English.
func (t *Translator) localize(cfg *i18n.LocalizeConfig) (string, error) {
	s, err := t.loc().Localize(cfg)
	var notFound *i18n.MessageNotFoundErr
	if err != nil && s != "" && errors.As(err, &notFound) {
		return s, nil
	}
	return s, err
}

// text picks this language's version of a text given in several languages:
// this one's, else English's, else the first (by tag) it has, so a text
// written in a language the reader does not read still shows.
func (t *Translator) text(v any) any {
	switch m := v.(type) {
	case map[string]string:
		return pickText(m, t.Lang)
	case map[string]any: // a text that went through JSON
		s := make(map[string]string, len(m))
		for k, x := range m {
			if str, ok := x.(string); ok {
				s[k] = str
			}
		}
		return pickText(s, t.Lang)
	}
	return v
}

func pickText(m map[string]string, lang string) string {
	if s := m[lang]; s != "" {
		return s
	}
	if s := m[Default]; s != "" {
		return s
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if m[k] != "" {
			return m[k]
		}
	}
	return ""
}

// IDs lists the message IDs defined in one language's file, with the plural
// forms each one gives (a message without plurals has "other" only).
func IDs(tag string) (map[string][]string, error) {
	ids := map[string][]string{}
	messages, err := fileMessages(tag)
	if err != nil {
		return nil, err
	}
	addIDs(ids, messages)
	return ids, nil
}

// fileMessages are the messages of one language's files, the registered
// modules' too, unrendered.
func fileMessages(tag string) ([]*i18n.Message, error) {
	return filesMessages(withModules(files), tag)
}

// filesMessages are the messages of one language's files in fsys, unrendered.
func filesMessages(fsys fs.FS, tag string) ([]*i18n.Message, error) {
	var all []*i18n.Message
	for _, name := range languageFiles(fsys, tag) {
		mf, err := parseFile(fsys, name)
		if err != nil {
			return nil, err
		}
		all = append(all, mf.Messages...)
	}
	return all, nil
}

func addIDs(ids map[string][]string, messages []*i18n.Message) {
	for _, m := range messages {
		var forms []string
		for form, text := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
			if text != "" {
				forms = append(forms, form)
			}
		}
		ids[m.ID] = forms
	}
}

// Detect picks the app's language from locale settings such as the LANG
// variable ("es_ES.UTF-8"): the first one naming a language we offer wins,
// with its region ("pt-BR") when that is offered, else without it ("pt").
func Detect(locales ...string) string {
	for _, l := range locales {
		l, _, _ = strings.Cut(l, ".") // the encoding
		l, _, _ = strings.Cut(l, "@") // the variant
		l = strings.ReplaceAll(l, "_", "-")
		base, _, _ := strings.Cut(l, "-")
		for _, try := range []string{l, base} {
			for _, lang := range Languages {
				if try != "" && strings.EqualFold(lang.Tag, try) {
					return lang.Tag
				}
			}
		}
	}
	return Default
}

// templateArg is an argument in a message's template: {{.Name}}.
var templateArg = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// Templates are one language's messages whose ids start with one of
// prefixes, unrendered, for a page that fills in the arguments itself: each
// argument written {Name}, a plural message's "one" form under id + ".one"
// and its "other" form under id. A message with any other template action
// ({{if}}) is left out: only a template can render it.
func Templates(tag string, prefixes ...string) (map[string]string, error) {
	messages, err := fileMessages(tag)
	if err != nil {
		return nil, err
	}
	plain := func(s string) (string, bool) {
		s = templateArg.ReplaceAllString(s, "{$1}")
		return s, !strings.Contains(s, "{{")
	}
	out := map[string]string{}
	for _, m := range messages {
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(m.ID, p) }) {
			continue
		}
		other, ok := plain(m.Other)
		if !ok {
			continue
		}
		out[m.ID] = other
		if one, ok := plain(m.One); ok && m.One != "" {
			out[m.ID+".one"] = one
		}
	}
	return out, nil
}
