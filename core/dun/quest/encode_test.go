package quest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
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
			again, _ := Encode(back)
			if !bytes.Equal(out, again) {
				t.Fatal("Encode is not stable")
			}
		})
	}
}
