package questedit

import (
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// The draft is written at each pause in the changes, and at the latest
// the drafts' delay after the first change waiting, however fast they come.
func TestDraftWaitsForAPause(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC)
	delay := 1500 * time.Millisecond
	for _, c := range []struct {
		name  string
		since time.Duration // the change now, after the first one waiting
		want  time.Duration
	}{
		{"a first change: written at the next pause", 0, draftPause},
		{"typing on: the pause starts again", 900 * time.Millisecond, draftPause},
		{"typing on near the delay: written when it ends", 1300 * time.Millisecond, 200 * time.Millisecond},
		{"typing past the delay: written at once", 2 * time.Second, 0},
	} {
		if got := draftWait(t0, t0.Add(c.since), delay); got != c.want {
			t.Errorf("%s: written %v after the change, want %v", c.name, got, c.want)
		}
	}
	if draftPause > 500*time.Millisecond {
		t.Errorf("a pause of %v: a kill loses more than half a second of typing", draftPause)
	}
}

// slowDrafts is a draft keeping with a delay of its own (1.5 s, as New
// game's), noting when the draft is handed on.
type slowDrafts struct {
	mu   sync.Mutex
	sets []time.Time
}

func (d *slowDrafts) Set([]byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sets = append(d.sets, time.Now())
}
func (d *slowDrafts) Flush() error         { return nil }
func (d *slowDrafts) Clear() error         { return nil }
func (d *slowDrafts) Stop()                {}
func (d *slowDrafts) Delay() time.Duration { return 1500 * time.Millisecond }
func (d *slowDrafts) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.sets)
}

// Typed, then a pause of 0.6 s: the draft holds it already, though the
// drafts' delay is 1.5 s (a kill then loses nothing).
func TestDraftWrittenAtAPauseInTyping(t *testing.T) {
	a := test.NewTempApp(t)
	ed := Show(a, nil, translations.New("en"), Options{})
	d := &slowDrafts{}
	ed.KeepDrafts(d, false)
	var typedAt time.Time
	for _, title := range []string{"T", "Th", "The", "The Vault"} {
		if err := ed.Doc().SetQuestInfo(quest.Text{"en": title}, nil, nil, nil); err != nil {
			t.Fatal(err)
		}
		ed.Refresh()
		typedAt = time.Now()
	}
	time.Sleep(600 * time.Millisecond)
	if d.count() == 0 {
		t.Fatalf("0.6 s after the typing stopped, no draft (the drafts' delay is %v)", d.Delay())
	}
	if took := d.sets[0].Sub(typedAt); took > 500*time.Millisecond {
		t.Errorf("the draft came %v after the typing", took)
	}
}
