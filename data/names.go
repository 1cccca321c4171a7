package data

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dunconductor/conductor/core/engine"
)

// Limits on what people type or files carry as names and notes.
//
// A name (a game's, a campaign's, a hero's or class, a quest's in a campaign
// entry) is at most maxNameBytes bytes of UTF-8: 200 bytes is 50 to 200
// characters whatever the script, far more than the saved-games line and the
// campaign screen show (about 60 characters), the same bound the engine puts
// on the names and ids inside a game (core/dun/limits.go), and small enough
// that a list of hundreds of games stays quick to draw. Notes may run longer,
// over several lines: maxNotesBytes.
const (
	maxNameBytes  = 200
	maxNotesBytes = 4000
)

var (
	// ErrNameTooLong means a name or notes are longer than this version
	// keeps: 200 bytes of UTF-8 for a name, 4,000 for notes. The returned
	// error wraps it with the length and the limit.
	ErrNameTooLong = errors.New("the name is too long")
	// ErrNameControl means a name or notes hold a character that is not
	// text: a control character (NUL, ESC, a line break in a name, …), a
	// bidirectional override or isolate (U+202A to U+202E, U+2066 to
	// U+2069) that would make the text read other than it is, or bytes that
	// are not UTF-8.
	ErrNameControl = errors.New("the name holds a character that is not text")
	// ErrBadUID means an imported game or campaign has a uid other than 32
	// lowercase hexadecimal digits (what this app gives). An import that
	// has one is ErrExportDamaged too.
	ErrBadUID = errors.New("the uid is not 32 lowercase hexadecimal digits")
)

// checkText checks a name (multiline false) or notes (true) against the
// length and character rules: see ErrNameTooLong and ErrNameControl. Notes
// may hold line breaks and tabs.
func checkText(s string, max int, multiline bool) error {
	if len(s) > max {
		return fmt.Errorf("%w: %d bytes, at most %d", ErrNameTooLong, len(s), max)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%w: it is not valid UTF-8", ErrNameControl)
	}
	for i, r := range s {
		if multiline && (r == '\n' || r == '\t' || r == '\r') {
			continue
		}
		if unicode.IsControl(r) || isBidiControl(r) || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("%w: %U at byte %d", ErrNameControl, r, i)
		}
	}
	return nil
}

// isBidiControl reports the embeddings, overrides and isolates of the
// Unicode bidirectional algorithm.
func isBidiControl(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069'
}

// checkName checks a name that may be blank (an imported game's): length and
// characters only.
func checkName(name string) error { return checkText(name, maxNameBytes, false) }

// checkNotes checks notes.
func checkNotes(notes string) error { return checkText(notes, maxNotesBytes, true) }

// checkUID accepts exactly 32 lowercase hexadecimal digits.
func checkUID(uid string) error {
	if len(uid) != 32 {
		return fmt.Errorf("%w: %s", ErrBadUID, engine.QuoteShort(uid))
	}
	for i := 0; i < len(uid); i++ {
		if c := uid[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return fmt.Errorf("%w: %s", ErrBadUID, engine.QuoteShort(uid))
		}
	}
	return nil
}

// cleanName trims a typed name, refuses a blank one (ErrEmptyName) and
// checks it (ErrNameTooLong, ErrNameControl).
func cleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", ErrEmptyName
	}
	if err := checkName(name); err != nil {
		return "", err
	}
	return name, nil
}

// FitName cuts a name made by the app (say "Copy of …" around a long name)
// to the longest it may be, at a character boundary.
func FitName(name string) string {
	if len(name) <= maxNameBytes {
		return name
	}
	cut := name[:maxNameBytes]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return strings.TrimSpace(cut)
}
