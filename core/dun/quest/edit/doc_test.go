package edit

import (
	"testing"
)

func TestSmoke(t *testing.T) {
	d := New()
	id, err := d.AddSection("room", 0, 0, 4, 4)
	if err != nil || id != "room" {
		t.Fatal(id, err)
	}
	if err := d.SetSectionName(id, map[string]string{"en": "Ash Stair", "es": "Escalera"}); err != nil || d.LastID() != "ash-stair" {
		t.Fatal(err, d.LastID())
	}
	b, err := d.TOML()
	if err != nil {
		t.Fatal(err)
	}
	t.Log(string(b))
	for _, p := range d.Problems() {
		t.Log(p.ID, p.Line, p.Ref)
	}
}
