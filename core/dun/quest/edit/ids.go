package edit

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// MaxID is the longest id the editor gives or takes.
const MaxID = 64

// Slug is an id made from a name: "Embalmers' Workshop" → "embalmers-workshop",
// "Sección grande" → "seccion-grande". Letters lose their accents,
// apostrophes go, and every other run of what is not a letter or a digit
// becomes one "-". A name with no Latin letter or digit gives "".
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		switch {
		case unicode.Is(unicode.Mn, r), r == '\'', r == '’', r == 'ʼ':
			// an accent or an apostrophe: left out
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
		if b.Len() > MaxID {
			break
		}
	}
	s := b.String()
	if len(s) > MaxID-4 { // room for "-999": cut after a whole word when there is one
		s = s[:MaxID-4]
		if i := strings.LastIndexByte(s, '-'); i > 0 {
			s = s[:i]
		}
	}
	return strings.Trim(s, "-")
}

// validID says whether id may be given to an object: letters, digits, "-"
// and "_", at most MaxID.
func validID(id string) bool {
	if id == "" || len(id) > MaxID {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// taken are every id in the quest: sections, exits, elements, texts and
// conditions (the validator wants the first four kinds unique together
// and texts among themselves; the editor keeps them all apart).
func taken(q *quest.Quest) map[string]bool {
	ids := map[string]bool{}
	for _, s := range q.Sections {
		ids[s.ID] = true
		for _, e := range s.Exits {
			if e.ID != "" {
				ids[e.ID] = true
			}
		}
		for _, e := range s.Elements {
			ids[e.ID] = true
		}
	}
	for _, t := range q.Texts {
		ids[t.ID] = true
	}
	for _, c := range q.Conditions {
		ids[c.ID] = true
	}
	return ids
}

// unique is base, or base-2, base-3… the first one the quest does not use
// (self, the id of what is being named, counts as free).
func unique(q *quest.Quest, base, self string) string {
	ids := taken(q)
	delete(ids, self)
	if !ids[base] {
		return base
	}
	for n := 2; ; n++ {
		if id := base + "-" + strconv.Itoa(n); !ids[id] {
			return id
		}
	}
}

// nameSlug is the slug of a text's English, or fallback when it gives none.
func nameSlug(t quest.Text, fallback string) string {
	if s := Slug(t["en"]); s != "" {
		return s
	}
	return fallback
}

// kindSlug is the base id of an unnamed object of a kind: "locked_door" →
// "locked-door".
func kindSlug(kind string) string {
	if s := Slug(strings.ReplaceAll(kind, "_", " ")); s != "" {
		return s
	}
	return "object"
}

// clean is a text without its blank languages, or nil when none is left.
func clean(t quest.Text) quest.Text {
	var c quest.Text
	for k, v := range t {
		if strings.TrimSpace(v) == "" {
			continue
		}
		if c == nil {
			c = quest.Text{}
		}
		c[k] = v
	}
	return c
}
