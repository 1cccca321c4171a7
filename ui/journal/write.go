package journal

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// Journal is a game's story, every sitting recapped, in one language: the
// players' version (nothing the players have not seen) unless Conductor.
type Journal struct {
	Lang      string
	Title     string
	Version   string // says whose version it is
	Conductor bool
	Chapters  []Chapter
	MapTitle  string
	Map       template.HTML     // the revealed map as SVG (RegisterMap), or ""
	Pictures  map[string]string // a public file's name → its data: URI
	Made      string
	Empty     string // said when there is no sitting
	Only      string // the mark of a Conductor's line
}

// Chapter is one sitting: its number, when, and its recap.
type Chapter struct {
	Heading string
	Lines   []Line
}

// Build tells game g's story (as loaded, with every record) in tr's
// language: times are when its records were taken (data.Store.EventTimes),
// name is the save's name.
func Build(tr *translations.Translator, name string, g engine.Play, times []time.Time, conductor bool, made time.Time) (Journal, error) {
	j := Journal{
		Lang: tr.Lang, Title: tr.T("journal.title", map[string]any{"Name": name}), Conductor: conductor,
		Version: tr.T("journal.players", nil), MapTitle: tr.T("journal.map", nil), Pictures: map[string]string{},
		Made:  tr.T("journal.made", map[string]any{"Date": made.Local().Format("2006-01-02 15:04")}),
		Empty: tr.T("journal.no_sittings", nil), Only: tr.T("recap.card.conductor", nil),
	}
	if conductor {
		j.Version = tr.T("journal.conductor", nil)
	}
	records := g.Records()
	if len(times) > len(records) {
		times = times[:len(records)]
	}
	for i, s := range engine.Sittings(times) {
		story, err := Recap(g, s, conductor)
		if err != nil {
			return Journal{}, err
		}
		lines := Render(tr, story)
		if !conductor {
			lines = playersOnly(lines)
		}
		j.Chapters = append(j.Chapters, Chapter{
			Heading: tr.T("journal.sitting", map[string]any{"Number": i + 1, "When": When(tr, s)}),
			Lines:   lines,
		})
	}
	files, _ := g.(engine.PublicFiles)
	picture := func(name string) string {
		if files == nil {
			return ""
		}
		if uri, ok := j.Pictures[name]; ok {
			return uri
		}
		data, ctype, ok := files.PublicFile(name)
		if !ok {
			return ""
		}
		j.Pictures[name] = dataURI(data, ctype)
		return j.Pictures[name]
	}
	for _, c := range j.Chapters {
		for _, l := range c.Lines {
			if l.Image != "" {
				picture(l.Image)
			}
		}
	}
	if p, ok := g.(engine.Public); ok {
		if draw, ok := maps.Load(g.Module()); ok {
			if view, err := p.PublicJSON(); err == nil {
				j.Map = template.HTML(draw.(MapDrawer)(view, picture))
			}
		}
	}
	return j, nil
}

// playersOnly are lines without the Conductor's.
func playersOnly(lines []Line) []Line {
	out := lines[:0:0]
	for _, l := range lines {
		if !l.Conductor {
			out = append(out, l)
		}
	}
	return out
}

//go:embed journal.html.tmpl
var pageTemplate string

var page = template.Must(template.New("journal").Funcs(template.FuncMap{
	"uri": func(s string) template.URL { return template.URL(s) },
}).Parse(pageTemplate))

// WriteHTML writes j as one HTML page that needs nothing else: its styles
// inline, its pictures data: URIs, no script; it prints on A4.
func (j Journal) WriteHTML(w io.Writer) error { return page.Execute(w, j) }

// WriteMarkdown writes j as Markdown: a heading per sitting, its lines as
// a list, the texts read aloud quoted, pictures as data: URIs.
func (j Journal) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n_%s_\n\n", mdEscape(j.Title), mdEscape(j.Version))
	if len(j.Chapters) == 0 {
		fmt.Fprintf(&b, "%s\n\n", mdEscape(j.Empty))
	}
	for _, c := range j.Chapters {
		fmt.Fprintf(&b, "## %s\n\n", mdEscape(c.Heading))
		for _, l := range c.Lines {
			mark := ""
			if l.Conductor {
				mark = " **(" + mdEscape(j.Only) + ")**"
			}
			switch l.Kind {
			case engine.StoryHeading:
				fmt.Fprintf(&b, "### %s%s\n\n", mdEscape(l.Text), mark)
			default:
				fmt.Fprintf(&b, "- %s%s\n", mdEscape(l.Text), mark)
			}
			if l.Quote != "" {
				fmt.Fprintf(&b, "\n  > %s\n\n", strings.ReplaceAll(mdEscape(l.Quote), "\n", "\n  > "))
			}
			if uri := j.Pictures[l.Image]; uri != "" {
				fmt.Fprintf(&b, "\n  ![%s](%s)\n\n", mdEscape(l.Text), uri)
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "_%s_\n", mdEscape(j.Made))
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape keeps a text from being read as Markdown or HTML.
func mdEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "#", `\#`)
	return r.Replace(s)
}
