package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// Keyboard shortcuts the shell binds, the same in every language: they are
// shown on the buttons. A key is typed with no control focused; none fires
// while a dialog is open over the window.
const (
	KeyChoice = 'n' // the prompt card's first choice
	// KeyUndo undoes too, with no control focused (Undo's button shows
	// UndoKeys, which work whatever has the focus).
	KeyUndo = 'u'
	// NoKey, given by FirstKey, leaves the first choice without a key and
	// not the main one: a question whose answer is a fact of the table.
	NoKey = rune(-1)
)

// Undo's and Redo's shortcuts work whatever control has the focus, but a
// text field, where Ctrl+Z is the field's own. Their buttons show them.
var (
	ShortcutUndo fyne.Shortcut = &fyne.ShortcutUndo{}
	ShortcutRedo fyne.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift}
)

// The keys of ShortcutUndo and ShortcutRedo, as their buttons show them.
const (
	UndoKeys = "Ctrl+Z"
	RedoKeys = "Ctrl+Shift+Z"
)

// Keys are the shortcut keys of what is on screen now.
type Keys map[rune]func()

// WithKey labels a button with its shortcut.
func WithKey(label string, key rune) string {
	return WithKeys(label, string(unicode.ToUpper(key)))
}

// WithKeys labels a button with the keys of its shortcut ("Ctrl+Z").
func WithKeys(label, keys string) string {
	return label + "  [" + keys + "]"
}

// Button is a prompt-card button, bound to key (0 for none); its label
// wraps rather than widening the window. A key bound already (to another
// button, or to Undo) stays with it: the button then shows no key, so
// that no two buttons show one key and the key shown is the key that
// works. The key presses the button: a disabled one does nothing.
func (k Keys) Button(label string, key rune, important bool, tap func()) *WrapButton {
	key = k.free(key)
	b := NewWrapButton(label, tap)
	if key != 0 {
		b.Text = WithKey(label, key)
		k[key] = func() { press(&b.Button) }
	}
	if important {
		b.Importance = widget.HighImportance
	}
	return b
}

// free is key when no button has it yet, else 0.
func (k Keys) free(key rune) rune {
	if _, taken := k[key]; taken {
		return 0
	}
	return key
}

// press taps b as the pointer would: a disabled button does nothing.
func press(b *widget.Button) {
	if !b.Disabled() && b.OnTapped != nil {
		b.OnTapped()
	}
}

// Typed runs the shortcut for a key typed with no text field focused.
func (k Keys) Typed(r rune) {
	if f, ok := k[unicode.ToLower(r)]; ok {
		f()
	}
}

// PromptParts are what a game adds to the prompt card: the shell draws the
// prompts' text and their choices, the game what its prompts ask to type in.
type PromptParts struct {
	// Input builds what a prompt's Input asks for, binding its shortcuts in
	// keys; nil draws nothing.
	Input func(p engine.Prompt, keys Keys) fyne.CanvasObject
	// After adds something below a prompt's text, or nil.
	After func(p engine.Prompt) fyne.CanvasObject
	// FirstKey is the shortcut of the card's first choice, c of prompt p
	// (KeyChoice when it gives 0 or is nil).
	FirstKey func(p engine.Prompt, c engine.Choice) rune
	// ChoiceKey is the shortcut of another choice, c of prompt p (none
	// when it gives 0 or is nil).
	ChoiceKey func(p engine.Prompt, c engine.Choice) rune
	// Arrange orders the prompts before they are drawn (the step the game
	// says leads comes first, so its choice is the card's main button); nil
	// keeps the game's order.
	Arrange func(ps []engine.Prompt) []engine.Prompt
}

// PlayArea is the part of a game's screen that is the same for every game:
// what happens now (a notice line, then the prompt card) above the log with
// Undo. It applies events through the session and says why one was refused.
type PlayArea struct {
	sess    *Session
	tr      *translations.Translator
	win     fyne.Window
	parts   PromptParts
	changed func()

	keys  Keys
	drawn string // what the prompt card shows now (promptKey), so an unchanged card keeps what was typed
	// The card as built: its shape (promptShape); plain when nothing in it
	// was built from the state (no input, nothing after a prompt), so that
	// prompts of the same shape only change its texts and events in place.
	shape       string
	plain       bool
	cardLabels  []*widget.Label
	cardButtons [][]*WrapButton
	cardKeys    [][]rune
	cardEvents  [][]engine.Event
	notice      *widget.Label
	prompt      *fyne.Container
	log         *widget.List
	seqWidth    float32           // the log's step-number column, as wide as the newest step's number
	lines       []engine.LogEntry // the log, oldest first; the list shows it newest first
	// What lines was read up to: the effective count and the seq of the last
	// effective record then (see follow).
	linesEff, linesSeq int
	linesRead          bool
	undo, redo         *WrapButton
	title              fyne.CanvasObject // the prompt region's heading
	card               *container.Scroll // the prompt region's scroll
	// Content is the prompt region above the log (promptOverLog).
	Content *fyne.Container
}

// NewPlayArea builds the prompt card and the log of s's game. changed is
// called after every event tried (applied or refused); it redraws the game's
// screen, this area included (Refresh).
func NewPlayArea(s *Session, tr *translations.Translator, w fyne.Window, parts PromptParts, changed func()) *PlayArea {
	a := &PlayArea{sess: s, tr: tr, win: w, parts: parts, changed: changed, keys: Keys{}}
	a.prompt = container.NewVBox()
	a.notice = widget.NewLabel("")
	a.notice.Wrapping = fyne.TextWrapWord
	a.notice.Hide()
	a.title = Heading(tr.T("ui.prompt.title", nil))
	promptRegion := container.NewVBox(a.title, a.notice, a.prompt)

	a.log = widget.NewList(
		func() int { return len(a.lines) },
		func() fyne.CanvasObject { return newLogRow(&a.seqWidth) },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			e := a.entry(i)
			row := o.(*fyne.Container)
			seq := strconv.Itoa(a.number(e))
			if i > 0 && a.entry(i-1).Seq == e.Seq {
				seq = "" // a step's lines show its number once, on the first of them
			}
			row.Objects[0].(*widget.Label).SetText(seq)
			row.Objects[1].(*widget.Label).SetText(a.byline(tr.T(e.ID, e.Args), e.Seq))
			if row.Objects[0].Size().Width != a.seqWidth { // step 10, 100…: a wider column
				row.Layout.Layout(row.Objects, row.Size())
			}
			a.log.SetItemHeight(i, row.MinSize().Height)
		},
	)
	// Tapping a step offers to go back to just after it. The list must not
	// keep the keyboard from the shortcuts.
	a.log.OnSelected = func(i widget.ListItemID) {
		a.log.UnselectAll()
		w.Canvas().Unfocus()
		if i > 0 && i < len(a.lines) {
			a.confirmRewind(a.entry(i))
		}
	}
	// Undo and Redo side by side, their labels wrapping in a narrow column.
	a.undo = NewWrapButton(WithKeys(tr.T("ui.undo", nil), UndoKeys), a.doUndo)
	a.redo = NewWrapButton(WithKeys(tr.T("ui.redo", nil), RedoKeys), a.doRedo)
	header := &logHeader{buttons: []*WrapButton{a.undo, a.redo}}
	logRegion := container.NewBorder(
		container.NewVBox(widget.NewSeparator(), withGutter(container.New(header, Heading(tr.T("ui.log.title", nil)), a.undo, a.redo))),
		nil, nil, nil, RewrapOnResize(a.log))

	a.card = VScroll(promptRegion)
	a.Content = container.New(promptOverLog{promptRegion}, a.card, logRegion)
	header.relayout = func() { logRegion.Refresh(); a.Content.Refresh() }
	c := w.Canvas()
	c.SetOnTypedRune(a.Typed)
	c.AddShortcut(ShortcutUndo, func(fyne.Shortcut) { a.shortcut(&a.undo.Button) })
	c.AddShortcut(ShortcutRedo, func(fyne.Shortcut) { a.shortcut(&a.redo.Button) })
	// Every event tried, here or through a game's own panel, applied or
	// not, clears what the notice said about the one before.
	s.onTry = a.clearNotice
	// A step a seat took from its device redraws the screen as a tap does.
	s.onSeat = a.Refresh
	if changed != nil {
		s.onSeat = changed
	}
	return a
}

// byline is a log line with, for a step a seat took from its device, the
// seat's name after it.
func (a *PlayArea) byline(text string, seq int) string {
	if name := a.sess.Author(seq); name != "" {
		return a.tr.T("ui.log.by_seat", map[string]any{"Text": text, "Name": name})
	}
	return text
}

// covered says a dialog is open over the window: the shortcuts wait.
func (a *PlayArea) covered() bool { return a.win.Canvas().Overlays().Top() != nil }

// shortcut presses Undo or Redo for its shortcut.
func (a *PlayArea) shortcut(b *widget.Button) {
	if !a.covered() {
		press(b)
	}
}

// Refresh redraws the prompt card, the log and Undo from the game.
func (a *PlayArea) Refresh() {
	g := a.sess.game
	ps := g.Prompts()
	if a.parts.Arrange != nil {
		ps = a.parts.Arrange(ps)
	}
	// The card is rebuilt only when what it shows changed: after a refused
	// event, or a step that leaves the same prompts, it stays as it is,
	// with what was typed in (and Fyne keeps no renderers of a card thrown
	// away on every tap).
	if shape, key := promptKey(ps, len(g.Records())); key != a.drawn {
		a.drawn = key
		// A new step is read from the top: what it asks first is there.
		a.card.ScrollToTop()
		if a.plain && shape == a.shape {
			a.updateCard(ps) // a new turn's numbers, say: the same widgets
		} else {
			a.shape = shape
			a.keys = Keys{KeyUndo: func() { press(&a.undo.Button) }}
			a.prompt.RemoveAll()
			a.promptCard(ps)
		}
	}
	// The card, or the notice above it, may have changed height: share the
	// column again (nothing moves when they did not).
	a.Content.Layout.Layout(a.Content.Objects, a.Content.Size())

	a.follow(g)
	if len(a.lines) > 0 {
		a.seqWidth = seqColumnWidth(a.number(a.lines[len(a.lines)-1]))
	}
	a.log.Refresh()
	// The engine says what may apply now: a choice it would refuse (after
	// the game's end, only Undo applies) is disabled, not refused on tap.
	for i, events := range a.cardEvents {
		for j, e := range events {
			SetEnabled(&a.cardButtons[i][j].Button, g.Check(e) == nil)
		}
	}
	SetEnabled(&a.undo.Button, g.Allowed((&engine.Undo{}).Type()) == nil)
	SetEnabled(&a.redo.Button, g.Allowed((&engine.Redo{}).Type()) == nil)
}

// SetEnabled enables or disables b, redrawing it only when that changes.
func SetEnabled(b *widget.Button, on bool) {
	switch {
	case on && b.Disabled():
		b.Enable()
	case !on && !b.Disabled():
		b.Disable()
	}
}

// promptKey identifies a prompt card. shape is what makes its widgets:
// the prompts, their styles, inputs and rulings, and which choices they
// offer. key adds what they say: their arguments, the very events the
// choices apply (one may carry a seeded roll) and, when a prompt asks to
// type something in (a form built from the state), the number of records
// it was drawn after.
func promptKey(ps []engine.Prompt, records int) (shape, key string) {
	var sh, k strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&sh, "|%s %s %s %s", p.ID, p.Style, p.Input, p.Ruling)
		fmt.Fprintf(&k, "|%v", p.Args)
		if p.Input != "" {
			fmt.Fprintf(&k, " after %d", records)
		}
		for _, c := range p.Choices {
			fmt.Fprintf(&sh, ";%s", c.ID)
			ev, err := engine.Encode(c.Event)
			if err != nil {
				fmt.Fprintf(&k, " after %d", records) // cannot tell: draw it again
			}
			fmt.Fprintf(&k, ";%v %s", c.Args, ev)
		}
	}
	return sh.String(), sh.String() + "#" + k.String()
}

// promptText is a prompt's text as the card shows it.
func (a *PlayArea) promptText(p engine.Prompt) string {
	t := a.tr.T(p.ID, p.Args)
	if p.Style == engine.StyleStep {
		t = "• " + t // the checklist reads as a list
	}
	return t
}

// choiceText is a choice's button text, with its shortcut if it has one.
func (a *PlayArea) choiceText(c engine.Choice, key rune) string {
	if key != 0 {
		return WithKey(a.tr.T(c.ID, c.Args), key)
	}
	return a.tr.T(c.ID, c.Args)
}

// updateCard brings a plain card of the same shape up to date in place:
// its texts, and the events its buttons and shortcuts apply.
func (a *PlayArea) updateCard(ps []engine.Prompt) {
	for i, p := range ps {
		if t := a.promptText(p); a.cardLabels[i].Text != t {
			a.cardLabels[i].SetText(t)
		}
		for j, c := range p.Choices {
			if t := a.choiceText(c, a.cardKeys[i][j]); a.cardButtons[i][j].Text != t {
				a.cardButtons[i][j].SetText(t)
			}
			a.cardEvents[i][j] = c.Event
		}
	}
}

// promptCard fills the prompt region: the prompts as text, their choices as
// buttons, and what the game's prompts ask to type in.
func (a *PlayArea) promptCard(ps []engine.Prompt) {
	first := true
	a.plain = true
	a.cardLabels, a.cardButtons, a.cardKeys, a.cardEvents = nil, nil, nil, nil
	for i, p := range ps {
		l := Wrapped(a.promptText(p), widget.MediumImportance)
		if p.Style == engine.StyleHint {
			l.Importance = widget.WarningImportance
		}
		a.prompt.Add(l)
		a.cardLabels = append(a.cardLabels, l)
		a.cardButtons, a.cardKeys = append(a.cardButtons, nil), append(a.cardKeys, nil)
		a.cardEvents = append(a.cardEvents, nil)
		if o := a.why(p); o != nil {
			a.prompt.Add(o)
		}
		if a.parts.After != nil {
			if o := a.parts.After(p); o != nil {
				a.prompt.Add(o)
				a.plain = false
			}
		}
		for j, c := range p.Choices {
			key, main := a.choiceKey(p, c, first)
			first = false
			// The main choice stands out; the others are there to read. The
			// event is looked up when tapped: updateCard may change it.
			a.cardEvents[i] = append(a.cardEvents[i], c.Event)
			b := a.keys.Button(a.tr.T(c.ID, c.Args), key, main, func() { a.choose(a.cardEvents[i][j], a.tr.T(c.ID, c.Args)) })
			a.cardButtons[i], a.cardKeys[i] = append(a.cardButtons[i], b), append(a.cardKeys[i], key)
			a.prompt.Add(b)
		}
		if a.promptInput(p) {
			first = false // the input took the main key: it leads
		}
	}
}

// choiceKey is the shortcut of choice c of prompt p, and whether it is
// the card's main choice: the first choice takes the main key unless the
// game's FirstKey says otherwise; the others what ChoiceKey gives them. A
// key an input took stays with it.
func (a *PlayArea) choiceKey(p engine.Prompt, c engine.Choice, first bool) (rune, bool) {
	if !first {
		if a.parts.ChoiceKey == nil {
			return 0, false
		}
		return a.keys.free(a.parts.ChoiceKey(p, c)), false
	}
	key, main := KeyChoice, true
	if a.parts.FirstKey != nil {
		if k := a.parts.FirstKey(p, c); k == NoKey {
			key, main = 0, false
		} else if k != 0 {
			key = k
		}
	}
	return a.keys.free(key), main
}

// promptInput adds what prompt p asks to type in, as the game builds it;
// it says whether the input took the main key.
func (a *PlayArea) promptInput(p engine.Prompt) bool {
	if p.Input == "" || a.parts.Input == nil {
		return false
	}
	a.plain = false
	if o := a.parts.Input(p, a.keys); o != nil {
		a.prompt.Add(o)
	}
	_, bound := a.keys[KeyChoice]
	return bound
}

// Prompt is the prompt card's box: the prompts' texts and buttons.
func (a *PlayArea) Prompt() *fyne.Container { return a.prompt }

// Title is the prompt region's heading ("What happens now"): a screen that
// shows the region under a tab of that name hides it.
func (a *PlayArea) Title() fyne.CanvasObject { return a.title }

// Entries are the log's lines, newest first.
func (a *PlayArea) Entries() []engine.LogEntry {
	out := slices.Clone(a.lines)
	slices.Reverse(out)
	return out
}

// entry is the log's line i, counted from the newest.
func (a *PlayArea) entry(i int) engine.LogEntry { return a.lines[len(a.lines)-1-i] }

// follow brings the log's lines up to date. A step adds its record's lines
// to what was read before; only when what was read is no longer the start
// of the game (after an undo or a jump back) is the whole log read again. A
// long game's log is not copied on every tap.
func (a *PlayArea) follow(g engine.Play) {
	records := g.Records()
	if a.linesRead && (a.linesSeq == 0 && a.linesEff == 0 || g.Position(a.linesSeq) == a.linesEff) {
		for _, r := range records[a.linesSeq:] {
			if g.Position(r.Seq) == 0 {
				continue // undone, or an undo or a jump back itself
			}
			for _, m := range g.Logged(r.Seq) {
				a.lines = append(a.lines, engine.LogEntry{Seq: r.Seq, Message: m})
			}
		}
	} else {
		a.lines = g.Log()
	}
	a.linesRead, a.linesEff, a.linesSeq = true, g.Effective(), 0
	for i := len(records) - 1; i >= 0 && a.linesEff > 0; i-- {
		if g.Position(records[i].Seq) == a.linesEff {
			a.linesSeq = records[i].Seq
			break
		}
	}
}

// Typed runs the shortcut for a key typed with no text field focused,
// unless a dialog is open over the window.
func (a *PlayArea) Typed(r rune) {
	if !a.covered() {
		a.keys.Typed(r)
	}
}

// Do applies and saves one event. A refused or unsaved event leaves the game
// as it was and says why.
func (a *PlayArea) Do(e engine.Event) {
	if err := a.sess.Apply(e); err != nil {
		a.notice.Importance = widget.DangerImportance
		a.SetNotice(ErrorText(a.tr, err))
	}
	a.changed()
}

// clearNotice forgets what the notice said: an event was tried.
func (a *PlayArea) clearNotice() {
	if a.notice.Text != "" {
		a.SetNotice("")
	}
}

// inform shows a notice that is not a refusal (what Undo took back).
func (a *PlayArea) inform(text string) {
	a.notice.Importance = widget.MediumImportance
	a.SetNotice(text)
}

// Notice is the refusal (or what Undo took back) on screen, or "".
func (a *PlayArea) Notice() string { return a.notice.Text }

// SetNotice shows a refusal; empty, it takes no room.
func (a *PlayArea) SetNotice(text string) {
	a.notice.SetText(text)
	if text == "" {
		a.notice.Hide()
	} else {
		a.notice.Show()
	}
	// The prompt region's height follows what it holds: a notice shown
	// after the screen was redrawn (what Undo took back) needs room too.
	a.Content.Layout.Layout(a.Content.Objects, a.Content.Size())
}

// confirmRewind asks before going back to just after a step of the log;
// Undo brings everything after it back.
func (a *PlayArea) confirmRewind(e engine.LogEntry) {
	step := a.tr.T(e.ID, e.Args)
	dialog.ShowConfirm(a.tr.T("ui.history.title", nil), a.tr.T("ui.history.confirm", map[string]any{"Step": step}), func(ok bool) {
		if ok {
			a.RewindTo(e)
		}
	}, a.win)
}

// RewindTo goes back to just after a step of the log (the setup: Seq 0).
func (a *PlayArea) RewindTo(e engine.LogEntry) {
	to := 0
	if e.Seq > 0 {
		to = a.sess.game.Position(e.Seq)
	}
	a.Do(&engine.Rewind{To: to})
	if a.notice.Text == "" {
		a.inform(a.tr.T("ui.history.done", map[string]any{"Step": a.tr.T(e.ID, e.Args)}))
	}
}

// doUndo takes back the last step and says which (the engine says what it
// takes back).
func (a *PlayArea) doUndo() {
	r, ok := a.sess.game.Undoes()
	a.historyStep(&engine.Undo{}, r, ok, "ui.notice.undone", "ui.notice.rewind_undone")
}

// doRedo gives back what the last undo took back, and says what.
func (a *PlayArea) doRedo() {
	r, ok := a.sess.game.Redoes()
	a.historyStep(&engine.Redo{}, r, ok, "ui.notice.redone", "ui.notice.rewind_redone")
}

// historyStep applies an undo or a redo of record r, then says what it
// did: r's step (stepID), or for a jump back in the log rewindID.
func (a *PlayArea) historyStep(e engine.Event, r engine.Record, ok bool, stepID, rewindID string) {
	// What a step did is known while it counts: before an undo, after a
	// redo (a game loaded again has not replayed what was undone).
	say := func() string {
		if !ok {
			return ""
		}
		if _, rewind := r.Event.(*engine.Rewind); rewind {
			return a.tr.T(rewindID, nil)
		}
		if msgs := a.sess.game.Logged(r.Seq); len(msgs) > 0 {
			last := msgs[len(msgs)-1]
			return a.tr.T(stepID, map[string]any{"Step": a.tr.T(last.ID, last.Args)})
		}
		return ""
	}
	text := say()
	a.Do(e)
	if a.notice.Text == "" {
		if text == "" {
			text = say()
		}
		if text != "" {
			a.inform(text)
		}
	}
}

// logHeader puts the log's heading beside Undo and Redo while the column
// leaves each button room for its longest word; narrower, the heading gives
// way; narrower still, the buttons stand one above the other. No word of
// theirs is ever broken ("[Ctrl+Shift+Z]").
type logHeader struct {
	buttons  []*WrapButton
	stacked  bool
	relayout func() // the column lays itself out again when the header's height changes
}

func (l *logHeader) wordRoom() float32 {
	var widest float32
	for _, b := range l.buttons {
		for _, w := range strings.Fields(b.Text) {
			widest = max(widest, fyne.MeasureText(w, theme.TextSize(), fyne.TextStyle{Bold: true}).Width)
		}
	}
	return widest + 2*theme.InnerPadding() + 2*theme.Padding()
}

// objs: the heading, then the buttons.
func (l *logHeader) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h, tallest float32
	for _, b := range objs[1:] {
		m := b.MinSize()
		w, h, tallest = max(w, m.Width), h+m.Height+theme.Padding(), max(tallest, m.Height)
	}
	if l.stacked {
		return fyne.NewSize(w, h-theme.Padding())
	}
	return fyne.NewSize(w, max(objs[0].MinSize().Height, tallest))
}

func (l *logHeader) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	heading, buttons := objs[0], objs[1:]
	n := float32(len(buttons))
	room := heading.MinSize().Width + theme.Padding()
	need := n * l.wordRoom()
	stacked := size.Width < need
	if size.Width-room < need {
		heading.Hide()
		room = 0
	} else {
		heading.Show()
		heading.Resize(fyne.NewSize(heading.MinSize().Width, size.Height))
		heading.Move(fyne.NewPos(0, 0))
	}
	if stacked {
		y := float32(0)
		for _, b := range buttons {
			h := b.MinSize().Height
			b.Resize(fyne.NewSize(size.Width, h))
			b.Move(fyne.NewPos(0, y))
			y += h + theme.Padding()
		}
	} else {
		w := (size.Width - room - (n-1)*theme.Padding()) / n
		for i, b := range buttons {
			b.Resize(fyne.NewSize(w, size.Height))
			b.Move(fyne.NewPos(room+float32(i)*(w+theme.Padding()), 0))
		}
	}
	if stacked != l.stacked {
		l.stacked = stacked
		if l.relayout != nil {
			l.relayout()
		}
	}
}

// promptOverLog stacks the prompt region (scrolling) over the log: the
// prompt gets the height its card needs, up to promptShare of the column,
// and the log all the rest, so a short card leaves the log room for many
// lines and a long one still leaves it a few.
type promptOverLog struct {
	region *fyne.Container // the prompt region inside the scroll
}

// promptShare is the most of the column the prompt region takes, but for
// its main button: a card whose main button ends lower (Initiative's tied
// rollers in Spanish, in the narrow card of a 1280×800 screen) takes as far
// as that button, up to mainShare, so the step that matters is whole in
// sight and the log keeps the rest.
const promptShare, mainShare = 0.7, 0.85

func (l promptOverLog) MinSize(objs []fyne.CanvasObject) fyne.Size {
	top, bottom := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(top.Width, bottom.Width), top.Height+theme.Padding()+bottom.Height)
}

func (l promptOverLog) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	// The card's lines wrap to the width they are given (a notice just
	// shown has none yet), so its height is read after laying it out at
	// the width VScroll leaves it.
	l.region.Layout.Layout(l.region.Objects, fyne.NewSize(vscrollContentWidth(size.Width), l.region.MinSize().Height))
	need := l.region.MinSize().Height
	top := min(need, size.Height*promptShare)
	if end := mainButtonEnd(l.region, fyne.Position{}); end+pad > top {
		top = min(end+pad, need, size.Height*mainShare)
	}
	top = max(top, objs[0].MinSize().Height)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, top))
	objs[1].Move(fyne.NewPos(0, top+pad))
	objs[1].Resize(fyne.NewSize(size.Width, max(size.Height-top-pad, 0)))
}

// mainButtonEnd is where, below the top of o (at at), the first shown
// button of high importance inside it ends: the card's main button; 0
// without one.
func mainButtonEnd(o fyne.CanvasObject, at fyne.Position) float32 {
	if !o.Visible() {
		return 0
	}
	at = at.Add(o.Position())
	var b *widget.Button
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			if end := mainButtonEnd(c, at); end > 0 {
				return end
			}
		}
		return 0
	case *widget.Button:
		b = x
	case interface{ AsButton() *widget.Button }:
		b = x.AsButton()
	default:
		return 0
	}
	if b.Importance != widget.HighImportance {
		return 0
	}
	return at.Y + o.Size().Height
}

// newLogRow is a line of the log: the step's number, right-aligned in a
// column as wide as the newest one's, then what happened, wrapped. The
// number is a text of its own, so the words of a line that comes back
// ("Rolled 1D6: 4.") are drawn again from Fyne's text cache.
func newLogRow(seqWidth *float32) fyne.CanvasObject {
	seq := widget.NewLabel("")
	seq.Alignment = fyne.TextAlignTrailing
	text := widget.NewLabel("")
	text.Wrapping = fyne.TextWrapWord
	return container.New(logRowLayout{seqWidth}, seq, text)
}

// seqColumnWidth fits the step numbers up to newest.
func seqColumnWidth(newest int) float32 {
	digits := strings.Repeat("0", len(strconv.Itoa(max(newest, 0))))
	return fyne.MeasureText(digits, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
}

type logRowLayout struct{ seqWidth *float32 }

func (l logRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := min(*l.seqWidth, size.Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(w, objs[0].MinSize().Height))
	objs[1].Move(fyne.NewPos(w, 0))
	objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
}

func (l logRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	seq, text := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(*l.seqWidth+text.Width, max(seq.Height, text.Height))
}
