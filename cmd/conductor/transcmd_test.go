package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// conductor translations check|new: what a translator adding a language runs.
func TestTranslationsCommand(t *testing.T) {
	dir := t.TempDir()
	// new writes the files to fill in, and never over one that is there.
	code, out, errOut := runIn(t, "en", "translations", "new", "fr", "--dir", dir)
	if code != 0 || errOut != "" || !strings.Contains(out, "files for fr in "+dir) {
		t.Fatalf("new: exit %d %q %q", code, out, errOut)
	}
	main := filepath.Join(dir, "fr.toml")
	data, err := os.ReadFile(main)
	if err != nil || !strings.Contains(string(data), "\"language.name\" = \"\"") || !strings.Contains(string(data), "# English: Undone: {{.Step}}\n\"ui.notice.undone\" = \"\"") {
		t.Fatalf("fr.toml: %v\n%.600s", err, data)
	}
	dunFile := filepath.Join(dir, "dun.fr.toml")
	if dunData, err := os.ReadFile(dunFile); err != nil || !strings.Contains(string(dunData), "# English: Start turn {{.Turn}}\n\"choice.new_turn\" = \"\"") {
		t.Fatalf("dun.fr.toml: %v\n%.600s", err, dunData)
	}
	if _, err := os.Stat(filepath.Join(dir, "cli.fr.toml")); err != nil {
		t.Fatal("no cli.fr.toml beside cli.en.toml's place:", err)
	}
	// A game module's files are written too, and said to go to its folder.
	for _, f := range []string{"dragoncanyon.fr.toml\tui/dragoncanyon/messages/\n", "twister.fr.toml\tui/twister/messages/\n", "dun.fr.toml\tui/dun/messages/\n"} {
		name, _, _ := strings.Cut(f, "\t")
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil || !strings.Contains(out, "move each to its module's folder") || !strings.Contains(out, "  "+f) {
			t.Errorf("%s: %v, not said where it goes:\n%s", name, err, out)
		}
	}
	if strings.Contains(out, "cli.fr.toml") {
		t.Errorf("the app's own file is said to belong to a module:\n%s", out)
	}
	os.WriteFile(main, append(data, "\n# mine\n"...), 0o644)
	code, _, errOut = runIn(t, "en", "translations", "new", "fr", "--dir", dir)
	if after, _ := os.ReadFile(main); code != 1 || !strings.Contains(errOut, "exists already") || !strings.HasSuffix(string(after), "# mine\n") {
		t.Fatalf("new again: exit %d %q; fr.toml overwritten: %v", code, errOut, !strings.HasSuffix(string(after), "# mine\n"))
	}

	// Filled in but for one message, and with one English does not have.
	fill := regexp.MustCompile(`(?m)^("[^"]*"|\S+) = ""$`)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		b, _ := os.ReadFile(p)
		s := fill.ReplaceAllStringFunc(string(b), func(line string) string {
			key := strings.TrimSuffix(line, ` = ""`)
			if key == `"log.setup"` {
				return line
			}
			return key + ` = "fr"`
		})
		if e.Name() == "fr.toml" {
			s = strings.Replace(s, `"language.name" = "fr"`, `"language.name" = "Français"`+"\n\"log.gone\" = \"Parti\"", 1)
		}
		os.WriteFile(p, []byte(s), 0o644)
	}

	for _, c := range []struct {
		name, lang string
		args       []string
		code       int
		out, err   string
	}{
		{"one missing, one extra", "en", []string{"check", "fr", "--dir", dir}, 1,
			"1 message missing in fr (its English text beside it):\n  log.setup\tSetup: group VP {{.GroupVP}}, Leader paid {{.LeaderVP}}, reserve now {{.Reserve}}.\n1 message in fr that English does not have (to remove):\n  log.gone\tParti\n", ""},
		{"in Spanish", "es", []string{"check", "--dir", dir, "fr"}, 1, "Falta 1 mensaje en fr", ""},
		{"the app's own Spanish", "en", []string{"check", "es"}, 0, "es gives every English message.\n", ""},
		{"a language the app has no files for", "en", []string{"check", "fr"}, 1, "", "There are no message files for fr in (the app's own files)"},
		{"not a tag", "en", []string{"check", "../etc"}, 2, "", "is not a language tag"},
		{"no verb", "en", []string{"fr"}, 2, "", "Usage:\n  conductor translations check LANG"},
		{"no language", "es", []string{"check"}, 2, "", "Uso:"},
		{"an unknown option", "en", []string{"check", "fr", "--force"}, 2, "", "there is no option -force"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runIn(t, c.lang, append([]string{"translations"}, c.args...)...)
			if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errOut, c.err) || (c.err == "") != (errOut == "") {
				t.Errorf("exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", code, c.code, out, c.out, errOut, c.err)
			}
		})
	}

	// Filled in completely, it checks clean.
	b, _ := os.ReadFile(main)
	os.WriteFile(main, []byte(strings.Replace(string(b), "\"log.gone\" = \"Parti\"\n", "", 1)), 0o644)
	b, _ = os.ReadFile(dunFile)
	os.WriteFile(dunFile, []byte(strings.Replace(string(b), `"log.setup" = ""`, `"log.setup" = "Préparation"`, 1)), 0o644)
	if code, out, errOut := runIn(t, "en", "translations", "check", "fr", "--dir", dir); code != 0 || out != "fr gives every English message.\n" {
		t.Errorf("complete: exit %d %q %q", code, out, errOut)
	}
}
