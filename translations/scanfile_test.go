package translations

import (
	"slices"
	"strings"
	"testing"
)

// scanFile finds each message that gives a text, whatever the way a file
// writes it, and no other key.
func TestScanFileEachLine(t *testing.T) {
	for _, c := range []struct {
		name, file string
		want       string
	}{
		{"plain", `a = "A"`, "a"},
		{"quoted key", `"b.c" = 'B'`, "b.c"},
		{"empty texts", "a = \"\"\nb = ''\nc = \"\"\"\"\"\"\nd = ''''''", ""},
		{"comments and blanks", "# a = \"A\"\n\n  \nb = \"B\"", "b"},
		{"no equals", "just words\nb = \"B\"", "b"},
		{"a table's forms", "[\"t.x\"]\ndescription = \"said\"\nhash = \"h\"\none = \"1\"\nother = \"n\"", "t.x"},
		{"a table's form alone", "[t]\nfew = \"f\"", "t"},
		{"a table's empty forms", "[t]\none = \"\"\nother = ''", ""},
		{"a table's other keys", "[t]\nname = \"N\"\nid = \"x\"", "t.name"},
		{"a multiline text", "a = \"\"\"\nb = \"not a key\"\n\"\"\"\nc = \"C\"", "a c"},
		{"a literal multiline text", "a = '''\n[t]\n'''\nc = \"C\"", "a c"},
		{"a multiline text on one line", "a = \"\"\"A\"\"\"\nb = \"B\"", "a b"},
		{"a table then top keys again", "[t]\nx = \"X\"\n[u]\nother = \"U\"", "t.x u"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ids := map[string]bool{}
			scanFile([]byte(c.file), ids)
			var got []string
			for id := range ids {
				got = append(got, id)
			}
			slices.Sort(got)
			if s := strings.Join(got, " "); s != c.want {
				t.Errorf("got %q, want %q", s, c.want)
			}
		})
	}
}
