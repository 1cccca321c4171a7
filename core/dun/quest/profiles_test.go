package quest

import (
	"slices"
	"strings"
	"testing"
)

// A spawn row may name a faction's creature profiles with their counts
// instead of (or beside) its creatures in words: the quest is valid on its
// own, the profile's id well-formed and its count in range.
func TestSpawnRowProfiles(t *testing.T) {
	row := `creatures = { en = "3 giant rats", es = "3 ratas gigantes" }`
	cases := []struct {
		name, new string
		want      []string // problem ids; none: valid
		profiles  []ProfileCount
	}{
		{"profiles alone, no words", `profiles = [{ profile = "minion", count = 2 }]`, nil, []ProfileCount{{"minion", 2}}},
		{"words and two profiles", row + "\n" + `profiles = [{ profile = "minion", count = 2 }, { profile = "skeleton-archer", count = 1 }]`, nil,
			[]ProfileCount{{"minion", 2}, {"skeleton-archer", 1}}},
		{"an id that is not a profile's", `profiles = [{ profile = "Minion!", count = 2 }]`, []string{"quest.spawn_profile"}, nil},
		{"no count", `profiles = [{ profile = "minion" }]`, []string{"quest.spawn_profile_count"}, nil},
		{"count above the most", `profiles = [{ profile = "minion", count = 21 }]`, []string{"quest.spawn_profile_count"}, nil},
		{"neither words nor profiles", ``, []string{"quest.missing_text"}, nil},
	}
	src := validSource(t)
	if !strings.Contains(src, row) {
		t.Fatal("the valid file has no spawn row")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, ps := Parse("q.toml", []byte(strings.Replace(src, row, c.new, 1)))
			var got []string
			for _, p := range ps {
				got = append(got, p.ID)
				if p.Line != 11 {
					t.Errorf("%s on line %d, want the row's (11)", p.ID, p.Line)
				}
			}
			if !slices.Equal(slices.Compact(got), c.want) {
				t.Fatalf("problems %v, want %v", ps, c.want)
			}
			if c.want == nil && !slices.Equal(q.SpawnTable[0].Profiles, c.profiles) {
				t.Fatalf("profiles %+v, want %+v", q.SpawnTable[0].Profiles, c.profiles)
			}
		})
	}
}

// The profiles a row names survive writing the quest back (the editor's
// file), and the written file reads back the same.
func TestSpawnRowProfilesEncoded(t *testing.T) {
	row := `creatures = { en = "3 giant rats", es = "3 ratas gigantes" }`
	src := strings.Replace(validSource(t), row, `profiles = [{ profile = "minion", count = 2 }, { profile = "ghoul", count = 1 }]`, 1)
	q, ps := Parse("q.toml", []byte(src))
	if ps != nil {
		t.Fatal(ps)
	}
	b, err := Encode(q)
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	if !strings.Contains(out, `profiles = [{ profile = "minion", count = 2 }, { profile = "ghoul", count = 1 }]`) {
		t.Fatalf("written:\n%s", out)
	}
	back, ps := Parse("back.toml", []byte(out))
	if ps != nil || !slices.Equal(back.SpawnTable[0].Profiles, q.SpawnTable[0].Profiles) {
		t.Fatalf("read back %+v, %v", back.SpawnTable, ps)
	}
}
