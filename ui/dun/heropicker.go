package dunui

import (
	"slices"
	"strconv"

	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
)

// heroPicker picks one of the party's heroes, each shown numbered ("2.
// Mirela": two heroes may share a name); the hero action panel, the
// Initiative panel and the card's Initiative roll all use it.
type heroPicker struct {
	*keySelect
	ids []string // the heroes' ids, in the order shown
}

// newHeroPicker offers party's heroes; changed is told the id of each hero
// picked. Set forward on the picker's keySelect where the screen's
// shortcut keys must still work after picking (the card).
func newHeroPicker(party []dun.PartyHero, changed func(id string)) *heroPicker {
	h := &heroPicker{ids: make([]string, len(party))}
	names := make([]string, len(party))
	for i, p := range party {
		names[i], h.ids[i] = heroLabel(i, p), p.ID
	}
	h.keySelect = newKeySelect(names, func(string) {
		if changed != nil {
			changed(h.ID())
		}
	})
	return h
}

// ID is the id of the hero picked, "" for none.
func (h *heroPicker) ID() string {
	if i := h.SelectedIndex(); i >= 0 && i < len(h.ids) {
		return h.ids[i]
	}
	return ""
}

// pick picks hero id (none when the party has no such hero).
func (h *heroPicker) pick(id string) {
	if i := slices.Index(h.ids, id); i >= 0 && i != h.SelectedIndex() {
		h.SetSelectedIndex(i)
	}
}

// pickIndex picks the i-th hero, or the last when there are fewer.
func (h *heroPicker) pickIndex(i int) { h.SetSelectedIndex(min(max(i, 0), len(h.ids)-1)) }

// heroLabel names a party hero in a picker: "2. Mirela" (numbered, as two
// heroes may share a name).
func heroLabel(i int, h dun.PartyHero) string { return strconv.Itoa(i+1) + ". " + h.Name }

// keySelect is a drop-down that, with forward set, once picked from (it
// keeps the focus), still hands the screen's shortcut keys on: N after
// picking the hero rolls. Without forward (in a dialog) it keeps them.
type keySelect struct {
	widget.Select
	forward bool
}

func newKeySelect(options []string, changed func(string)) *keySelect {
	s := &keySelect{}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedRune hands every key to the screen's shortcuts when forward is set.
func (s *keySelect) TypedRune(r rune) {
	if s.forward {
		ui.ForwardRune(s, r)
		return
	}
	s.Select.TypedRune(r)
}
