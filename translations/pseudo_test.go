package translations

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// templateField is a field a message's template reads: {{.Name}}, {{if .Name}}.
var templateField = regexp.MustCompile(`\.([A-Z]\w*)`)

// templateAction is one action of a template, kept as it is in the pseudo-language.
var templateAction = regexp.MustCompile(`\{\{.*?\}\}`)

// pseudoArgs are arguments for every field a message reads, made of no
// letter the pseudo-language accents, so that its text is the English one
// accented: a string per field (numbers when asNumbers: a template that
// compares them), a message ID that does not exist for a …Key (it renders
// as itself), a text in every language for a …Text.
func pseudoArgs(forms []string, count int, asNumbers bool) map[string]any {
	args := map[string]any{}
	for _, f := range forms {
		for _, act := range templateAction.FindAllString(f, -1) {
			for _, m := range templateField.FindAllStringSubmatch(act, -1) {
				name := m[1]
				switch {
				case name == "Count":
					args[name] = count
				case strings.HasSuffix(name, "Key"):
					args[name] = "⁅" + string(rune('0'+len(args)%10)) + "⁆"
				case strings.HasSuffix(name, "Text"):
					args[name] = map[string]string{"en": "⁅≈⁆"}
				case asNumbers:
					args[name] = 7 + len(args)
				default:
					args[name] = "⁅" + strings.Repeat("·", len(args)+1) + "⁆"
				}
			}
		}
	}
	return args
}

// unpadded is a pseudo text without its ⟦…⟧ and filler.
func unpadded(s string) string {
	s, ok := strings.CutPrefix(s, "⟦")
	if !ok {
		return s
	}
	s = strings.TrimSuffix(s, "⟧")
	return strings.TrimRight(s, strings.TrimLeft(pseudoFiller, " ")+" ")
}

// Every English message renders in the pseudo-language: its letters
// accented, its arguments and plural forms as in English, and at least
// 40% longer.
func TestPseudoLanguage(t *testing.T) {
	msgs, err := fileMessages(Default)
	if err != nil {
		t.Fatal(err)
	}
	en, pseudo := New(Default), New(Pseudo)
	if pseudo.Lang != Pseudo || Known(Pseudo) {
		t.Fatalf("the pseudo-language is %q, offered %v: want %q, never offered", pseudo.Lang, Known(Pseudo), Pseudo)
	}
	checked := 0
	for _, m := range filled(msgs) {
		forms := []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other}
		for _, a := range templateAction.FindAllString(strings.Join(forms, "\n"), -1) {
			if !strings.Contains(accented(strings.Join(forms, "\n")), a) {
				t.Errorf("%s: the pseudo template lost %q", m.ID, a)
			}
		}
		for _, count := range []int{1, 2} {
			args := pseudoArgs(forms, count, false)
			want := en.T(m.ID, args)
			if want == m.ID {
				args = pseudoArgs(forms, count, true)
				want = en.T(m.ID, args)
			}
			got := pseudo.T(m.ID, args)
			checked++
			if strings.TrimSpace(want) == "" {
				if got != want {
					t.Errorf("%s: blank in English, %q in the pseudo-language", m.ID, got)
				}
				continue
			}
			if n, w := utf8.RuneCountInString(got), utf8.RuneCountInString(want); float64(n) < PseudoGrowth*float64(w) {
				t.Errorf("%s: %d characters, English %d: want at least %.0f%% more\n%q\n%q", m.ID, n, w, (PseudoGrowth-1)*100, got, want)
			}
			if u := unpadded(got); strings.TrimRight(u, " ") != strings.TrimRight(accents.Replace(want), " ") {
				t.Errorf("%s (Count %d): the pseudo text\n%q\nis not the English one accented, arguments kept:\n%q", m.ID, count, u, want)
			}
		}
	}
	if checked < 500 { // the shipped files alone: the games' are in their folders
		t.Errorf("only %d messages checked", checked)
	}
}

func TestPseudoText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Open a door", "Öpéñ á döör"},
		{"{{.Name}} can run", "{{.Name}} çáñ rüñ"},
		{"{{if .Count}}one{{else}}none{{end}}", "{{if .Count}}öñé{{else}}ñöñé{{end}}"},
		{"broken {{ at the end", "brökéñ {{ át thé éñd"},
	} {
		if got := accented(c.in); got != c.want {
			t.Errorf("accented(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ s, english, want string }{
		{"Ýés", "Yes", "⟦Ýés⟧"},
		{"Öpéñ á döör", "Open a door", "⟦Öpéñ á döör ẋẋ⟧"},
	} {
		if got := padded(c.s, c.english); got != c.want {
			t.Errorf("padded(%q) = %q, want %q", c.s, got, c.want)
		}
	}
	if got := padded("", ""); got != "" {
		t.Errorf("a blank text padded: %q", got)
	}
}
