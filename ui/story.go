package ui

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// SaveStoryAs asks where to save a journal (fileName offered) and writes
// its HTML page there, and its Markdown file beside it (the same name
// ending in .md) when the place is a file on disk, as conductor journal
// does. Each file is written through a temporary one beside it and
// renamed when whole, so a failure leaves what was there; fail hears of it.
func SaveStoryAs(w fyne.Window, fileName string, html, md func(io.Writer) error, fail func(error)) {
	d := dialog.NewFileSave(func(out fyne.URIWriteCloser, err error) {
		if err != nil || out == nil {
			return
		}
		if err := saveStoryTo(out, html, md); err != nil {
			fail(err)
		}
	}, w)
	d.SetFileName(fileName)
	d.Show()
	namePlaces(w)
}

// saveStoryTo writes a journal's HTML page to out, and its Markdown file
// beside it when out is a file on disk.
func saveStoryTo(out fyne.URIWriteCloser, html, md func(io.Writer) error) error {
	uri := out.URI()
	if uri.Scheme() != "file" {
		defer out.Close()
		return html(out)
	}
	out.Close() // written whole below, beside it
	path := uri.Path()
	for _, f := range []struct {
		path  string
		write func(io.Writer) error
	}{{path, html}, {strings.TrimSuffix(path, filepath.Ext(path)) + ".md", md}} {
		if err := WriteWhole(f.path, f.write); err != nil {
			return err
		}
	}
	return nil
}

// WriteWhole writes a file through a temporary one beside it, renamed
// when whole: a failure leaves what was there before.
func WriteWhole(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".story-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// StoryWording is what a game's screens implement to word the "Save the
// story…" dialog for their games (what a journal holds differs by game):
// the message ID saying what the saved page holds, and the one of the
// check box for the Conductor's version ("" when the game's journal keeps
// nothing from the players, and there is no such version to choose).
type StoryWording interface {
	StoryWords() (what, conductor string)
}

// storyWords are the words of the "Save the story…" dialog of a game of
// module: its screens' own (StoryWording), else the shell's.
func storyWords(module string) (what, conductor string) {
	if g, ok := gameUI(module); ok {
		if w, ok := g.(StoryWording); ok {
			return w.StoryWords()
		}
	}
	return "journal.save.what", "journal.save.conductor"
}
