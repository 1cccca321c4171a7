package dunui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// The players' window opens within the screen the main window fits: never
// larger than the main window, whatever the laptop.
func TestPlayersWindowOpensWithinTheScreen(t *testing.T) {
	for _, main := range []fyne.Size{{Width: 1024, Height: 696}, {Width: 1280, Height: 728}, {Width: 1366, Height: 700}, {Width: 1920, Height: 1040}} {
		u, _ := startQuestGame(t, tomb)
		u.win.Resize(main)
		u.screen().openPlayers(u.tr())
		got := u.screen().players.win.Canvas().Size()
		if got.Width > main.Width || got.Height > main.Height || got.Width > playersSize.Width || got.Height > playersSize.Height {
			t.Errorf("beside a %v main window the players' window is %v", main, got)
		}
		if got.Width < min(main.Width, playersSize.Width)-1 || got.Height < min(main.Height, playersSize.Height)-1 {
			t.Errorf("beside a %v main window the players' window is only %v", main, got)
		}
		u.screen().players.win.Close()
	}
}

// tombWay reveals the Tomb from the stair to the Ash Throne, the way the
// table does it.
var tombWay = []string{"gatehouse", "processional-way", "ember-shrine", "hidden-reliquary", "ossuary", "gallery-of-kings", "antechamber", "ash-throne"}

// The players' map follows the game: it fits the revealed map to the room it
// has while it can at a readable size, and always scrolls the newest section
// into view, framed; every revealed section carries its name in the
// reader's language, never its id. Its texts scroll back to the newest.
func TestPlayersMapFollowsTheNewestSection(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		u, q := startQuestGame(t, tomb)
		u.u.SetLanguage(lang)
		u.win.Resize(fyne.NewSize(1024, 696))
		u.screen().openPlayers(u.tr())
		p := u.screen().players
		check := func(when string) {
			t.Helper()
			s := u.game().State()
			m := p.m
			view, off := m.scroll.Size(), m.scroll.Offset
			visible := func(id string) bool {
				r := m.sections[id]
				pos, size := r.Position(), r.Size()
				return pos.X >= off.X-1 && pos.Y >= off.Y-1 && pos.X+size.Width <= off.X+view.Width+1 && pos.Y+size.Height <= off.Y+view.Height+1
			}
			newest := s.Revealed[len(s.Revealed)-1]
			if !visible(newest) {
				t.Fatalf("%s, %s: the newest section %s lies outside the view (%v at %v in %v from %v)", lang, when, newest,
					m.sections[newest].Size(), m.sections[newest].Position(), view, off)
			}
			if m.sections[newest].StrokeColor != newestFrame {
				t.Fatalf("%s, %s: the newest section is not framed", lang, when)
			}
			minX, minY, maxX, maxY := m.extent(s.Revealed)
			fitsAll := min(view.Width/float32(maxX-minX+2*margin), view.Height/float32(maxY-minY+2*margin)) >= minFitCell
			for _, id := range s.Revealed {
				if fitsAll && !visible(id) {
					t.Fatalf("%s, %s: the map fits the view at %v a square, yet %s lies outside it", lang, when, m.cell, id)
				}
				if name := q.SectionName(id).In(lang); m.names[id] == nil || m.names[id].Text != name {
					t.Fatalf("%s, %s: section %s is not named %q", lang, when, id, name)
				}
				if size := m.names[id].TextSize; size < minNameSize {
					t.Fatalf("%s, %s: section %s's name is %v points, too small to read across the table", lang, when, id, size)
				}
			}
			drawn := uitest.TextsIn(p.win)
			for _, sec := range q.Sections {
				if strings.Contains(drawn, sec.ID) {
					t.Fatalf("%s, %s: the id %s is shown: %q", lang, when, sec.ID, drawn)
				}
			}
			if p.textsScroll.Offset.Y != 0 {
				t.Fatalf("%s, %s: the texts are scrolled to %v, not to the newest", lang, when, p.textsScroll.Offset)
			}
		}
		check("at the start")
		for _, id := range tombWay {
			p.textsScroll.Offset = fyne.NewPos(0, 400) // the players read back
			p.textsScroll.Refresh()
			if id == "hidden-reliquary" {
				u.table().do(&dun.ElementFound{ID: "shrine-secret-door"})
			}
			u.table().do(&dun.SectionRevealed{Section: id})
			for range 5 { // the ADP's steps: a miss, a card discarded, a group paid
				s := u.game().State()
				if len(s.Pending) == 0 {
					break
				}
				switch h := s.Pending[0]; h.Kind {
				case dun.StepRoll:
					u.table().do(&dun.Die{Faces: []dice.Symbol{dice.Power}})
				case dun.StepDraw:
					u.table().do(&dun.Card{Deck: h.Deck, Outcome: dun.Discarded, Points: 1})
				default:
					u.table().do(&dun.Spawn{Cost: 1, Row: 1})
				}
			}
			if u.notice() != "" || len(u.game().State().Pending) > 0 {
				t.Fatalf("%s: %s %+v", id, u.notice(), u.game().State().Pending)
			}
			check("after " + id)
			var want string // the newest text the players may read: an ADP note is not theirs
			for _, entry := range u.game().State().ReadAloud {
				switch sec, h, _ := readAloud(q, entry); {
				case h == nil:
					want = sec.Text.In(lang)
				case h.Style == "red":
					want = h.Text.In(lang)
				}
			}
			if first := uitest.TextOf(p.texts.Objects[1]); !strings.HasPrefix(first, want[:20]) {
				t.Fatalf("%s, after %s: the first text is %q, not the newest", lang, id, first)
			}
		}
		// A small window: the map fits itself to it again, the newest
		// section on smaller squares.
		before := p.m.cell
		p.win.Resize(fyne.NewSize(640, 400))
		if p.m.cell >= before {
			t.Fatalf("%s: a smaller window keeps squares of %v", lang, p.m.cell)
		}
		check("in a smaller window")
		p.win.Close()
	}
}
