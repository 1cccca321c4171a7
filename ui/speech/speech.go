// Package speech reads the quest's texts aloud through the computer's own
// speech service: the desktop's speech-dispatcher (spd-say) when it is
// installed, espeak-ng otherwise, and a speaker that only says it cannot
// when neither is; on Windows, Windows' own speech (SAPI) through
// PowerShell's System.Speech (sapi.go); New picks one (new_*.go). Tests
// use Silent, which records what it was asked.
//
// Speaking never blocks the caller: the service runs in the background, and
// a new Speak stops the one before. The text is passed to the service as one
// argument of its command (no shell), on Windows in its environment, cleaned
// and bounded (Clean).
package speech

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"
)

// Speaker reads texts aloud.
type Speaker interface {
	// Speak starts reading text aloud in lang (a language tag: "en",
	// "es"), stopping what was being read; it returns at once. Its error
	// says the text could not even be started (ErrUnavailable: there is no
	// speech service).
	Speak(lang, text string) error
	// Stop stops what is being read.
	Stop() error
}

// ErrUnavailable is Speak's error when the computer has no speech service.
var ErrUnavailable = errors.New("no speech service on this computer: install speech-dispatcher or espeak-ng")

// The services' commands.
const (
	SpdSay = "spd-say"   // speech-dispatcher's client
	ESpeak = "espeak-ng" // the synthesizer alone
)

// MaxText is the most of a text spoken at once, in bytes; a longer one is
// cut at the last word break before it.
const MaxText = 8000

// spdTimeout bounds one spd-say run: it only hands the text to the daemon
// (starting it the first time), so it returns in well under a second.
const spdTimeout = 15 * time.Second

// Available reports whether s can speak at all: false for the speaker New
// picks on a computer with no speech service.
func Available(s Speaker) bool {
	if a, ok := s.(interface{ Available() bool }); ok {
		return a.Available()
	}
	return s != nil
}

// Name names the service behind s: "speech-dispatcher", "espeak-ng",
// "sapi", "none", "silent".
func Name(s Speaker) string {
	if n, ok := s.(interface{ Name() string }); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}

// OnFailure has fail called, on a goroutine of the speaker's, when a text
// that did start could not be read (the service failed: no sound device, a
// daemon that does not start). Speakers that cannot fail that way ignore it.
func OnFailure(s Speaker, fail func(error)) {
	if f, ok := s.(interface{ onFailure(func(error)) }); ok {
		f.onFailure(fail)
	}
}

// Pick is New with the commands looked up by lookPath.
func Pick(lookPath func(string) (string, error)) Speaker {
	var fallback *espeak
	if path, err := lookPath(ESpeak); err == nil {
		fallback = &espeak{path: path}
	}
	if path, err := lookPath(SpdSay); err == nil {
		return &dispatcher{path: path, fallback: fallback}
	}
	if fallback != nil {
		return fallback
	}
	return Unavailable{}
}

// Clean is text as it is spoken: control characters (but line breaks and
// tabs) become spaces, the ends are trimmed, and a text longer than
// MaxText bytes is cut at its last word break before that.
func Clean(text string) string {
	text = strings.ToValidUTF8(text, " ")
	text = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\n' && r != '\t' {
			return ' '
		}
		return r
	}, text)
	text = strings.TrimSpace(text)
	if len(text) <= MaxText {
		return text
	}
	cut := MaxText
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	if i := strings.LastIndexFunc(text[:cut], unicode.IsSpace); i > MaxText/2 {
		cut = i
	}
	return strings.TrimSpace(text[:cut])
}

// voice is espeak-ng's voice for a language tag: espeak-ng names its voices
// by language ("fr", "es", "en" British English), so the tag's own base
// language, whatever it is; English for what is no tag.
func voice(lang string) string {
	tag, err := language.Parse(lang)
	if err != nil {
		return "en"
	}
	base, _ := tag.Base()
	return base.String()
}

// Unavailable is the speaker of a computer with no speech service: Speak
// returns ErrUnavailable, Stop does nothing.
type Unavailable struct{}

func (Unavailable) Speak(string, string) error { return ErrUnavailable }
func (Unavailable) Stop() error                { return nil }
func (Unavailable) Available() bool            { return false }
func (Unavailable) Name() string               { return "none" }

// Said is one text a Silent speaker was asked to read.
type Said struct{ Lang, Text string }

// Silent is a speaker for tests: it records what it was asked to read and
// how often it was stopped, and speaks nothing. Err, when set, is Speak's
// error (ErrUnavailable to play a computer without speech).
type Silent struct {
	Err   error
	mu    sync.Mutex
	said  []Said
	stops int
}

func (s *Silent) Speak(lang, text string) error {
	if s.Err != nil {
		return s.Err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.said = append(s.said, Said{lang, text})
	return nil
}

func (s *Silent) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stops++
	return nil
}

// Said lists what s was asked to read, in order.
func (s *Silent) Said() []Said {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Said(nil), s.said...)
}

// Stops counts the Stops.
func (s *Silent) Stops() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stops
}

func (s *Silent) Available() bool { return !errors.Is(s.Err, ErrUnavailable) }
func (s *Silent) Name() string    { return "silent" }

// dispatcher speaks through speech-dispatcher's spd-say, which hands the
// text to the daemon (started on demand) and returns. Each text is spoken
// after cancelling what the daemon was saying; when spd-say fails, espeak-ng
// (when installed) reads the text instead.
type dispatcher struct {
	path     string
	fallback *espeak // nil without espeak-ng

	mu   sync.Mutex
	gen  uint64 // counts Speaks and Stops: a queued run of an older one is dropped
	fail func(error)
	runs sync.Mutex // spd-say runs one at a time, in order
}

func (d *dispatcher) Available() bool { return true }
func (d *dispatcher) Name() string    { return "speech-dispatcher" }

func (d *dispatcher) onFailure(f func(error)) {
	d.mu.Lock()
	d.fail = f
	d.mu.Unlock()
	if d.fallback != nil {
		d.fallback.onFailure(f)
	}
}

// next starts a new Speak or Stop; current reports whether g is still the
// newest.
func (d *dispatcher) next() uint64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.gen++
	return d.gen
}

func (d *dispatcher) current(g uint64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.gen == g
}

func (d *dispatcher) Speak(lang, text string) error {
	text = Clean(text)
	g := d.next()
	if d.fallback != nil {
		d.fallback.Stop()
	}
	go func() {
		d.runs.Lock()
		defer d.runs.Unlock()
		if !d.current(g) {
			return // a newer Speak or Stop came first
		}
		_ = d.run("-C") // what the daemon was saying
		if text == "" || !d.current(g) {
			return
		}
		err := d.run("-l", lang, "--", text)
		if err == nil || !d.current(g) {
			return
		}
		if d.fallback != nil {
			if ferr := d.fallback.Speak(lang, text); ferr == nil {
				return
			}
		}
		d.mu.Lock()
		fail := d.fail
		d.mu.Unlock()
		if fail != nil {
			fail(err)
		}
	}()
	return nil
}

func (d *dispatcher) Stop() error {
	g := d.next()
	if d.fallback != nil {
		d.fallback.Stop()
	}
	go func() {
		d.runs.Lock()
		defer d.runs.Unlock()
		if d.current(g) {
			_ = d.run("-C")
		}
	}()
	return nil
}

// run runs spd-say with args, bounded in time; its error carries what
// spd-say said.
func (d *dispatcher) run(args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), spdTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, d.path, args...)
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	setProcAttr(cmd)
	if err := cmd.Run(); err != nil {
		return failure(SpdSay, err, out.String())
	}
	return nil
}

// espeak speaks through espeak-ng, which plays the sound itself: stopping
// is ending that process.
type espeak struct {
	path string

	mu   sync.Mutex
	cur  *exec.Cmd // the text being read, or nil
	fail func(error)
}

func (e *espeak) Available() bool { return true }
func (e *espeak) Name() string    { return "espeak-ng" }

func (e *espeak) onFailure(f func(error)) {
	e.mu.Lock()
	e.fail = f
	e.mu.Unlock()
}

func (e *espeak) Speak(lang, text string) error {
	text = Clean(text)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.stopLocked()
	if text == "" {
		return nil
	}
	cmd := exec.Command(e.path, "-v", voice(lang), "--", text)
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	setProcAttr(cmd)
	if err := cmd.Start(); err != nil {
		return failure(ESpeak, err, "")
	}
	e.cur = cmd
	go func() {
		err := cmd.Wait()
		e.mu.Lock()
		stopped := e.cur != cmd // a newer Speak or a Stop ended it
		if !stopped {
			e.cur = nil
		}
		fail := e.fail
		e.mu.Unlock()
		if err != nil && !stopped && fail != nil {
			fail(failure(ESpeak, err, out.String()))
		}
	}()
	return nil
}

func (e *espeak) Stop() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.stopLocked()
	return nil
}

// stopLocked ends the text being read, if any (e.mu held).
func (e *espeak) stopLocked() {
	if e.cur != nil && e.cur.Process != nil {
		_ = e.cur.Process.Kill()
	}
	e.cur = nil
}

// ToWAV reads text in lang into a WAV file at path with espeak-ng, and
// returns once it is written.
func ToWAV(lang, text, path string) error {
	bin, err := exec.LookPath(ESpeak)
	if err != nil {
		return ErrUnavailable
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-v", voice(lang), "-w", path, "--", Clean(text))
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return failure(ESpeak, err, out.String())
	}
	return nil
}

// failure is a service's failure with the last thing it said.
func failure(service string, err error, said string) error {
	lines := strings.Split(strings.TrimSpace(said), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return fmt.Errorf("%s: %w (%s)", service, err, last)
	}
	return fmt.Errorf("%s: %w", service, err)
}

// tail keeps the last 4 KiB written to it: a service's messages.
type tail struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if n := t.buf.Len(); n > 4096 {
		t.buf.Next(n - 4096)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
