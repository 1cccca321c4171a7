package ui

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui/share"
)

// seatLaptop is the laptop's side of the seats (share.Laptop): a seat's
// intent is applied on the window's thread, through the session's Apply
// as a tap is, so the game's gates decide alike for both.
type seatLaptop struct{ u *UI }

// seatAnswerWait bounds how long a seat's intent waits for the window's
// thread; the phone is told "waiting" after the server's own bound, and
// learns later from GET /intent/{id} whether the step was saved.
const seatAnswerWait = time.Minute

func (l seatLaptop) Apply(in share.Intent) share.Answer {
	ch := make(chan share.Answer, 1)
	fyne.Do(func() { ch <- l.u.applyIntent(in) })
	select {
	case a := <-ch:
		return a
	case <-time.After(seatAnswerWait):
		return share.Answer{Status: share.StatusWaiting}
	}
}

// Saved reads the store, not the game: it answers from any goroutine, and
// after the app restarted.
func (l seatLaptop) Saved(game int64, id string) (int, bool) {
	st, ok := l.u.store.(seatStore)
	if !ok || game == 0 {
		return 0, false
	}
	seq, found, err := st.IntentSeq(game, id)
	return seq, found && err == nil
}

// applyIntent takes a seat's step on the window's thread: the id not saved
// before, the version the phone saw, the seat's own step (SeatMay), then
// the session's Apply with who took it.
func (u *UI) applyIntent(in share.Intent) share.Answer {
	s := u.sess
	if s == nil || s.id != in.Game {
		return share.Answer{Status: share.StatusStale}
	}
	if seq, ok := s.SavedIntent(in.ID); ok {
		return share.Answer{Status: share.StatusDuplicate, Seq: seq, Version: s.Version()}
	}
	if v := s.Version(); v != in.Version {
		return share.Answer{Status: share.StatusStale, Version: v}
	}
	seated, ok := s.game.(engine.Seated)
	if !ok {
		return share.Answer{Status: share.StatusRefused, Err: engine.Refuse("share.intent.no_laptop", nil)}
	}
	if err := seated.SeatMay(in.Seat.ID, in.Event); err != nil {
		return share.Answer{Status: share.StatusRefused, Err: err}
	}
	if err := s.ApplyBy(in.Event, data.Author{Intent: in.ID, SeatID: in.Seat.ID, SeatName: in.Seat.Name}); err != nil {
		return share.Answer{Status: share.StatusRefused, Err: err}
	}
	v := s.Version()
	return share.Answer{Status: share.StatusApplied, Seq: v, Version: v}
}

// seatTable is what the seats of the open game may do and see now, for the
// page: none for a game without seats or one open read-only.
func (u *UI) seatTable() share.Table {
	s := u.sess
	if s == nil {
		return share.Table{}
	}
	t := share.Table{Game: s.id, Version: s.Version(), Events: s.game.Events()}
	seated, ok := s.game.(engine.Seated)
	if !ok {
		return t
	}
	for _, seat := range seated.Seats() {
		sn := share.SeatNow{Seat: seat}
		if s.readOnly == "" {
			sn.Actions = seated.SeatActions(seat.ID)
		}
		if view, err := seated.SeatView(seat.ID); err == nil {
			sn.View = view
		}
		t.Seats = append(t.Seats, sn)
	}
	return t
}
