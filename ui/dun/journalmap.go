package dunui

import (
	"encoding/json"
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/journal"
)

func init() { journal.RegisterMap(dun.ModuleName, journalMap) }

// journalMap draws the revealed map of a DUN players' view (dun.PublicView)
// for the journal: every revealed section on its grid, its picture when
// it has one, its name in every language the app has that names it
// differently (the journal is printed once for a table that may read any),
// and the exits the heroes know of.
func journalMap(view []byte, picture func(name string) string) string {
	var v dun.PublicView
	if json.Unmarshal(view, &v) != nil || len(v.Sections) == 0 {
		return ""
	}
	const cell = 40
	minX, minY, maxX, maxY := v.Sections[0].X, v.Sections[0].Y, 0, 0
	for _, s := range v.Sections {
		minX, minY = min(minX, s.X), min(minY, s.Y)
		maxX, maxY = max(maxX, s.X+s.W), max(maxY, s.Y+s.H)
	}
	for _, e := range v.Exits {
		minX, minY, maxX, maxY = min(minX, e.X), min(minY, e.Y), max(maxX, e.X), max(maxY, e.Y)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%d %d %d %d" role="img">`,
		(minX-1)*cell, (minY-1)*cell, (maxX-minX+2)*cell, (maxY-minY+2)*cell)
	for i, s := range v.Sections {
		x, y, w, h := s.X*cell, s.Y*cell, s.W*cell, s.H*cell
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#efe6d6" stroke="#3b3329" stroke-width="2"/>`, x, y, w, h)
		if uri := picture(s.Image); uri != "" && s.Image != "" {
			fmt.Fprintf(&b, `<clipPath id="c%d"><rect x="%d" y="%d" width="%d" height="%d"/></clipPath>`, i, x, y, w, h)
			fmt.Fprintf(&b, `<image clip-path="url(#c%d)" x="%d" y="%d" width="%d" height="%d" preserveAspectRatio="xMidYMid slice" href="%s"/>`, i, x, y, w, h, html.EscapeString(uri))
		}
		name := mapLabel(s.Name)
		size := min(14, max(7, 2*w/max(len([]rune(name)), 1)))
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" font-family="sans-serif" fill="#111" stroke="#fff" stroke-width="3" paint-order="stroke">%s</text>`,
			x+w/2, y+h/2, size, html.EscapeString(name))
	}
	for _, e := range v.Exits {
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="5" fill="#a33"/>`, e.X*cell, e.Y*cell)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// mapLabel is a section's name in each of the app's languages, in their
// order, a name given once however many languages share it: "Gatehouse /
// Cuerpo de guardia".
func mapLabel(name quest.Text) string {
	var names []string
	for _, l := range translations.Languages {
		if n := name[l.Tag]; n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " / ")
}
