package ui

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
)

// Save the story… writes the HTML page where asked and the
// Markdown file beside it, as conductor journal does; a Markdown that
// fails to be written says so and leaves the file that was there.
func TestSaveStoryWritesTheMarkdownBeside(t *testing.T) {
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	broken := func(io.Writer) error { return errors.New("the disk is full") }
	tests := []struct {
		name     string
		md       func(io.Writer) error
		fails    bool
		wantHTML string
		wantMD   string // "" none
	}{
		{"both", write("# story"), false, "<html>story", "# story"},
		{"markdown fails", broken, true, "<html>story", "kept from before"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "Tuesday's Tomb.html")
			md := filepath.Join(dir, "Tuesday's Tomb.md")
			if tc.fails {
				os.WriteFile(md, []byte("kept from before"), 0o644)
			}
			out, err := storage.Writer(storage.NewFileURI(path))
			if err != nil {
				t.Fatal(err)
			}
			if err := saveStoryTo(out, write("<html>story"), tc.md); (err != nil) != tc.fails {
				t.Fatalf("error %v", err)
			}
			for p, want := range map[string]string{path: tc.wantHTML, md: tc.wantMD} {
				b, err := os.ReadFile(p)
				if err != nil || string(b) != want {
					t.Errorf("%s: %q (%v), want %q", filepath.Base(p), b, err, want)
				}
			}
			if files, _ := os.ReadDir(dir); len(files) != 2 {
				t.Errorf("%d files left in the folder, want 2", len(files))
			}
		})
	}
}
