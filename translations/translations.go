// Package translations holds the app's message files (English and Spanish)
// and turns message IDs with arguments into text in the chosen language.
package translations

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed *.toml
var files embed.FS

// Language is one language the app speaks.
type Language struct {
	Tag  string // BCP 47, also the message file's name
	Name string // the language's own name, shown in pickers
}

// Languages the app ships, English first (the default).
var Languages = []Language{{"en", "English"}, {"es", "Español"}}

// Default is the language used when none was chosen.
const Default = "en"

// bundle holds every message file once parsed. Parsing them takes about
// 9 ms, so it runs on a goroutine of its own from init, beside the app's
// start (opening the database, the window); the first message rendered
// waits for it (messages).
var (
	bundle      *i18n.Bundle
	bundleReady = make(chan struct{})
)

func init() {
	go func() {
		bundle = mustBundle()
		close(bundleReady)
	}()
}

// messages is the bundle, once parsed.
func messages() *i18n.Bundle {
	<-bundleReady
	return bundle
}

func mustBundle() *i18n.Bundle {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range Languages {
		for _, name := range languageFiles(l.Tag) {
			if _, err := b.LoadMessageFileFS(files, name); err != nil {
				// The files are embedded and checked by tests: a failure here is a build defect.
				panic(fmt.Sprintf("translations: %s: %v", name, err))
			}
		}
	}
	return b
}

// languageFiles are one language's message files: the app's messages
// (TAG.toml) and every NAME.TAG.toml beside it: the behaviour cards, kept
// apart so new behaviour types are data only, and each game module's own.
func languageFiles(tag string) []string {
	names := []string{tag + ".toml"}
	more, _ := fs.Glob(files, "*."+tag+".toml")
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
}

// New returns a translator for tag, falling back to Default for an unknown tag.
func New(tag string) *Translator {
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
	s, err := t.loc().Localize(cfg)
	if err != nil && cfg.PluralCount != nil {
		cfg.PluralCount = nil // a count shown by a message without plural forms
		s, err = t.loc().Localize(cfg)
	}
	if err != nil {
		return id
	}
	return s
}

// text picks this language's version of a text given in every language.
func (t *Translator) text(v any) any {
	switch m := v.(type) {
	case map[string]string:
		if s := m[t.Lang]; s != "" {
			return s
		}
		return m["en"]
	case map[string]any: // a text that went through JSON
		if s, ok := m[t.Lang].(string); ok && s != "" {
			return s
		}
		return m["en"]
	}
	return v
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

// fileMessages are the messages of one language's files, unrendered.
func fileMessages(tag string) ([]*i18n.Message, error) {
	var all []*i18n.Message
	for _, name := range languageFiles(tag) {
		data, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		mf, err := i18n.ParseMessageFileBytes(data, name, map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
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
// variable ("es_ES.UTF-8"): the first one naming a language we ship wins.
func Detect(locales ...string) string {
	for _, l := range locales {
		if len(l) >= 2 && Known(strings.ToLower(l[:2])) {
			return strings.ToLower(l[:2])
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
