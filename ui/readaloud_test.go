package ui

import (
	"errors"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
	"github.com/dunconductor/conductor/ui/speech"
)

// readAloudWindow is a window holding one text with its button and the
// controls, on a session kept in store.
func readAloudWindow(t *testing.T, lang string, store *uitest.MemStore) (*ReadAloud, fyne.Window) {
	t.Helper()
	t.Cleanup(func() { SetSpeaker(&speech.Silent{}) })
	w := test.NewTempApp(t).NewWindow("read aloud")
	w.Resize(fyne.NewSize(1024, 700))
	r := NewReadAloud(translations.New(lang), w, NewSession(store, 1, nil, ""))
	return r, w
}

// The button beside a text reads exactly that text in the game's language;
// Repeat reads it again and Stop stops.
func TestReadAloudButton(t *testing.T) {
	for _, c := range []struct{ lang, text, label string }{
		{"en", "The door opens onto a hall of cold stone.", "Read aloud"},
		{"es", "La puerta se abre a una sala de piedra fría.", "Leer en voz alta"},
	} {
		silent := &speech.Silent{}
		SetSpeaker(silent)
		r, w := readAloudWindow(t, c.lang, uitest.NewMemStore())
		w.SetContent(container.NewVBox(r.With(Wrapped(c.text, widget.MediumImportance), c.lang, c.text), r.Controls()))
		test.Tap(uitest.Button(t, w, c.label))
		want := []speech.Said{{Lang: c.lang, Text: c.text}}
		if got := silent.Said(); !slices.Equal(got, want) {
			t.Fatalf("%s: the button asked for %q, want %q", c.lang, got, want)
		}
		test.Tap(uitest.Button(t, w, translations.New(c.lang).T("ui.speech.repeat", nil)))
		if got := silent.Said(); !slices.Equal(got, append(want, want...)) {
			t.Fatalf("%s: Repeat asked for %q", c.lang, got)
		}
		test.Tap(uitest.Button(t, w, translations.New(c.lang).T("ui.speech.stop", nil)))
		if silent.Stops() != 1 {
			t.Fatalf("%s: Stop stopped %d times", c.lang, silent.Stops())
		}
		StopSpeaking() // the window closing
		if silent.Stops() != 2 {
			t.Fatalf("%s: StopSpeaking stopped %d times in all", c.lang, silent.Stops())
		}
		if w.Canvas().Overlays().Top() != nil {
			t.Fatalf("%s: a dialog opened: %q", c.lang, uitest.VisibleTexts(w))
		}
	}
}

// Without a speech service the button says what to install, in the
// reader's language, and nothing fails; a service that fails says why.
func TestReadAloudWithoutSpeech(t *testing.T) {
	for _, c := range []struct {
		lang string
		err  error
		want string
	}{
		{"en", speech.ErrUnavailable, "No speech service on this computer: install speech-dispatcher or espeak-ng."},
		{"es", speech.ErrUnavailable, "No hay ningún servicio de voz en este ordenador: instala speech-dispatcher o espeak-ng."},
		{"en", errors.New("espeak-ng: exit status 1 (no sound card)"), "The speech service could not read the text: espeak-ng: exit status 1 (no sound card)"},
	} {
		SetSpeaker(&speech.Silent{Err: c.err})
		r, w := readAloudWindow(t, c.lang, uitest.NewMemStore())
		w.SetContent(r.With(Wrapped("Text.", widget.MediumImportance), c.lang, "Text."))
		test.Tap(uitest.Button(t, w, translations.New(c.lang).T("ui.speech.read", nil)))
		if w.Canvas().Overlays().Top() == nil || !uitest.HasText(w, c.want) {
			t.Errorf("%s, %v: the window shows %q, not %q", c.lang, c.err, uitest.VisibleTexts(w), c.want)
		}
	}
	// The failure the service reports later, from its own goroutine.
	SetSpeaker(&speech.Silent{})
	r, w := readAloudWindow(t, "en", uitest.NewMemStore())
	w.SetContent(r.Controls())
	r.Say("en", "Text.")
	speechFailed(errors.New("spd-say: exit status 1"))
	if !uitest.HasText(w, "The speech service could not read the text: spd-say: exit status 1") {
		t.Errorf("a later failure shows %q", uitest.VisibleTexts(w))
	}
	// A text read by itself (the option) that fails says so once, not
	// with every new text.
	r, w = readAloudWindow(t, "en", uitest.NewMemStore())
	w.SetContent(r.Controls())
	r.SetEach(true)
	r.Follow("en", nil, func(int) string { return "" })
	dialogs := func() int { return len(w.Canvas().Overlays().List()) }
	for i, step := range [][]string{{"a"}, {"a", "b"}, {"a", "b", "c"}} {
		r.Follow("en", step, func(int) string { return "Text." })
		speechFailed(errors.New("espeak-ng: exit status 1"))
		if dialogs() != 1 {
			t.Fatalf("after %d texts read by themselves and failing, %d dialogs", i+1, dialogs())
		}
	}
}

// With the option on, each new text is read once as it comes, never what
// was there already, never again after Undo; several at once are read
// together; a text that is not read aloud ("") is left out.
func TestReadEachNewText(t *testing.T) {
	texts := map[string]string{"a": "Text A.", "b": "Text B.", "c": "Text C.", "note": ""}
	for _, c := range []struct {
		name  string
		each  bool
		steps [][]string
		want  []string
	}{
		{"option off", false, [][]string{{"a"}, {"a", "b"}}, nil},
		{"what is there at first is not read", true, [][]string{{"a", "b"}, {"a", "b"}}, nil},
		{"a new text, once", true, [][]string{{"a"}, {"a", "b"}, {"a", "b"}}, []string{"Text B."}},
		{"two at once", true, [][]string{{}, {"a", "b"}}, []string{"Text A.\n\nText B."}},
		{"a note is not read", true, [][]string{{"a"}, {"a", "note"}, {"a", "note", "c"}}, []string{"Text C."}},
		{"undo reads nothing", true, [][]string{{"a", "b"}, {"a"}}, nil},
		{"another way after a rewind", true, [][]string{{"a", "b"}, {"a", "c"}}, nil},
	} {
		silent := &speech.Silent{}
		SetSpeaker(silent)
		r, _ := readAloudWindow(t, "es", uitest.NewMemStore())
		r.SetEach(c.each)
		for _, step := range c.steps {
			r.Follow("es", step, func(i int) string { return texts[step[i]] })
		}
		var got []string
		for _, s := range silent.Said() {
			if s.Lang != "es" {
				t.Errorf("%s: read in %q", c.name, s.Lang)
			}
			got = append(got, s.Text)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: read %q, want %q", c.name, got, c.want)
		}
	}
}

// The option is a check kept in the store: a new screen on the same store
// has it as it was left.
func TestReadEachIsSaved(t *testing.T) {
	SetSpeaker(&speech.Silent{})
	store := uitest.NewMemStore()
	r, w := readAloudWindow(t, "en", store)
	w.SetContent(r.Controls())
	check := r.EachCheck()
	w.SetContent(check)
	if check.Checked {
		t.Fatal("the option is on before it was chosen")
	}
	test.Tap(check)
	if store.Settings[settingReadEach] != "1" {
		t.Fatalf("the store has %q", store.Settings[settingReadEach])
	}
	again, _ := readAloudWindow(t, "es", store)
	if !again.Each() || !again.EachCheck().Checked {
		t.Fatal("a new screen forgot the option")
	}
	test.Tap(check)
	if store.Settings[settingReadEach] != "0" {
		t.Fatalf("off, the store has %q", store.Settings[settingReadEach])
	}
}
