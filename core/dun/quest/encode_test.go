package quest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/BurntSushi/toml"
)

// validFiles are every valid quest file the tests know: the app's own
// quests and the valid test files.
func validFiles(t *testing.T) []string {
	t.Helper()
	builtin, err := filepath.Glob("../quests/*.toml")
	if err != nil || len(builtin) < 3 {
		t.Fatalf("the built-in quests: %v %v", builtin, err)
	}
	return append(builtin, "testdata/valid.toml")
}

func asJSON(t *testing.T, q *Quest) string {
	t.Helper()
	c := *q
	c.Source = nil
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// roundTrip checks that quest q, encoded and parsed again, is the same
// quest, and that encoding it again gives the same bytes.
func roundTrip(t *testing.T, q *Quest) {
	t.Helper()
	out, err := Encode(q)
	if err != nil {
		t.Fatal(err)
	}
	back, ps := Parse("encoded.toml", out)
	if ps != nil {
		t.Fatalf("%v\n%s", ps, out)
	}
	if a, b := asJSON(t, q), asJSON(t, back); a != b {
		t.Fatalf("the quest changed:\n%s\n%s", a, b)
	}
	if again, _ := Encode(back); !bytes.Equal(out, again) {
		t.Fatal("Encode is not stable")
	}
}

// Parse → Encode → Parse gives the same quest, and encoding it again gives
// the same bytes.
func TestEncodeRoundTrip(t *testing.T) {
	for _, f := range validFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			q, ps := Parse(f, data)
			if ps != nil {
				t.Fatal(ps)
			}
			roundTrip(t, q)
		})
	}
}

// The app's own quests come out of Encode as they are written (their
// opening comment aside): Encode writes in their style.
func TestEncodeInTheBuiltinsStyle(t *testing.T) {
	for _, f := range validFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		q, ps := Parse(f, data)
		if ps != nil {
			t.Fatal(ps)
		}
		out, _ := Encode(q)
		body := data[bytes.IndexByte(data, '\n')+1:] // the comment
		if !bytes.Equal(out, body) {
			t.Errorf("%s comes out otherwise:\n%s", f, out)
		}
	}
}

// Whatever a text holds, it comes back the same; optional fields left
// empty are left out, and what is set to zero on purpose stays.
func TestEncodeAnyText(t *testing.T) {
	q, ps := Parse("valid.toml", []byte(validSource(t)))
	if ps != nil {
		t.Fatal(ps)
	}
	tricky := "Quotes \" and \\ backslashes, a\ttab, lines\nand\r\nmore, a bell \a, DEL \x7f, ñ, “curly”, 🐀, and ''' and \"\"\" too"
	q.Title = Text{"en": tricky, "es": "La bodega", "fr": "La cave", "pt-BR": "A adega", "x y": "quoted"}
	q.Setup = Text{"en": "", "es": ""}
	zero := 0
	q.Decks = map[string]DeckRule{"power": {Absent: true}, "obstacle": {Random: &zero}, "encounter": {}}
	q.Sections[1].Exits[0].ID = "with-id"
	q.Texts[0].Effect = Effect{Reserve: 1, LeaderRegenerates: 2, ReserveEachTurn: 3, Crumble: true, Unlock: "den", EveryTurn: true, Until: "king-slain"}
	out, err := Encode(q)
	if err != nil {
		t.Fatal(err)
	}
	back, ps := Parse("tricky.toml", out)
	for _, p := range ps {
		if p.ID != "quest.missing_text" { // the empty setup, on purpose
			t.Fatalf("%v\n%s", ps, out)
		}
	}
	if back != nil {
		t.Fatal("an empty setup was accepted")
	}
	var got Quest
	if _, err := toml.Decode(string(out), &got); err != nil {
		t.Fatal(err)
	}
	if a, b := asJSON(t, q), asJSON(t, &got); a != b {
		t.Fatalf("changed:\n%s\n%s", a, b)
	}
	for _, want := range []string{`pt-BR = "A adega", "x y" = "quoted"`, "obstacle = { random = 0 }", "encounter = {}", `setup = { en = "", es = "" }`, `\u0007`, `\u007F`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	// Bytes that are not UTF-8 cannot be in a TOML file.
	q.Title["en"] = "bad \xff byte"
	out, _ = Encode(q)
	if _, err := toml.Decode(string(out), &got); err != nil || got.Title["en"] != "bad \uFFFD byte" {
		t.Fatalf("%v %q", err, got.Title["en"])
	}
}

// Whatever valid quest the fuzzer finds, Encode writes it back as the same
// valid quest, and the same bytes the second time.
func FuzzEncode(f *testing.F) {
	for _, file := range []string{"../quests/01-the-drowned-chapel.toml", "../quests/03-the-tomb-of-the-ash-king.toml", "testdata/valid.toml"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		q, ps := Parse("fuzz.toml", data)
		if ps != nil {
			return
		}
		roundTrip(t, q)
	})
}
