package translations

import (
	"math"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// The pseudo-language is a test aid, never offered to users: English with
// its letters accented (a→á, o→ö…) and every text made at least 40%
// longer, wrapped in ⟦…⟧, as a long translation would be. The app speaks it
// when PseudoEnv is "1" (cmd/conductor); the real-input tests then check
// that every screen still fits and no text is cut. It is made from the
// English messages when first used, not read from files.
const (
	Pseudo    = "en-XA"
	PseudoEnv = "CONDUCTOR_PSEUDO"
)

// PseudoGrowth is how much longer than English a pseudo text is, at least.
const PseudoGrowth = 1.4

// accents are the letters the pseudo-language accents.
var accents = strings.NewReplacer(
	"a", "á", "e", "é", "i", "í", "o", "ö", "u", "ü", "c", "ç", "n", "ñ", "y", "ý",
	"A", "Á", "E", "É", "I", "Í", "O", "Ö", "U", "Ü", "C", "Ç", "N", "Ñ", "Y", "Ý")

// pseudoFiller pads a pseudo text: words, so a wrapping label can wrap.
const pseudoFiller = " ẋẋẋẋ"

// accented is a message's template with its text accented and its
// template actions ({{.Name}}, {{if …}}) left as they are.
func accented(s string) string {
	var b strings.Builder
	for s != "" {
		start := strings.Index(s, "{{")
		if start < 0 {
			b.WriteString(accents.Replace(s))
			break
		}
		end := strings.Index(s[start:], "}}")
		if end < 0 {
			b.WriteString(accents.Replace(s))
			break
		}
		end += start + 2
		b.WriteString(accents.Replace(s[:start]))
		b.WriteString(s[start:end])
		s = s[end:]
	}
	return b.String()
}

// padded wraps a rendered pseudo text in ⟦…⟧ with filler until it is at
// least PseudoGrowth times as long as english, in characters. A blank
// English text stays as it is.
func padded(s, english string) string {
	n := utf8.RuneCountInString(english)
	if strings.TrimSpace(english) == "" {
		return s
	}
	want := int(math.Ceil(float64(n) * PseudoGrowth))
	have := utf8.RuneCountInString(s) + 2 // the brackets
	var b strings.Builder
	b.WriteString("⟦")
	b.WriteString(s)
	filler := []rune(pseudoFiller)
	for i := 0; have < want; i++ {
		b.WriteRune(filler[i%len(filler)])
		have++
	}
	b.WriteString("⟧")
	return b.String()
}

// pseudoBundle is the English messages accented, under the Pseudo tag:
// the registered modules' too.
var pseudoBundle = sync.OnceValue(makePseudoBundle)

func makePseudoBundle() *i18n.Bundle {
	b := i18n.NewBundle(language.English)
	msgs, err := fileMessages(Default)
	if err != nil {
		panic(err) // the embedded files are checked by tests
	}
	var out []*i18n.Message
	for _, m := range filled(msgs) {
		c := *m
		for _, f := range []*string{&c.Zero, &c.One, &c.Two, &c.Few, &c.Many, &c.Other} {
			*f = accented(*f)
		}
		out = append(out, &c)
	}
	if err := b.AddMessages(language.MustParse(Pseudo), out...); err != nil {
		panic(err)
	}
	return b
}
