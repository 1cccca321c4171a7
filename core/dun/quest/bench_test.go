package quest

import (
	"os"
	"testing"
)

func BenchmarkParseLongQuest(b *testing.B) {
	data, err := os.ReadFile("../quests/03-the-tomb-of-the-ash-king.toml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ps := Parse("tomb.toml", data); ps != nil {
			b.Fatal(ps)
		}
	}
}
