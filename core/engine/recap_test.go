package engine

import (
	"slices"
	"testing"
	"time"
)

// A game's sittings: a gap of SittingGap or more between two steps starts
// a new one; less does not; a step whose time is not known never does.
func TestSittings(t *testing.T) {
	at := func(minutes ...int) []time.Time {
		base := time.Date(2026, 11, 6, 19, 0, 0, 0, time.UTC)
		out := make([]time.Time, len(minutes))
		for i, m := range minutes {
			if m >= 0 {
				out[i] = base.Add(time.Duration(m) * time.Minute)
			}
		}
		return out
	}
	gap := int(SittingGap / time.Minute)
	tests := []struct {
		name  string
		times []time.Time
		want  [][2]int // each sitting's first and last record
	}{
		{"no steps", nil, nil},
		{"one step", at(0), [][2]int{{1, 1}}},
		{"a minute apart", at(0, 1, 2), [][2]int{{1, 3}}},
		{"a pause just under the gap", at(0, 1, 1+gap-1, 1+gap), [][2]int{{1, 4}}},
		{"a pause of the gap exactly", at(0, 1, 1+gap, 2+gap), [][2]int{{1, 2}, {3, 4}}},
		{"three sittings a week apart", at(0, 5, 7*24*60, 7*24*60+3, 14*24*60), [][2]int{{1, 2}, {3, 4}, {5, 5}}},
		{"a time not known", at(0, -1, 2), [][2]int{{1, 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got [][2]int
			for _, s := range Sittings(tc.times) {
				got = append(got, [2]int{s.From, s.To})
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("sittings %v, want %v", got, tc.want)
			}
		})
	}
	s := Sittings(at(0, 10, 95))[0]
	if s.Length() != 95*time.Minute || s.Steps() != 3 {
		t.Fatalf("length %v, %d steps", s.Length(), s.Steps())
	}
}
