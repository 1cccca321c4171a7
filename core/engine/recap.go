package engine

import (
	"fmt"
	"time"
)

// SittingGap is the pause that ends a sitting: when this long or longer
// passes between two steps of a game, the second one starts a new sitting
// (the table got up and met again another day).
const SittingGap = 4 * time.Hour

// Sitting is a run of a game's records taken at one sitting: records From
// to To (their Seq), the first taken at Start and the last at End.
type Sitting struct {
	From, To   int
	Start, End time.Time
}

// Length is how long the sitting lasted, first step to last.
func (s Sitting) Length() time.Duration { return s.End.Sub(s.Start) }

// Steps is how many records the sitting holds (undos included).
func (s Sitting) Steps() int { return s.To - s.From + 1 }

// Sittings splits a game's records into sittings by the times they were
// taken: times[i] is when record i+1 was. A gap of SittingGap or more
// starts a new sitting. A zero time (not known) never starts one.
func Sittings(times []time.Time) []Sitting {
	var out []Sitting
	for i, t := range times {
		seq := i + 1
		if n := len(out); n > 0 && (t.IsZero() || out[n-1].End.IsZero() || t.Sub(out[n-1].End) < SittingGap) {
			out[n-1].To = seq
			if !t.IsZero() {
				out[n-1].End = t
			}
			continue
		}
		out = append(out, Sitting{From: seq, To: seq, Start: t, End: t})
	}
	return out
}

// Story kinds: how a line of a recap is set out.
const (
	StoryHeading = "heading" // a part's title
	StoryItem    = "item"    // one thing that happened
	StoryText    = "text"    // a text read aloud, quoted whole (Args "Text": every language)
	StoryAlert   = "alert"   // a text read aloud that stands apart (DUN: a red box), quoted whole
	StoryNext    = "next"    // what is due next (the recap's last line)
)

// StoryLine is a line of a recap: a message to translate, how it is set
// out, and whether it is for the Conductor only (never in the players'
// version). Image names a public file (engine.PublicFiles) drawn beside
// it, if any.
type StoryLine struct {
	Message
	Kind      string `json:"kind"`
	Conductor bool   `json:"conductor,omitempty"`
	Image     string `json:"image,omitempty"`
}

// Story is a sitting's recap as its module tells it: names, never ids.
type Story struct {
	Lines []StoryLine `json:"lines"`
}

// Recaps is what a module value implements when it can tell a sitting's
// story: from the game's setup, content and records (every one up to the
// sitting's end at least), what happened in sitting s. The players'
// version (conductor false) is built from the module's public view only;
// the Conductor's may add what only the Conductor knows, each such line
// marked Conductor.
type Recaps interface {
	Recap(setup, content []byte, records []Record, s Sitting, conductor bool) (Story, error)
}

// SittingSeqs are the records that count at the end of the sitting of
// records from to to (their Seq), split in two: kept, those that counted
// already before it began (replayed, they give the state it started
// from), and added, the ones after them (replayed one by one, they tell
// the sitting's story). A step taken before the sitting and undone in it
// ends kept there: the steps after it are replayed as the sitting's.
func SittingSeqs(records []Record, from, to int) (kept, added []int, err error) {
	if from < 1 || to < from || to > len(records) {
		return nil, nil, fmt.Errorf("recap: records %d to %d of %d", from, to, len(records))
	}
	before, err := EffectiveSeqs(records[:from-1])
	if err != nil {
		return nil, nil, err
	}
	after, err := EffectiveSeqs(records[:to])
	if err != nil {
		return nil, nil, err
	}
	n := 0
	for n < len(before) && n < len(after) && before[n] == after[n] {
		n++
	}
	return after[:n], after[n:], nil
}

// ReplaySitting plays into g, a game at its start, the records of sitting
// from..to (their Seq) as SittingSeqs splits them: those still in effect
// before it, then start(), then each record the sitting added with step()
// after each. Every module's recap reads its views in start and step.
func ReplaySitting(g interface{ Apply(Event) (Record, error) }, records []Record, from, to int, start, step func()) error {
	kept, added, err := SittingSeqs(records, from, to)
	if err != nil {
		return err
	}
	apply := func(seq int) error {
		if _, err := g.Apply(records[seq-1].Event); err != nil {
			return fmt.Errorf("recap: record %d: %w", seq, err)
		}
		return nil
	}
	for _, seq := range kept {
		if err := apply(seq); err != nil {
			return err
		}
	}
	start()
	for _, seq := range added {
		if err := apply(seq); err != nil {
			return err
		}
		step()
	}
	return nil
}
