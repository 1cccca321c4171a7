package ui

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/speech"
)

// settingReadEach is "1" when each new text is read aloud as it is revealed.
const settingReadEach = "read_each_aloud"

// The app's speaker, made on first use (speech.New: speech-dispatcher,
// espeak-ng, or none), and what it read last (Repeat reads it again).
var (
	speakerMu sync.Mutex
	speaker   speech.Speaker
	lastSaid  *speech.Said
	// failTo is the helper that spoke last: a failure of the speech service
	// is shown in its window. failByItself says that text was read by
	// itself (the option), not asked for.
	failTo       *ReadAloud
	failByItself bool
)

// SetSpeaker replaces the app's speaker (tests use a speech.Silent).
func SetSpeaker(s speech.Speaker) {
	speakerMu.Lock()
	defer speakerMu.Unlock()
	speaker, lastSaid, failTo = s, nil, nil
	speech.OnFailure(s, speechFailed)
}

// theSpeaker is the app's speaker, made on first use. A test binary that
// set none gets a silent one: tests never speak through the computer.
func theSpeaker() speech.Speaker {
	speakerMu.Lock()
	defer speakerMu.Unlock()
	if speaker == nil {
		if testing.Testing() {
			speaker = &speech.Silent{}
		} else {
			speaker = speech.New()
		}
		speech.OnFailure(speaker, speechFailed)
	}
	return speaker
}

// StopSpeaking stops what the app is reading, if anything (for the window's
// close); it makes no speaker when none was made.
func StopSpeaking() {
	speakerMu.Lock()
	s := speaker
	speakerMu.Unlock()
	if s != nil {
		_ = s.Stop()
	}
}

// speechFailed is told, on the speaker's goroutine, that a text could not
// be read: the window that asked says so.
func speechFailed(err error) {
	speakerMu.Lock()
	r, byItself := failTo, failByItself
	speakerMu.Unlock()
	if r != nil {
		fyne.Do(func() { r.failed(err, byItself) })
	}
}

// ReadAloud reads a screen's texts aloud in the game's language: a button
// with each text, Stop and Repeat, and (on the Conductor's screen) the
// option to read each new text as it is revealed, kept in the store.
type ReadAloud struct {
	tr   *translations.Translator
	win  fyne.Window
	sess *Session // the option's store; nil where the option is not offered
	each bool     // the option, as the store had it

	// seen is what Follow was last told; primed once it was told.
	seen   []string
	primed bool
	// shownFailure says a failure of a text read by itself (the option)
	// was shown already: it is not shown again with each new text.
	shownFailure bool
}

// NewReadAloud reads aloud in tr's language, showing problems in win. With
// a session, it offers the option to read each new text (EachCheck).
func NewReadAloud(tr *translations.Translator, win fyne.Window, sess *Session) *ReadAloud {
	r := &ReadAloud{tr: tr, win: win, sess: sess}
	if sess != nil {
		if v, ok, err := sess.store.Setting(settingReadEach); err == nil && ok {
			r.each = v == "1"
		}
	}
	return r
}

// Say reads text aloud in lang, stopping what was being read.
func (r *ReadAloud) Say(lang, text string) { r.say(lang, text, true) }

// say reads text; pressed says the Conductor asked (a button), not the
// option: a problem is then shown each time.
func (r *ReadAloud) say(lang, text string, pressed bool) {
	s := theSpeaker()
	speakerMu.Lock()
	lastSaid, failTo, failByItself = &speech.Said{Lang: lang, Text: text}, r, !pressed
	speakerMu.Unlock()
	if pressed {
		r.shownFailure = false
	}
	if err := s.Speak(lang, text); err != nil {
		r.failed(err, !pressed)
	}
}

// failed shows why nothing is heard: no speech service, or the service's
// own failure. A failure of a text read by itself is shown once.
func (r *ReadAloud) failed(err error, byItself bool) {
	if r.win == nil || (byItself && r.shownFailure) {
		return
	}
	r.shownFailure = true
	msg := r.tr.T("ui.speech.failed", map[string]any{"Detail": err.Error()})
	if errors.Is(err, speech.ErrUnavailable) {
		msg = r.tr.T(speech.UnavailableMessage, nil)
	}
	dialog.ShowInformation(r.tr.T("ui.speech.title", nil), msg, r.win)
}

// Stop stops what is being read.
func (r *ReadAloud) Stop() { _ = theSpeaker().Stop() }

// Repeat reads the last text again; nothing when none was read yet.
func (r *ReadAloud) Repeat() {
	speakerMu.Lock()
	last := lastSaid
	speakerMu.Unlock()
	if last != nil {
		r.Say(last.Lang, last.Text)
	}
}

// Button is the "Read aloud" button of one text, read in lang.
func (r *ReadAloud) Button(lang, text string) *ReadButton {
	b := &ReadButton{Lang: lang, Said: text}
	b.Text, b.Icon = r.tr.T("ui.speech.read", nil), theme.VolumeUpIcon()
	b.Importance = widget.LowImportance
	b.OnTapped = func() { r.Say(b.Lang, b.Said) }
	b.ExtendBaseWidget(b)
	return b
}

// Set makes b read text in lang, its label in the app's language: a row
// updated in place reads what it shows now.
func (b *ReadButton) Set(r *ReadAloud, lang, text string) {
	b.Lang, b.Said = lang, text
	if label := r.tr.T("ui.speech.read", nil); b.Text != label {
		b.SetText(label)
	}
}

// With is a text drawn by shown, with its "Read aloud" button at its
// trailing edge, below it: the text keeps its column's whole width.
func (r *ReadAloud) With(shown fyne.CanvasObject, lang, text string) fyne.CanvasObject {
	return container.NewVBox(shown, container.NewHBox(layout.NewSpacer(), r.Button(lang, text)))
}

// Controls are Stop and Repeat, and with a session the option to read
// each new text aloud, on a line of its own that wraps.
func (r *ReadAloud) Controls() fyne.CanvasObject {
	stop := widget.NewButtonWithIcon(r.tr.T("ui.speech.stop", nil), theme.MediaStopIcon(), r.Stop)
	repeat := widget.NewButtonWithIcon(r.tr.T("ui.speech.repeat", nil), theme.MediaReplayIcon(), r.Repeat)
	box := container.NewVBox(container.NewHBox(stop, repeat))
	if r.sess != nil {
		box.Add(r.EachCheck())
	}
	return box
}

// EachCheck is the option "Read each new text aloud", saved in the store.
func (r *ReadAloud) EachCheck() *WrapCheck {
	c := NewWrapCheck(r.tr.T("ui.speech.each", nil), nil)
	c.Checked = r.each
	c.OnChanged = func(on bool) { r.SetEach(on) }
	return c
}

// Each reports whether each new text is read aloud as it comes.
func (r *ReadAloud) Each() bool { return r.each }

// SetEach turns the option on or off and saves it.
func (r *ReadAloud) SetEach(on bool) {
	r.each = on
	if r.sess == nil {
		return
	}
	v := "0"
	if on {
		v = "1"
	}
	_ = r.sess.store.SetSetting(settingReadEach, v) // a preference: kept for this run if not saved
}

// Follow is told, after every step, the texts revealed so far (entries,
// oldest first, each an id), and reads aloud the ones new since it was last
// told, once, when the option is on: text(i) is entry i's text ("" for one
// that is not read aloud). The first call only learns what is there; a
// list that shrank (Undo) reads nothing.
func (r *ReadAloud) Follow(lang string, entries []string, text func(i int) string) {
	before := r.seen
	r.seen = slices.Clone(entries)
	if !r.primed {
		r.primed = true
		return
	}
	if !r.each || len(entries) <= len(before) || !slices.Equal(entries[:len(before)], before) {
		return
	}
	var parts []string
	for i := len(before); i < len(entries); i++ {
		if t := strings.TrimSpace(text(i)); t != "" {
			parts = append(parts, t)
		}
	}
	if len(parts) > 0 {
		r.say(lang, strings.Join(parts, "\n\n"), false)
	}
}

// ReadButton is a text's "Read aloud" button: Said is what it reads, in
// Lang.
type ReadButton struct {
	widget.Button
	Lang, Said string
}

// AsButton is the button itself, for tests that look buttons up.
func (b *ReadButton) AsButton() *widget.Button { return &b.Button }
